import { Link, useParams } from 'react-router-dom';
import { Alert, Anchor } from '@mantine/core';
import { parseResetToken } from '../../../domain';
import { t } from '../../../i18n';
import { PublicPage } from '../../../ui';
import { NewPasswordForm } from '../components/new-password-form';

/** /password/reset/:token, the link of a reset mail; the token is `{uuid}.{code}`. */
export function PasswordResetPage() {
  const { token = '' } = useParams();
  const parsed = parseResetToken(token);
  return (
    <PublicPage title={t('password.title')}>
      {parsed ? (
        <NewPasswordForm mode="reset" userUuid={parsed.userUuid} code={parsed.code} />
      ) : (
        <Alert color="red" role="alert">
          {t('password.codeInvalid')}{' '}
          <Anchor component={Link} to="/reset-password" size="sm">
            {t('password.requestNewLink')}
          </Anchor>
        </Alert>
      )}
    </PublicPage>
  );
}

/** The password form of a link that names the user and an activation code. */
function ActivationLinkPage({ mode, title }: { mode: 'set' | 'activate'; title: string }) {
  const { userUuid = '', activationCode = '' } = useParams();
  return (
    <PublicPage title={title}>
      <NewPasswordForm mode={mode} userUuid={userUuid} code={activationCode} />
    </PublicPage>
  );
}

/** /users/:userUuid/set-password/:activationCode */
export function SetPasswordPage() {
  return <ActivationLinkPage mode="set" title={t('password.title')} />;
}

/** /users/:userUuid/activate/:activationCode: the first password of a new user. */
export function ActivateUserPage() {
  return <ActivationLinkPage mode="activate" title={t('password.activateTitle')} />;
}

import { Link, useParams } from 'react-router-dom';
import { Button } from '@mantine/core';
import { ERROR_CODES } from '../../../domain';
import { describeError, isApiError } from '../../../api';
import { t } from '../../../i18n';
import { LinkValidationStatus, PublicPage } from '../../../ui';
import { usePhoneValidation } from '../api/validate-phone';

function failureMessage(error: unknown): string {
  if (isApiError(error) && error.hasCode(ERROR_CODES.activationCodeInvalid)) return t('password.codeInvalid');
  if (isApiError(error) && error.status === 401) return t('phone.signInNeeded');
  return describeError(error);
}

/** /validate/phone/:token: sends the code from the text message once, on opening. */
export function ValidatePhonePage() {
  const { token = '' } = useParams();
  const validation = usePhoneValidation(token);
  const signInNeeded = isApiError(validation.error) && validation.error.status === 401;

  return (
    <PublicPage title={t('phone.title')}>
      <LinkValidationStatus validation={validation} validating={t('phone.validating')} validated={t('phone.validated')} failure={failureMessage} />
      {signInNeeded ? (
        <Button component={Link} to={`/login?redirect=${encodeURIComponent(`/validate/phone/${token}`)}`}>
          {t('phone.signIn')}
        </Button>
      ) : (
        !validation.isPending && (
          <Button component={Link} to="/organizations" variant="light">
            {t('phone.toMainPage')}
          </Button>
        )
      )}
    </PublicPage>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { t } from '../../../i18n';
import { isNewPasswordValid, NewPasswordFields, type NewPasswordValue } from '../../../ui';
import { useSetNewPassword, type NewPasswordMode } from '../api/set-new-password';
import { needsNewLink, newPasswordErrorMessage } from './new-password-error';

interface NewPasswordFormProps {
  mode: NewPasswordMode;
  userUuid: string;
  code: string;
}

/** New password + confirmation with the live rule messages; nothing is sent while a rule fails. */
export function NewPasswordForm({ mode, userUuid, code }: NewPasswordFormProps) {
  const [value, setValue] = useState<NewPasswordValue>({ password: '', confirmation: '' });
  const [attempted, setAttempted] = useState(false);
  const save = useSetNewPassword();

  if (save.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" role="status">
          {t(mode === 'activate' ? 'password.activated' : 'password.saved')}
        </Alert>
        <Button component={Link} to="/login">
          {t('password.signIn')}
        </Button>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setAttempted(true);
        if (isNewPasswordValid(value)) save.mutate({ mode, userUuid, code, password: value.password });
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('password.intro')}</Text>
        {save.error && (
          <Alert color="red" role="alert">
            {newPasswordErrorMessage(save.error)}
            {needsNewLink(save.error) && (
              <>
                {' '}
                <Anchor component={Link} to="/reset-password" size="sm">
                  {t('password.requestNewLink')}
                </Anchor>
              </>
            )}
          </Alert>
        )}
        <NewPasswordFields value={value} onChange={setValue} showAll={attempted} disabled={save.isPending} />
        <Button type="submit" loading={save.isPending}>
          {t(mode === 'activate' ? 'password.activateSubmit' : 'password.submit')}
        </Button>
      </Stack>
    </form>
  );
}

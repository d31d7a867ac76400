import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { describeError } from '../../../api';
import { t } from '../../../i18n';
import { PublicPage } from '../../../ui';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** /reset-password: asks the gateway to mail a reset link; the answer never says whether the account exists. */
export function ResetPasswordPage() {
  const [email, setEmail] = useState('');
  const reset = useRequestPasswordReset();

  return (
    <PublicPage title={t('reset.title')}>
      {reset.isSuccess ? (
        <Alert color="green" role="status">
          {t('reset.sent', { email: reset.variables })}
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (email.trim() !== '') reset.mutate(email.trim());
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t('reset.intro')}</Text>
            {reset.error && (
              <Alert color="red" title={t('reset.failed')} role="alert">
                {describeError(reset.error)}
              </Alert>
            )}
            <TextInput label={t('reset.email')} type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
            <Button type="submit" loading={reset.isPending} disabled={email.trim() === ''}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('reset.backToSignIn')}
      </Anchor>
    </PublicPage>
  );
}

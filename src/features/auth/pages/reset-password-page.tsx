import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { describeError } from '../../../api';
import { t } from '../../../i18n';
import { emailProblem, PublicPage, useInvalidFocus } from '../../../ui';
import { useRequestPasswordReset } from '../api/request-password-reset';

const EMAIL_MESSAGES = { required: 'reset.emailRequired', invalid: 'reset.emailInvalid' } as const;

/**
 * /reset-password: asks the gateway to mail a reset link; the answer never says whether the account
 * exists. Send reset link is always offered; an empty field or no email address says so first.
 */
export function ResetPasswordPage() {
  const [email, setEmail] = useState('');
  const [attempted, setAttempted] = useState(false);
  const { formRef, focusFirstInvalid } = useInvalidFocus();
  const reset = useRequestPasswordReset();
  const error = attempted ? emailProblem(email, EMAIL_MESSAGES) : undefined;

  return (
    <PublicPage title={t('reset.title')}>
      {reset.isSuccess ? (
        <Alert color="green" role="status">
          {t('reset.sent', { email: reset.variables })}
        </Alert>
      ) : (
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setAttempted(true);
            if (emailProblem(email, EMAIL_MESSAGES) !== undefined) focusFirstInvalid();
            else if (!reset.isPending) reset.mutate(email.trim());
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t('reset.intro')}</Text>
            {reset.error && (
              <Alert color="red" title={t('reset.failed')} role="alert">
                {describeError(reset.error)}
              </Alert>
            )}
            <TextInput
              label={t('reset.email')}
              type="email"
              autoComplete="username"
              required
              value={email}
              error={error}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Button type="submit" loading={reset.isPending}>
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

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { describeError } from '../../../api';
import { t } from '../../../i18n';
import { AccountEmailInput, CheckedForm, emailProblem, FailureAlert, PublicPage, useCheckedForm } from '../../../ui';
import { useRequestPasswordReset } from '../api/request-password-reset';

const EMAIL_MESSAGES = { required: 'reset.emailRequired', invalid: 'reset.emailInvalid' } as const;

/**
 * /reset-password: asks the gateway to mail a reset link; the answer never says whether the account
 * exists. Send reset link is always offered; an empty field or no email address says so first.
 */
export function ResetPasswordPage() {
  const [email, setEmail] = useState('');
  const { attempted, formRef, submit } = useCheckedForm();
  const reset = useRequestPasswordReset();
  const error = attempted ? emailProblem(email, EMAIL_MESSAGES) : undefined;

  return (
    <PublicPage title={t('reset.title')}>
      {reset.isSuccess ? (
        <Alert color="green" role="status">
          {t('reset.sent', { email: reset.variables })}
        </Alert>
      ) : (
        <CheckedForm
          formRef={formRef}
          onSubmit={() =>
            submit(emailProblem(email, EMAIL_MESSAGES) !== undefined, () => {
              if (!reset.isPending) reset.mutate(email.trim());
            })
          }
        >
          <Stack gap="md">
            <Text size="sm">{t('reset.intro')}</Text>
            <FailureAlert title={t('reset.failed')}>{reset.error && describeError(reset.error)}</FailureAlert>
            <AccountEmailInput label={t('reset.email')} value={email} error={error} onChange={setEmail} />
            <Button type="submit" loading={reset.isPending}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </CheckedForm>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('reset.backToSignIn')}
      </Anchor>
    </PublicPage>
  );
}

import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { Anchor, Button, Stack } from '@mantine/core';
import { safeRedirectPath } from '../../../domain';
import { describeError, isApiError, useSession } from '../../../api';
import { t } from '../../../i18n';
import { waitForLogout } from '../../../offline';
import { AccountEmailInput, CheckedForm, emailProblem, FailureAlert, PasswordField, PublicPage, useCheckedForm } from '../../../ui';
import { useLogin } from '../api/login';

/**
 * What a refused sign-in says: the gateway's words for wrong credentials (401) and throttling (429),
 * the network message when it cannot be reached, otherwise spec section 8's 'Unknown authentication error'.
 */
function signInFailure(error: unknown): string {
  if (isApiError(error) && (error.status === 401 || error.status === 429 || error.network)) return describeError(error);
  return t('password.unknownError');
}

const EMAIL_MESSAGES = { required: 'login.emailRequired', invalid: 'login.emailInvalid' } as const;

/** What each field lacks, in the catalogue's words: nothing is sent while one lacks something. */
function fieldErrors(email: string, password: string): { email?: string; password?: string } {
  return { email: emailProblem(email, EMAIL_MESSAGES), password: password === '' ? t('login.passwordRequired') : undefined };
}

/** Paths a sign-in never returns to: they would show this page again. */
const NOT_AFTER_SIGN_IN = ['/', '/login', '/logout'];

/**
 * Sign-in (routes / and /login). Signed in, it sends on to `redirect` or /organizations. Sign in
 * is always offered: with a field empty or no email address in it, it says what is missing under
 * that field (focused) and sends nothing. The credentials go only once no logout is emptying this
 * browser (in this tab or another), so the new session is never wiped by the logout before it.
 */
export function LoginPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('loginId') ?? '');
  const [password, setPassword] = useState('');
  const login = useLogin();
  const [waiting, setWaiting] = useState(false);
  const { attempted, formRef, submit } = useCheckedForm();
  const errors = attempted ? fieldErrors(email, password) : {};

  if (session) {
    return <Navigate to={safeRedirectPath(params.get('redirect'), '/organizations', NOT_AFTER_SIGN_IN)} replace />;
  }

  return (
    <PublicPage title={t('login.title')}>
      <CheckedForm
        formRef={formRef}
        onSubmit={() => {
          const problems = fieldErrors(email, password);
          submit(problems.email !== undefined || problems.password !== undefined, () => {
            if (waiting) return;
            const credentials = { email: email.trim(), password };
            setWaiting(true);
            void waitForLogout()
              .catch((error: unknown) => console.error('Lobby could not wait for the logout to finish', error))
              .then(() => {
                setWaiting(false);
                login.mutate(credentials);
              });
          });
        }}
      >
        <Stack gap="md">
          <FailureAlert title={t('login.failed')}>{login.error && signInFailure(login.error)}</FailureAlert>
          <AccountEmailInput label={t('login.email')} value={email} error={errors.email} onChange={setEmail} />
          <PasswordField
            label={t('login.password')}
            autoComplete="current-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" loading={waiting || login.isPending}>
            {t('login.submit')}
          </Button>
          <Anchor component={Link} to="/reset-password" size="sm" ta="center">
            {t('login.forgotPassword')}
          </Anchor>
        </Stack>
      </CheckedForm>
    </PublicPage>
  );
}

import { useMutation } from '@tanstack/react-query';
import { loginRequestSchema, sessionSchema, type LoginRequest, type Session } from '../../../domain';
import { parseAnswer, request, startSession } from '../../../api';

/** POST /authentication/v1/users/tokens: email and password for a session. */
export async function login(credentials: LoginRequest): Promise<Session> {
  const answer = await request('/authentication/v1/users/tokens', {
    method: 'POST',
    body: loginRequestSchema.parse(credentials),
    auth: false,
  });
  return parseAnswer(sessionSchema, answer);
}

/** Sign in and keep the session; the login page then follows the session to its redirect. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: startSession,
  });
}

import { useMutation } from '@tanstack/react-query';
import { newPasswordRequestSchema } from '../../../domain';
import { request } from '../../../api';

/** 'reset' and 'set' use /password/{code}; 'activate' also activates the user. */
export type NewPasswordMode = 'reset' | 'set' | 'activate';

export interface NewPasswordInput {
  mode: NewPasswordMode;
  userUuid: string;
  code: string;
  password: string;
}

/** POST /authentication/v1/users/{uuid}/password/{code} or .../activate/{code}. */
export async function setNewPassword({ mode, userUuid, code, password }: NewPasswordInput): Promise<void> {
  const action = mode === 'activate' ? 'activate' : 'password';
  await request(`/authentication/v1/users/${encodeURIComponent(userUuid)}/${action}/${encodeURIComponent(code)}`, {
    method: 'POST',
    body: newPasswordRequestSchema.parse({ password }),
    auth: false,
  });
}

export function useSetNewPassword() {
  return useMutation({ mutationFn: setNewPassword });
}

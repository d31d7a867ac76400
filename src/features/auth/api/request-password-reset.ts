import { useMutation } from '@tanstack/react-query';
import { activationCodeRequestSchema } from '../../../domain';
import { request } from '../../../api';

/** POST /authentication/v1/users/request-activation-code: the gateway answers 202 whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<void> {
  await request('/authentication/v1/users/request-activation-code', {
    method: 'POST',
    body: activationCodeRequestSchema.parse({ email }),
    auth: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

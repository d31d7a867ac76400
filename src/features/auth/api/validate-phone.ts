import { useQuery } from '@tanstack/react-query';
import { phoneValidationRequestSchema } from '../../../domain';
import { request } from '../../../api';
import { linkTokenQueryOptions } from '../../../ui';

/**
 * POST /user-profile/v1/user-profile/validate/phone. The token in the link is the proof; no session
 * is sent, so an old session on this browser cannot turn the visit into a failed refresh and a logout.
 */
export async function validatePhone(phoneToken: string): Promise<void> {
  await request('/user-profile/v1/user-profile/validate/phone', {
    method: 'POST',
    body: phoneValidationRequestSchema.parse({ phoneToken }),
    auth: false,
  });
}

/** Runs once per token when the page opens (linkTokenQueryOptions). */
export const phoneValidationQueryOptions = (phoneToken: string) => linkTokenQueryOptions('phone-validation', phoneToken, validatePhone);

export function usePhoneValidation(phoneToken: string) {
  return useQuery(phoneValidationQueryOptions(phoneToken));
}

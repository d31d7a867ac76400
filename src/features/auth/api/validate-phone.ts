import { queryOptions, useQuery } from '@tanstack/react-query';
import { phoneValidationRequestSchema } from '../../../domain';
import { request } from '../../../api';

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

/**
 * Runs once per token when the page opens. A query, not an effect, so a remount (React strict
 * mode, a re-render) never spends the single-use token twice.
 */
export const phoneValidationQueryOptions = (phoneToken: string) =>
  queryOptions({
    queryKey: ['phone-validation', phoneToken],
    queryFn: () => validatePhone(phoneToken).then(() => true),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function usePhoneValidation(phoneToken: string) {
  return useQuery(phoneValidationQueryOptions(phoneToken));
}

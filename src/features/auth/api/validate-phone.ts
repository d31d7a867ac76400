import { queryOptions, useQuery } from '@tanstack/react-query';
import { phoneValidationRequestSchema } from '../../../domain';
import { request, sessionStore } from '../../../api';

/**
 * POST /user-profile/v1/user-profile/validate/phone. Sent with the session when there is one
 * (the profile area is the user's own), without one otherwise; the gateway decides.
 */
export async function validatePhone(phoneToken: string): Promise<void> {
  await request('/user-profile/v1/user-profile/validate/phone', {
    method: 'POST',
    body: phoneValidationRequestSchema.parse({ phoneToken }),
    auth: sessionStore.get() !== null,
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

/** The signed-in user's profile, shared by the features that decide what to offer by its permissions. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userProfileSchema, type UserProfile } from '../domain';
import { rememberGrants } from './grants-hint';
// by path (not re-exported from ./index, which it imports)
import { parseAnswer, PROFILE_PATH, request, useSession } from './index';

export { PROFILE_PATH } from './index';
export { GRANTS_STORAGE_KEY, lastGrants } from './grants-hint';

/** GET the signed-in user's profile: email, permissions and memberships. */
export async function getProfile(signal?: AbortSignal): Promise<UserProfile> {
  return parseAnswer(userProfileSchema, await request(PROFILE_PATH, { signal }));
}

/** Keyed by the user, so a different sign-in never sees the previous user's profile. */
export const profileQueryOptions = (userUuid: string) =>
  queryOptions({
    queryKey: ['profile', userUuid],
    queryFn: async ({ signal }) => {
      const profile = await getProfile(signal);
      rememberGrants(userUuid, profile);
      return profile;
    },
    staleTime: 5 * 60_000,
  });

/** The signed-in user's profile; idle without a session. */
export function useProfile() {
  const session = useSession();
  return useQuery({ ...profileQueryOptions(session?.uuid ?? 'none'), enabled: session !== null });
}

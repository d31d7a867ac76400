/** The signed-in user's profile, shared by the features that decide what to offer by its permissions. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userProfileSchema, type UserProfile } from '../domain';
// by path (not re-exported from ./index, which it imports)
import { parseAnswer, request, useSession } from './index';

export const PROFILE_PATH = '/user-profile/v1/user-profile?includeOuDescendants=true&includeOrgDescendants=true';

/** GET the signed-in user's profile: email, permissions and memberships. */
export async function getProfile(signal?: AbortSignal): Promise<UserProfile> {
  return parseAnswer(userProfileSchema, await request(PROFILE_PATH, { signal }));
}

/** Keyed by the user, so a different sign-in never sees the previous user's profile. */
export const profileQueryOptions = (userUuid: string) =>
  queryOptions({
    queryKey: ['profile', userUuid],
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 5 * 60_000,
  });

/** The signed-in user's profile; idle without a session. */
export function useProfile() {
  const session = useSession();
  return useQuery({ ...profileQueryOptions(session?.uuid ?? 'none'), enabled: session !== null });
}

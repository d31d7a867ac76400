/** The signed-in user's profile, shared by the features that decide what to offer by its permissions. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { membershipSchema, permissionSchema, userProfileSchema, type Grants, type UserProfile } from '../domain';
import { browserStorage } from './storage';
// by path (not re-exported from ./index, which it imports)
import { parseAnswer, PROFILE_PATH, request, useSession } from './index';

export { PROFILE_PATH } from './index';

/**
 * The user's grants as last read, kept in localStorage (a 'lobby.*' key: a session's end removes
 * it). Only a hint for reads a route starts before the profile answers (src/api/prefetch.ts):
 * what a screen offers is decided by the profile as read now.
 */
export const GRANTS_STORAGE_KEY = 'lobby.grants';
const storedGrantsSchema = z.object({ user: z.string(), permissions: z.array(permissionSchema), memberships: z.array(membershipSchema) });
const storage = browserStorage();

function rememberGrants(userUuid: string, { permissions, memberships }: Grants): void {
  try {
    storage.setItem(GRANTS_STORAGE_KEY, JSON.stringify({ user: userUuid, permissions, memberships }));
  } catch {
    // storage full or refused: the hint is only a head start
  }
}

/** The grants `userUuid`'s profile had when last read in this browser, or null (none, another user's, unreadable). */
export function lastGrants(userUuid: string): Grants | null {
  try {
    const stored = storedGrantsSchema.safeParse(JSON.parse(storage.getItem(GRANTS_STORAGE_KEY) ?? 'null'));
    return stored.success && stored.data.user === userUuid ? stored.data : null;
  } catch {
    return null;
  }
}

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

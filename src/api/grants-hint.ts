/**
 * The user's grants as last read, kept in localStorage (a 'lobby.*' key: a session's end removes
 * it). Only a hint for reads sent before the profile answers (src/app/router.tsx,
 * src/api/prefetch.ts): what a screen offers is decided by the profile as read now. Without zod:
 * the app's first script reads it.
 */
import { MEMBERSHIP_TYPES, PERMISSIONS, type Grants, type Membership, type Permission } from '../domain/grants';
import { browserStorage } from './storage';

export const GRANTS_STORAGE_KEY = 'lobby.grants';
const storage = browserStorage();

export function rememberGrants(userUuid: string, { permissions, memberships }: Grants): void {
  try {
    storage.setItem(GRANTS_STORAGE_KEY, JSON.stringify({ user: userUuid, permissions, memberships }));
  } catch {
    // storage full or refused: the hint is only a head start
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isPermission = (value: unknown): value is Permission => (PERMISSIONS as readonly unknown[]).includes(value);
const isMembership = (value: unknown): value is Membership =>
  isRecord(value) &&
  (MEMBERSHIP_TYPES as readonly unknown[]).includes(value.membershipType) &&
  isStrings(value.orgs) &&
  isStrings(value.ous) &&
  typeof value.omnipresence === 'boolean';

/** The grants `userUuid`'s profile had when last read in this browser, or null (none, another user's, unreadable). */
export function lastGrants(userUuid: string): Grants | null {
  try {
    const stored: unknown = JSON.parse(storage.getItem(GRANTS_STORAGE_KEY) ?? 'null');
    if (!isRecord(stored) || stored.user !== userUuid) return null;
    const { permissions, memberships } = stored;
    if (!Array.isArray(permissions) || !permissions.every(isPermission) || !Array.isArray(memberships) || !memberships.every(isMembership)) return null;
    return { permissions, memberships };
  } catch {
    return null;
  }
}

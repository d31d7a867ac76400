/**
 * A user's logout from this browser, and a sign-in's wait for it (ADR 0004).
 *
 *   logout   lock 'lobby-logout' ─► end the session (the revoke goes in the background)
 *              ─► marker 'lobby.logout' {user, startedAt} in localStorage
 *              ─► wipeUserData(user): the user's outbox, drafts, outcomes; session mirror; cached answers
 *              ─► localStorage emptied, but for the interface language
 *              ─► marker removed ─► lock released ─► only then the page goes to /login
 *
 *   sign-in  lock 'lobby-logout': waits while a logout runs in this tab or any other
 *              ─► a marker still there means a logout was cut short (tab closed mid-wipe):
 *                 finish it, once ─► lock released ─► the credentials are sent
 *
 * So a session stored by a quick sign-in (here or in another tab) is never wiped by the logout
 * before it. Where the browser has no Web Locks, a lock in this tab serialises the two, and a
 * sign-in also waits (up to MARKER_FRESH_MS) for another tab's marker to go.
 */
import { z } from 'zod/mini';
import { LANGUAGE_STORAGE_KEY } from '../i18n';
import type { LobbyDatabase } from './db';

export const LOGOUT_LOCK = 'lobby-logout';
export const LOGOUT_MARKER_KEY = 'lobby.logout';
/** localStorage keys a logout keeps: the interface language (spec: the UI language is stored). */
export const KEPT_BY_LOGOUT: readonly string[] = [LANGUAGE_STORAGE_KEY];
/** Without Web Locks, a marker younger than this may belong to a logout still running in another tab. */
export const MARKER_FRESH_MS = 10_000;
const MARKER_POLL_MS = 50;

export type LogoutStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export interface LogoutLocks {
  /** Runs `callback` holding the exclusive lock `name`, waiting for it first. */
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface LogoutDeps {
  db?: LobbyDatabase;
  /** localStorage; undefined where the browser refuses it */
  storage?: LogoutStorage | undefined;
  locks?: LogoutLocks;
  /** whether `locks` reach every tab (Web Locks) or only this one */
  locksAcrossTabs?: boolean;
  caches?: CacheStorage | undefined;
  now?: () => number;
}

const markerSchema = z.object({ userUuid: z.string().check(z.minLength(1)), startedAt: z.number() });
type Marker = z.infer<typeof markerSchema>;

/** One lock per name for this tab: the stand-in where the browser has no Web Locks. */
function tabLocks(): LogoutLocks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, callback) {
      const run = (tails.get(name) ?? Promise.resolve()).then(callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

const thisTab = tabLocks();
/** Markers this tab wrote: one still there after its logout returned was left by a failed wipe, not a running one. */
const writtenHere = new Set<string>();

function browserStorage(): LogoutStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // refused (privacy mode): the session lived in memory and went with logout()
  }
}

function resolveDeps(deps: LogoutDeps) {
  const webLocks = typeof navigator === 'undefined' ? undefined : (navigator.locks ?? undefined);
  const locks = deps.locks ?? (webLocks ? { request: <T>(name: string, callback: () => Promise<T>) => webLocks.request(name, () => callback()) } : thisTab);
  return {
    db: deps.db,
    storage: 'storage' in deps ? deps.storage : browserStorage(),
    locks,
    locksAcrossTabs: deps.locksAcrossTabs ?? (deps.locks === undefined && webLocks !== undefined),
    caches: 'caches' in deps ? deps.caches : globalThis.caches,
    now: deps.now ?? Date.now,
  };
}
type Resolved = ReturnType<typeof resolveDeps>;

function readMarker(storage: LogoutStorage | undefined): (Marker & { raw: string }) | null {
  const raw = storage?.getItem(LOGOUT_MARKER_KEY);
  if (raw === null || raw === undefined) return null;
  try {
    return { ...markerSchema.parse(JSON.parse(raw)), raw };
  } catch {
    storage?.removeItem(LOGOUT_MARKER_KEY);
    return null;
  }
}

/** Every key of the origin's localStorage but those kept by a logout (and the marker, removed last). */
function emptyLocalStorage(storage: LogoutStorage): void {
  const keep = [...KEPT_BY_LOGOUT, LOGOUT_MARKER_KEY];
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && !keep.includes(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** The wipe itself; the marker goes only when the browser database was emptied of the user's data. */
async function wipe(userUuid: string, deps: Resolved): Promise<void> {
  let wiped = true;
  try {
    // the browser database is loaded only when there is something to wipe: the sign-in page, which
    // waits here, needs neither Dexie nor the outbox (the cold /login budget)
    const [{ wipeUserData }, { lobbyDb }] = await Promise.all([import('./wipe'), import('./db')]);
    await wipeUserData(userUuid, deps.db ?? lobbyDb(), deps.caches);
  } catch (error) {
    wiped = false;
    console.error('Lobby could not empty its browser database', error);
  }
  try {
    if (deps.storage) emptyLocalStorage(deps.storage);
    if (wiped) deps.storage?.removeItem(LOGOUT_MARKER_KEY);
  } catch (error) {
    console.error('Lobby could not empty its local storage', error);
  }
}

/**
 * Ends `userUuid`'s session (`endSession`: the request layer's logout) and removes that user's
 * data from this browser; resolves when all of it is done, so the caller may then show the sign-in.
 */
export async function logOutAndWipe(userUuid: string, endSession: () => void, options: LogoutDeps = {}): Promise<void> {
  const deps = resolveDeps(options);
  await deps.locks.request(LOGOUT_LOCK, async () => {
    // the session goes first, so nothing (a refetch, another tab) stores more of this user's data meanwhile;
    // the marker after it, because ending the session removes the session's localStorage keys
    endSession();
    try {
      const marker = JSON.stringify({ userUuid, startedAt: deps.now() } satisfies Marker);
      deps.storage?.setItem(LOGOUT_MARKER_KEY, marker);
      writtenHere.add(marker);
    } catch {
      // no room or refused: the lock alone keeps a sign-in waiting
    }
    await wipe(userUuid, deps);
  });
}

/**
 * Resolves when no logout is running in this browser and none is left half done: a sign-in calls
 * it before sending the credentials.
 */
export async function waitForLogout(options: LogoutDeps = {}): Promise<void> {
  const deps = resolveDeps(options);
  await deps.locks.request(LOGOUT_LOCK, async () => {
    let marker = readMarker(deps.storage);
    // another tab's logout is invisible to a lock of this tab alone: wait for its marker to go
    while (!deps.locksAcrossTabs && marker !== null && !writtenHere.has(marker.raw) && deps.now() - marker.startedAt < MARKER_FRESH_MS) {
      await new Promise((resolve) => setTimeout(resolve, MARKER_POLL_MS));
      marker = readMarker(deps.storage);
    }
    if (marker === null) return;
    await wipe(marker.userUuid, deps);
    try {
      // finished once: a marker that outlives a failed wipe must not wipe that user's later work
      deps.storage?.removeItem(LOGOUT_MARKER_KEY);
    } catch {
      // refused: nothing more this sign-in can do
    }
  });
}

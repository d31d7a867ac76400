/**
 * The read cache's contract between the page and the service worker (docs/architecture.md "Reads").
 *
 * The page names the signed-in user on every authenticated request (header X-Lobby-User). The
 * service worker keeps recent GET answers under /api, network first, in one Cache Storage cache
 * per user ('lobby-api-<uuid>'), so one user's answers are never served to another on a shared
 * computer. An answer served from that cache carries X-Lobby-Cached-At: when it was fetched.
 * A logout deletes every such cache, of every user (clearReadCaches), which works offline: it is all local.
 */

export const USER_HEADER = 'X-Lobby-User';
export const CACHED_AT_HEADER = 'X-Lobby-Cached-At';
/**
 * On a read the page needs from the gateway itself (right after a write): the worker answers it from
 * its cache only when the network fails, not when the gateway is slow. A header, not only the
 * request's cache mode, which a worker's fetch event does not always show as the page set it.
 */
export const FRESH_HEADER = 'X-Lobby-Fresh';
export const READ_CACHE_PREFIX = 'lobby-api-';
/**
 * The service worker's limits (sw/read-cache.ts MAX_ENTRIES and MAX_AGE_SECONDS, checked equal by
 * read-cache.test.ts), here so the cookie notice and policy can name them without the worker's code.
 */
export const READ_CACHE_MAX_ENTRIES = 300;
export const READ_CACHE_MAX_AGE_DAYS = 30;

/** The Cache Storage name of one user's cached answers. */
export function readCacheName(userUuid: string): string {
  return `${READ_CACHE_PREFIX}${userUuid}`;
}

/** Delete the cached answers of every user. A browser without Cache Storage has none to delete. */
export async function clearReadCaches(storage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  if (!storage) return;
  const names = await storage.keys();
  await Promise.all(names.filter((name) => name.startsWith(READ_CACHE_PREFIX)).map((name) => storage.delete(name)));
}

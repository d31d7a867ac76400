/**
 * The service worker's side of the read cache (src/offline/read-cache.ts has the contract).
 * GET answers under /api are fetched network first and kept per user, in the cache named after the
 * X-Lobby-User of the request, so one user's answers are never served to another. Only 200 answers
 * are kept, stamped with X-Lobby-Cached-At (when they were fetched), which is how the page knows an
 * answer came from the cache: a network answer never carries it.
 * Not cached: /api/docs (swagger), the token paths (sign-in, refresh, revoke), requests that name
 * no user, and anything but GET.
 */
import { z } from 'zod';
import type { WorkboxPlugin } from 'workbox-core';
import { CACHED_AT_HEADER, USER_HEADER } from '../src/offline/read-cache';

const userSchema = z.string().uuid();
const NOT_CACHED = [/^\/api\/docs(\/|$)/, /^\/api\/authentication\/v1\/users\/tokens(\/|$)/];

/** Whether a GET of this path is kept in the read cache. */
export function isCachedApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/') && !NOT_CACHED.some((pattern) => pattern.test(pathname));
}

/** The user a request names (X-Lobby-User), or null when none or not a uuid. */
export function requestUser(request: Request): string | null {
  const parsed = userSchema.safeParse(request.headers.get(USER_HEADER));
  return parsed.success ? parsed.data.toLowerCase() : null;
}

/** The answer as it is stored: the same, plus when it was fetched. */
export function stampFetchedAt(response: Response, fetchedAt: Date): Response {
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT_HEADER, fetchedAt.toISOString());
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Keep 200 answers only, stamped; Workbox's default would also keep opaque ones. */
export const keepFetchedOk: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? stampFetchedAt(response, new Date()) : null),
};

/** What trimming needs of Cache Storage: a cache's keys, oldest written first, and deleting one. */
export interface TrimmableCache {
  keys(): Promise<readonly Request[]>;
  delete(request: Request): Promise<boolean>;
}

/**
 * Keeps each cache to `max` entries, the oldest written going first, after each write. A cache is
 * listed only when it may hold more than `max`: after a listing its count is known, and each write
 * adds one at most (a write may replace an entry), so below the cap a write costs no listing of
 * every key (each a round trip to the browser's storage). The first write after the worker starts
 * lists once; a cache emptied meanwhile (logout) is only listed sooner.
 */
export function cacheTrimmer(open: (cacheName: string) => Promise<TrimmableCache>, max: number): (cacheName: string) => Promise<void> {
  /** per cache: at most this many entries (unknown until it is listed) */
  const atMost = new Map<string, number>();
  return async (cacheName) => {
    const bound = (atMost.get(cacheName) ?? Number.POSITIVE_INFINITY) + 1;
    if (bound <= max) {
      atMost.set(cacheName, bound);
      return;
    }
    const cache = await open(cacheName);
    const keys = await cache.keys();
    const stale = keys.slice(0, Math.max(0, keys.length - max));
    for (const request of stale) await cache.delete(request);
    atMost.set(cacheName, keys.length - stale.length);
  };
}

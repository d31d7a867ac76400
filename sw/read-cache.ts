/**
 * The read cache's route in the service worker: GET /api/** naming a user, network first, kept in
 * that user's cache (the rules of what is kept and how it is stamped: read-cache-rules.ts).
 */
import type { RouteHandlerCallbackOptions, RouteMatchCallbackOptions, WorkboxPlugin } from 'workbox-core';
import { CacheOnly, NetworkFirst } from 'workbox-strategies';
import { CACHED_AT_HEADER, FRESH_HEADER, readCacheName } from '../src/offline/read-cache';
import { cacheTrimmer, isCachedApiPath, keepFetchedOk, requestUser } from './read-cache-rules';

/** A hung hotel network answers from the cache after this long instead of spinning on. */
export const NETWORK_TIMEOUT_SECONDS = 10;
/** Per user: the most recent answers kept, and for how long. */
export const MAX_ENTRIES = 300;
export const MAX_AGE_SECONDS = 30 * 24 * 3600;

export function matchesCachedRead({ request, url, sameOrigin }: RouteMatchCallbackOptions): boolean {
  return sameOrigin && request.method === 'GET' && isCachedApiPath(url.pathname) && requestUser(request) !== null;
}

/**
 * Keeps each user's cache to MAX_ENTRIES (oldest written first out) and never answers with an entry
 * older than MAX_AGE_SECONDS. Done here rather than with workbox-expiration, which keeps its
 * timestamps in an IndexedDB database of its own: logout must leave IndexedDB empty, and the cache
 * itself (with X-Lobby-Cached-At) already knows every entry's age.
 */
const trimCache = cacheTrimmer((cacheName) => caches.open(cacheName), MAX_ENTRIES);
const trim: WorkboxPlugin = {
  cacheDidUpdate: ({ cacheName }) => trimCache(cacheName),
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    const fetchedAt = Date.parse(cachedResponse?.headers.get(CACHED_AT_HEADER) ?? '');
    if (!cachedResponse || Number.isNaN(fetchedAt)) return cachedResponse ?? null;
    return Date.now() - fetchedAt > MAX_AGE_SECONDS * 1000 ? null : cachedResponse;
  },
};

/** Entries are keyed by URL alone: the request's bearer token is never written to Cache Storage. */
const withoutCredentials: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => new Request(request.url),
};

interface UserStrategies {
  networkFirst: NetworkFirst;
  /** a read sent fresh (right after a write: FRESH_HEADER): the cache only when the network fails, never for being slow */
  networkFirstPatient: NetworkFirst;
  /** while the browser knows it has no network: the same cache, without a request that can only fail */
  cacheOnly: CacheOnly;
}

const strategies = new Map<string, UserStrategies>();

function strategiesFor(user: string): UserStrategies {
  let strategy = strategies.get(user);
  if (!strategy) {
    const cacheName = readCacheName(user);
    // the cache is already per user; a Vary on the answer must not make a cached answer unreachable
    const matchOptions = { ignoreVary: true };
    strategy = {
      networkFirst: new NetworkFirst({ cacheName, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, matchOptions, plugins: [keepFetchedOk, trim, withoutCredentials] }),
      networkFirstPatient: new NetworkFirst({ cacheName, matchOptions, plugins: [keepFetchedOk, trim, withoutCredentials] }),
      cacheOnly: new CacheOnly({ cacheName, matchOptions, plugins: [trim, withoutCredentials] }),
    };
    strategies.set(user, strategy);
  }
  return strategy;
}

/**
 * Network first; offline (navigator.onLine false) the cache alone, and no entry is a network error, as
 * the network's would be. A read the page sends fresh (right after a write: its `cache` is
 * 'no-cache') waits for the gateway however long it takes: the copy kept from before the write is
 * what it must not get (a big hotel's rate codes after their import, read again in over 10 s).
 */
export async function handleCachedRead({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  const user = requestUser(request);
  if (user === null) return fetch(request); // matchesCachedRead let it through: cannot happen
  const { networkFirst, networkFirstPatient, cacheOnly } = strategiesFor(user);
  if (!navigator.onLine) return cacheOnly.handle({ request, event }).catch(() => Response.error());
  const fresh = request.cache === 'no-cache' || request.headers.get(FRESH_HEADER) === '1';
  return (fresh ? networkFirstPatient : networkFirst).handle({ request, event });
}

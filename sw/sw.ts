/**
 * Lobby's service worker (docs/architecture.md "Offline design"), bundled by scripts/build-sw.ts into dist/sw.js
 * with the precache manifest injected.
 *
 * Routes, first match wins:
 *   navigations (not /api)  the precached index.html (every app route is the same shell; ADR 0053),
 *                           the network only while it is not precached yet
 *   /config.js              the last copy at once, the network asked beside it for the next start (an
 *                           operator may edit it after a build); the precached one before any
 *   GET /api/** of a user   network first, kept per user (sw/read-cache.ts)
 *   the built shell         precache: index.html, assets, config.js, manifest, icons
 * While the browser says it has no network (navigator.onLine false), the first three answer from
 * their caches at once without asking the network (docs/adr/0038).
 *
 * Lifecycle: a new version installs and waits until a page says SKIP_WAITING (after flushing its
 * drafts, src/app/service-worker.ts); once active it claims the open pages, which reload into it.
 * The outbox is replayed on the 'lobby-outbox' background sync and when a page asks ({ type: 'lobby:replay' }),
 * both at once, and when the worker activates or starts again, which respects the changes' backoff
 * (src/offline/retry-rule.ts: a worker the browser restarts for every fetch must not retry each time).
 */
// first: no zod schema may be built before zod is told not to compile (CSP, no eval)
import '../src/domain/zod-jitless';
import { clientsClaim, type RouteHandlerObject, type WorkboxPlugin } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { replayOutboxInServiceWorker } from '../src/offline/sw-replay';
import { OUTBOX_SYNC_TAG, parseClientMessage } from './messages';
import { handleCachedRead, matchesCachedRead } from './read-cache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Background Sync is not in TypeScript's lib yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

const SHELL_URL = '/index.html';
const CONFIG_URL = '/config.js';
/** Where the last /config.js the gateway served is kept (the precache holds the build's). */
const CONFIG_CACHE = 'lobby-config';
/** After this long without an answer, a navigation (before the shell is precached) or /config.js takes the precached copy. */
const NAVIGATION_TIMEOUT_SECONDS = 5;
/** How long a (re)started worker waits before it replays on its own. */
const STARTUP_REPLAY_DELAY_MS = 1_000;

/** Answer from the precache when the network fails or the gateway answers with a 5xx. */
function precachedFallback(url: string): WorkboxPlugin {
  return {
    handlerDidError: async () => (await matchPrecache(url)) ?? Response.error(),
    handlerWillRespond: async ({ response }) => (response.status >= 500 ? ((await matchPrecache(url)) ?? response) : response),
  };
}

/**
 * Network first, with the precached `url` as the fallback; while the browser knows it has no network
 * (navigator.onLine false), the precache answers at once and the network is not asked: an offline
 * start makes no request that can only fail.
 */
function networkElsePrecached(url: string): RouteHandlerObject {
  const network = new NetworkOnly({ networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS, plugins: [precachedFallback(url)] });
  return {
    handle: async (options) => (self.navigator.onLine ? network.handle(options) : ((await matchPrecache(url)) ?? network.handle(options))),
  };
}

/**
 * The shell from the precache, at once: a navigation or a reload waits for no network, however slow
 * or busy the hotel's link and the gateway are (network first waited for the gateway's answer on
 * every navigation, up to 5 s on a hung link). The shell is the version this worker installed with
 * its assets; a new release is taken by a new worker, which precaches its own shell and assets, and
 * the open pages reload into it (src/app/service-worker.ts). Before the precache holds the shell
 * (the first install under way), the network answers, with the same fallbacks as network first.
 */
function precachedShell(url: string): RouteHandlerObject {
  const network = networkElsePrecached(url);
  return {
    handle: async (options) => (await matchPrecache(url)) ?? network.handle(options),
  };
}

/**
 * /config.js from the last copy the gateway served (else the build's, precached), at once, and asked
 * again beside it: the page's module scripts run after it, so a page start waited for a round trip
 * to the gateway on every load. An edit an operator makes after a build is taken at the start after
 * the one that fetched it. With no copy yet, the network answers first (the precache on failure).
 * While the browser knows it has no network, nothing is asked.
 */
function lastConfig(url: string): RouteHandlerObject {
  const network = networkElsePrecached(url);
  const refresh = async (cache: Cache): Promise<void> => {
    const response = await fetch(url, { cache: 'no-cache' });
    if (response.ok) await cache.put(url, response);
  };
  return {
    handle: async (options) => {
      const cache = await caches.open(CONFIG_CACHE);
      const kept = (await cache.match(url)) ?? (await matchPrecache(url));
      if (kept === undefined) {
        const answer = await network.handle(options);
        if (answer.ok) await cache.put(url, answer.clone());
        return answer;
      }
      if (self.navigator.onLine) options.event.waitUntil(refresh(cache).catch(() => undefined));
      return kept;
    },
  };
}

/**
 * No navigation preload: the browser would send a navigation's preload request itself, before the
 * worker can see that it has no network, so an offline start would ask the network for the page.
 * A worker that enabled it in an earlier version turns it off.
 */
self.addEventListener('activate', (event) => {
  const preload = self.registration.navigationPreload as NavigationPreloadManager | undefined;
  if (preload !== undefined) event.waitUntil(preload.disable().catch(() => undefined));
});
registerRoute(new NavigationRoute(precachedShell(SHELL_URL), { denylist: [/^\/api(\/|$)/] }));
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname === CONFIG_URL, lastConfig(CONFIG_URL));
registerRoute(matchesCachedRead, handleCachedRead);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

/** A replay for a page's request ('manual': at once) or for the worker starting ('start': the backoff holds). */
function replay(trigger: 'manual' | 'start'): Promise<unknown> {
  return replayOutboxInServiceWorker(trigger).catch((error: unknown) => {
    console.warn('Outbox replay failed', error);
  });
}

self.addEventListener('message', (event) => {
  const message = parseClientMessage(event.data);
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === 'lobby:replay') event.waitUntil(replay('manual'));
});

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  // a rejection tells the browser to try the sync again later, with its own backoff
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayForSync());
});

/**
 * The browser fires 'sync' when connectivity is back: sent at once, whatever the backoff. A sync that
 * left changes behind (no gateway, no live token, another drainer busy) fails, so the browser tries
 * again with its own, longer backoff.
 */
async function replayForSync(): Promise<void> {
  const result = await replayOutboxInServiceWorker('background-sync');
  if (result === null || result.stoppedBy !== 'empty') throw new Error(`outbox not drained (${result?.stoppedBy ?? 'no live session'})`);
}

self.addEventListener('activate', () => {
  // Not held in waitUntil: fetches wait for activation, and a replay may wait on the network.
  void replay('start');
});

// A worker the browser stopped (idle, or stopped mid-replay) starts again on its next event without
// another 'activate': an already active worker replays as it starts.
// Shortly after start, so the event that woke the worker (a sync, a page's request) runs its own
// replay under the lock first.
if ((self as { serviceWorker?: ServiceWorker }).serviceWorker?.state === 'activated') setTimeout(() => void replay('start'), STARTUP_REPLAY_DELAY_MS);

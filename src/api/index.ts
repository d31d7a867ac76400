import { useSyncExternalStore } from 'react';
import type { InvalidateOptions, InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';
import type { Session } from '../domain';
import { cachedReads, createUnseenReads } from './cached-reads';
import { createApiClient, type LockManagerLike } from './client';
import { apiBaseUrl } from './config';
import { HEALTH_PATH, createConnectivity, observedFetch, type ConnectivityState } from './connectivity';
import { createSessionStore } from './session-store';
import { browserStorage } from './storage';

export { ApiError, describeError, fieldProblem, isApiError, isForbiddenError } from './api-error';
export { cachedReads, useCachedAt } from './cached-reads';
export { apiBaseUrl } from './config';
export { gatewayBack, observedFetch, type Connectivity, type ConnectivityState } from './connectivity';
export { parseAnswer } from './parse-answer';
export { KEPT_AT_LOGOUT, SESSION_STORAGE_KEY } from './session-store';
export type { RequestOptions } from './transport';

function navigatorLocks(): LockManagerLike | undefined {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return undefined;
  return { request: (name, callback) => locks.request(name, () => callback()) };
}

/** The app's one session store: localStorage, with other tabs' changes heard. */
export const sessionStore = createSessionStore(browserStorage(), typeof window === 'undefined' ? undefined : window);

const PROBE_TIMEOUT_MS = 5_000;

/** Whether the gateway answers (the header's Offline indicator); see connectivity.ts. */
export const connectivity = createConnectivity({
  probe: async () => {
    const response = await globalThis.fetch(`${apiBaseUrl()}${HEALTH_PATH}`, { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return response.ok;
  },
  window: typeof window === 'undefined' ? undefined : window,
});

/** Every exchange with the gateway, observed by `connectivity`; looked up per call so tests can replace fetch. */
export const gatewayFetch = observedFetch((input, init) => globalThis.fetch(input, init), connectivity);

/** Reads the service worker did not see, to read again through it once it controls the page (cached-reads.ts). */
const unseenReads = createUnseenReads();

/** Whether the service worker controls the page; undefined where none is ever registered (dev server, tests, no support). */
const serviceWorkerControls =
  import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? () => navigator.serviceWorker.controller !== null : undefined;

/** The app's one gateway client. */
export const apiClient = createApiClient({
  fetch: gatewayFetch,
  baseUrl: apiBaseUrl,
  sessions: sessionStore,
  locks: navigatorLocks(),
  cachedReads,
  serviceWorkerControls,
  unseenReads,
});

/**
 * The service worker took control of the page for the first time: what the page read before, and
 * what it sent before and is answered after, is read again through it, so its read cache holds it
 * and a reload offline shows it. Only the signed-in user's reads, with that user's session.
 */
export function readAgainThroughServiceWorker(): void {
  unseenReads.readAgainWith(({ user, path }) => {
    if (sessionStore.get()?.uuid !== user) return;
    apiClient.request(path).catch(() => undefined); // no answer now: nothing to keep
  });
}

/** What one user saw from the read cache says nothing to the next: forget it when the user changes. */
let cachedReadsUser = sessionStore.get()?.uuid ?? null;
sessionStore.subscribe(() => {
  const user = sessionStore.get()?.uuid ?? null;
  if (user === cachedReadsUser) return;
  cachedReadsUser = user;
  cachedReads.clear();
  unseenReads.clear();
});

/** The signed-in user's profile (src/api/profile.ts), read ahead at the app's start (main.tsx). */
export const PROFILE_PATH = '/user-profile/v1/user-profile?includeOuDescendants=true&includeOrgDescendants=true';

export const request = apiClient.request;
export const logout = apiClient.logout;
export const readAhead = apiClient.readAhead;

/**
 * After a write (a save applied, an import, a clone): the queries `filters` names are read again,
 * from the gateway itself (ApiClient.written): never the service worker's copy from before it,
 * however long a big list takes.
 */
export function invalidateAfterWrite(queryClient: QueryClient, filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
  apiClient.written();
  return queryClient.invalidateQueries(filters, options);
}

/** Store a session the gateway just issued (sign-in). */
export function startSession(session: Session): void {
  sessionStore.set(session);
}

/** The current session, re-rendering on sign-in, refresh, logout, and changes from other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/** Whether the gateway answers, re-rendering when that changes. */
export function useConnectivity(): ConnectivityState {
  return useSyncExternalStore(connectivity.subscribe, connectivity.get, connectivity.get);
}

import { useSyncExternalStore } from 'react';
import type { Session } from '../domain';
import { cachedReads } from './cached-reads';
import { createApiClient, type LockManagerLike } from './client';
import { apiBaseUrl } from './config';
import { HEALTH_PATH, createConnectivity, observedFetch, type ConnectivityState } from './connectivity';
import { createSessionStore } from './session-store';
import { browserStorage } from './storage';

export { ApiError, describeError, fieldProblem, isApiError, isForbiddenError } from './api-error';
export { cachedReads, useCachedAt } from './cached-reads';
export { apiBaseUrl } from './config';
export { observedFetch, type Connectivity, type ConnectivityState } from './connectivity';
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

/** The app's one gateway client. */
export const apiClient = createApiClient({
  fetch: gatewayFetch,
  baseUrl: apiBaseUrl,
  sessions: sessionStore,
  locks: navigatorLocks(),
  cachedReads,
});

/** What one user saw from the read cache says nothing to the next: forget it when the user changes. */
let cachedReadsUser = sessionStore.get()?.uuid ?? null;
sessionStore.subscribe(() => {
  const user = sessionStore.get()?.uuid ?? null;
  if (user === cachedReadsUser) return;
  cachedReadsUser = user;
  cachedReads.clear();
});

export const request = apiClient.request;
export const logout = apiClient.logout;

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

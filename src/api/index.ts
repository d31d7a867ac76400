import { useSyncExternalStore } from 'react';
import type { Session } from '../domain';
import { cachedReads } from './cached-reads';
import { createApiClient, type LockManagerLike } from './client';
import { apiBaseUrl } from './config';
import { createSessionStore } from './session-store';
import { browserStorage } from './storage';

export { ApiError, describeError, isApiError } from './api-error';
export { cachedReads, useCachedAt } from './cached-reads';
export { apiBaseUrl } from './config';
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

/** The app's one gateway client. fetch is looked up per call so tests can replace it. */
export const apiClient = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
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

import { useCallback, useSyncExternalStore } from 'react';

/*
 * Which answers on screen came from the service worker's read cache, and when they were fetched.
 * The request layer records every GET answer: one that carries X-Lobby-Cached-At (served from
 * cache while the gateway was out of reach) sets the time for its path; a fresh answer clears it.
 * Screens read it with useCachedAt(path) to say "Offline — showing data from <time>".
 */

type Listener = () => void;

export interface CachedReads {
  /** Record an answer for `path`: its cached-at time (ISO 8601), or null for a fresh answer. */
  record(path: string, cachedAt: string | null): void;
  /** When the answer now shown for `path` was fetched, when it came from the cache; else null. */
  get(path: string): string | null;
  /** Forget every path (a new user signs in). */
  clear(): void;
  subscribe(listener: Listener): () => void;
}

export function createCachedReads(): CachedReads {
  const times = new Map<string, string>();
  const listeners = new Set<Listener>();
  const notify = () => listeners.forEach((listener) => listener());

  return {
    record(path, cachedAt) {
      const valid = cachedAt !== null && !Number.isNaN(Date.parse(cachedAt)) ? cachedAt : null;
      if ((times.get(path) ?? null) === valid) return;
      if (valid === null) times.delete(path);
      else times.set(path, valid);
      notify();
    },
    get: (path) => times.get(path) ?? null,
    clear() {
      if (times.size === 0) return;
      times.clear();
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one record of answers shown from the read cache. */
export const cachedReads = createCachedReads();

/** When the answer for `path` was fetched, if it was served from the read cache; else null. */
export function useCachedAt(path: string, store: CachedReads = cachedReads): string | null {
  const snapshot = useCallback(() => store.get(path), [store, path]);
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}

import { useCallback, useSyncExternalStore } from 'react';
import { READ_CACHE_MAX_ENTRIES } from '../offline/read-cache';

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

/*
 * Reads the service worker did not see. On a first visit the page reads before the service worker
 * (installed meanwhile) controls it, so none of those answers reaches the read cache: a reload
 * offline would show nothing. The request layer records every authenticated GET answered fresh
 * (200) while no service worker controlled the page; when one first takes control, each is read
 * again, now through it, so it keeps the answer in the user's cache (src/app/service-worker.ts).
 *
 *   recording ──first controller──► readAgainWith(read): the recorded reads go to `read`, and so
 *                                   does any read sent before the takeover that is answered after it
 */

/** At most this many reads are remembered (the oldest go first): the read cache keeps no more per user. */
export const MAX_UNSEEN_READS = READ_CACHE_MAX_ENTRIES;

export interface UnseenRead {
  user: string;
  path: string;
}

export interface UnseenReads {
  /** `user` read `path` (a GET, answered 200 by the gateway) without the service worker seeing it. */
  add(read: UnseenRead): void;
  /** Hand every read recorded, and each one added from now on, to `readAgain`. */
  readAgainWith(readAgain: (read: UnseenRead) => void): void;
  /** Forget what is recorded (the user changed). */
  clear(): void;
}

export function createUnseenReads(max = MAX_UNSEEN_READS): UnseenReads {
  /** by user and path, in the order last read */
  const reads = new Map<string, UnseenRead>();
  let handler: ((read: UnseenRead) => void) | null = null;
  return {
    add(read) {
      if (handler) {
        handler(read);
        return;
      }
      const key = JSON.stringify([read.user, read.path]);
      reads.delete(key);
      reads.set(key, read);
      for (const oldest of reads.keys()) {
        if (reads.size <= max) break;
        reads.delete(oldest);
      }
    },
    readAgainWith(readAgain) {
      handler = readAgain;
      const recorded = [...reads.values()];
      reads.clear();
      recorded.forEach(readAgain);
    },
    clear: () => reads.clear(),
  };
}

import { QueryClient } from '@tanstack/react-query';
import type { Session } from '../domain';
import { isApiError } from '../api';
import { refetchOnMount } from '../api/prefetch';

/** Retry a read only when the gateway was unreachable or failed (5xx); a 4xx will not change. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && isApiError(error) && (error.network || error.status >= 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // offlineFirst: a query runs even when the browser says offline, so the service worker can answer from its cache
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, refetchOnMount, networkMode: 'offlineFirst' },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}

interface SessionSource {
  get(): Session | null;
  subscribe(listener: () => void): () => void;
}

/**
 * Drop every cached answer when the signed-in user changes (sign-in, logout, another tab), so
 * one user's data never shows to the next on a shared computer. A token refresh keeps the cache.
 */
export function clearCacheOnUserChange(queryClient: QueryClient, sessions: SessionSource): () => void {
  let user = sessions.get()?.uuid ?? null;
  return sessions.subscribe(() => {
    const next = sessions.get()?.uuid ?? null;
    if (next === user) return;
    user = next;
    queryClient.clear();
  });
}

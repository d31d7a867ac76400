/**
 * Reads started before their screen shows: a route names what its screen reads first, and the
 * router asks for it as soon as the route matches (beside the screen's code), not after the
 * screen's first render. The screen's queries then find the read on its way, or just answered.
 */
import type { FetchQueryOptions, Query, QueryClient, QueryKey } from '@tanstack/react-query';

/** A read answered less than this ago is not asked for again by the screen that mounts over it (a prefetch has just made it). */
export const PREFETCH_FRESH_MS = 1_000;

/** What a route's screen reads first for the signed-in user, started with the route's params (the organization's uuid, a record's). */
export type RoutePrefetch = (queryClient: QueryClient, userUuid: string, params: Readonly<Record<string, string | undefined>>) => void;

/**
 * The queries' refetchOnMount: a read answered within PREFETCH_FRESH_MS is not asked for again
 * when its screen mounts (unless invalidated by a change since); an older one is, as before.
 */
export const refetchOnMount = (query: Query): boolean => query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt >= PREFETCH_FRESH_MS;

/**
 * Starts a read a route's screen makes first, unless its answer is cached already (or on its way):
 * a route's loader runs again on each change of its URL (a unit chosen in the tree, a step's
 * search parameter), and must not read the list again each time. A cached answer is read again
 * by the screen when it mounts, if older than PREFETCH_FRESH_MS, as without a prefetch.
 */
export function prefetchRead<T, K extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, Error, T, K>): void {
  void queryClient.prefetchQuery({ ...options, staleTime: Infinity });
}

import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiBaseUrl, apiClient, connectivity, gatewayBack, gatewayFetch, invalidateAfterWrite, sessionStore, useSession } from '../api';
import { applyRescuedDrafts, flushAllDrafts, flushDraftsOnPageHide, mirrorSession, setOfflineProbe, startOutboxSync, webLocks } from '../offline';
import { onBeforeReload } from './before-reload';

/**
 * Runs the offline platform for the signed-in user: mirrors the session for the service worker,
 * flushes drafts before page hide and update reloads (and keeps what a page hide could not wait for), and replays the outbox (docs/architecture.md "Offline
 * design"). Answers the gateway accepted refresh the screens' data.
 */
export function OfflineSync() {
  const queryClient = useQueryClient();
  const session = useSession();
  const userUuid = session?.uuid ?? null;

  useEffect(() => {
    void mirrorSession(session, apiBaseUrl()).catch(() => undefined);
  }, [session]);

  useEffect(() => {
    flushDraftsOnPageHide(window);
    return onBeforeReload(flushAllDrafts);
  }, []);

  // what the user typed just before the last page went away, kept in localStorage then: into IndexedDB
  useEffect(() => {
    if (userUuid !== null) void applyRescuedDrafts(userUuid).catch((error: unknown) => console.error('Lobby could not restore a draft kept at page hide', error));
  }, [userUuid]);

  // a change queued while the header says Offline is marked so, for its history
  useEffect(() => {
    setOfflineProbe(() => !connectivity.get().reachable || navigator.onLine === false);
    return () => setOfflineProbe(null);
  }, []);

  useEffect(() => {
    if (userUuid === null) return undefined;
    let refreshTimer: ReturnType<typeof setTimeout> | null = null;
    const refreshScreens = () => {
      if (refreshTimer !== null) clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => void invalidateAfterWrite(queryClient), 150);
    };
    const container = typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
    const scheduler = startOutboxSync({
      serviceWorker: container,
      drainDeps: () => {
        const current = sessionStore.get();
        if (current === null || current.uuid !== userUuid) return null;
        return {
          fetch: gatewayFetch,
          baseUrl: apiBaseUrl(),
          userUuid,
          // only while the same user is signed in: another user's token never carries these changes
          token: async () => (sessionStore.get()?.uuid === userUuid ? apiClient.token() : null),
          refresh: async () => (sessionStore.get()?.uuid === userUuid ? apiClient.refreshToken() : null),
          locks: webLocks(),
          onApplied: refreshScreens,
        };
      },
    });
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === 'lobby:outbox-applied') refreshScreens();
    };
    container?.addEventListener('message', onMessage);
    // the gateway answers again (a probe or any request), or answers for the first time since the
    // page started (a reload: the backoff changes carry from attempts made offline must not hold
    // them up to a minute while the gateway answers): send what waits at once
    let was = connectivity.get();
    const stopWatching = connectivity.subscribe(() => {
      const now = connectivity.get();
      if (gatewayBack(was, now)) void scheduler.syncNow('reachable');
      was = now;
    });
    return () => {
      stopWatching();
      scheduler.stop();
      container?.removeEventListener('message', onMessage);
      if (refreshTimer !== null) clearTimeout(refreshTimer);
    };
  }, [userUuid, queryClient]);

  return null;
}

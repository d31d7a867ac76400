/**
 * Outbox replay from the service worker: on a background 'sync' event, when the worker starts,
 * and when a page asks. It sends with the mirrored access token while that is live; when there is
 * none, or the gateway refuses it, it asks the open pages to drain instead (they can refresh).
 */
import { drainOutbox, webLocks, type DrainResult } from './drain';
import { liveMirroredSession } from './session-mirror';

interface ClientsLike {
  matchAll(options?: { type?: string; includeUncontrolled?: boolean }): Promise<ReadonlyArray<{ postMessage(message: unknown): void }>>;
}

async function askPagesToDrain(clients: ClientsLike | undefined): Promise<void> {
  const open = (await clients?.matchAll({ type: 'window', includeUncontrolled: true })) ?? [];
  for (const client of open) client.postMessage({ type: 'lobby:drain-needed' });
}

export async function replayOutboxInServiceWorker(): Promise<DrainResult | null> {
  const scope = globalThis as unknown as { clients?: ClientsLike; fetch: typeof fetch };
  const session = await liveMirroredSession(Date.now());
  if (session === null) {
    await askPagesToDrain(scope.clients);
    return null;
  }
  const result = await drainOutbox({
    fetch: (input, init) => scope.fetch(input, init),
    baseUrl: session.baseUrl,
    userUuid: session.userUuid,
    // only while the same user is signed in: another user's token never carries these changes
    token: async () => {
      const current = await liveMirroredSession(Date.now());
      return current !== null && current.userUuid === session.userUuid ? current.token : null;
    },
    refresh: async () => null,
    locks: webLocks(),
  });
  if (result.stoppedBy === 'auth') await askPagesToDrain(scope.clients);
  if (result.applied > 0 || result.failed > 0 || result.conflicts > 0) {
    const open = (await scope.clients?.matchAll({ type: 'window', includeUncontrolled: true })) ?? [];
    for (const client of open) client.postMessage({ type: 'lobby:outbox-applied' });
  }
  return result;
}

/**
 * Outbox replay from the service worker: on a background 'sync' event, when the worker starts,
 * and when a page asks. It sends with the mirrored access token while that is live; when there is
 * none, or the gateway refuses it, it asks the open pages to drain instead (they can refresh).
 * It follows the retry rule of the pages (./retry-rule.ts): a background 'sync' (connectivity is
 * back) and a page's request send at once; a worker that activates or starts again respects the
 * changes' backoff and sends nothing while the browser is offline.
 */
import { drainOutbox, webLocks, type DrainResult } from './drain';
import type { SyncTrigger } from './retry-rule';
import { liveMirroredSession } from './session-mirror';

interface ClientsLike {
  matchAll(options?: { type?: string; includeUncontrolled?: boolean }): Promise<ReadonlyArray<{ postMessage(message: unknown): void }>>;
}

/** `urgent`: connectivity is back (a background sync), so the pages send at once too. */
async function askPagesToDrain(clients: ClientsLike | undefined, urgent: boolean): Promise<void> {
  const open = (await clients?.matchAll({ type: 'window', includeUncontrolled: true })) ?? [];
  for (const client of open) client.postMessage({ type: 'lobby:drain-needed', urgent });
}

/** The worker's triggers: a background sync, a page's request, or the worker (re)starting. */
export type WorkerReplayTrigger = Extract<SyncTrigger, 'background-sync' | 'manual' | 'start'>;

export async function replayOutboxInServiceWorker(trigger: WorkerReplayTrigger = 'start'): Promise<DrainResult | null> {
  const scope = globalThis as unknown as { clients?: ClientsLike; fetch: typeof fetch };
  const session = await liveMirroredSession(Date.now());
  const urgent = trigger === 'background-sync';
  if (session === null) {
    await askPagesToDrain(scope.clients, urgent);
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
    trigger,
  });
  if (result.stoppedBy === 'auth') await askPagesToDrain(scope.clients, urgent);
  if (result.applied > 0 || result.failed > 0 || result.conflicts > 0) {
    const open = (await scope.clients?.matchAll({ type: 'window', includeUncontrolled: true })) ?? [];
    for (const client of open) client.postMessage({ type: 'lobby:outbox-applied' });
  }
  return result;
}

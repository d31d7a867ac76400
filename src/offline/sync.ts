/**
 * The page's replay scheduler. It drains the outbox when asked (a change queued, 'Sync now'), when
 * the browser comes back online or the connectivity probe finds the gateway again, when the tab
 * becomes visible, when the service worker asks, and on a timer when a backoff is due. Each drain
 * says what triggered it; ./retry-rule.ts decides whether that sends now:
 *
 *   idle ──trigger──► draining ──empty / failed-or-conflict only──► idle
 *                        │
 *                        ├─ network / server ──► waiting until the change's backoff is due (2 s
 *                        │                       doubling to 60 s, with jitter) ──timer──► draining
 *                        ├─ waiting (an automatic trigger during a backoff, or the browser offline)
 *                        │                       ──► the same timer; none while offline ('online' sends)
 *                        └─ auth ──► a timer of the same rule (no token to send with yet)
 *
 *   'online', the gateway reachable again, 'Sync now' ──► draining at once, whatever the backoff
 *
 * It also keeps the status the header shows: reachable or offline, and whether a drain runs.
 */
import { drainOutbox, type DrainDeps, type DrainResult } from './drain';
import { setSyncRequester } from './outbox';
import { retryDelay, RETRY_MAX_MS, RETRY_MIN_MS, sendsAtOnce, type SyncTrigger } from './retry-rule';

export const BACKOFF_MIN_MS = RETRY_MIN_MS;
export const BACKOFF_MAX_MS = RETRY_MAX_MS;

/** The delay of the rule without jitter (what the status shows at most). */
export function backoffDelay(failures: number): number {
  return retryDelay(failures, () => 0);
}

export interface SyncStatus {
  /** false when the browser says offline or the last attempt found no gateway */
  online: boolean;
  draining: boolean;
  /** when the next automatic attempt is due (ms since epoch), or null */
  retryAt: number | null;
  lastResult: DrainResult | null;
}

type Listener = () => void;
let status: SyncStatus = { online: typeof navigator === 'undefined' ? true : navigator.onLine, draining: false, retryAt: null, lastResult: null };
const listeners = new Set<Listener>();

function setStatus(next: Partial<SyncStatus>): void {
  status = { ...status, ...next };
  listeners.forEach((listener) => listener());
}

export const syncStatus = {
  get: (): SyncStatus => status,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export interface SyncScheduler {
  /**
   * Drain for `trigger` (default 'manual': now, whatever the backoff; 'reachable' when the gateway
   * answers again); null when no user is signed in.
   */
  syncNow(trigger?: SyncTrigger): Promise<DrainResult | null>;
  stop(): void;
}

export interface SyncOptions {
  /** what a drain needs right now, or null when nobody is signed in */
  drainDeps: () => DrainDeps | null;
  target?: Window;
  /** the service worker container, to hear 'lobby:drain-needed' and register background sync */
  serviceWorker?: ServiceWorkerContainer | undefined;
}

export function startOutboxSync(options: SyncOptions): SyncScheduler {
  const target = options.target ?? window;
  /** drains in a row that found no token (the other stops keep their backoff in the entry) */
  let authFailures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<DrainResult | null> | null = null;
  /** a trigger that came while a drain ran: one more drain follows, at once if any of them was urgent */
  let again: SyncTrigger | null = null;
  let stopped = false;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const retryAt = (at: number) => {
    clearTimer();
    if (!stopped) timer = setTimeout(() => void syncNow('timer'), Math.max(0, at - Date.now()));
    return at;
  };

  async function runOnce(trigger: SyncTrigger): Promise<DrainResult | null> {
    const deps = options.drainDeps();
    if (deps === null) return null;
    setStatus({ draining: true });
    try {
      const result = await drainOutbox({ ...deps, trigger });
      switch (result.stoppedBy) {
        case 'network':
        case 'server': {
          authFailures = 0;
          const at = retryAt(result.retryAt ?? Date.now() + retryDelay(1));
          setStatus({ online: result.stoppedBy !== 'network' && target.navigator.onLine, retryAt: at, lastResult: result });
          break;
        }
        case 'auth': {
          authFailures += 1;
          setStatus({ retryAt: retryAt(Date.now() + retryDelay(authFailures)), lastResult: result });
          break;
        }
        case 'waiting': {
          // nothing was sent: a backoff runs (its timer), or the browser is offline (its 'online' event sends)
          clearTimer();
          setStatus({ retryAt: result.retryAt === undefined ? null : retryAt(result.retryAt), lastResult: result });
          break;
        }
        case 'busy': {
          // another tab or the service worker drains; look again shortly in case it stopped
          setStatus({ retryAt: null, lastResult: result });
          retryAt(Date.now() + retryDelay(1));
          break;
        }
        case 'empty': {
          authFailures = 0;
          clearTimer();
          setStatus({ online: true, retryAt: null, lastResult: result });
          break;
        }
      }
      return result;
    } catch (error) {
      console.error('Lobby could not replay the outbox', error);
      return null;
    } finally {
      setStatus({ draining: false });
    }
  }

  function syncNow(trigger: SyncTrigger = 'manual'): Promise<DrainResult | null> {
    if (stopped) return Promise.resolve(null);
    if (running) {
      again = again === null || sendsAtOnce(trigger) ? trigger : again;
      return running;
    }
    running = (async () => {
      let result = await runOnce(trigger);
      while (again !== null && !stopped) {
        const next: SyncTrigger = again;
        again = null;
        result = await runOnce(next);
      }
      return result;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const onOnline = () => {
    setStatus({ online: true });
    void syncNow('online');
  };
  const onOffline = () => setStatus({ online: false });
  const onVisible = () => {
    if (target.document.visibilityState === 'visible') void syncNow('visible');
  };
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; urgent?: unknown } | null;
    if (data?.type === 'lobby:drain-needed') void syncNow(data.urgent === true ? 'background-sync' : 'worker');
  };

  target.addEventListener('online', onOnline);
  target.addEventListener('offline', onOffline);
  target.document.addEventListener('visibilitychange', onVisible);
  options.serviceWorker?.addEventListener('message', onMessage);
  setSyncRequester((trigger) => {
    void syncNow(trigger);
    void registerBackgroundSync(options.serviceWorker);
  });
  void syncNow('start');

  return {
    syncNow,
    stop() {
      stopped = true;
      clearTimer();
      target.removeEventListener('online', onOnline);
      target.removeEventListener('offline', onOffline);
      target.document.removeEventListener('visibilitychange', onVisible);
      options.serviceWorker?.removeEventListener('message', onMessage);
      setSyncRequester(null);
    },
  };
}

/** Ask the service worker for a 'sync' event when connectivity returns (Chromium). */
async function registerBackgroundSync(container: ServiceWorkerContainer | undefined): Promise<void> {
  try {
    const registration = container ? await Promise.race([container.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), 50))]) : null;
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | null)?.sync;
    await sync?.register('lobby-outbox');
  } catch {
    // background sync refused or unsupported: the page's own triggers still replay
  }
}

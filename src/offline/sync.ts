/**
 * The page's replay scheduler. It drains the outbox when asked (enqueue, 'Sync now'), when the
 * browser comes back online, when the tab becomes visible, when the service worker asks, and on a
 * backoff timer after a failed attempt:
 *
 *   idle ──trigger──► draining ──empty / failed-or-conflict only──► idle (backoff reset)
 *                        │
 *                        └─ network / server / auth ──► waiting (1 s, doubling to 60 s) ──timer──► draining
 *
 * It also keeps the status the header shows: reachable or offline, and whether a drain runs.
 */
import { drainOutbox, type DrainDeps, type DrainResult } from './drain';
import { setSyncRequester } from './outbox';

export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;

export function backoffDelay(failures: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.max(0, failures - 1));
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
  /** Drain now (ignores the backoff); null when no user is signed in. */
  syncNow(): Promise<DrainResult | null>;
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
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<DrainResult | null> | null = null;
  let again = false;
  let stopped = false;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  async function runOnce(): Promise<DrainResult | null> {
    const deps = options.drainDeps();
    if (deps === null) return null;
    setStatus({ draining: true });
    try {
      const result = await drainOutbox(deps);
      if (result.stoppedBy === 'network' || result.stoppedBy === 'server' || result.stoppedBy === 'auth') {
        failures += 1;
        const delay = backoffDelay(failures);
        clearTimer();
        if (!stopped) timer = setTimeout(() => void syncNow(), delay);
        setStatus({ online: result.stoppedBy !== 'network' && target.navigator.onLine, retryAt: Date.now() + delay, lastResult: result });
      } else {
        if (result.stoppedBy !== 'busy') failures = 0;
        setStatus({ online: result.stoppedBy === 'busy' ? status.online : true, retryAt: null, lastResult: result });
        if (result.stoppedBy === 'busy' && !stopped) {
          // another tab or the service worker drains; look again shortly in case it stopped
          clearTimer();
          timer = setTimeout(() => void syncNow(), BACKOFF_MIN_MS);
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

  function syncNow(): Promise<DrainResult | null> {
    if (stopped) return Promise.resolve(null);
    if (running) {
      again = true;
      return running;
    }
    clearTimer();
    running = (async () => {
      let result = await runOnce();
      while (again && !stopped) {
        again = false;
        result = await runOnce();
      }
      return result;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const onOnline = () => {
    setStatus({ online: true });
    failures = 0;
    void syncNow();
  };
  const onOffline = () => setStatus({ online: false });
  const onVisible = () => {
    if (target.document.visibilityState === 'visible') void syncNow();
  };
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === 'lobby:drain-needed') void syncNow();
  };

  target.addEventListener('online', onOnline);
  target.addEventListener('offline', onOffline);
  target.document.addEventListener('visibilitychange', onVisible);
  options.serviceWorker?.addEventListener('message', onMessage);
  setSyncRequester(() => {
    void syncNow();
    void registerBackgroundSync(options.serviceWorker);
  });
  void syncNow();

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

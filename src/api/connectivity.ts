/*
 * Whether the gateway answers, as the header's Offline indicator says it. The browser's own
 * online/offline events only know about the network card: a hotel network that drops upstream, or a
 * gateway that stops, leaves navigator.onLine true. So every exchange with the gateway reports here:
 *
 *   reachable ──fetch rejects / answer from the read cache / 502-504 / browser 'offline'──► unreachable
 *   unreachable ──probe GET /api/health (1 s, 2 s, 4 s, then every 4 s; at once on 'online' or a
 *                 visible tab)──► answered ──► reachable
 *                 (while navigator.onLine is false no probe is sent: it could only fail)
 *   any fresh answer from the gateway ──► reachable
 *
 * The probe stays short (at most PROBE_MAX_MS apart) so the indicator clears within seconds of the
 * gateway's return; it is one tiny GET. While reachable and the tab is visible, a heartbeat every
 * HEARTBEAT_MS notices a gateway that went away while nobody clicked (hidden tabs stay quiet).
 */
import { CACHED_AT_HEADER } from '../offline/read-cache';
import type { FetchLike } from './transport';

export const PROBE_MIN_MS = 1_000;
export const PROBE_MAX_MS = 4_000;
/** One tiny GET while the tab is visible: a stopped gateway shows within seconds even when nobody clicks. */
export const HEARTBEAT_MS = 4_000;
export const HEALTH_PATH = '/health';

export interface ConnectivityState {
  reachable: boolean;
  /** when the gateway was last found unreachable (ms since epoch), or null while reachable */
  since: number | null;
  /** whether the gateway has answered since the page started; until it has, `reachable` is the browser's guess */
  answered: boolean;
}

export interface Connectivity {
  get(): ConnectivityState;
  subscribe(listener: () => void): () => void;
  /** A request found no gateway: say Offline now and start probing. */
  reportFailure(): void;
  /** The gateway answered. */
  reportSuccess(): void;
  /** Probe now (a 'Sync now', the browser's 'online' event, a tab made visible). */
  probeNow(): Promise<boolean>;
  /** Stop timers and listeners (tests). */
  stop(): void;
}

export interface ConnectivityDeps {
  /** one health check: resolves true when the gateway answered */
  probe: () => Promise<boolean>;
  now?: () => number;
  /** where 'online', 'offline' and 'visibilitychange' are heard; none in tests or workers */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'> & { document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>; navigator: Pick<Navigator, 'onLine'> };
  heartbeatMs?: number;
}

export function probeDelay(failedProbes: number): number {
  return Math.min(PROBE_MAX_MS, PROBE_MIN_MS * 2 ** Math.max(0, failedProbes));
}

export function createConnectivity(deps: ConnectivityDeps): Connectivity {
  const now = deps.now ?? Date.now;
  const win = deps.window;
  let state: ConnectivityState = { reachable: win ? win.navigator.onLine : true, since: win && !win.navigator.onLine ? now() : null, answered: false };
  const listeners = new Set<() => void>();
  let probeTimer: ReturnType<typeof setTimeout> | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let failedProbes = 0;
  let probing: Promise<boolean> | null = null;

  /** reachable true from an answer of the gateway, false from a failure */
  const set = (reachable: boolean) => {
    const answered = state.answered || reachable;
    if (state.reachable === reachable && state.answered === answered) return;
    state = { reachable, since: reachable ? null : now(), answered };
    listeners.forEach((listener) => listener());
  };
  const clearProbe = () => {
    if (probeTimer !== null) clearTimeout(probeTimer);
    probeTimer = null;
  };
  const scheduleProbe = () => {
    clearProbe();
    probeTimer = setTimeout(() => void probeNow(), probeDelay(failedProbes));
  };

  function probeNow(): Promise<boolean> {
    // while the browser says it has no network, a probe could only fail: none is sent (its 'online' event probes)
    const probe = win && !win.navigator.onLine ? () => Promise.resolve(false) : deps.probe;
    probing ??= probe()
      .catch(() => false)
      .then((answered) => {
        probing = null;
        if (answered) {
          failedProbes = 0;
          clearProbe();
          set(true);
        } else {
          failedProbes += 1;
          set(false);
          scheduleProbe();
        }
        return answered;
      });
    return probing;
  }

  const reportFailure = () => {
    const wasReachable = state.reachable;
    set(false);
    if (wasReachable || probeTimer === null) {
      failedProbes = 0;
      if (probing === null) scheduleProbe();
    }
  };
  const reportSuccess = () => {
    failedProbes = 0;
    clearProbe();
    set(true);
  };

  const onOnline = () => void probeNow();
  const onOffline = () => reportFailure();
  const onVisible = () => {
    if (win?.document.visibilityState === 'visible' && !state.reachable) void probeNow();
  };
  if (win) {
    win.addEventListener('online', onOnline);
    win.addEventListener('offline', onOffline);
    win.document.addEventListener('visibilitychange', onVisible);
    if (!state.reachable) scheduleProbe();
    heartbeat = setInterval(() => {
      if (state.reachable && win.document.visibilityState === 'visible') void probeNow();
    }, deps.heartbeatMs ?? HEARTBEAT_MS);
  }

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportFailure,
    reportSuccess,
    probeNow,
    stop() {
      clearProbe();
      if (heartbeat !== null) clearInterval(heartbeat);
      if (win) {
        win.removeEventListener('online', onOnline);
        win.removeEventListener('offline', onOffline);
        win.document.removeEventListener('visibilitychange', onVisible);
      }
    },
  };
}

/**
 * Whether a change of the state says the gateway is back: reachable again after it was not, or its
 * first answer since the page started (until then `reachable` was only the browser's guess).
 * What waits in the outbox is sent at once then, whatever its backoff.
 */
export function gatewayBack(before: ConnectivityState, after: ConnectivityState): boolean {
  return after.reachable && (!before.reachable || (after.answered && !before.answered));
}

/** Whether an answer shows that the gateway itself was not reached. */
export function answerMeansUnreachable(response: Response): boolean {
  return response.headers.has(CACHED_AT_HEADER) || response.status === 502 || response.status === 503 || response.status === 504;
}

/** A fetch that tells `connectivity` what each exchange showed; an aborted request says nothing. */
export function observedFetch(fetchFn: FetchLike, connectivity: Pick<Connectivity, 'reportFailure' | 'reportSuccess'>): FetchLike {
  return async (input, init) => {
    let response: Response;
    try {
      response = await fetchFn(input, init);
    } catch (error) {
      if (!init.signal?.aborted) connectivity.reportFailure();
      throw error;
    }
    if (answerMeansUnreachable(response)) connectivity.reportFailure();
    else connectivity.reportSuccess();
    return response;
  };
}

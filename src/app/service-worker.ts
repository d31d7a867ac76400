import { Workbox } from 'workbox-window';
import { readAgainThroughServiceWorker } from '../api';
import { runBeforeReload } from './before-reload';
import { RELOAD_GUARD_MS, UPDATE_CHECK_INTERVAL_MS } from './update-timing';

/*
 * The service worker's registration and the update flow (spec: "the page reloads when a new
 * version installs"; docs/architecture.md "Updates"):
 *
 *   check (every minute, tab visible, back online) ──► new sw.js installs ──► 'waiting'
 *     ──► before-reload hooks (draft flush, at most 2 s) ──► SKIP_WAITING to the waiting worker
 *     ──► it activates and claims this page ('controllerchange') ──► hooks (if not yet run) ──► reload
 *
 * A 'controllerchange' while the page had no controller is the first install claiming it: no
 * reload, but what the page read before is read again through the worker, so its read cache holds
 * it from the first visit (onFirstControl; src/api/cached-reads.ts). Another tab's update reaches this one the same way (its controller changes). Guard
 * against loops: a page reloads for an update at most once, and not again when the previous update
 * reload of this tab was moments ago (two gateways serving different builds would otherwise bounce
 * the page between them); the new worker still takes over, the page keeps running.
 */

/** sessionStorage key: when this tab last reloaded for an update (ms since epoch). */
export const UPDATE_RELOADED_AT_KEY = 'lobby.updateReloadedAt';

type Events = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface UpdateFlowDeps {
  workbox: { addEventListener(type: 'waiting', listener: () => void): void; messageSkipWaiting(): void; update(): Promise<void> };
  container: Events & { readonly controller: unknown };
  reload: () => void;
  window: Events;
  document: Events & { readonly visibilityState: DocumentVisibilityState };
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  beforeReload?: () => Promise<void>;
  /** a service worker controls the page for the first time */
  onFirstControl?: () => void;
  now?: () => number;
  checkEveryMs?: number;
}

/** Wire the update flow; returns a function that stops the checks and listeners (tests). */
export function watchForUpdates(deps: UpdateFlowDeps): () => void {
  const now = deps.now ?? Date.now;
  const beforeReload = deps.beforeReload ?? (() => runBeforeReload());
  let controller = deps.container.controller;
  let prepared: Promise<void> | null = null;
  let reloading = false;

  const prepare = () => (prepared ??= beforeReload());

  deps.workbox.addEventListener('waiting', () => {
    void prepare().then(() => deps.workbox.messageSkipWaiting());
  });

  const reloadedMomentsAgo = () => {
    const last = Number(deps.storage?.getItem(UPDATE_RELOADED_AT_KEY) ?? NaN);
    return Number.isFinite(last) && now() - last >= 0 && now() - last < RELOAD_GUARD_MS;
  };

  const onControllerChange = () => {
    const previous = controller;
    controller = deps.container.controller;
    if (!previous) {
      if (controller) deps.onFirstControl?.();
      return;
    }
    if (reloading) return;
    reloading = true;
    if (reloadedMomentsAgo()) {
      console.warn('A new version took over again moments after the last update reload; not reloading now.');
      return;
    }
    void prepare().then(() => {
      deps.storage?.setItem(UPDATE_RELOADED_AT_KEY, String(now()));
      deps.reload();
    });
  };
  deps.container.addEventListener('controllerchange', onControllerChange);

  const check = () => {
    deps.workbox.update().catch(() => undefined); // offline: the next trigger tries again
  };
  const onVisibility = () => {
    if (deps.document.visibilityState === 'visible') check();
  };
  const timer = setInterval(check, deps.checkEveryMs ?? UPDATE_CHECK_INTERVAL_MS);
  deps.document.addEventListener('visibilitychange', onVisibility);
  deps.window.addEventListener('online', check);

  return () => {
    clearInterval(timer);
    deps.container.removeEventListener('controllerchange', onControllerChange);
    deps.document.removeEventListener('visibilitychange', onVisibility);
    deps.window.removeEventListener('online', check);
  };
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Register /sw.js in a production build (not under `vite` dev nor in tests) and watch for updates. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  watchForUpdates({
    workbox,
    container: navigator.serviceWorker,
    reload: () => window.location.reload(),
    window,
    document,
    storage: sessionStorageOrUndefined(),
    onFirstControl: readAgainThroughServiceWorker,
  });
  workbox.register().catch((error: unknown) => console.warn('The service worker could not be registered', error));
}

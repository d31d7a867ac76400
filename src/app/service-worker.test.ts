import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPDATE_RELOADED_AT_KEY, watchForUpdates } from './service-worker';
import { RELOAD_GUARD_MS, UPDATE_CHECK_INTERVAL_MS } from './update-timing';

/** The browser around the update flow: a Workbox, the service-worker container, the tab. */
function setup(options: { controlled?: boolean; reloadedAt?: number } = {}) {
  const steps: string[] = [];
  const workboxEvents = new EventTarget();
  const workbox = {
    addEventListener: (type: 'waiting', listener: () => void) => workboxEvents.addEventListener(type, listener),
    messageSkipWaiting: () => steps.push('skip waiting'),
    update: vi.fn(async () => undefined),
  };
  const container = Object.assign(new EventTarget(), { controller: options.controlled === false ? null : ({ id: 'v1' } as unknown) });
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const win = new EventTarget();
  const stored = new Map<string, string>();
  if (options.reloadedAt !== undefined) stored.set(UPDATE_RELOADED_AT_KEY, String(options.reloadedAt));
  const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
  const stop = watchForUpdates({
    workbox,
    container,
    document: doc,
    window: win,
    storage,
    now: () => 1_000_000,
    reload: () => steps.push('reload'),
    beforeReload: async () => {
      steps.push('before reload');
    },
    onFirstControl: () => steps.push('read again through it'),
  });
  const takeOver = (id: string) => {
    container.controller = { id };
    container.dispatchEvent(new Event('controllerchange'));
  };
  return { steps, workbox, workboxEvents, container, doc, win, stored, stop, takeOver };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.useRealTimers());

describe('watchForUpdates', () => {
  it('runs the before-reload hooks, lets the waiting version take over, and reloads once it controls the page', async () => {
    const { steps, workboxEvents, takeOver, stored, stop } = setup();
    workboxEvents.dispatchEvent(new Event('waiting'));
    await settle();
    expect(steps).toEqual(['before reload', 'skip waiting']);
    takeOver('v2');
    await settle();
    expect(steps).toEqual(['before reload', 'skip waiting', 'reload']);
    expect(stored.get(UPDATE_RELOADED_AT_KEY)).toBe('1000000');
    stop();
  });

  it('reloads when another tab let the new version take over, after the hooks', async () => {
    const { steps, takeOver, stop } = setup();
    takeOver('v2');
    await settle();
    expect(steps).toEqual(['before reload', 'reload']);
    stop();
  });

  it('does not reload when the first install claims an uncontrolled page, but reads again through it; a later update reloads', async () => {
    const { steps, takeOver, stop } = setup({ controlled: false });
    takeOver('v1');
    await settle();
    expect(steps).toEqual(['read again through it']);
    takeOver('v2');
    await settle();
    expect(steps).toEqual(['read again through it', 'before reload', 'reload']);
    stop();
  });

  it('reloads at most once, and not again moments after the last update reload of this tab', async () => {
    const once = setup();
    once.takeOver('v2');
    once.takeOver('v3');
    await settle();
    expect(once.steps.filter((step) => step === 'reload')).toHaveLength(1);
    once.stop();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bounced = setup({ reloadedAt: 1_000_000 - RELOAD_GUARD_MS + 1 });
    bounced.takeOver('v2');
    await settle();
    expect(bounced.steps).not.toContain('reload');
    bounced.stop();
    warn.mockRestore();

    const later = setup({ reloadedAt: 1_000_000 - RELOAD_GUARD_MS });
    later.takeOver('v2');
    await settle();
    expect(later.steps).toContain('reload');
    later.stop();
  });

  it('checks for a new version every minute, when the tab becomes visible and when the browser is back online', async () => {
    vi.useFakeTimers();
    const { workbox, doc, win, stop } = setup();
    expect(workbox.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(workbox.update).toHaveBeenCalledTimes(1);

    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.update).toHaveBeenCalledTimes(1);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.update).toHaveBeenCalledTimes(2);

    win.dispatchEvent(new Event('online'));
    expect(workbox.update).toHaveBeenCalledTimes(3);

    stop();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 3);
    win.dispatchEvent(new Event('online'));
    expect(workbox.update).toHaveBeenCalledTimes(3);
  });

  it('survives a failed check (offline)', async () => {
    const { workbox, win, stop } = setup();
    workbox.update.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    win.dispatchEvent(new Event('online'));
    await settle();
    expect(workbox.update).toHaveBeenCalledTimes(1);
    stop();
  });
});

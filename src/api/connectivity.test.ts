import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHED_AT_HEADER } from '../offline/read-cache';
import { createConnectivity, gatewayBack, observedFetch, probeDelay, type Connectivity } from './connectivity';

class FakeWindow extends EventTarget {
  navigator = { onLine: true };
  document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
}

describe('connectivity', () => {
  let probes: boolean[];
  let probeCalls: number;
  let connectivity: Connectivity;
  let win: FakeWindow;

  beforeEach(() => {
    vi.useFakeTimers();
    probes = [];
    probeCalls = 0;
    win = new FakeWindow();
    connectivity = createConnectivity({
      probe: async () => {
        probeCalls += 1;
        return probes.shift() ?? false;
      },
      window: win,
      heartbeatMs: 20_000, // longer than the probe steps below, so they can be told apart
    });
  });
  afterEach(() => {
    connectivity.stop();
    vi.useRealTimers();
  });

  it('says Offline at once when a request finds no gateway, probes backing off, and clears when the gateway answers', async () => {
    const changes: boolean[] = [];
    connectivity.subscribe(() => changes.push(connectivity.get().reachable));
    connectivity.reportFailure();
    expect(connectivity.get().reachable).toBe(false);
    expect(connectivity.get().since).not.toBeNull();
    expect(probeCalls).toBe(0);

    probes = [false, false, false, true];
    await vi.advanceTimersByTimeAsync(999);
    expect(probeCalls).toBe(0);
    await vi.advanceTimersByTimeAsync(1); // 1 s
    expect(probeCalls).toBe(1);
    await vi.advanceTimersByTimeAsync(2000); // then 2 s
    expect(probeCalls).toBe(2);
    await vi.advanceTimersByTimeAsync(4000); // then 4 s
    expect(probeCalls).toBe(3);
    expect(connectivity.get().reachable).toBe(false);
    await vi.advanceTimersByTimeAsync(4000); // never more than 4 s apart
    expect(probeCalls).toBe(4);
    expect(connectivity.get()).toEqual({ reachable: true, since: null, answered: true });
    expect(changes).toEqual([false, true]);

    // reachable again: no more probes until the heartbeat (20 s after the start; 11 s have passed)
    await vi.advanceTimersByTimeAsync(8_000);
    expect(probeCalls).toBe(4);
  });

  it('probes at once when the browser says it is online again, and goes Offline when it says offline', async () => {
    win.dispatchEvent(new Event('offline'));
    expect(connectivity.get().reachable).toBe(false);
    probes = [true];
    win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(probeCalls).toBe(1);
    expect(connectivity.get().reachable).toBe(true);
  });

  it('sends no probe while the browser says it has no network, and probes once it says online', async () => {
    win.navigator.onLine = false;
    win.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(30_000);
    await connectivity.probeNow();
    expect(probeCalls).toBe(0);
    expect(connectivity.get().reachable).toBe(false);
    win.navigator.onLine = true;
    probes = [true];
    win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(probeCalls).toBe(1);
    expect(connectivity.get().reachable).toBe(true);
  });

  it("tells its listeners of the gateway's first answer since the page started, and that it is back", () => {
    const seen: boolean[] = [];
    const start = connectivity.get();
    expect(start).toEqual({ reachable: true, since: null, answered: false });
    connectivity.subscribe(() => seen.push(gatewayBack(start, connectivity.get())));
    connectivity.reportSuccess();
    // reachable all along by the browser's guess; now known
    expect(seen).toEqual([true]);
    connectivity.reportSuccess();
    expect(seen).toEqual([true]);
    const answered = connectivity.get();
    connectivity.reportFailure();
    const lost = connectivity.get();
    expect(gatewayBack(answered, lost)).toBe(false);
    connectivity.reportSuccess();
    expect(gatewayBack(lost, connectivity.get())).toBe(true);
    // a further answer is nothing new
    expect(gatewayBack(connectivity.get(), connectivity.get())).toBe(false);
  });

  it('notices a gateway that went away while nobody clicked (heartbeat while visible)', async () => {
    probes = [false];
    await vi.advanceTimersByTimeAsync(20_000);
    expect(probeCalls).toBe(1);
    expect(connectivity.get().reachable).toBe(false);
  });

  it('clears at once when any request gets a fresh answer', () => {
    connectivity.reportFailure();
    connectivity.reportSuccess();
    expect(connectivity.get().reachable).toBe(true);
  });

  it('backs off 1, 2, 4 and then 4 seconds', () => {
    expect([0, 1, 2, 3, 9].map(probeDelay)).toEqual([1000, 2000, 4000, 4000, 4000]);
  });
});

describe('observedFetch', () => {
  const reports: string[] = [];
  const sink = { reportFailure: () => reports.push('failure'), reportSuccess: () => reports.push('success') };
  beforeEach(() => {
    reports.length = 0;
  });

  it('reports a rejected fetch, a cached answer and a 502-504 as unreachable, anything else as reachable', async () => {
    const answers: Array<Response | Error> = [
      new TypeError('Failed to fetch'),
      new Response('{}', { status: 200, headers: { [CACHED_AT_HEADER]: new Date().toISOString() } }),
      new Response('', { status: 503 }),
      new Response('{}', { status: 200 }),
      new Response('{"errors":[]}', { status: 404 }),
    ];
    const fetchFn = observedFetch(async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next as Response;
    }, sink);
    await expect(fetchFn('/api/x', {})).rejects.toThrow('Failed to fetch');
    for (let i = 0; i < 4; i += 1) await fetchFn('/api/x', {});
    expect(reports).toEqual(['failure', 'failure', 'failure', 'success', 'success']);
  });

  it('says nothing of a request the page cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const fetchFn = observedFetch(async () => {
      throw new DOMException('aborted', 'AbortError');
    }, sink);
    await expect(fetchFn('/api/x', { signal: controller.signal })).rejects.toThrow('aborted');
    expect(reports).toEqual([]);
  });
});

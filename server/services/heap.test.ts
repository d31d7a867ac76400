import { constants, PerformanceObserver } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { collectEvery, startMajorCollection } from './heap';

/** Resolves with the kind of each collection V8 reports from now on, until `stop`. */
function watchCollections() {
  const kinds: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) kinds.push(entry.detail?.kind ?? -1);
  });
  observer.observe({ entryTypes: ['gc'] });
  return { kinds, stop: () => observer.disconnect() };
}

/** Allocates short-lived garbage (which also lets incremental marking advance) until `done` or a minute passes. */
async function churnUntil(done: () => boolean): Promise<void> {
  const until = Date.now() + 60_000;
  let sink: unknown[] = [];
  while (!done() && Date.now() < until) {
    for (let i = 0; i < 10_000; i += 1) sink.push({ i });
    sink = [];
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the heap hint of bulk work (docs/adr/0048)', () => {
  it('starts a major collection, which V8 reports once it finishes', async () => {
    const watch = watchCollections();
    try {
      expect(startMajorCollection()).toBe(true);
      await churnUntil(() => watch.kinds.includes(constants.NODE_PERFORMANCE_GC_MAJOR));
      expect(watch.kinds).toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
    } finally {
      watch.stop();
    }
  });

  it('asks for one every `every` units of work, not for each', () => {
    let asked = 0;
    const unit = collectEvery(5, () => (asked += 1));
    for (let i = 0; i < 4; i += 1) unit();
    expect(asked).toBe(0);
    unit();
    expect(asked).toBe(1);
    for (let i = 0; i < 10; i += 1) unit();
    expect(asked).toBe(3);
  });
});

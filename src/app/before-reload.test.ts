import { afterEach, describe, expect, it, vi } from 'vitest';
import { BEFORE_RELOAD_CAP_MS, onBeforeReload, runBeforeReload } from './before-reload';

const removals: (() => void)[] = [];
const register = (hook: () => Promise<void> | void) => removals.push(onBeforeReload(hook));

afterEach(() => {
  removals.splice(0).forEach((remove) => remove());
  vi.useRealTimers();
});

describe('runBeforeReload', () => {
  it('runs every hook and waits for the slow ones', async () => {
    const done: string[] = [];
    register(() => {
      done.push('sync');
    });
    register(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done.push('async');
    });
    await runBeforeReload();
    expect(done.sort()).toEqual(['async', 'sync']);
  });

  it('is not stopped by a failing hook', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const done: string[] = [];
    register(() => {
      throw new Error('disk full');
    });
    register(async () => {
      done.push('flushed');
    });
    await expect(runBeforeReload()).resolves.toBeUndefined();
    expect(done).toEqual(['flushed']);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('gives up waiting after the time cap', async () => {
    vi.useFakeTimers();
    register(() => new Promise<void>(() => undefined));
    let finished = false;
    const run = runBeforeReload().then(() => (finished = true));
    await vi.advanceTimersByTimeAsync(BEFORE_RELOAD_CAP_MS - 1);
    expect(finished).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await run;
    expect(finished).toBe(true);
  });

  it('no longer runs a hook once it is removed', async () => {
    let runs = 0;
    const remove = onBeforeReload(() => {
      runs += 1;
    });
    await runBeforeReload();
    remove();
    await runBeforeReload();
    expect(runs).toBe(1);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_READ_MS, forgetEarlyReads, startEarlyRead, takeEarlyRead } from './early-reads';

afterEach(() => forgetEarlyReads());

describe('early reads', () => {
  it('give the answer on its way once, to the user who asked, within EARLY_READ_MS', async () => {
    let sent = 0;
    const read = () => {
      sent += 1;
      return Promise.resolve({ data: [sent] });
    };
    startEarlyRead('/a', 'ann', read, 1_000);
    // asked once, even if started again
    startEarlyRead('/a', 'ann', read, 1_000);
    expect(sent).toBe(1);
    await expect(takeEarlyRead('/a', 'ann', 1_000 + EARLY_READ_MS)).resolves.toEqual({ data: [1] });
    expect(takeEarlyRead('/a', 'ann', 1_000)).toBeUndefined();

    startEarlyRead('/b', 'ann', read, 1_000);
    expect(takeEarlyRead('/b', 'bob', 1_000)).toBeUndefined();
    startEarlyRead('/c', 'ann', read, 1_000);
    expect(takeEarlyRead('/c', 'ann', 1_001 + EARLY_READ_MS)).toBeUndefined();

    // one of another user, or too old, is not given out again: a new read takes its place
    startEarlyRead('/d', 'ann', read, 1_000);
    await expect(startEarlyRead('/d', 'bob', read, 1_000)).resolves.toEqual({ data: [sent] });
    await expect(takeEarlyRead('/d', 'bob', 1_000)).resolves.toEqual({ data: [sent] });
    startEarlyRead('/e', 'ann', read, 1_000);
    const again = startEarlyRead('/e', 'ann', read, 2_000 + EARLY_READ_MS);
    await expect(again).resolves.toEqual({ data: [sent] });
  });

  it('pass a failure on to the screen that takes it, and report none unhandled meanwhile', async () => {
    startEarlyRead('/down', 'ann', () => Promise.reject(new Error('offline')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeEarlyRead('/down', 'ann')).rejects.toThrow('offline');
  });
});

import { describe, expect, it } from 'vitest';
import { blocksOf, mapInSlices } from './slices';

describe('mapInSlices', () => {
  it('maps every item in order', async () => {
    const items = Array.from({ length: 5000 }, (_, index) => index);
    expect(await mapInSlices(items, (n) => n * 2)).toEqual(items.map((n) => n * 2));
    expect(await mapInSlices([], (n: number) => n)).toEqual([]);
  });

  it('lets other tasks run between its slices on a big list', async () => {
    const items = Array.from({ length: 20_000 }, (_, index) => index);
    const order: string[] = [];
    setTimeout(() => order.push('other task'), 0);
    let mapped = 0;
    const done = mapInSlices(
      items,
      (n) => {
        mapped += 1;
        return n;
      },
      { sliceMs: 0 },
    ).then(() => order.push(`mapped ${mapped}`));
    await done;
    // the task queued before the mapping ran while it went on, not after all of it
    expect(order).toEqual(['other task', 'mapped 20000']);
  });

  it('maps a small list in one task', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('other task'), 0);
    await mapInSlices([1, 2, 3], (n) => n).then(() => order.push('mapped'));
    expect(order).toEqual(['mapped']);
  });

  it('cuts a list in blocks', () => {
    expect(blocksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(blocksOf([], 2)).toEqual([]);
  });
});

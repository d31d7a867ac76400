import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useMappedInSlices, useSameList } from './slices';

interface Read {
  uuid: string;
  name: string;
}
const itemOf = (read: Read) => ({ localId: read.uuid, name: read.name });
const same = (a: { localId: string; name: string }, b: { localId: string; name: string }) => a.localId === b.localId && a.name === b.name;
const reads = (count: number, renamed: ReadonlySet<number> = new Set()): Read[] =>
  Array.from({ length: count }, (_, index) => ({ uuid: `u${index}`, name: renamed.has(index) ? `renamed ${index}` : `n${index}` }));

describe('useMappedInSlices', () => {
  it('maps a short list in the render that gets it', () => {
    const list = reads(3);
    const { result } = renderHook(() => useMappedInSlices(list, itemOf, 'hotel A', same));
    expect(result.current?.of).toBe(list);
    expect(result.current?.items).toEqual([
      { localId: 'u0', name: 'n0' },
      { localId: 'u1', name: 'n1' },
      { localId: 'u2', name: 'n2' },
    ]);
  });

  it('makes a big list later, keeps showing the last one while a new read is made, and keeps the items that did not change', async () => {
    const first = reads(20_000);
    const { result, rerender } = renderHook(({ list, key }) => useMappedInSlices(list, itemOf, key, same), { initialProps: { list: first, key: 'hotel A' } });
    // not made in the render that got it
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current?.of).toBe(first));
    const made = result.current?.items ?? [];
    expect(made).toHaveLength(20_000);
    expect(made[19_999]).toEqual({ localId: 'u19999', name: 'n19999' });

    // read again, two renamed: the list made before shows until the new one is made
    const second = reads(20_000, new Set([5, 17_000]));
    rerender({ list: second, key: 'hotel A' });
    expect(result.current?.of).toBe(first);
    await waitFor(() => expect(result.current?.of).toBe(second));
    const remade = result.current?.items ?? [];
    expect(remade[5]).toEqual({ localId: 'u5', name: 'renamed 5' });
    expect(remade[17_000]).toEqual({ localId: 'u17000', name: 'renamed 17000' });
    // the unchanged items are the very items made before
    expect(remade[4]).toBe(made[4]);
    expect(remade[19_999]).toBe(made[19_999]);
    expect(remade.filter((item, index) => item !== made[index])).toHaveLength(2);

    // read again unchanged: the same list as before, whole
    const third = reads(20_000, new Set([5, 17_000]));
    rerender({ list: third, key: 'hotel A' });
    await waitFor(() => expect(result.current?.of).toBe(third));
    expect(result.current?.items).toBe(remade);

    // another hotel: nothing of the first shows
    const other = reads(5_000);
    rerender({ list: other, key: 'hotel B' });
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current?.of).toBe(other));
    expect(result.current?.items[0]).toEqual({ localId: 'u0', name: 'n0' });
    expect(result.current?.items[0]).not.toBe(made[0]);
  });
});

describe('useSameList', () => {
  it('gives the list given before while the values are the same, and the new one once one differs', () => {
    const first = ['a', 'b', 'c'];
    const { result, rerender } = renderHook(({ list }) => useSameList(list), { initialProps: { list: first } });
    expect(result.current).toBe(first);
    rerender({ list: ['a', 'b', 'c'] });
    expect(result.current).toBe(first);
    const changed = ['a', 'b', 'd'];
    rerender({ list: changed });
    expect(result.current).toBe(changed);
    rerender({ list: ['a', 'b'] });
    expect(result.current).toEqual(['a', 'b']);
  });
});

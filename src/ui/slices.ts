import { startTransition, useEffect, useMemo, useRef, useState } from 'react';

/** How long the page's main thread maps before it lets input and paint in (a long task is 50 ms). */
const SLICE_MS = 8;
/** Items mapped between two looks at the clock (an item may be a block of many: give 1). */
const CHECK_EVERY = 512;
/** A list this short is mapped at once, in the render that gets it (and shown at once). */
export const MAPPED_AT_ONCE = 2_000;

/**
 * A task of its own, after what waits (input, paint): `scheduler.yield()` where the browser has it,
 * else a message to itself (a nested setTimeout 0 waits at least 4 ms each time).
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * `items.map(map)` without a long task: a big hotel's list is 100,000 items, and mapping it in one
 * go blocks typing and paint for 50–100 ms. The items are mapped in slices of about `sliceMs`,
 * each in a task of its own. The list must not change while it is mapped (React's state never does).
 */
export async function mapInSlices<T, U>(items: readonly T[], map: (item: T, index: number) => U, { sliceMs = SLICE_MS, checkEvery = CHECK_EVERY } = {}): Promise<U[]> {
  const out: U[] = [];
  let sliceStart = performance.now();
  for (let index = 0; index < items.length; index += 1) {
    out.push(map(items[index] as T, index));
    if ((index + 1) % checkEvery === 0 && performance.now() - sliceStart >= sliceMs) {
      await nextTask();
      sliceStart = performance.now();
    }
  }
  return out;
}

/** `items` in blocks of `size` (the last one shorter): work per block for mapInSlices. */
export function blocksOf<T>(items: readonly T[], size: number): T[][] {
  const blocks: T[][] = [];
  for (let from = 0; from < items.length; from += size) blocks.push(items.slice(from, from + size));
  return blocks;
}

/** A list mapped: `of` is the list it was made from. */
export interface Mapped<T, U> {
  of: readonly T[];
  items: U[];
}

/**
 * `list` mapped by `map` (a module-level function: it is not a dependency), made in slices once
 * the list is given (mapInSlices), so taking in a list of 100,000 is never one long task. A short
 * list is mapped at once. Until the given list is made, the one made last (for the same `key`) is
 * returned, so a list read again keeps showing; undefined until a list of this key is made.
 *
 * With `same` (module-level too), a big list read again keeps each item made before that is the
 * same at its place, and the whole list made before when every item is: what compares the lists
 * (a form's "has it changed?") then sees identical items, not 100,000 equal ones to walk through.
 */
export function useMappedInSlices<T, U>(list: readonly T[], map: (item: T) => U, key: string, same?: (before: U, after: U) => boolean): Mapped<T, U> | undefined {
  const atOnce = list.length <= MAPPED_AT_ONCE;
  const now = useMemo(() => (atOnce ? { of: list, items: list.map(map) } : undefined), [atOnce, list]); // eslint-disable-line react-hooks/exhaustive-deps -- map is a module-level function
  const [made, setMade] = useState<(Mapped<T, U> & { key: string }) | undefined>(undefined);
  const last = useRef<{ key: string; mapped: Mapped<T, U> } | undefined>(undefined);
  useEffect(() => {
    if (atOnce) return undefined;
    let live = true;
    const previous = last.current?.key === key ? last.current.mapped.items : undefined;
    const kept = (item: T, index: number): U => {
      const next = map(item);
      const before = previous?.[index];
      return before !== undefined && same !== undefined && same(before, next) ? before : next;
    };
    void mapInSlices(list, kept).then((items) => {
      // what renders the list made is a render React may interrupt (typing and paint go first)
      if (live) startTransition(() => setMade({ of: list, items: previous !== undefined && sameValues(previous, items) ? previous : items, key }));
    });
    return () => {
      live = false;
    };
  }, [atOnce, list, key]); // eslint-disable-line react-hooks/exhaustive-deps -- map and same are module-level functions
  const fresh = now ?? (made?.key === key && made.of === list ? made : undefined);
  useEffect(() => {
    if (fresh !== undefined) last.current = { key, mapped: fresh };
  }, [fresh, key]);
  // the very object shown before (not a copy): what is made from it is not made again
  return fresh ?? (last.current?.key === key ? last.current.mapped : undefined);
}

/** Whether two lists hold the same values (Object.is) in the same order. */
const sameValues = <T>(before: readonly T[], after: readonly T[]) => before.length === after.length && after.every((value, index) => Object.is(value, before[index]));

/**
 * `list`, or the list given before it when the two hold the same values in the same order: what
 * compares them later (a form's "has it changed?") then sees one array, not 100,000 equal values.
 */
export function useSameList<T>(list: T[]): T[] {
  const kept = useRef({ given: list, shown: list });
  const { given, shown: before } = kept.current;
  const shown = given === list || sameValues(before, list) ? before : list;
  useEffect(() => {
    kept.current = { given: list, shown };
  }, [list, shown]);
  return shown;
}

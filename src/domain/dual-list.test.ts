import { describe, expect, it } from 'vitest';
import { addToSelection, filterByLabel, isPickable, rangeOf, removeFromSelection, sortByLabel, splitItems, type DualListItem } from './dual-list';
import { DUAL_LIST_COLUMNS, SELECTOR_LIST_MIN_HEIGHT } from './input-limits';

const items: DualListItem[] = [
  { value: 'pool', label: 'Pool Bar' },
  { value: 'bar10', label: 'Bar 10' },
  { value: 'bar2', label: 'bar 2' },
  { value: 'spa', label: 'Spa', disabled: true },
  { value: 'lobby', label: 'Lobby Lounge' },
];

describe('dual list rules', () => {
  it('sorts by label as people read it: case ignored, numbers by value', () => {
    expect(sortByLabel(items).map((item) => item.label)).toEqual(['bar 2', 'Bar 10', 'Lobby Lounge', 'Pool Bar', 'Spa']);
  });

  it('filters by label, case ignored', () => {
    expect(filterByLabel(items, ' BAR ').map((item) => item.value)).toEqual(['pool', 'bar10', 'bar2']);
    expect(filterByLabel(items, '')).toHaveLength(5);
  });

  it('splits the items into available and selected, keeping a selected value no item has', () => {
    const { available, chosen } = splitItems(items, ['lobby', 'gone', 'lobby']);
    expect(available.map((item) => item.value)).toEqual(['bar2', 'bar10', 'pool', 'spa']);
    expect(chosen).toEqual([{ value: 'gone', label: '', missing: true }, { value: 'lobby', label: 'Lobby Lounge' }]);
  });

  it('selects a range in the order shown, in either direction, skipping deactivated items', () => {
    const shown = sortByLabel(items);
    expect(rangeOf(shown, 'bar2', 'spa', 'available')).toEqual(['bar2', 'bar10', 'lobby', 'pool']);
    expect(rangeOf(shown, 'pool', 'bar10', 'available')).toEqual(['bar10', 'lobby', 'pool']);
    expect(rangeOf(shown, null, 'lobby', 'available')).toEqual(['lobby']);
    expect(rangeOf(shown, 'bar2', 'spa', 'selected')).toEqual(['bar2', 'bar10', 'lobby', 'pool', 'spa']);
    expect(isPickable({ value: 'spa', label: 'Spa', disabled: true }, 'available')).toBe(false);
  });

  it('never adds a deactivated item or one already selected, and removes any', () => {
    expect(addToSelection(items, ['pool'], ['spa', 'pool', 'lobby'])).toEqual(['pool', 'lobby']);
    expect(removeFromSelection(['pool', 'lobby', 'spa'], ['spa', 'pool'])).toEqual(['lobby']);
  });

  it('keeps the sizes of spec section 2', () => {
    expect(DUAL_LIST_COLUMNS).toEqual([5, 2, 5]);
    expect(SELECTOR_LIST_MIN_HEIGHT).toBe(210);
  });
});

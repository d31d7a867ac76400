/**
 * The dual-list selector (spec section 2): items move between an available and a selected list,
 * each sorted by label and filtered by its own search; shift-click selects a range; add-all and
 * remove-all move every item shown; a deactivated item cannot be added. The component of
 * src/ui/inputs applies these rules.
 */

export interface DualListItem {
  value: string;
  label: string;
  /** deactivated: shown, never added */
  disabled?: boolean;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Sorted by label as people read it: case ignored, 'Bar 2' before 'Bar 10'; ties by value, so the order is stable. */
export function sortByLabel<Item extends DualListItem>(items: readonly Item[]): Item[] {
  return [...items].sort((a, b) => collator.compare(a.label, b.label) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/** The items whose label contains `query`, case ignored; all of them for a blank query. */
export function filterByLabel<Item extends DualListItem>(items: readonly Item[], query: string): Item[] {
  const needle = query.trim().toLocaleLowerCase('en');
  if (needle === '') return [...items];
  return items.filter((item) => item.label.toLocaleLowerCase('en').includes(needle));
}

/**
 * The two lists: available (items not selected) and selected, each sorted. A selected value no item
 * has (a deleted one) stays in the selected list with a null label, so it can be seen and removed.
 */
export function splitItems(items: readonly DualListItem[], selected: readonly string[]): { available: DualListItem[]; chosen: (DualListItem & { missing?: true })[] } {
  const chosenValues = new Set(selected);
  const known = new Map(items.map((item) => [item.value, item]));
  const available = sortByLabel(items.filter((item) => !chosenValues.has(item.value)));
  const chosen = sortByLabel(selected.filter((value, index) => selected.indexOf(value) === index).map((value) => known.get(value) ?? { value, label: '', missing: true as const }));
  return { available, chosen };
}

/** Whether an item may be highlighted in a list: never a deactivated one in the available list. */
export function isPickable(item: DualListItem, list: 'available' | 'selected'): boolean {
  return list === 'selected' || !item.disabled;
}

/**
 * Shift-click: the pickable values from `anchor` to `target` in the order shown, both included (in
 * either direction). Without an anchor shown, the target alone.
 */
export function rangeOf(shown: readonly DualListItem[], anchor: string | null, target: string, list: 'available' | 'selected'): string[] {
  const to = shown.findIndex((item) => item.value === target);
  if (to < 0) return [];
  const from = anchor === null ? -1 : shown.findIndex((item) => item.value === anchor);
  const [start, end] = from < 0 ? [to, to] : [Math.min(from, to), Math.max(from, to)];
  return shown.slice(start, end + 1).filter((item) => isPickable(item, list)).map((item) => item.value);
}

/** The selection after adding `values` (already selected ones and deactivated items left out). */
export function addToSelection(items: readonly DualListItem[], selected: readonly string[], values: readonly string[]): string[] {
  const addable = new Set(items.filter((item) => !item.disabled).map((item) => item.value));
  const next = [...selected];
  for (const value of values) if (addable.has(value) && !next.includes(value)) next.push(value);
  return next;
}

/** The selection after removing `values`. */
export function removeFromSelection(selected: readonly string[], values: readonly string[]): string[] {
  const removed = new Set(values);
  return selected.filter((value) => !removed.has(value));
}

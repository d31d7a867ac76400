import { getLanguage } from '../i18n';

/** What a sortable column sorts by: a number compares as a number, text as the interface language orders it. */
export type SortValue = string | number | null | undefined;

export type SortDirection = 'asc' | 'desc';

/** The column a table is sorted by, and which way; null: the order the rows came in. */
export type TableSort = { key: string; direction: SortDirection } | null;

/** One collator per language: a table of 10,000 rows compares many times, and making one is costly. */
const collators = new Map<string, Intl.Collator>();
function collator(): Intl.Collator {
  const language = getLanguage();
  let found = collators.get(language);
  if (found === undefined) {
    // 'Room 9' before 'Room 10'; case and accents only break ties
    found = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
    collators.set(language, found);
  }
  return found;
}

/**
 * Two sort values in ascending order: numbers by value, text by the interface language (numbers in
 * text by value), a number before text; an empty value (null, undefined, '') always last.
 */
export function compareSortValues(a: SortValue, b: SortValue): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a === b ? 0 : a < b ? -1 : 1;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  const order = collator().compare(a, b);
  // sensitivity 'base' calls 'a' and 'A' equal: the full comparison orders them, so the order is total
  return order !== 0 ? order : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The rows sorted by `value`, ascending or descending, a new array: stable (rows with equal values
 * keep the order they came in, whichever the direction), and empty values last either way.
 */
export function sortRows<Row>(rows: readonly Row[], value: (row: Row) => SortValue, direction: SortDirection): Row[] {
  const keyed = rows.map((row, index) => ({ row, index, value: value(row) }));
  const sign = direction === 'asc' ? 1 : -1;
  keyed.sort((a, b) => {
    const aEmpty = a.value === null || a.value === undefined || a.value === '';
    const bEmpty = b.value === null || b.value === undefined || b.value === '';
    if (aEmpty !== bEmpty) return aEmpty ? 1 : -1;
    return sign * compareSortValues(a.value, b.value) || a.index - b.index;
  });
  return keyed.map((entry) => entry.row);
}

/** The next sort when a column's header is pressed: ascending first, then descending, then ascending again. */
export function nextSort(current: TableSort, key: string): TableSort {
  return current?.key === key && current.direction === 'asc' ? { key, direction: 'desc' } : { key, direction: 'asc' };
}

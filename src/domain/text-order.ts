/**
 * Names in the order people read them: case and accents ignored ('en', base sensitivity), and with
 * `compareNumbered` the numbers in them by value ('Bar 2' before 'Bar 10').
 *
 * One collator each, made on first use: `a.localeCompare(b, 'en', options)` builds a collator on
 * every call (about 5 µs in V8), so sorting 40,000 names that way took 3.3 s in Node and 3.6 s in
 * Chromium, against 63–85 ms with one collator. Made lazily, a module that imports these pays for
 * ICU's collation data only when it first sorts.
 */
let names: Intl.Collator | undefined;
let numbered: Intl.Collator | undefined;

/** `a` before `b` (< 0), after (> 0) or the same name (0): case and accents ignored. */
export function compareText(a: string, b: string): number {
  names ??= new Intl.Collator('en', { sensitivity: 'base' });
  return names.compare(a, b);
}

/** As compareText, with the numbers in the names compared by value. */
export function compareNumbered(a: string, b: string): number {
  numbered ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return numbered.compare(a, b);
}

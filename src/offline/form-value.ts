/**
 * The one rule every form of the offline platform follows for "has the operator changed
 * anything?": a form's value against the record it started from, field by field (key order and
 * object identity do not count). useDraft answers it as `changed`; Save stays disabled while it is
 * false, so an unchanged form never queues a change that only bumps the record's version.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  const otherKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return keys.length === otherKeys.length && keys.every((key) => Object.prototype.hasOwnProperty.call(right, key) && sameValue(left[key], right[key]));
}

/**
 * Whether a form's value holds a change of the record it edits (`initial`): what is announced as
 * "Restored unsaved changes", counted at logout and offers Save. By default any difference; a form
 * whose value also carries its own state (the hotel wizard's open step, the form as last queued)
 * says which part is the record's.
 */
export type ChangeTest<T> = (value: T, initial: T) => boolean;

export const differsFrom = <T>(value: T, initial: T): boolean => !sameValue(value, initial);

/**
 * What a form's autosaver keeps of `value`: nothing while it equals `initial` (the draft is
 * discarded), else the draft, marked with whether it holds a change (false: only the form's own
 * state, which a reload still brings back but nobody is told of).
 */
export function draftToKeep<T>(value: T, initial: T, isChange: ChangeTest<T> = differsFrom): { changed: boolean } | null {
  if (sameValue(value, initial)) return null;
  return { changed: isChange(value, initial) };
}

/**
 * What a form that opens does with the draft it finds:
 *   announce  it holds a change of the record: restored, with "Restored unsaved changes from <time>"
 *   quiet     it holds none (now): restored without a word (the open step comes back)
 *   drop      it held no change when written, but differs from the record now: an old copy of a
 *             record that moved on since, which must not put the record's old values back
 */
export function restoredDraft<T>(stored: { value: T; changed: boolean }, initial: T, isChange: ChangeTest<T> = differsFrom): 'announce' | 'quiet' | 'drop' {
  const holdsChange = isChange(stored.value, initial);
  if (!holdsChange) return 'quiet';
  return stored.changed ? 'announce' : 'drop';
}

/**
 * The forms on screen that hold unsaved edits: one registry that the forms write and the header's
 * sync badge reads, so "All changes saved" is never said while something typed is neither saved
 * nor queued. A form registers through useLeaveGuard (page forms) or useFormModalGuard (forms in a
 * modal) while it differs from what it started from; it leaves the registry once saved, queued,
 * discarded, or gone from the screen.
 */
import { useEffect, useId, useSyncExternalStore } from 'react';

const dirtyForms = new Set<string>();
const listeners = new Set<() => void>();

function tell() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const anyUnsaved = () => dirtyForms.size > 0;

/** Marks the calling form as holding unsaved edits while `dirty`; unmounted, it no longer does. */
export function useUnsavedWork(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!dirty) return undefined;
    dirtyForms.add(id);
    tell();
    return () => {
      dirtyForms.delete(id);
      tell();
    };
  }, [dirty, id]);
}

/** Whether any form on screen holds unsaved edits (live). */
export function useAnyUnsavedWork(): boolean {
  return useSyncExternalStore(subscribe, anyUnsaved, anyUnsaved);
}

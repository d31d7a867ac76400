/**
 * Where keyboard focus goes when what held it goes away: a removed row, a closed modal. Focus never
 * drops to the page body, where a keyboard or screen-reader user would have to start over.
 */

const FOCUSABLE = [
  'button:not([disabled])',
  'a[href]',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** The first control a keyboard reaches in `container`, or null. */
export function firstFocusable(container: Element | null): HTMLElement | null {
  return container?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
}

/**
 * The element that should hold focus once the row (or list item) holding `from` is removed: the
 * next row's control in the same column (else its first control), else the previous row's, else
 * `fallback` (the list's heading).
 * Read it before the row goes, while its neighbours can still be found.
 */
export function focusTargetAfterRemoval(from: Element | null, fallback: HTMLElement | null): HTMLElement | null {
  const row = from?.closest('tr, li, [data-list-item]') ?? null;
  if (row) {
    // in a table, the same column's control first (the next row's Remove after a Remove)
    const cell = from?.closest('td, th');
    const column = cell && cell.parentElement === row ? Array.prototype.indexOf.call(row.children, cell) : -1;
    const controlOf = (other: Element) => (column >= 0 ? firstFocusable(other.children[column] ?? null) : null) ?? firstFocusable(other);
    for (let next = row.nextElementSibling; next; next = next.nextElementSibling) {
      const control = controlOf(next);
      if (control) return control;
    }
    for (let previous = row.previousElementSibling; previous; previous = previous.previousElementSibling) {
      const control = controlOf(previous);
      if (control) return control;
    }
  }
  return fallback;
}

/** The element focused now, unless that is the page itself. */
export function currentFocus(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * The control now standing where `gone` stood, once React drew its row again as new elements (a
 * queued record read back from the gateway while its form was open): the one element of the page
 * of the same kind with the same name (its aria-label, else its text). Null when there is none, or
 * more than one.
 */
export function standIn(gone: HTMLElement): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const label = gone.getAttribute('aria-label');
  const tag = gone.tagName.toLowerCase();
  const text = gone.textContent;
  const same = [...document.querySelectorAll<HTMLElement>(label !== null ? `${tag}[aria-label="${CSS.escape(label)}"]` : tag)].filter((element) => label !== null || element.textContent === text);
  return same.length === 1 ? (same[0] ?? null) : null;
}

/**
 * Focus `target` once the current event is over (a closing modal has let go of focus by then);
 * when it is gone from the page meanwhile, the control standing in its place (`standIn`), else nothing.
 */
export function focusSoon(target: HTMLElement | null | (() => HTMLElement | null)): void {
  setTimeout(() => {
    const element = typeof target === 'function' ? target() : target;
    const shown = element === null || element.isConnected ? element : standIn(element);
    shown?.focus();
  }, 0);
}

/** Sizes of the shared inputs (spec sections 2 and 9). */

/** A dropdown list (currency, country, time zone, locale, chip suggestions) is at most 220 px high. */
export const DROPDOWN_MAX_HEIGHT = 220;
/** A checkbox list is at most 200 px high. */
export const CHECKBOX_LIST_MAX_HEIGHT = 200;
/** Each list of the dual-list selector is at least 210 px high. */
export const SELECTOR_LIST_MIN_HEIGHT = 210;
/** The dual-list selector's columns on a 12-column grid: available, the move buttons, selected. */
export const DUAL_LIST_COLUMNS = [5, 2, 5] as const;

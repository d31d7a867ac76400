/**
 * Date and time masks (spec section 5): DD/MM/YYYY with the day's first digit 0-3, the month's 0-1
 * and the year's 0-2; HH:MM with the hour's tens digit 0-2 and the minutes' 0-5. A mask takes the
 * digits of whatever was typed or pasted, drops a digit its slot refuses, and writes the separators
 * itself. The masked inputs of src/ui/inputs apply these.
 */

/** A slot of a mask: a pattern one digit must match, or a separator written by the mask. */
export type MaskSlot = RegExp | string;

export const DATE_MASK: readonly MaskSlot[] = [/[0-3]/, /\d/, '/', /[0-1]/, /\d/, '/', /[0-2]/, /\d/, /\d/, /\d/];
export const TIME_MASK: readonly MaskSlot[] = [/[0-2]/, /\d/, ':', /[0-5]/, /\d/];
export const DATE_MASK_FORMAT = 'DD/MM/YYYY';
export const TIME_MASK_FORMAT = 'HH:MM';

/**
 * `input` through `mask`: its digits, each in the next slot if the slot's pattern takes it (left out
 * otherwise), a separator written before the digit that follows it — so deleting back over a
 * separator removes it ('12/' is '12').
 */
export function applyMask(mask: readonly MaskSlot[], input: string): string {
  let out = '';
  let slot = 0;
  for (const character of input) {
    if (!/^\d$/.test(character)) continue;
    let next = slot;
    let separators = '';
    for (let part = mask[next]; typeof part === 'string'; part = mask[++next]) separators += part;
    const pattern = mask[next];
    if (pattern === undefined) break;
    // a digit the slot refuses is dropped, and its separators wait for the next digit
    if (typeof pattern === 'string' || !pattern.test(character)) continue;
    out += separators + character;
    slot = next + 1;
  }
  return out;
}

/** Whether every slot of the mask is filled. */
export function isMaskComplete(mask: readonly MaskSlot[], value: string): boolean {
  return value.length === mask.length && applyMask(mask, value) === value;
}

export interface CalendarDate {
  day: number;
  month: number;
  year: number;
}

/** The date a complete DD/MM/YYYY value names, or null when it is incomplete or no real date (31/02/2025). */
export function parseMaskedDate(value: string): CalendarDate | null {
  if (!isMaskComplete(DATE_MASK, value)) return null;
  const [day, month, year] = value.split('/').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { day, month, year };
}

export interface ClockTime {
  hours: number;
  minutes: number;
}

/** The time a complete HH:MM value names, or null when it is incomplete or past 23:59. */
export function parseMaskedTime(value: string): ClockTime | null {
  if (!isMaskComplete(TIME_MASK, value)) return null;
  const [hours, minutes] = value.split(':').map(Number) as [number, number];
  return hours <= 23 && minutes <= 59 ? { hours, minutes } : null;
}

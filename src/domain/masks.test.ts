import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyMask, DATE_MASK, isMaskComplete, parseMaskedDate, parseMaskedTime, TIME_MASK } from './masks';

/** What the field shows after typing `keys` one by one, each keystroke masked as the input masks it. */
const typeInto = (mask: typeof DATE_MASK, keys: string) => Array.from(keys).reduce((shown, character) => applyMask(mask, shown + character), '');

describe('date mask DD/MM/YYYY', () => {
  it('writes the slashes itself', () => {
    expect(typeInto(DATE_MASK, '24122025')).toBe('24/12/2025');
    expect(applyMask(DATE_MASK, '2412')).toBe('24/12');
    expect(applyMask(DATE_MASK, '24/12/2025')).toBe('24/12/2025');
  });

  it("takes 0-3 as the day's first digit, 0-1 as the month's and 0-2 as the year's, and drops others", () => {
    expect(typeInto(DATE_MASK, '4')).toBe('');
    expect(typeInto(DATE_MASK, '3')).toBe('3');
    expect(typeInto(DATE_MASK, '312')).toBe('31'); // 2 is no month's first digit
    expect(typeInto(DATE_MASK, '3121')).toBe('31/1');
    expect(typeInto(DATE_MASK, '31123')).toBe('31/12'); // nor 3 a year's
    expect(typeInto(DATE_MASK, '3112320')).toBe('31/12/20');
  });

  it('stops at 10 characters and ignores anything but digits', () => {
    expect(typeInto(DATE_MASK, '0101202599')).toBe('01/01/2025');
    expect(applyMask(DATE_MASK, 'ab0c1-01 2025')).toBe('01/01/2025');
  });

  it('lets Backspace remove a separator', () => {
    expect(applyMask(DATE_MASK, '24/')).toBe('24');
  });

  it('never shows a value whose first digits break the rules', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const shown = applyMask(DATE_MASK, input);
        expect(shown.length).toBeLessThanOrEqual(10);
        expect(shown).toMatch(/^(?:[0-3](?:\d(?:\/(?:[0-1](?:\d(?:\/(?:[0-2]\d{0,3})?)?)?)?)?)?)?$/);
      }),
    );
  });

  it('names a real date only when complete', () => {
    expect(parseMaskedDate('29/02/2024')).toEqual({ day: 29, month: 2, year: 2024 });
    expect(parseMaskedDate('29/02/2025')).toBeNull();
    expect(parseMaskedDate('00/01/2025')).toBeNull();
    expect(parseMaskedDate('24/12/202')).toBeNull();
    expect(isMaskComplete(DATE_MASK, '24/12/2025')).toBe(true);
    expect(isMaskComplete(DATE_MASK, '24/12')).toBe(false);
  });
});

describe('time mask HH:MM', () => {
  it("writes the colon itself, takes 0-2 as the hour's tens digit and 0-5 as the minutes'", () => {
    expect(typeInto(TIME_MASK, '0930')).toBe('09:30');
    expect(typeInto(TIME_MASK, '3')).toBe('');
    expect(typeInto(TIME_MASK, '236')).toBe('23');
    expect(typeInto(TIME_MASK, '2359')).toBe('23:59');
    expect(typeInto(TIME_MASK, '235999')).toBe('23:59');
  });

  it('names a clock time only when complete and no later than 23:59', () => {
    expect(parseMaskedTime('07:05')).toEqual({ hours: 7, minutes: 5 });
    expect(parseMaskedTime('24:00')).toBeNull();
    expect(parseMaskedTime('7:05')).toBeNull();
  });
});

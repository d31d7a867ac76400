/**
 * Money as integers of a currency's minor unit (cents, pence, yen) end to end: a price, a
 * discount amount and every sum of them is a whole number, never a binary fraction. The helpers here
 * parse and write plain decimal text ("12.34") without any locale formatting; screens format with
 * Intl over the decimal text.
 */

/** The largest price or amount the catalogue takes: 999,999.99 in a two-decimal currency (fits a 32-bit integer column). */
export const PRICE_MINOR_MAX = 99_999_999;

/** Currencies whose minor unit is not the hundredth (ISO 4217); every other currency has two decimals. */
const MINOR_DIGITS: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

/** How many decimals the currency's minor unit has (2 unless ISO 4217 says otherwise). */
export function minorDigits(currency: string | null | undefined): number {
  return MINOR_DIGITS[(currency ?? '').toUpperCase()] ?? 2;
}

/** Whether a value is a whole number of minor units within 0..max. */
export function isMinorAmount(value: unknown, max = PRICE_MINOR_MAX): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max;
}

/**
 * Decimal text ("12.3", "12.34", "0.5", "7") as minor units of the currency, read digit by digit (no
 * floating point): null when it is not a plain non-negative decimal, has more decimals than the
 * currency, or exceeds `max`.
 */
export function parseMinor(text: string, currency: string | null | undefined, max = PRICE_MINOR_MAX): number | null {
  const digits = minorDigits(currency);
  const match = /^(\d{1,15})(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1] as string;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = Number(whole + fraction.padEnd(digits, '0'));
  return isMinorAmount(minor, max) ? minor : null;
}

/** Minor units as plain decimal text of the currency ("1234" EUR → "12.34", JPY → "1234"), a minus sign for a negative amount. */
export function minorToDecimal(minor: number, currency: string | null | undefined): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${minor} is not a whole number of minor units`);
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor));
  if (digits === 0) return sign + text;
  const padded = text.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** The exact sum of amounts in minor units; throws rather than lose precision past 2^53. */
export function sumMinor(amounts: Iterable<number>): number {
  let total = 0;
  for (const amount of amounts) {
    if (!Number.isSafeInteger(amount)) throw new RangeError(`${amount} is not a whole number of minor units`);
    total += amount;
    if (!Number.isSafeInteger(total)) throw new RangeError('The sum exceeds what can be counted exactly');
  }
  return total;
}

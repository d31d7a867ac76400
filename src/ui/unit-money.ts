/**
 * A unit's money as its screens show and read it (issue 17): the unit's CURRENCY and LOCALE
 * attributes (inherited when not its own), amounts in integer minor units written with Intl over
 * the exact decimal text (src/domain/money.ts), and typed text read back digit by digit — never
 * through a floating-point number.
 */
import { useQuery } from '@tanstack/react-query';
import { parseAnswer, request, useSession } from '../api';
import { minorDigits, minorToDecimal, parseMinor, unitSchema } from '../domain';

export interface UnitMoney {
  currency: string;
  locale: string;
}

/** Without the unit's attributes yet: the demo's and the catalogue's defaults. */
export const DEFAULT_MONEY: UnitMoney = { currency: 'EUR', locale: 'en-GB' };

/** The unit's path on the gateway with its effective attributes (what it inherits included). */
export const unitPathOf = (org: string, ou: string) => `/organization/${org}/ous/${ou}?inheritAttributes=TRUE`;

/** GET the unit with its effective attributes: its name, and its money (currency and locale). */
export function useUnitMoney(org: string, ou: string) {
  const session = useSession();
  const query = useQuery({
    queryKey: ['unit-money', session?.uuid ?? null, org, ou] as const,
    queryFn: async ({ signal }) => parseAnswer(unitSchema, await request(unitPathOf(org, ou), { signal })),
    enabled: session !== null && org !== '' && ou !== '',
  });
  const effective = query.data?.effective;
  const money: UnitMoney = {
    currency: effective?.CURRENCY?.value ?? query.data?.attributes.CURRENCY ?? DEFAULT_MONEY.currency,
    locale: effective?.LOCALE?.value ?? query.data?.attributes.LOCALE ?? DEFAULT_MONEY.locale,
  };
  return { query, name: query.data?.name ?? null, money };
}

/**
 * One NumberFormat per locale and options, made on first use: building one costs tens of
 * microseconds (ICU), and a list formats every amount of every row it shows.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** Minor units in the unit's currency and locale ('€12.50', '12,500 JOD'), from the exact decimal text. */
export function formatMinor(minor: number, { currency, locale }: UnitMoney): string {
  const digits = minorDigits(currency);
  const format = numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
  // Intl formats a decimal string exactly (no binary fraction in between)
  return format.format(minorToDecimal(minor, currency) as unknown as number);
}

/** Minor units as the text a price field starts with, in the locale's decimal sign without grouping ('12.50', '12,50'). */
export function minorToInput(minor: number, money: UnitMoney): string {
  return minorToDecimal(minor, money.currency).replace('.', decimalSign(money.locale));
}

/** The locale's decimal sign ('.' in en-GB, ',' in de-DE). */
export function decimalSign(locale: string): string {
  return numberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
}

/**
 * Typed text as minor units of the currency, or null: the locale's decimal sign or a point, spaces,
 * the currency's symbol or code and the locale's grouping left out; more decimals than the
 * currency has, a sign or letters are refused.
 */
export function parseMinorInput(text: string, money: UnitMoney, max?: number): number | null {
  const sign = decimalSign(money.locale);
  const group = sign === ',' ? '.' : ',';
  let plain = text.replace(/[\s\u00a0\u202f]/g, '').replace(new RegExp(`^${money.currency}|${money.currency}$`, 'i'), '');
  plain = plain.replace(/^[^\d.,-]+|[^\d.,]+$/g, '');
  // a grouping sign only where it groups thousands (1,234.50); else it is taken as the decimal sign
  if (new RegExp(`^\\d{1,3}(\\${group}\\d{3})+(\\${sign}\\d*)?$`).test(plain)) plain = plain.split(group).join('');
  plain = plain.replace(sign, '.').replace(',', '.');
  return parseMinor(plain, money.currency, max);
}

/** An example of a price typed in the unit's money ('12.50', '12,500'). */
export function priceExample(money: UnitMoney): string {
  const digits = minorDigits(money.currency);
  return minorToInput(12 * 10 ** digits + (digits > 0 ? 5 * 10 ** (digits - 1) : 0), money);
}

/** Hundredths of a percent as the locale writes a percentage ('15 %', '12.5 %'), from the exact decimal text. */
export function formatPercent(hundredths: number, locale: string): string {
  const number = numberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return `${number.format(minorToDecimal(hundredths, null) as unknown as number)} %`;
}

/** A typed percentage ('15', '12,5 %') as hundredths of a percent, or null (more than 2 decimals, a sign, letters, above `max`). */
export function parsePercentInput(text: string, locale: string, max?: number): number | null {
  const plain = text.replace(/[\s\u00a0\u202f%]/g, '').replace(decimalSign(locale), '.');
  return parseMinor(plain, null, max);
}

/** Hundredths of a percent as the text a percentage field starts with ('15.00', '12,50'). */
export const percentToInput = (hundredths: number, locale: string) => minorToDecimal(hundredths, null).replace('.', decimalSign(locale));

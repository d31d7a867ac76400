import { en } from './messages-en';
import { getLanguage, t, type MessageKey } from './index';

/**
 * Formatting in the interface language: dates and times, relative ages, counts with their plural
 * forms, and lists. Every screen uses these, so one language reads one way everywhere.
 */

/** The locale numbers and dates are written in: en reads day month year on a 24-hour clock (en-GB). */
function formatLocale(): string {
  const language = getLanguage();
  return language === 'en' ? 'en-GB' : language;
}

/** Options for tests and for a screen that must show another zone; the operator's zone otherwise. */
export interface TimeZoneOption {
  timeZone?: string;
}

/**
 * One formatter per language and options, made on first use: a list formats many dates, and
 * making an Intl formatter costs far more than formatting with it.
 */
const formatters = new Map<string, unknown>();
function formatter<T>(kind: string, options: object, make: (locale: string) => T): T {
  const locale = formatLocale();
  const key = `${kind}\u0000${locale}\u0000${JSON.stringify(options)}`;
  let found = formatters.get(key) as T | undefined;
  if (found === undefined) {
    found = make(locale);
    formatters.set(key, found);
  }
  return found;
}
const dateTimeFormat = (options: Intl.DateTimeFormatOptions) => formatter('date', options, (locale) => new Intl.DateTimeFormat(locale, options));

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/**
 * One date and time format everywhere, from the interface language: '23 Nov 2026, 07:21' for en
 * (day month year, 24-hour clock, the operator's time zone). '' for a value that is no date.
 */
export function formatDateTime(value: Date | string | number, options: TimeZoneOption = {}): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat({
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...options,
  }).format(date);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day an ISO day ('2026-11-23') names, at midnight UTC; null when there is no such day (2026-02-30). */
function isoDay(value: string): Date | null {
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/**
 * A date without its time, as formatDateTime writes its date part: '23 Nov 2026' for en. An ISO
 * day ('2026-11-23', such as a contract's start) is that day wherever the operator is; a moment in
 * time is its day in the operator's time zone unless told another. '' for a value that is no date.
 */
export function formatDate(value: Date | string | number, options: TimeZoneOption = {}): string {
  const day = typeof value === 'string' && ISO_DAY.test(value) ? isoDay(value) : undefined;
  if (day === null) return '';
  const date = day ?? toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat({ day: 'numeric', month: 'short', year: 'numeric', ...options, ...(day ? { timeZone: 'UTC' } : {}) }).format(date);
}

/** The time of day alone, as formatDateTime writes it: '07:21'. */
export function formatTime(value: Date | string | number, options: TimeZoneOption = {}): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...options }).format(date);
}

const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', Number.POSITIVE_INFINITY],
];

/**
 * How long ago `then` was at `now`, in the largest whole unit: 'now', '45 seconds ago',
 * '2 minutes ago', '3 hours ago', 'yesterday', '4 days ago'. A time in the future reads 'in …'.
 */
export function formatRelativeTime(then: Date | string | number, now: Date | string | number = Date.now()): string {
  const from = toDate(then).getTime();
  const to = toDate(now).getTime();
  if (Number.isNaN(from) || Number.isNaN(to)) return '';
  const format = formatter('relative', {}, (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  let amount = Math.round((from - to) / 1000);
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return format.format(amount, unit);
    amount = Math.trunc(amount / size);
  }
  return format.format(amount, 'day');
}

/** Thousands separated by commas, as en writes a whole number: 1234567 → '1,234,567'. */
const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * A count as the interface language writes numbers: 1,234. A whole number in English is written
 * without an Intl formatter: the first one a page makes costs 25–60 ms of its start on these
 * machines (ICU's data), and most screens write only counts.
 */
export function formatNumber(value: number): string {
  if (Number.isSafeInteger(value) && getLanguage() === 'en') return String(value).replace(GROUPS, ',');
  return formatter('number', {}, (locale) => new Intl.NumberFormat(locale)).format(value);
}

/** Keys that come in plural forms: `<key>.one` and `<key>.other` (and any other category a language needs). */
export type PluralKey = { [K in MessageKey]: K extends `${infer Base}.other` ? Base : never }[MessageKey];

/**
 * The message for `count` in the plural form the interface language chooses for it
 * (Intl.PluralRules), with `{count}` filled in: plural('sync.badge.conflict', 1) is '1 conflict'.
 * A language without a form of its own for a category uses its `other` form.
 */
export function plural(key: PluralKey, count: number, params: Record<string, string | number> = {}): string {
  const category = formatter('plural', {}, (locale) => new Intl.PluralRules(locale)).select(count);
  const own = `${key}.${category}`;
  const chosen = (own in en ? own : `${key}.other`) as MessageKey;
  return t(chosen, { ...params, count: formatNumber(count) });
}

/**
 * Parts joined as the interface language lists them, empty parts left out:
 * ['3 unsynced changes', '1 unsaved draft'] is '3 unsynced changes and 1 unsaved draft'.
 */
export function formatList(parts: readonly (string | null | undefined | false)[]): string {
  const present = parts.filter((part): part is string => typeof part === 'string' && part !== '');
  return formatter('list', {}, (locale) => new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' })).format(present);
}

/**
 * Counts as a sentence part, the zero ones left out: countList([['logout.work.changes', 3],
 * ['logout.work.drafts', 0]]) is '3 unsynced changes'. '' when every count is zero.
 */
export function countList(counts: readonly (readonly [PluralKey, number])[]): string {
  return formatList(counts.map(([key, count]) => (count > 0 ? plural(key, count) : null)));
}

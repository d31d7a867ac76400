/**
 * A date-time range as the filters type it (DD/MM/YYYY and HH:MM, spec section 5) and as the
 * gateway and the address bar carry it (ISO instants: `after` inclusive, `before` exclusive). Typed
 * times are in the operator's own time zone (the browser's); a shared link carries instants, so it
 * names the same moments wherever it is opened.
 */
import { parseMaskedDate, parseMaskedTime } from '../../domain';

export interface DateTimeRangeValue {
  fromDate: string;
  fromTime: string;
  toDate: string;
  toTime: string;
}

export type RangeProblem = 'fromInvalid' | 'toInvalid' | 'inverted';

export type RangeInstants = { after: string; before: string; problem: null } | { after: null; before: null; problem: RangeProblem };

const MINUTE_MS = 60_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** The operator's IANA time zone (the browser's). */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The local moment a typed date and time name, or null when either is not real (31/02, 25:00). An empty time is `emptyTime`. */
function localMoment(date: string, time: string, emptyTime: string): Date | null {
  const day = parseMaskedDate(date);
  const clock = parseMaskedTime(time === '' ? emptyTime : time);
  if (!day || !clock) return null;
  return new Date(day.year, day.month - 1, day.day, clock.hours, clock.minutes);
}

/**
 * The instants a typed range names: from its start's minute (00:00 when no time is typed) up to
 * the end of its end's minute (23:59 when none). A date that is not real, or a start not before
 * the end, is named as the problem.
 */
export function rangeInstants(value: DateTimeRangeValue): RangeInstants {
  const from = localMoment(value.fromDate, value.fromTime, '00:00');
  if (!from) return { after: null, before: null, problem: 'fromInvalid' };
  const to = localMoment(value.toDate, value.toTime, '23:59');
  if (!to) return { after: null, before: null, problem: 'toInvalid' };
  const before = new Date(to.getTime() + MINUTE_MS);
  if (from.getTime() >= before.getTime()) return { after: null, before: null, problem: 'inverted' };
  return { after: from.toISOString(), before: before.toISOString(), problem: null };
}

/** An instant as the local masked date and time ('24/12/2025', '09:30'). */
function masked(instant: Date): { date: string; time: string } {
  return {
    date: `${pad(instant.getDate())}/${pad(instant.getMonth() + 1)}/${instant.getFullYear()}`,
    time: `${pad(instant.getHours())}:${pad(instant.getMinutes())}`,
  };
}

/** The typed range that names these instants (the end shown as its last minute). */
export function rangeValueOf(after: string, before: string): DateTimeRangeValue {
  const from = masked(new Date(after));
  const to = masked(new Date(Date.parse(before) - MINUTE_MS));
  return { fromDate: from.date, fromTime: from.time, toDate: to.date, toTime: to.time };
}

/** The last `days` days: from midnight `days` days ago to the end of today (local), as instants. */
export function lastDays(days: number, now: Date = new Date()): { after: string; before: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { after: start.toISOString(), before: end.toISOString() };
}

const isInstant = (value: string | null): value is string => value !== null && value !== '' && !Number.isNaN(Date.parse(value));

/** The range the address names (`after`, `before`), or `fallback` when it names none or a broken one. */
export function rangeFromParams(params: URLSearchParams, fallback: { after: string; before: string }): { after: string; before: string } {
  const after = params.get('after');
  const before = params.get('before');
  if (!isInstant(after) || !isInstant(before) || Date.parse(after) >= Date.parse(before)) return fallback;
  return { after: new Date(after).toISOString(), before: new Date(before).toISOString() };
}

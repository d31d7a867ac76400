/**
 * Throttling kept in the database (login_failures), so every gateway on one PostgreSQL counts the
 * same attempts. An event is a failed sign-in or a code request under a key such as
 * `pair:<email>|<address>`, `ip:<address>` or `code-ip:<address>`. Two kinds of rule:
 * - a window rule blocks a key once it has `limit` events inside the window, until enough age out;
 * - a backoff rule lets `free` events pass, then makes each further attempt wait after the last
 *   event, twice as long each time, up to a cap (ADR 0010: sign-in is throttled per account AND
 *   address, so a stranger elsewhere cannot lock an operator out).
 * A successful sign-in also leaves a `known:<email>|<address>` marker: that address is then not
 * held back by the per-address rule for that account.
 */
import { and, asc, desc, eq, gt, inArray, like, lt, not, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { loginFailures } from '../db/schema';
import { ERROR_CODES } from '../../src/domain/index';
import { HttpError } from '../http-error';

export interface WindowRule {
  key: string;
  /** events allowed inside the window; the next attempt waits until the oldest of them ages out */
  limit: number;
  windowMs: number;
}

export interface BackoffRule {
  key: string;
  /** events inside the window that pass without waiting */
  free: number;
  /** the wait after the last event once `free` events were counted; doubled for each further one */
  baseMs: number;
  capMs: number;
  /** how long an event counts */
  windowMs: number;
}

export type ThrottleRule = WindowRule | BackoffRule;

export interface Attempt {
  /** the events this attempt wrote, one per rule */
  ids: number[];
  /** milliseconds until every rule allows another attempt; 0 when this one is allowed */
  delay: number;
}

/** The wait of a backoff rule after `count` counted events: 0, then baseMs, 2 × baseMs, ... up to capMs. */
export function backoffWait(rule: Pick<BackoffRule, 'free' | 'baseMs' | 'capMs'>, count: number): number {
  if (count < rule.free) return 0;
  // the exponent is bounded so the doubling cannot overflow to Infinity before the cap applies
  return Math.min(rule.capMs, rule.baseMs * 2 ** Math.min(count - rule.free, 40));
}

function ruleDelay(rule: ThrottleRule, earlier: readonly { at: Date }[], now: Date): number {
  if ('limit' in rule) {
    if (earlier.length < rule.limit) return 0;
    const blocking = earlier[earlier.length - rule.limit];
    return blocking ? blocking.at.getTime() + rule.windowMs - now.getTime() : 0;
  }
  const wait = backoffWait(rule, earlier.length);
  const last = earlier[earlier.length - 1];
  return wait > 0 && last ? last.at.getTime() + wait - now.getTime() : 0;
}

/**
 * Writes the attempt first, then counts the events up to and including it: parallel attempts each
 * see the ones written before them, so a burst cannot all pass a check made before any was
 * recorded. An attempt over a limit is forgotten again (a refused attempt is not a failure) and
 * answers the delay until every rule lets the next one through.
 */
export async function beginAttempt(db: Executor, rules: readonly ThrottleRule[], now: Date): Promise<Attempt> {
  const written = await db
    .insert(loginFailures)
    .values(rules.map((rule) => ({ key: rule.key, at: now })))
    .returning({ id: loginFailures.id, key: loginFailures.key });
  const ids = written.map((row) => row.id);
  let delay = 0;
  for (const rule of rules) {
    const mine = written.find((row) => row.key === rule.key);
    if (!mine) continue;
    const since = new Date(now.getTime() - rule.windowMs);
    const earlier = await db
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, rule.key), gt(loginFailures.at, since), lt(loginFailures.id, mine.id)))
      .orderBy(asc(loginFailures.id));
    delay = Math.max(delay, ruleDelay(rule, earlier, now));
  }
  if (delay > 0) await forgetAttempt(db, ids);
  return { ids, delay };
}

/** The attempt succeeded (or must not count): its events go. */
export async function forgetAttempt(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(loginFailures).where(inArray(loginFailures.id, [...ids]));
}

export async function clearEvents(db: Executor, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/** Marks that this account signed in from this address now (one marker per pair). */
export async function rememberAddress(db: Executor, email: string, ip: string, now: Date): Promise<void> {
  await clearEvents(db, knownKey(email, ip));
  await db.insert(loginFailures).values({ key: knownKey(email, ip), at: now });
}

/** Whether this account signed in successfully from this address within `withinMs`. */
export async function isKnownAddress(db: Executor, email: string, ip: string, withinMs: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, knownKey(email, ip)), gt(loginFailures.at, new Date(now.getTime() - withinMs))))
    .orderBy(desc(loginFailures.at))
    .limit(1);
  return row !== undefined;
}

/** Drops events older than `olderThan`, and known-address markers older than `knownOlderThan`. */
export async function purgeEvents(db: Executor, olderThan: Date, knownOlderThan: Date = olderThan): Promise<void> {
  const isKnown = like(loginFailures.key, 'known:%');
  await db
    .delete(loginFailures)
    .where(or(and(not(isKnown), lt(loginFailures.at, olderThan)), and(isKnown, lt(loginFailures.at, knownOlderThan))));
}

/** 429 auth.throttled with the wait in whole minutes and a Retry-After header in seconds. */
export function throttledError(prefix: string, delayMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(delayMs / 60_000));
  const seconds = Math.max(1, Math.ceil(delayMs / 1000));
  const message = `${prefix} Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  return new HttpError(429, [{ code: ERROR_CODES.throttled, message }], {}, { 'Retry-After': String(seconds) });
}

const normalEmail = (email: string) => email.trim().toLowerCase();
/** failures of one account from one address (an address holds no '|', so the key is unambiguous) */
export const pairKey = (email: string, ip: string) => `pair:${normalEmail(email)}|${ip}`;
export const knownKey = (email: string, ip: string) => `known:${normalEmail(email)}|${ip}`;
export const addressKey = (ip: string) => `ip:${ip}`;
export const codeRequestKey = (ip: string) => `code-ip:${ip}`;

/**
 * Throttling kept in the database (login_failures), so every gateway on one PostgreSQL counts the
 * same attempts. An event is a failed sign-in or a code request under a key such as
 * `account:<email>`, `ip:<address>` or `code-ip:<address>`; a key is blocked once it has `limit`
 * events inside the window, until enough of them age out.
 */
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { loginFailures } from '../db/schema';
import { ERROR_CODES } from '../../src/domain/index';
import { HttpError } from '../http-error';

export interface ThrottleRule {
  key: string;
  limit: number;
}

export interface Attempt {
  /** the events this attempt wrote, one per rule */
  ids: number[];
  /** milliseconds until every rule allows another attempt; 0 when this one is allowed */
  delay: number;
}

/**
 * Writes the attempt first, then counts the events up to and including it: parallel attempts each
 * see the ones written before them, so a burst cannot all pass a check made before any was
 * recorded. An attempt over a limit is forgotten again (a refused attempt is not a failure) and
 * answers the delay: until the event that put the count at the limit leaves the window.
 */
export async function beginAttempt(db: Executor, rules: readonly ThrottleRule[], windowMs: number, now: Date): Promise<Attempt> {
  const written = await db
    .insert(loginFailures)
    .values(rules.map((rule) => ({ key: rule.key, at: now })))
    .returning({ id: loginFailures.id, key: loginFailures.key });
  const ids = written.map((row) => row.id);
  const since = new Date(now.getTime() - windowMs);
  let delay = 0;
  for (const rule of rules) {
    const mine = written.find((row) => row.key === rule.key);
    if (!mine) continue;
    const earlier = await db
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, rule.key), gt(loginFailures.at, since), lt(loginFailures.id, mine.id)))
      .orderBy(asc(loginFailures.id));
    if (earlier.length < rule.limit) continue;
    const blocking = earlier[earlier.length - rule.limit];
    if (blocking) delay = Math.max(delay, blocking.at.getTime() + windowMs - now.getTime());
  }
  delay = Math.max(0, delay);
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

export async function purgeEvents(db: Executor, olderThan: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, olderThan));
}

/** 429 auth.throttled with the wait in whole minutes and a Retry-After header in seconds. */
export function throttledError(prefix: string, delayMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(delayMs / 60_000));
  const seconds = Math.max(1, Math.ceil(delayMs / 1000));
  const message = `${prefix} Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  return new HttpError(429, [{ code: ERROR_CODES.throttled, message }], {}, { 'Retry-After': String(seconds) });
}

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;
export const codeRequestKey = (ip: string) => `code-ip:${ip}`;

/**
 * Throttling kept in the database (login_failures), so every gateway on one PostgreSQL counts the
 * same attempts. An event is a failed sign-in or a code request under a key such as
 * `account:<email>`, `ip:<address>` or `code-ip:<address>`; a key is blocked once it has `limit`
 * events inside the window, until enough of them age out.
 */
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { loginFailures } from '../db/schema';
import { ERROR_CODES } from '../../src/domain/index';
import { HttpError } from '../http-error';

export interface ThrottleRule {
  key: string;
  limit: number;
}

/** Milliseconds until every rule allows another attempt; 0 when allowed now. */
export async function throttleDelay(db: Executor, rules: readonly ThrottleRule[], windowMs: number, now: Date): Promise<number> {
  let delay = 0;
  const since = new Date(now.getTime() - windowMs);
  for (const rule of rules) {
    const events = await db
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, rule.key), gt(loginFailures.at, since)))
      .orderBy(asc(loginFailures.at));
    if (events.length < rule.limit) continue;
    // Allowed again when the event that puts the count at the limit leaves the window.
    const blocking = events[events.length - rule.limit];
    if (!blocking) continue;
    delay = Math.max(delay, blocking.at.getTime() + windowMs - now.getTime());
  }
  return Math.max(0, delay);
}

export async function recordEvent(db: Executor, keys: readonly string[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await db.insert(loginFailures).values(keys.map((key) => ({ key, at: now })));
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

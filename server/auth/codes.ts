/**
 * One-time codes for password reset, activation and phone validation: 32 random bytes, stored as a
 * SHA-256 hash with purpose, owner and expiry, consumed atomically (a code works once, even when
 * two requests race with it).
 */
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import type { ActivationPurpose } from '../db/schema';
import { activationCodes, users } from '../db/schema';
import { randomToken, sha256 } from './secrets';

/**
 * Marks the user's unused codes of these purposes (every purpose when none is named) used: they stop
 * working.
 */
export async function retireCodes(db: Executor, userUuid: string, now: Date, purposes?: readonly ActivationPurpose[]): Promise<void> {
  await db
    .update(activationCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(activationCodes.userUuid, userUuid),
        isNull(activationCodes.usedAt),
        purposes === undefined ? undefined : inArray(activationCodes.purpose, [...purposes]),
      ),
    );
}

/**
 * Issues a code; earlier unused codes of the same user and purpose stop working. `payload` is what
 * the code confirms beyond its owner (a new email or telephone). The code row is inserted from the
 * user's row, so for a uuid no user has the same two statements run and write nothing: a reset
 * request for an unknown address does the same work as for a known one.
 */
export async function issueCode(db: Executor, userUuid: string, purpose: ActivationPurpose, ttlMs: number, now: Date, payload: string | null = null): Promise<string> {
  const code = randomToken();
  await retireCodes(db, userUuid, now, [purpose]);
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.insert(activationCodes).select((qb) =>
    qb
      .select({
        codeHash: sql<string>`${sha256(code)}`.as('code_hash'),
        userUuid: users.uuid,
        purpose: sql<ActivationPurpose>`${purpose}`.as('purpose'),
        payload: sql<string | null>`${payload}::text`.as('payload'),
        attempts: sql<number>`0`.as('attempts'),
        expiresAt: sql<Date>`${expiresAt.toISOString()}::timestamptz`.as('expires_at'),
        usedAt: sql<Date | null>`null::timestamptz`.as('used_at'),
        createdAt: sql<Date>`${now.toISOString()}::timestamptz`.as('created_at'),
      })
      .from(users)
      .where(eq(users.uuid, userUuid)),
  );
  return code;
}

export interface CodeOwnerRule {
  /** the owner must be an active user (password reset: a deactivated user cannot get back in) */
  activeOwner?: boolean;
}

const selectActiveUsers = sql`(select ${users.uuid} from ${users} where ${users.active} = true)`;

/** The condition of a code that works now: its hash and purpose, unused, unexpired, and the owner rule. */
export const usableCode = (code: string, purpose: ActivationPurpose, now: Date, rule: CodeOwnerRule = {}) =>
  and(
    eq(activationCodes.codeHash, sha256(code)),
    eq(activationCodes.purpose, purpose),
    isNull(activationCodes.usedAt),
    gt(activationCodes.expiresAt, now),
    rule.activeOwner ? inArray(activationCodes.userUuid, selectActiveUsers) : undefined,
  );

/**
 * true when the code is valid for this user and purpose now (does not consume it). One statement
 * whatever is wrong (no such user, wrong, used or expired code, inactive owner), so neither the
 * answer nor its time tells which.
 */
export async function isCodeValid(db: Executor, userUuid: string, purpose: ActivationPurpose, code: string, now: Date, rule: CodeOwnerRule = {}): Promise<boolean> {
  const [row] = await db
    .select({ userUuid: activationCodes.userUuid })
    .from(activationCodes)
    .where(and(usableCode(code, purpose, now, rule), eq(activationCodes.userUuid, userUuid)));
  return row !== undefined;
}

/** Marks the code used and answers its owner, or null when it was not usable. */
export async function consumeCode(
  db: Executor,
  purpose: ActivationPurpose,
  code: string,
  now: Date,
  userUuid?: string,
  rule: CodeOwnerRule = {},
): Promise<string | null> {
  const condition = and(usableCode(code, purpose, now, rule), userUuid === undefined ? undefined : eq(activationCodes.userUuid, userUuid));
  const [row] = await db.update(activationCodes).set({ usedAt: now }).where(condition).returning({ userUuid: activationCodes.userUuid });
  return row?.userUuid ?? null;
}

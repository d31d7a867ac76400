/**
 * One-time codes for password reset, activation and phone validation: 32 random bytes, stored as a
 * SHA-256 hash with purpose, owner and expiry, consumed atomically (a code works once, even when
 * two requests race with it).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import type { ActivationPurpose } from '../db/schema';
import { activationCodes } from '../db/schema';
import { randomToken, sha256 } from './secrets';

/** Issues a code; earlier unused codes of the same user and purpose stop working. */
export async function issueCode(db: Executor, userUuid: string, purpose: ActivationPurpose, ttlMs: number, now: Date): Promise<string> {
  const code = randomToken();
  await db
    .update(activationCodes)
    .set({ usedAt: now })
    .where(and(eq(activationCodes.userUuid, userUuid), eq(activationCodes.purpose, purpose), isNull(activationCodes.usedAt)));
  await db.insert(activationCodes).values({ codeHash: sha256(code), userUuid, purpose, expiresAt: new Date(now.getTime() + ttlMs), createdAt: now });
  return code;
}

const usable = (code: string, purpose: ActivationPurpose, now: Date) =>
  and(eq(activationCodes.codeHash, sha256(code)), eq(activationCodes.purpose, purpose), isNull(activationCodes.usedAt), gt(activationCodes.expiresAt, now));

/** true when the code is valid for this user and purpose now (does not consume it). */
export async function isCodeValid(db: Executor, userUuid: string, purpose: ActivationPurpose, code: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ userUuid: activationCodes.userUuid })
    .from(activationCodes)
    .where(and(usable(code, purpose, now), eq(activationCodes.userUuid, userUuid)));
  return row !== undefined;
}

/** Marks the code used and answers its owner, or null when it was not usable. */
export async function consumeCode(db: Executor, purpose: ActivationPurpose, code: string, now: Date, userUuid?: string): Promise<string | null> {
  const condition = userUuid === undefined ? usable(code, purpose, now) : and(usable(code, purpose, now), eq(activationCodes.userUuid, userUuid));
  const [row] = await db.update(activationCodes).set({ usedAt: now }).where(condition).returning({ userUuid: activationCodes.userUuid });
  return row?.userUuid ?? null;
}

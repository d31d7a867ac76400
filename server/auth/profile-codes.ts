/**
 * One-time codes of the signed-in user's own profile changes (spec sections 5 and 7 "User profile"):
 * the link of an email change, and the link and the 6-digit code of a phone change. Each carries its
 * payload (the new address or the telephone it confirms), so a code confirms exactly what it was
 * sent for: a number changed since makes it useless.
 *
 * Links are 32 random bytes stored as their SHA-256 like every code (server/auth/codes.ts). The SMS
 * code has 6 digits only, so it is stored as SHA-256 of `<user uuid>:<code>` (two users' codes never
 * collide and a hash cannot be matched across users), is checked only for a signed-in caller, and
 * stops working after PHONE_CODE_MAX_ATTEMPTS wrong guesses.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { SMS_CODE_LENGTH } from '../../src/domain/index';
import type { Database, Executor } from '../db/client';
import { activationCodes, users } from '../db/schema';
import { retireCodes, usableCode } from './codes';
import { sha256 } from './secrets';

/** An email change link works for 24 hours. */
export const EMAIL_CODE_TTL_MS = 24 * 3600_000;
/** The link of a phone validation SMS works for 24 hours. */
export const PHONE_TOKEN_TTL_MS = 24 * 3600_000;
/** The 6-digit SMS code works for 15 minutes. */
export const PHONE_CODE_TTL_MS = 15 * 60_000;
/** Wrong guesses of one SMS code; at this many the code is spent. */
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/** The stored form of a user's SMS code. */
export const smsCodeHash = (userUuid: string, code: string) => sha256(`${userUuid}:${code}`);

/** A random SMS code of SMS_CODE_LENGTH digits (leading zeros kept). */
export function randomSmsCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

/**
 * Issues a 6-digit SMS code confirming `telephone`. The user's earlier SMS codes are deleted (used
 * or not): they stop working, and a new code can never collide with an old row of the same user.
 */
export async function issueSmsCode(db: Executor, userUuid: string, telephone: string, now: Date): Promise<string> {
  const code = randomSmsCode();
  await db.delete(activationCodes).where(and(eq(activationCodes.userUuid, userUuid), eq(activationCodes.purpose, 'phone-code')));
  await db.insert(activationCodes).values({
    codeHash: smsCodeHash(userUuid, code),
    userUuid,
    purpose: 'phone-code',
    payload: telephone,
    attempts: 0,
    expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
    createdAt: now,
  });
  return code;
}

/**
 * Consumes an email change link of an active user: answers the owner and the new address, or null
 * when the code is unknown, used, expired or its owner deactivated.
 */
export async function consumeEmailCode(db: Executor, code: string, now: Date): Promise<{ userUuid: string; email: string } | null> {
  const [row] = await db
    .update(activationCodes)
    .set({ usedAt: now })
    .where(
      usableCode(code, 'email', now, { activeOwner: true }),
    )
    .returning({ userUuid: activationCodes.userUuid, payload: activationCodes.payload });
  if (!row || row.payload === null) return null;
  return { userUuid: row.userUuid, email: row.payload };
}

/**
 * Consumes the link of a phone validation SMS: answers its owner, or null when the code is unknown,
 * used or expired, or confirms another number than the owner's telephone now. A code issued without
 * a number (before codes carried one) confirms whatever number the owner has.
 */
export async function consumePhoneToken(db: Executor, code: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(activationCodes)
    .set({ usedAt: now })
    .where(
      and(
        usableCode(code, 'phone', now),
        or(
          isNull(activationCodes.payload),
          sql`${activationCodes.payload} = (select ${users.telephone} from ${users} where ${users.uuid} = ${activationCodes.userUuid})`,
        ),
      ),
    )
    .returning({ userUuid: activationCodes.userUuid });
  return row?.userUuid ?? null;
}

/**
 * Checks a 6-digit code against the caller's latest unused, unexpired SMS code for the telephone the
 * caller has now. Right: the code (and every phone code of the user) is used and the telephone is
 * validated. Wrong: the code counts one more attempt and is spent at PHONE_CODE_MAX_ATTEMPTS. The
 * attempt is committed either way; answers whether the telephone was validated.
 */
export async function checkSmsCode(db: Database, userUuid: string, code: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ telephone: users.telephone }).from(users).where(eq(users.uuid, userUuid)).for('update');
    if (!user || user.telephone === null) return false;
    const [latest] = await tx
      .select({ codeHash: activationCodes.codeHash, attempts: activationCodes.attempts })
      .from(activationCodes)
      .where(
        and(
          eq(activationCodes.userUuid, userUuid),
          eq(activationCodes.purpose, 'phone-code'),
          eq(activationCodes.payload, user.telephone),
          isNull(activationCodes.usedAt),
          gt(activationCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(activationCodes.createdAt))
      .limit(1);
    if (!latest) return false;
    if (latest.codeHash !== smsCodeHash(userUuid, code)) {
      const attempts = latest.attempts + 1;
      await tx
        .update(activationCodes)
        .set({ attempts, ...(attempts >= PHONE_CODE_MAX_ATTEMPTS ? { usedAt: now } : {}) })
        .where(eq(activationCodes.codeHash, latest.codeHash));
      return false;
    }
    await retireCodes(tx, userUuid, now, ['phone', 'phone-code']);
    await tx
      .update(users)
      .set({ phoneValidated: true, version: sql`${users.version} + 1`, updatedAt: now })
      .where(eq(users.uuid, userUuid));
    return true;
  });
}

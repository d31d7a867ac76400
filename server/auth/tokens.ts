/**
 * Sessions: an access token (short-lived bearer) and a refresh token per sign-in "family".
 * Refresh tokens rotate and are single-use; using a spent one again revokes the whole family, except
 * one more use of the most recently rotated token within the grace window (two tabs refreshing at
 * once), which gets a fresh pair. A refresh must present the access token issued with its refresh
 * token. Only SHA-256 hashes are stored. Revocation flags the family, so every access token of it
 * stops working at once.
 */
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Session } from '../../src/domain/index';
import type { Database, Executor } from '../db/client';
import { accessTokens, memberships, refreshTokens, tokenFamilies, users } from '../db/schema';
import { toMembership, type Grantee } from '../services/directory';
import type { AuthState } from '../context';
import { randomToken, sha256 } from './secrets';

export interface TokenSettings {
  now(): Date;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  refreshGraceMs: number;
}

interface IssueInput {
  userUuid: string;
  familyUuid: string;
  previousLoginAt: Date | null;
}

async function issuePair(db: Executor, settings: TokenSettings, input: IssueInput): Promise<Session> {
  const now = settings.now();
  const token = randomToken();
  const refreshToken = randomToken();
  const expiresAt = new Date(now.getTime() + settings.accessTokenTtlSeconds * 1000);
  await db.insert(accessTokens).values({ tokenHash: sha256(token), familyUuid: input.familyUuid, userUuid: input.userUuid, expiresAt, createdAt: now });
  await db.insert(refreshTokens).values({
    tokenHash: sha256(refreshToken),
    familyUuid: input.familyUuid,
    userUuid: input.userUuid,
    accessTokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + settings.refreshTokenTtlSeconds * 1000),
    createdAt: now,
  });
  return {
    token,
    refreshToken,
    expirationTime: expiresAt.toISOString(),
    lastLoginTime: input.previousLoginAt?.toISOString() ?? null,
    uuid: input.userUuid,
  };
}

/** A new sign-in: a new family, the user's last-login moved to now, a first token pair. */
export async function startSession(db: Database, settings: TokenSettings, user: { uuid: string; lastLoginAt: Date | null }): Promise<Session> {
  return db.transaction(async (tx) => {
    const now = settings.now();
    const [family] = await tx
      .insert(tokenFamilies)
      .values({ userUuid: user.uuid, previousLoginAt: user.lastLoginAt, createdAt: now })
      .returning({ uuid: tokenFamilies.uuid });
    if (!family) throw new Error('token family not created');
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.uuid, user.uuid));
    return issuePair(tx, settings, { userUuid: user.uuid, familyUuid: family.uuid, previousLoginAt: user.lastLoginAt });
  });
}

export async function revokeFamily(db: Executor, familyUuid: string, now: Date): Promise<void> {
  await db.update(tokenFamilies).set({ revokedAt: now }).where(and(eq(tokenFamilies.uuid, familyUuid), isNull(tokenFamilies.revokedAt)));
  await db.delete(accessTokens).where(eq(accessTokens.familyUuid, familyUuid));
}

export async function revokeAllFamilies(db: Executor, userUuid: string, now: Date): Promise<void> {
  await db.update(tokenFamilies).set({ revokedAt: now }).where(and(eq(tokenFamilies.userUuid, userUuid), isNull(tokenFamilies.revokedAt)));
  await db.delete(accessTokens).where(eq(accessTokens.userUuid, userUuid));
}

export type RefreshOutcome =
  | { ok: true; session: Session }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'token-mismatch' | 'inactive' | 'reused' };

/** Rotates a refresh token. On reuse the family is revoked (committed) and the outcome says so. */
export async function refreshSession(db: Database, settings: TokenSettings, input: { token: string; refreshToken: string }): Promise<RefreshOutcome> {
  const refreshHash = sha256(input.refreshToken);
  const [found] = await db.select({ familyUuid: refreshTokens.familyUuid }).from(refreshTokens).where(eq(refreshTokens.tokenHash, refreshHash));
  if (!found) return { ok: false, reason: 'unknown' };
  return db.transaction(async (tx): Promise<RefreshOutcome> => {
    const now = settings.now();
    // The family row lock serializes concurrent refreshes of one sign-in across gateways.
    const [family] = await tx.select().from(tokenFamilies).where(eq(tokenFamilies.uuid, found.familyUuid)).for('update');
    if (!family || family.revokedAt !== null) return { ok: false, reason: 'revoked' };
    const [current] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, refreshHash));
    if (!current) return { ok: false, reason: 'unknown' };
    // The body's token must be the access token issued with this refresh token (expired or not):
    // a refresh token alone, or beside any other token, renews nothing. Tokens issued before this
    // rule (no hash stored) never match, so such a session signs in again once. Nothing is revoked:
    // whoever holds only a refresh token cannot end the operator's session with it either.
    if (current.accessTokenHash === null || current.accessTokenHash !== sha256(input.token)) return { ok: false, reason: 'token-mismatch' };
    if (current.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    const [user] = await tx.select({ active: users.active }).from(users).where(eq(users.uuid, current.userUuid));
    if (!user || !user.active) {
      await revokeFamily(tx, family.uuid, now);
      return { ok: false, reason: 'inactive' };
    }
    const issue = () => issuePair(tx, settings, { userUuid: current.userUuid, familyUuid: family.uuid, previousLoginAt: family.previousLoginAt });
    if (current.usedAt === null) {
      await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.tokenHash, refreshHash));
      return { ok: true, session: await issue() };
    }
    const [lastSpent] = await tx
      .select({ tokenHash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyUuid, family.uuid), isNotNull(refreshTokens.usedAt)))
      .orderBy(desc(refreshTokens.usedAt), desc(refreshTokens.createdAt))
      .limit(1);
    // One more use within the grace, once: two tabs that refreshed together both go on, while a
    // spent token cannot mint a pair on every call for ten seconds.
    const inGrace =
      lastSpent?.tokenHash === refreshHash && current.graceUsedAt === null && now.getTime() - current.usedAt.getTime() <= settings.refreshGraceMs;
    if (inGrace) {
      await tx.update(refreshTokens).set({ graceUsedAt: now }).where(eq(refreshTokens.tokenHash, refreshHash));
      return { ok: true, session: await issue() };
    }
    await revokeFamily(tx, family.uuid, now);
    return { ok: false, reason: 'reused' };
  });
}

/** Logout: revokes the family of the refresh token (spent or not). Unknown tokens change nothing. */
export async function revokeByRefreshToken(db: Database, refreshToken: string, now: Date): Promise<void> {
  const [found] = await db.select({ familyUuid: refreshTokens.familyUuid }).from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
  if (found) await db.transaction((tx) => revokeFamily(tx, found.familyUuid, now));
}

/** The signed-in caller of a bearer token, or null when it is unknown, expired, revoked or its user inactive. */
export async function authenticateAccessToken(db: Database, token: string, now: Date): Promise<AuthState | null> {
  const tokenHash = sha256(token);
  // one statement: the token, its user and the user's memberships (one row each; none: one row with
  // no membership), so a request's grants (services/directory.ts callerGrantee) need no more reads
  const rows = await db
    .select({ familyUuid: accessTokens.familyUuid, user: users, membership: memberships })
    .from(accessTokens)
    .innerJoin(tokenFamilies, eq(tokenFamilies.uuid, accessTokens.familyUuid))
    .innerJoin(users, eq(users.uuid, accessTokens.userUuid))
    .leftJoin(memberships, eq(memberships.userUuid, users.uuid))
    .where(and(eq(accessTokens.tokenHash, tokenHash), gt(accessTokens.expiresAt, now), isNull(tokenFamilies.revokedAt), eq(users.active, true)))
    .orderBy(asc(memberships.uuid));
  const [first] = rows;
  if (first === undefined) return null;
  const grants = rows.flatMap(({ membership }) => (membership === null ? [] : [toMembership(membership)]));
  const grantee: Grantee = { user: first.user, permissions: first.user.permissions, memberships: grants };
  return { userUuid: first.user.uuid, familyUuid: first.familyUuid, tokenHash, grantee: Promise.resolve(grantee) };
}

/** Removes expired access tokens and refresh tokens (and families left without any). */
export async function purgeExpiredTokens(db: Database, now: Date): Promise<void> {
  await db.delete(accessTokens).where(lt(accessTokens.expiresAt, now));
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now));
  await db
    .delete(tokenFamilies)
    .where(notExists(db.select({ one: sql`1` }).from(refreshTokens).where(eq(refreshTokens.familyUuid, tokenFamilies.uuid))));
}

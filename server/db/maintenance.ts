/**
 * Housekeeping run at start and hourly: expired tokens and codes, throttling events past every
 * window (known-address markers after 30 days), and idempotency keys past their 24-hour retention.
 */
import { lt } from 'drizzle-orm';
import { purgeEvents } from '../auth/throttle';
import { DEFAULT_LIMITS } from '../context';
import { purgeExpiredTokens } from '../auth/tokens';
import { purgeIdempotencyKeys } from '../plugins/idempotency';
import type { Database } from './client';
import { activationCodes } from './schema';

const DAY_MS = 24 * 3600_000;

export async function purgeExpired(db: Database, now: Date): Promise<void> {
  await purgeIdempotencyKeys(db, now);
  // failures count for at most a day (DEFAULT_LIMITS.pairWindowMs); known-address markers for longer
  await purgeEvents(db, new Date(now.getTime() - DAY_MS), new Date(now.getTime() - DEFAULT_LIMITS.knownAddressMs));
  await purgeExpiredTokens(db, now);
  await db.delete(activationCodes).where(lt(activationCodes.expiresAt, new Date(now.getTime() - DAY_MS)));
}

/**
 * Housekeeping run at start and hourly: expired tokens and codes, throttling events past every
 * window (known-address markers after 30 days), idempotency keys past their 24-hour retention,
 * organizations' images nothing has named for a day, mail and SMS files past their retention, and the
 * files of expired transaction exports, and rate-code imports left behind.
 */
import { inArray, lt } from 'drizzle-orm';
import { purgeEvents } from '../auth/throttle';
import { DEFAULT_LIMITS } from '../context';
import { purgeExpiredTokens } from '../auth/tokens';
import { removeOldMailFiles } from '../mail/outbox';
import { purgeIdempotencyKeys } from '../plugins/idempotency';
import { removeUnusedImages } from '../services/images';
import { purgeStaleImports } from '../services/rate-code-import';
import type { Database } from './client';
import { activationCodes, exportChunks, exportJobs } from './schema';

const DAY_MS = 24 * 3600_000;

export async function purgeExpired(db: Database, now: Date): Promise<void> {
  await purgeIdempotencyKeys(db, now);
  // failures count for at most a day (DEFAULT_LIMITS.pairWindowMs); known-address markers for longer
  await purgeEvents(db, new Date(now.getTime() - DAY_MS), new Date(now.getTime() - DEFAULT_LIMITS.knownAddressMs));
  await purgeExpiredTokens(db, now);
  await db.delete(activationCodes).where(lt(activationCodes.expiresAt, new Date(now.getTime() - DAY_MS)));
  // an expired export's file (its job stays, so its link answers 410 rather than 404)
  await db.delete(exportChunks).where(inArray(exportChunks.jobUuid, db.select({ uuid: exportJobs.uuid }).from(exportJobs).where(lt(exportJobs.expiresAt, now))));
  // rate-code imports their gateway left behind, and staged rows of none (docs/adr/0029)
  await purgeStaleImports(db, now);
}

/** How often the gateway runs housekeeping (and once at start). */
export const HOUSEKEEPING_INTERVAL_MS = 3600_000;

export interface HousekeepingOptions {
  /** where mail and SMS files are written; null: none */
  mailDir: string | null;
  mailRetentionDays: number;
}

/** Everything housekeeping removes, as of `now`. */
export async function housekeeping(db: Database, now: Date, options: HousekeepingOptions): Promise<void> {
  await purgeExpired(db, now);
  await removeUnusedImages(db, now);
  if (options.mailDir !== null) await removeOldMailFiles(options.mailDir, new Date(now.getTime() - options.mailRetentionDays * DAY_MS));
}

/**
 * Housekeeping run at start and hourly: expired tokens and codes, throttling events past every
 * window (known-address markers after 30 days), idempotency keys past their 24-hour retention,
 * organizations' images nothing has named for a day, mail and SMS files past their retention, the
 * files of expired transaction exports, rate-code imports left behind, and change-history entries
 * past HISTORY_RETENTION_DAYS.
 */
import { asc, inArray, lt } from 'drizzle-orm';
import { purgeEvents } from '../auth/throttle';
import { DEFAULT_LIMITS } from '../context';
import { purgeExpiredTokens } from '../auth/tokens';
import { removeOldMailFiles } from '../mail/outbox';
import { purgeIdempotencyKeys } from '../plugins/idempotency';
import { removeUnusedImages } from '../services/images';
import { purgeStaleImports } from '../services/rate-code-import';
import type { Database } from './client';
import { activationCodes, exportChunks, exportJobs, historyEntries } from './schema';

const DAY_MS = 24 * 3600_000;

export async function purgeExpired(db: Database, now: Date): Promise<void> {
  await purgeIdempotencyKeys(db, now);
  // failures count for at most a day (DEFAULT_LIMITS.pairWindowMs); known-address markers for longer
  await purgeEvents(db, new Date(now.getTime() - DAY_MS), new Date(now.getTime() - DEFAULT_LIMITS.knownAddressMs));
  await purgeExpiredTokens(db, now);
  await db.delete(activationCodes).where(lt(activationCodes.expiresAt, new Date(now.getTime() - DAY_MS)));
  // an expired export's file (its job stays, so its link answers 410 rather than 404)
  await db.delete(exportChunks).where(inArray(exportChunks.jobUuid, db.select({ uuid: exportJobs.uuid }).from(exportJobs).where(lt(exportJobs.expiresAt, now))));
  // rate-code imports their gateway left behind, and staged rows of none (docs/adr/0030)
  await purgeStaleImports(db, now);
}

/** Entries removed per statement: a year of a busy group's history never holds one long lock. */
export const HISTORY_PRUNE_BATCH = 5_000;

/** Removes the change-history entries applied before `cutoff`, a batch at a time (oldest first, on history_applied_idx); answers how many. */
export async function pruneHistory(db: Database, cutoff: Date, batch = HISTORY_PRUNE_BATCH): Promise<number> {
  let removed = 0;
  for (;;) {
    const oldest = db.select({ uuid: historyEntries.uuid }).from(historyEntries).where(lt(historyEntries.appliedAt, cutoff)).orderBy(asc(historyEntries.appliedAt)).limit(batch);
    const gone = await db.delete(historyEntries).where(inArray(historyEntries.uuid, oldest)).returning({ uuid: historyEntries.uuid });
    removed += gone.length;
    if (gone.length < batch) return removed;
  }
}

/** How often the gateway runs housekeeping (and once at start). */
export const HOUSEKEEPING_INTERVAL_MS = 3600_000;

export interface HousekeepingOptions {
  /** where mail and SMS files are written; null: none */
  mailDir: string | null;
  mailRetentionDays: number;
  /** change-history entries applied longer ago are removed (default 400 days); absent: kept */
  historyRetentionDays?: number;
}

/** Everything housekeeping removes, as of `now`. */
export async function housekeeping(db: Database, now: Date, options: HousekeepingOptions): Promise<void> {
  await purgeExpired(db, now);
  await removeUnusedImages(db, now);
  if (options.historyRetentionDays !== undefined) await pruneHistory(db, new Date(now.getTime() - options.historyRetentionDays * DAY_MS));
  if (options.mailDir !== null) await removeOldMailFiles(options.mailDir, new Date(now.getTime() - options.mailRetentionDays * DAY_MS));
}

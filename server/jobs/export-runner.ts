/**
 * Transaction exports run as jobs in the database (ADR 0026). A gateway claims one job at a time with
 * one UPDATE (FOR UPDATE SKIP LOCKED: two gateways on one PostgreSQL never claim the same job),
 * stamping a fresh claim token and a lease it renews with every batch. It writes the CSV in batches
 * of EXPORT_BATCH_ROWS transactions, each batch one export_chunks row, so neither the gateway nor
 * the download ever holds the whole file. Only the holder of the current claim may write a chunk or
 * finish the job: a gateway that died mid-run leaves a lapsed lease, the next claim starts the file
 * again, and the finishing UPDATE (status RUNNING and this claim token) lets exactly one run record
 * the mail. A run that fails is tried again, EXPORT_MAX_ATTEMPTS in all, then the job is FAILED and
 * the requester is told by mail.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { csvDecimal, csvRecord, EXPORT_LINK_DAYS, formatInZone, minorToDecimal } from '../../src/domain/index';
import type { Mailer } from '../context';
import type { Database, Executor } from '../db/client';
import { exportChunks, exportJobs, organizationalUnits, transactions } from '../db/schema';
import type { RecordedMail } from '../mail/outbox';

export const EXPORT_BATCH_ROWS = 5_000;
/** how long a claim holds without renewal; renewed with every batch */
export const EXPORT_LEASE_MS = 2 * 60_000;
/** how often an idle gateway looks for jobs queued elsewhere or left by a gateway that stopped */
export const EXPORT_POLL_MS = 10_000;
export const EXPORT_MAX_ATTEMPTS = 3;
const DAY_MS = 24 * 3600_000;

export const EXPORT_COLUMNS = [
  'Time',
  'Unit',
  'Check number',
  'Table',
  'Guests',
  'Employee',
  'Payment method',
  'Payment type',
  'Card brand',
  'Card last 4',
  'Room number',
  'Guest name',
  'PMS posting',
  'Currency',
  'Subtotal',
  'Discounts',
  'Taxes',
  'Tips',
  'Total',
  'Transaction',
  'Related transaction',
] as const;

export const EXPORT_READY_SUBJECT = 'Your transactions export is ready';
export const EXPORT_FAILED_SUBJECT = 'Your transactions export failed';

type JobRow = typeof exportJobs.$inferSelect;

export interface ExportRunnerOptions {
  db: Database;
  now(): Date;
  mailer: Mailer;
  /** the app's address, for the link in the mail */
  publicUrl: string;
  log: { info(message: string): void; error(error: unknown, message: string): void };
  batchRows?: number;
}

export interface ExportRunner {
  /** Runs claimable jobs, one at a time, until none is left; resolves with how many this drain ran. */
  drain(): Promise<number>;
  /** A drain in the background (a job was just queued, or the poll came round). */
  kick(): void;
  /** No further job or batch: a job under way is handed back to the queue; resolves once idle. */
  stop(): Promise<void>;
}

/** The claim was taken over (its lease lapsed and another run claimed the job): this run stops writing. */
class LostClaim extends Error {}
/** The gateway is closing: the job goes back to the queue without counting the attempt. */
class Stopping extends Error {}

/** The link of the mail: the app's page, which downloads the file with the reader's session. */
export const exportPageUrl = (publicUrl: string, jobUuid: string) => `${publicUrl}/exports/${jobUuid}`;

/** One transaction as the export's CSV record: times in the job's zone, amounts as decimal text of their currency. */
function recordOf(row: BatchRow, unitName: string, timeZone: string): string {
  const amount = (minor: number) => csvDecimal(minorToDecimal(minor, row.currency));
  return csvRecord([
    formatInZone(row.occurredAt, timeZone),
    unitName,
    row.checkNumber,
    row.tableNumber,
    row.guests,
    row.employee,
    row.paymentMethodType,
    row.paymentType,
    row.cardBrand,
    row.cardLast4,
    row.roomNumber,
    row.guestName,
    row.pmsPostingStatus,
    row.currency,
    amount(row.subtotalMinor),
    amount(row.discountMinor),
    amount(row.taxMinor),
    amount(row.tipMinor),
    amount(row.totalMinor),
    row.uuid,
    row.relatedUuid,
  ]);
}

const batchColumns = {
  uuid: transactions.uuid,
  ouUuid: transactions.ouUuid,
  occurredAt: transactions.occurredAt,
  /** the instant at full precision (microseconds), for the keyset cursor */
  cursorAt: sql<string>`${transactions.occurredAt}::text`,
  checkNumber: transactions.checkNumber,
  tableNumber: transactions.tableNumber,
  guests: transactions.guests,
  employee: transactions.employee,
  paymentMethodType: transactions.paymentMethodType,
  paymentType: transactions.paymentType,
  cardBrand: transactions.cardBrand,
  cardLast4: transactions.cardLast4,
  roomNumber: transactions.roomNumber,
  guestName: transactions.guestName,
  pmsPostingStatus: transactions.pmsPostingStatus,
  currency: transactions.currency,
  subtotalMinor: transactions.subtotalMinor,
  discountMinor: transactions.discountMinor,
  taxMinor: transactions.taxMinor,
  tipMinor: transactions.tipMinor,
  totalMinor: transactions.totalMinor,
  relatedUuid: transactions.relatedUuid,
};

interface Cursor {
  at: string;
  uuid: string;
}

/** The next batch of the job's transactions in [after, before), oldest first, after the cursor. */
function readBatch(db: Database, job: JobRow, cursor: Cursor | null, limit: number) {
  return db
    .select(batchColumns)
    .from(transactions)
    .where(
      and(
        inArray(transactions.ouUuid, job.ouUuids),
        lt(transactions.occurredAt, job.before),
        cursor === null
          ? gte(transactions.occurredAt, job.after)
          : // the plain bound lets the (unit, time) index start at the cursor; the row comparison breaks ties
            and(sql`${transactions.occurredAt} >= ${cursor.at}::timestamptz`, sql`(${transactions.occurredAt}, ${transactions.uuid}) > (${cursor.at}::timestamptz, ${cursor.uuid}::uuid)`),
      ),
    )
    .orderBy(asc(transactions.occurredAt), asc(transactions.uuid))
    .limit(limit);
}
type BatchRow = Awaited<ReturnType<typeof readBatch>>[number];

function readyMail(job: JobRow, rowCount: number, publicUrl: string) {
  const zone = job.timeZone;
  const expiresAt = job.expiresAt ?? new Date();
  return {
    to: job.email,
    subject: EXPORT_READY_SUBJECT,
    body: [
      `Your export of transactions from ${formatInZone(job.after, zone)} to ${formatInZone(job.before, zone)} (${zone}) is ready: ${rowCount.toLocaleString('en')} ${rowCount === 1 ? 'transaction' : 'transactions'}.`,
      '',
      `Download it here: ${exportPageUrl(publicUrl, job.uuid)}`,
      '',
      `The link works for ${EXPORT_LINK_DAYS} days, until ${formatInZone(expiresAt, zone)} (${zone}), and needs you to sign in to Lobby with an account that may see these transactions.`,
    ].join('\n'),
  };
}

/** The instant in the job's zone; in UTC when the zone itself is what failed. */
function inZone(instant: Date, zone: string): string {
  try {
    return `${formatInZone(instant, zone)} (${zone})`;
  } catch {
    return `${instant.toISOString().slice(0, 19).replace('T', ' ')} (UTC)`;
  }
}

function failedMail(job: JobRow) {
  return {
    to: job.email,
    subject: EXPORT_FAILED_SUBJECT,
    body: [
      `Your export of transactions from ${inZone(job.after, job.timeZone)} to ${inZone(job.before, job.timeZone)} could not be prepared.`,
      '',
      'Please request it again in Lobby. If it fails again, contact your administrator.',
    ].join('\n'),
  };
}

export function createExportRunner(options: ExportRunnerOptions): ExportRunner {
  const { db, mailer, log } = options;
  const batchRows = options.batchRows ?? EXPORT_BATCH_ROWS;
  let stopped = false;
  let tail: Promise<unknown> = Promise.resolve();
  let waiting: Promise<number> | null = null;

  const leaseFrom = () => new Date(options.now().getTime() + EXPORT_LEASE_MS);

  /** The claimed job, with a fresh token, lease and one more attempt; null when none is due. */
  async function claim(): Promise<JobRow | null> {
    const now = options.now();
    const due = db
      .select({ uuid: exportJobs.uuid })
      .from(exportJobs)
      .where(or(eq(exportJobs.status, 'QUEUED'), and(eq(exportJobs.status, 'RUNNING'), lt(exportJobs.leaseUntil, now))))
      .orderBy(asc(exportJobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await db
      .update(exportJobs)
      .set({ status: 'RUNNING', claimToken: randomUUID(), leaseUntil: leaseFrom(), attempts: sql`${exportJobs.attempts} + 1` })
      .where(inArray(exportJobs.uuid, due))
      .returning();
    return job ?? null;
  }

  const held = (job: JobRow) => and(eq(exportJobs.uuid, job.uuid), eq(exportJobs.claimToken, job.claimToken as string), eq(exportJobs.status, 'RUNNING'));

  /** `write` in a transaction that first renews the claim's lease (and holds the job's row): LostClaim when the claim is no longer this run's. */
  async function underClaim(job: JobRow, write: (tx: Executor) => Promise<void>): Promise<void> {
    if (stopped) throw new Stopping();
    await db.transaction(async (tx) => {
      const renewed = await tx.update(exportJobs).set({ leaseUntil: leaseFrom() }).where(held(job)).returning({ uuid: exportJobs.uuid });
      if (renewed.length === 0) throw new LostClaim();
      await write(tx);
    });
  }

  /** Ends the claim: DONE or FAILED with its mail, recorded in the same transaction, only if the claim still holds. */
  async function finish(job: JobRow, outcome: { status: 'DONE'; rowCount: number; byteCount: number } | { status: 'FAILED'; error: string }): Promise<void> {
    const now = options.now();
    const mail = await db.transaction(async (tx): Promise<RecordedMail | null> => {
      const values =
        outcome.status === 'DONE'
          ? { status: 'DONE' as const, rowCount: outcome.rowCount, byteCount: outcome.byteCount, error: null, expiresAt: new Date(now.getTime() + EXPORT_LINK_DAYS * DAY_MS) }
          : { status: 'FAILED' as const, error: outcome.error.slice(0, 500) };
      const [done] = await tx
        .update(exportJobs)
        .set({ ...values, finishedAt: now, claimToken: null, leaseUntil: null })
        .where(held(job))
        .returning();
      if (!done) return null;
      if (outcome.status === 'FAILED') await tx.delete(exportChunks).where(eq(exportChunks.jobUuid, job.uuid));
      return mailer.record(tx, outcome.status === 'DONE' ? readyMail(done, outcome.rowCount, options.publicUrl) : failedMail(done));
    });
    if (mail) await mailer.deliver(mail);
  }

  async function write(job: JobRow): Promise<{ rowCount: number; byteCount: number }> {
    // an earlier attempt's chunks go first: the file is written again from its first row
    await underClaim(job, async (tx) => void (await tx.delete(exportChunks).where(eq(exportChunks.jobUuid, job.uuid))));
    const units = new Map(
      (await db.select({ uuid: organizationalUnits.uuid, name: organizationalUnits.name }).from(organizationalUnits).where(inArray(organizationalUnits.uuid, job.ouUuids))).map(
        (unit) => [unit.uuid, unit.name],
      ),
    );
    let cursor: Cursor | null = null;
    let seq = 0;
    let rowCount = 0;
    let byteCount = 0;
    for (;;) {
      const batch = await readBatch(db, job, cursor, batchRows);
      if (batch.length === 0 && seq > 0) break;
      let text = seq === 0 ? csvRecord(EXPORT_COLUMNS) : '';
      for (const row of batch) text += recordOf(row, units.get(row.ouUuid) ?? '', job.timeZone);
      const chunkSeq = seq;
      await underClaim(job, async (tx) => void (await tx.insert(exportChunks).values({ jobUuid: job.uuid, seq: chunkSeq, data: text })));
      seq += 1;
      rowCount += batch.length;
      byteCount += Buffer.byteLength(text, 'utf8');
      const last = batch.at(-1);
      if (!last || batch.length < batchRows) break;
      cursor = { at: last.cursorAt, uuid: last.uuid };
    }
    return { rowCount, byteCount };
  }

  async function run(job: JobRow): Promise<void> {
    if (job.attempts > EXPORT_MAX_ATTEMPTS) {
      // its last attempt's gateway stopped mid-run: no further attempt
      await finish(job, { status: 'FAILED', error: `stopped after ${EXPORT_MAX_ATTEMPTS} attempts` });
      return;
    }
    try {
      await finish(job, { status: 'DONE', ...(await write(job)) });
    } catch (error) {
      if (error instanceof LostClaim) {
        log.info(`export ${job.uuid}: another run claimed it, this one stops`);
        return;
      }
      if (error instanceof Stopping) {
        await db
          .update(exportJobs)
          .set({ status: 'QUEUED', claimToken: null, leaseUntil: null, attempts: sql`${exportJobs.attempts} - 1` })
          .where(held(job));
        return;
      }
      log.error(error, `export ${job.uuid} failed (attempt ${job.attempts} of ${EXPORT_MAX_ATTEMPTS})`);
      if (job.attempts >= EXPORT_MAX_ATTEMPTS) {
        await finish(job, { status: 'FAILED', error: error instanceof Error ? error.message : String(error) });
      } else {
        await db.update(exportJobs).set({ status: 'QUEUED', claimToken: null, leaseUntil: null, error: error instanceof Error ? error.message.slice(0, 500) : null }).where(held(job));
      }
    }
  }

  async function drainNow(): Promise<number> {
    let ran = 0;
    while (!stopped) {
      const job = await claim();
      if (!job) break;
      await run(job);
      ran += 1;
    }
    return ran;
  }

  function drain(): Promise<number> {
    // one drain at a time; calls while one runs share the single drain queued after it
    if (waiting) return waiting;
    const next = tail.then(() => {
      waiting = null;
      return drainNow();
    });
    waiting = next;
    tail = next.catch(() => undefined);
    return next;
  }

  return {
    drain,
    kick() {
      if (stopped) return;
      drain().catch((error: unknown) => log.error(error, 'export jobs failed'));
    },
    async stop() {
      stopped = true;
      await tail;
    },
  };
}

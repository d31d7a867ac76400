/**
 * The rate-code CSV import's way into the database (docs/adr/0030): the file's rows are staged as
 * they arrive, in bounded batches of short statements (rate_code_import_rows, keyed by the import),
 * checked there as sets; the rate codes the hotel does not have yet are then written ahead into
 * rate_code_rows, out of sight of the rate_codes view (writeAhead, docs/adr/0042), and one short
 * transaction replaces the hotel's rate codes all or nothing: it removes and updates the hotel's
 * codes and makes the ones written ahead live at once, whatever their number. The gateway holds one
 * batch of rows at a time, never the file or all its rows.
 * One import per hotel runs at a time (rate_code_imports), and a user runs at most
 * MAX_IMPORTS_PER_USER at once: more answer 409.
 */
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES, HISTORY_SAMPLE_MAX, HOTEL_MESSAGES, RATE_CODE_CSV_MESSAGES, type ImportedRateCodeRun } from '../../src/domain/index';
import { DEFAULT_LIMITS } from '../context';
import type { Database, Executor, Transaction } from '../db/client';
import { rateCodeImports, rateCodePublications } from '../db/schema';
import { HttpError } from '../http-error';
import type { BulkGate } from './bulk-gate';
import { rowsOf, withHotelKeysHeld } from './hotels';

/** Runs of rate codes per staging statement: with 5 packages each, some 10,000 rows of the file. */
export const STAGE_BATCH_RUNS = 2_000;
/**
 * Staging batches between the major collections an import asks V8 for (services/heap.ts): some
 * 10,000 rate codes, 50,000 rows of the file. A million rows grew the gateway by 60–110 MB without,
 * by about 20 MB with (docs/adr/0048).
 */
export const STAGE_BATCHES_PER_COLLECTION = 5;
/** Staged rows removed per statement once an import is done. */
const CLEAR_BATCH_ROWS = 20_000;
/** Rate codes written ahead per statement: on the embedded PGlite some 25 ms of the one connection. */
export const AHEAD_BATCH_ROWS = 5_000;
/** Rows written ahead by an import that went no further, removed per statement. */
const AHEAD_CLEAR_BATCH_ROWS = 5_000;
export const MAX_IMPORTS_PER_USER = 2;
/**
 * The lease of an import's claim on its hotel (limits.importLeaseMs, importHeartbeatMs): the running
 * import refreshes its heartbeat every few seconds; a claim whose heartbeat is older than the lease
 * is one its gateway left behind (stopped, killed) and the next import of the hotel takes its place
 * (docs/adr/0036).
 */
const IMPORT_LEASE_MS = DEFAULT_LIMITS.importLeaseMs;

export const RATE_CODE_IMPORT_BUSY = {
  hotel: 'Another import of this hotel’s rate codes is in progress. Wait for it to finish, then import again.',
  user: `You already have ${MAX_IMPORTS_PER_USER} rate code imports in progress. Wait for one to finish, then import again.`,
  replaced: 'This import took too long and another import of the hotel took its place: nothing was imported.',
  resent: 'This import was sent again with the same Idempotency-Key; the later one goes on and this one imported nothing.',
} as const;

const busy = (message: string) => HttpError.of(409, ERROR_CODES.conflict, message, 'file');
const asJson = (value: unknown) => sql`${JSON.stringify(value)}::json`;

export interface BegunImport {
  uuid: string;
  /** imports this one took the place of: the same request sent before (their staged rows are to be cleared) */
  replaced: string[];
}

/**
 * Claims the hotel for one import (409 when another runs, or the user runs too many). A claim whose
 * heartbeat is older than `leaseMs` is one its gateway left behind: this import takes its place. An
 * import of the hotel by the same user with the same Idempotency-Key is this request sent before,
 * whose client gave up on it (its gateway was stopped, or its answer lost): this one takes its place
 * at once, lease or not (docs/adr/0033, 0036).
 */
export async function beginImport(
  db: Database,
  hotelUuid: string,
  userUuid: string,
  now: Date,
  idempotencyKey: string | null = null,
  leaseMs = IMPORT_LEASE_MS,
): Promise<BegunImport> {
  const expired = new Date(now.getTime() - leaseMs);
  return db.transaction(async (tx) => {
    // an import its gateway left behind (no heartbeat within the lease) holds the hotel no longer
    const stale = await tx
      .delete(rateCodeImports)
      .where(and(eq(rateCodeImports.hotelUuid, hotelUuid), lt(rateCodeImports.heartbeatAt, expired)))
      .returning({ uuid: rateCodeImports.uuid });
    const resent =
      idempotencyKey === null
        ? []
        : await tx
            .delete(rateCodeImports)
            .where(and(eq(rateCodeImports.hotelUuid, hotelUuid), eq(rateCodeImports.userUuid, userUuid), eq(rateCodeImports.idempotencyKey, idempotencyKey)))
            .returning({ uuid: rateCodeImports.uuid });
    const [mine] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from rate_code_imports where user_uuid = ${userUuid}::uuid and heartbeat_at >= ${expired.toISOString()}::timestamptz`));
    if ((mine?.n ?? 0) >= MAX_IMPORTS_PER_USER) throw busy(RATE_CODE_IMPORT_BUSY.user);
    const [claimed] = await tx
      .insert(rateCodeImports)
      .values({ hotelUuid, userUuid, startedAt: now, heartbeatAt: now, idempotencyKey })
      .onConflictDoNothing({ target: rateCodeImports.hotelUuid })
      .returning({ uuid: rateCodeImports.uuid });
    if (!claimed) throw busy(RATE_CODE_IMPORT_BUSY.hotel);
    return { uuid: claimed.uuid, replaced: [...stale, ...resent].map((row) => row.uuid) };
  });
}

/**
 * Keeps an import's claim alive: every `everyMs` one UPDATE of its heartbeat (never two at once), on
 * a timer, whatever the import is doing. stop() ends it and waits for the one under way.
 */
export function keepClaim(db: Database, importUuid: string, now: () => Date, everyMs = DEFAULT_LIMITS.importHeartbeatMs): { stop(): Promise<void> } {
  let beating: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (beating) return;
    beating = db
      .update(rateCodeImports)
      .set({ heartbeatAt: now() })
      .where(eq(rateCodeImports.uuid, importUuid))
      .then(
        () => undefined,
        // a missed beat is made up by the next; the import's own statements report a lost database
        () => undefined,
      )
      .finally(() => (beating = null));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await beating;
    },
  };
}

/** Stages one batch of runs (one statement), their packages as uuids. */
export async function stageRuns(db: Database, importUuid: string, firstSeq: number, runs: readonly ImportedRateCodeRun[], uuidOf: ReadonlyMap<string, string>): Promise<void> {
  if (runs.length === 0) return;
  const rows = runs.map((run, index) => ({
    seq: firstSeq + index,
    name: run.name,
    packages: run.packageExternalIds.map((externalId) => uuidOf.get(externalId) as string),
    first_line: run.firstLine,
    // the app's measure of the ID (UTF-16 code units), as rateCodeIdSchema applies it
    long_name: run.name.length > 100,
  }));
  await db.execute(sql`
    insert into rate_code_import_rows (import_uuid, seq, name, packages, first_line, long_name)
    select ${importUuid}::uuid, s.seq, s.name, s.packages, s.first_line, s.long_name
    from json_to_recordset(${asJson(rows)}) as s(seq int, name text, packages jsonb, first_line int, long_name boolean)`);
}

export interface StagedCheck {
  rateCodes: number;
  pairs: number;
  /** problems of the rules of every rate code, and the first of them */
  problems: number;
  first: string | null;
}

/**
 * A rate code whose rows are not together in the file came as several runs: they become one, its
 * packages in file order without repeats. Then the rules of every rate code, as sets.
 */
export async function checkStaged(db: Database, gate: BulkGate, importUuid: string): Promise<StagedCheck> {
  await gate.turn();
  const [split] = rowsOf<{ one: number }>(await db.execute(sql`select 1 as one from rate_code_import_rows where import_uuid = ${importUuid}::uuid group by name having count(*) > 1 limit 1`));
  if (split) {
    await gate.turn();
    await db.execute(sql`
      with split as (
        select name from rate_code_import_rows where import_uuid = ${importUuid}::uuid group by name having count(*) > 1
      ), pairs as (
        select r.name, e.value, min(r.seq::bigint * 1000000 + e.ord) as pos
        from rate_code_import_rows r cross join lateral jsonb_array_elements(r.packages) with ordinality as e(value, ord)
        where r.import_uuid = ${importUuid}::uuid and r.name in (select name from split)
        group by r.name, e.value
      ), merged as (
        select r.name, min(r.first_line) as first_line, bool_or(r.long_name) as long_name,
               (select jsonb_agg(p.value order by p.pos) from pairs p where p.name = r.name) as packages
        from rate_code_import_rows r
        where r.import_uuid = ${importUuid}::uuid and r.name in (select name from split)
        group by r.name
      ), gone as (
        delete from rate_code_import_rows where import_uuid = ${importUuid}::uuid and name in (select name from split)
      )
      insert into rate_code_import_rows (import_uuid, seq, name, packages, first_line, long_name)
      select ${importUuid}::uuid, -(row_number() over (order by first_line))::int, name, packages, first_line, long_name from merged`);
  }
  await gate.turn();
  const [counts] = rowsOf<{ codes: number; pairs: number; problems: number }>(
    await db.execute(sql`
      select count(*)::int as codes, coalesce(sum(jsonb_array_length(packages)), 0)::int as pairs,
             (count(*) filter (where long_name) + count(*) filter (where jsonb_array_length(packages) > 1000))::int as problems
      from rate_code_import_rows where import_uuid = ${importUuid}::uuid`),
  );
  let first: string | null = null;
  if ((counts?.problems ?? 0) > 0) {
    await gate.turn();
    const [row] = rowsOf<{ first_line: number; long_name: boolean }>(
      await db.execute(sql`
        select first_line, long_name from rate_code_import_rows
        where import_uuid = ${importUuid}::uuid and (long_name or jsonb_array_length(packages) > 1000)
        order by first_line limit 1`),
    );
    if (row) first = RATE_CODE_CSV_MESSAGES.rateCodeRule(row.first_line, row.long_name ? HOTEL_MESSAGES.rateCodeIdTooLong : HOTEL_MESSAGES.rateCodeTooManyPackages);
  }
  return { rateCodes: counts?.codes ?? 0, pairs: counts?.pairs ?? 0, problems: counts?.problems ?? 0, first };
}

/** What writeAhead did: the rate codes staged, and those written ahead (the ones the hotel did not have). */
export interface WrittenAhead {
  staged: number;
  written: number;
}

/**
 * Writes the staged rate codes the hotel does not have (by ID) into rate_code_rows ahead of the
 * import's last transaction, under the uuids made while staging: a batch per statement, each after
 * the gate's turn and in a transaction of its own, so the embedded database's one connection is
 * never held long. They carry the import (imported_by), registered first in rate_code_publications,
 * not live: the rate_codes view leaves them out until publishStaged makes them live, all at once.
 * A batch writes only while the import holds the hotel (its claim in rate_code_imports) and its
 * registration is there: one taken over (its gateway stopped, its request sent again) or cleared
 * writes nothing more, so clearAhead, which runs only once the claim is gone, leaves no row behind.
 * On PGlite the keys are held as the last transaction holds them.
 */
export async function writeAhead(db: Database, gate: BulkGate, importUuid: string, orgUuid: string, hotelUuid: string, now: Date, embedded = false): Promise<WrittenAhead> {
  await gate.turn();
  // registered while the import holds the hotel (its claim): one taken over or cleared writes nothing
  await db.execute(sql`
    insert into rate_code_publications (import_uuid, hotel_uuid)
    select ${importUuid}::uuid, ${hotelUuid}::uuid where exists (select 1 from rate_code_imports i where i.uuid = ${importUuid}::uuid)
    on conflict do nothing`);
  // a hotel without rate codes (a new one) needs no look-up per code, which would read the codes
  // written so far too; one a save makes live meanwhile is matched in the last transaction
  const [hotelHas] = rowsOf<{ any: boolean }>(await db.execute(sql`select exists (select 1 from rate_codes where hotel_uuid = ${hotelUuid}::uuid) as any`));
  const notLive = hotelHas?.any === false ? sql`true` : sql`not exists (select 1 from rate_codes r where r.hotel_uuid = ${hotelUuid}::uuid and r.name = b.name)`;
  const time = now.toISOString();
  let last = -2_147_483_648;
  const done: WrittenAhead = { staged: 0, written: 0 };
  for (;;) {
    await gate.turn();
    const [batch] = await db.transaction((tx) =>
      withHotelKeysHeld(tx, embedded, orgUuid, hotelUuid, async () =>
        rowsOf<{ last: number | null; taken: number; written: number }>(
          await tx.execute(sql`
            with batch as (
              select s.seq, s.uuid, s.name, s.packages from rate_code_import_rows s
              where s.import_uuid = ${importUuid}::uuid and s.seq > ${last}::int order by s.seq limit ${AHEAD_BATCH_ROWS}
            ), fresh as (
              insert into rate_code_rows (uuid, org_uuid, hotel_uuid, name, external_id, packages, created_at, updated_at, imported_by)
              select b.uuid, ${orgUuid}::uuid, ${hotelUuid}::uuid, b.name, b.name, b.packages, ${time}::timestamptz, ${time}::timestamptz, ${importUuid}::uuid
              from batch b
              where ${notLive}
              and exists (select 1 from rate_code_imports i where i.uuid = ${importUuid}::uuid)
              and exists (select 1 from rate_code_publications p where p.import_uuid = ${importUuid}::uuid and not p.live)
              order by b.uuid
              returning 1
            )
            select (select max(seq) from batch)::int as last, (select count(*) from batch)::int as taken, (select count(*) from fresh)::int as written`),
        ),
      ),
    );
    done.staged += batch?.taken ?? 0;
    done.written += batch?.written ?? 0;
    if (batch?.last === null || batch?.last === undefined || (batch.taken ?? 0) < AHEAD_BATCH_ROWS) return done;
    last = batch.last;
  }
}

/** What an import did to the hotel's rate codes, matched by ID. */
export interface ImportOutcome {
  added: number;
  changed: number;
  removed: number;
  kept: number;
}

/**
 * Makes the staged rows the hotel's rate codes, in the caller's transaction (under the hotel's
 * lock), matched by ID: a code the file leaves out goes, a code whose packages (or their order)
 * differ is updated (its version moves on), a new one comes, and one the file holds as it is stays
 * untouched (same uuid, same version), so an exported file imported back changes nothing. The
 * new ones written ahead (`ahead`, writeAhead) become live here at once, one row changed: only what
 * changed since they were written is matched again (an ID a save made live meanwhile stays as the
 * save made it and is updated like any other; one it removed comes new). Without `ahead` every new
 * code is written here. The hotel is then free for the next import. Throws 409 when the import no
 * longer holds the hotel, 503 when the same request sent again (`resentAs`, the caller and its
 * Idempotency-Key) took it.
 */
export async function publishStaged(
  tx: Transaction,
  importUuid: string,
  orgUuid: string,
  hotelUuid: string,
  now: Date,
  resentAs: { userUuid: string; idempotencyKey: string } | null = null,
  /** the embedded PGlite (LobbyContext.embedded) */
  embedded = false,
  ahead: WrittenAhead | null = null,
): Promise<ImportOutcome & { sample: { name: string; packages: string[] }[] }> {
  const released = await tx.delete(rateCodeImports).where(eq(rateCodeImports.uuid, importUuid)).returning({ uuid: rateCodeImports.uuid });
  if (released.length === 0) {
    // taken over by the same request sent again (beginImport): not a refusal to store under the
    // key the later one holds, so a 5xx, answered to a client that no longer waits for it
    if (resentAs !== null) {
      const [resent] = await tx
        .select({ uuid: rateCodeImports.uuid })
        .from(rateCodeImports)
        .where(and(eq(rateCodeImports.hotelUuid, hotelUuid), eq(rateCodeImports.userUuid, resentAs.userUuid), eq(rateCodeImports.idempotencyKey, resentAs.idempotencyKey)));
      if (resent) throw HttpError.of(503, ERROR_CODES.conflict, RATE_CODE_IMPORT_BUSY.resent, 'file');
    }
    throw busy(RATE_CODE_IMPORT_BUSY.replaced);
  }
  const time = now.toISOString();
  const counted = async (statement: SQL) => rowsOf<{ n: number }>(await tx.execute(sql`with done as (${statement} returning 1) select count(*)::int as n from done`))[0]?.n ?? 0;
  const staged = sql`select name, packages from rate_code_import_rows where import_uuid = ${importUuid}::uuid`;
  const removed = await counted(sql`
    delete from rate_codes r where r.hotel_uuid = ${hotelUuid}::uuid
    and not exists (select 1 from rate_code_import_rows s where s.import_uuid = ${importUuid}::uuid and s.name = r.name)`);
  const changed = await counted(sql`
    update rate_codes r set packages = s.packages, external_id = s.name, version = r.version + 1, updated_at = ${time}::timestamptz
    from (${staged}) as s
    where r.hotel_uuid = ${hotelUuid}::uuid and r.name = s.name and (r.packages <> s.packages or r.external_id <> s.name)`);
  // written ahead under an ID made live since (by a save): the live one stays, updated above
  const taken =
    ahead === null || ahead.written === 0
      ? 0
      : await counted(sql`
          delete from rate_code_rows p using rate_codes r
          where r.hotel_uuid = ${hotelUuid}::uuid and p.imported_by = ${importUuid}::uuid and p.name = r.name`);
  // new rate codes not written ahead (all of them without `ahead`; else an ID that was live then and
  // has been removed since) take the uuids made while staging, in their order (the primary key's
  // index grows at one end instead of everywhere)
  const insertNew = sql`
    insert into rate_codes (uuid, org_uuid, hotel_uuid, name, external_id, packages, created_at, updated_at)
    select s.uuid, ${orgUuid}::uuid, ${hotelUuid}::uuid, s.name, s.name, s.packages, ${time}::timestamptz, ${time}::timestamptz
    from rate_code_import_rows s
    where s.import_uuid = ${importUuid}::uuid
    and not exists (select 1 from rate_codes r where r.hotel_uuid = ${hotelUuid}::uuid and r.name = s.name)
    and not exists (select 1 from rate_code_rows p where p.imported_by = ${importUuid}::uuid and p.name = s.name)
    order by s.uuid`;
  // on PGlite without the row-by-row key checks: every row names this import's organization and hotel
  const inserted = ahead !== null && ahead.written === ahead.staged ? 0 : await withHotelKeysHeld(tx, embedded, orgUuid, hotelUuid, () => counted(insertNew));
  // the rows written ahead are live from here on
  if (ahead !== null && ahead.written > 0) await tx.update(rateCodePublications).set({ live: true, publishedAt: now }).where(eq(rateCodePublications.importUuid, importUuid));
  const added = (ahead?.written ?? 0) - taken + inserted;
  const total = ahead?.staged ?? rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from rate_code_import_rows where import_uuid = ${importUuid}::uuid`))[0]?.n ?? 0;
  // the file's first rate codes, for the import's one history entry (packages as uuids)
  const sample = rowsOf<{ name: string; packages: string }>(
    await tx.execute(sql`select name, packages::text as packages from rate_code_import_rows where import_uuid = ${importUuid}::uuid order by seq limit ${HISTORY_SAMPLE_MAX}`),
  ).map((row) => ({ name: row.name, packages: JSON.parse(row.packages) as string[] }));
  return { added, changed, removed, kept: total - added - changed, sample };
}

/** Frees the hotel of an import that goes no further (refused, failed); its rows are cleared apart. */
export async function releaseImport(db: Executor, importUuid: string): Promise<void> {
  await db.delete(rateCodeImports).where(eq(rateCodeImports.uuid, importUuid));
}

/**
 * Clears an import's staged rows, a batch per statement, each after the gate's turn; then, if it
 * went no further, the rows it wrote ahead (never live) and their registration (clearAhead).
 */
export async function clearStaged(db: Database, gate: BulkGate, importUuid: string): Promise<void> {
  await clearStagedRows(db, gate, importUuid);
  await clearAhead(db, gate, importUuid);
}

/**
 * Runs `remove` (a DELETE of at most `batch` rows, without RETURNING) again and again, each after
 * the gate's turn, until it removes fewer than `batch`: housekeeping and clearing never hold the
 * embedded database's one connection for long.
 */
async function deleteInBatches(db: Database, gate: BulkGate | null, batch: number, remove: SQL): Promise<void> {
  for (;;) {
    await gate?.turn();
    const [done] = rowsOf<{ n: number }>(await db.execute(sql`with gone as (${remove} returning 1) select count(*)::int as n from gone`));
    if ((done?.n ?? 0) < batch) return;
  }
}

async function clearStagedRows(db: Database, gate: BulkGate, importUuid: string): Promise<void> {
  await deleteInBatches(
    db,
    gate,
    CLEAR_BATCH_ROWS,
    sql`delete from rate_code_import_rows where import_uuid = ${importUuid}::uuid
        and seq in (select seq from rate_code_import_rows where import_uuid = ${importUuid}::uuid limit ${CLEAR_BATCH_ROWS})`,
  );
}

/**
 * The rows an import or a hotel save wrote ahead (rate codes; a save's packages too) and never made
 * live, a batch per statement, then their registration; nothing of one whose rows are live.
 */
export async function clearAhead(db: Database, gate: BulkGate | null, importUuid: string): Promise<void> {
  // a live registration (the import or save went through: the usual case) has nothing to clear
  const [registration] = await db.select({ live: rateCodePublications.live }).from(rateCodePublications).where(eq(rateCodePublications.importUuid, importUuid));
  if (registration?.live === true) return;
  for (const table of ['rate_code_rows', 'pms_package_rows'] as const) {
    await deleteInBatches(
      db,
      gate,
      AHEAD_CLEAR_BATCH_ROWS,
      sql`delete from ${sql.identifier(table)} where uuid in (
            select p.uuid from ${sql.identifier(table)} p where p.imported_by = ${importUuid}::uuid limit ${AHEAD_CLEAR_BATCH_ROWS}
          ) and not exists (select 1 from rate_code_publications r where r.import_uuid = ${importUuid}::uuid and r.live)`,
    );
  }
  await db.delete(rateCodePublications).where(and(eq(rateCodePublications.importUuid, importUuid), eq(rateCodePublications.live, false)));
}

/** A hotel save's registration still not live after this long is one its gateway left behind (services/save-ahead.ts). */
export const SAVE_AHEAD_ABANDONED_MS = 10 * 60_000;

/**
 * Housekeeping: imports their gateways left behind (no heartbeat within the lease), staged rows of
 * no import, and rows written ahead and never made live by an import no longer running or by a
 * hotel save registered more than SAVE_AHEAD_ABANDONED_MS ago.
 */
export async function purgeStaleImports(db: Database, now: Date, leaseMs = IMPORT_LEASE_MS): Promise<void> {
  await db.delete(rateCodeImports).where(lt(rateCodeImports.heartbeatAt, new Date(now.getTime() - leaseMs)));
  await db.execute(sql`delete from rate_code_import_rows where import_uuid not in (select uuid from rate_code_imports)`);
  const saveLeftBehind = new Date(now.getTime() - SAVE_AHEAD_ABANDONED_MS).toISOString();
  const abandoned = rowsOf<{ uuid: string }>(
    await db.execute(sql`
      select p.import_uuid as uuid from rate_code_publications p
      where not p.live
      and ((p.kind = 'import' and p.import_uuid not in (select uuid from rate_code_imports))
        or (p.kind = 'save' and p.registered_at < ${saveLeftBehind}::timestamptz))`),
  );
  for (const { uuid } of abandoned) await clearAhead(db, null, uuid);
}

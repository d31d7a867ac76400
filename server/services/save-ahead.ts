/**
 * A big hotel save's new packages and rate codes written ahead on the embedded PGlite
 * (docs/adr/0044), as an import writes its new rate codes ahead (docs/adr/0042): before the save's
 * one transaction, in short transactions of SAVE_AHEAD_BATCH_ROWS rows, each after the bulk gate's
 * turn, into pms_package_rows and rate_code_rows under a registration (rate_code_publications,
 * kind 'save') that is not live, so no read sees them. The save's transaction then checks and
 * writes everything else as before, and makes them live by changing that one row: all or nothing
 * still holds (a refused save's rows never were live, and are cleared after its answer).
 *
 * Writing ahead only saves time: whenever anything is not as expected (a uuid already taken, rows
 * cleared meanwhile by housekeeping), the rows written ahead are dropped and the transaction writes
 * the new items itself, answering exactly as without them.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { organizationalUnits, rateCodePublications } from '../db/schema';
import type { BulkGate } from './bulk-gate';
import { chunks, rowsOf, type PackageChanges, type RateCodeChanges } from './hotels';
import { clearAhead } from './rate-code-import';

export { SAVE_AHEAD_ABANDONED_MS } from './rate-code-import';

/** New packages and rate codes together from which a save writes ahead (fewer: its transaction is short anyway). */
export const SAVE_AHEAD_MIN_ITEMS = 2_000;
/** Rows written ahead per statement: on the embedded PGlite some 40–70 ms of the one connection. */
export const SAVE_AHEAD_BATCH_ROWS = 5_000;

/** What a save wrote ahead: its registration, and how many rows of each kind. */
export interface SaveAhead {
  uuid: string;
  packages: number;
  rateCodes: number;
  /**
   * the checks of the transaction (the hotel's package IDs, rate code IDs and rate codes' packages)
   * made ahead, on the hotel's live rows and these together, passed while the hotel's mark stood at
   * `mark` (hotel_item_marks): the transaction need not make them again if the hotel is one it
   * creates, or its mark has not moved since (docs/adr/0044). Null: not checked, or not passed.
   */
  checkedAt: number | null;
}

export interface SaveAheadPlan {
  orgUuid: string;
  hotelUuid: string;
  now: Date;
  packages: PackageChanges;
  rateCodes: RateCodeChanges;
}

const sameUuid = (uuid: string) => uuid.toLowerCase();

/**
 * Whether a save is worth writing ahead and can be: enough new items, each named by its own client
 * uuid, none named twice, and none also updated or removed by the same save (the transaction then
 * answers as it always did: a uuid taken, an item not found).
 */
export function worthWritingAhead(packages: PackageChanges, rateCodes: RateCodeChanges): boolean {
  if (packages.newPackages.length + rateCodes.newRateCodes.length < SAVE_AHEAD_MIN_ITEMS) return false;
  const distinctNew = (items: readonly { uuid?: string | undefined }[], named: readonly string[]): boolean => {
    const seen = new Set(named.map(sameUuid));
    for (const item of items) {
      if (item.uuid === undefined) return false;
      const uuid = sameUuid(item.uuid);
      if (seen.has(uuid)) return false;
      seen.add(uuid);
    }
    return true;
  };
  return (
    distinctNew(packages.newPackages, [...packages.updatedPackages.map((item) => item.uuid), ...(packages.deletedPackages ?? [])]) &&
    distinctNew(rateCodes.newRateCodes, [...rateCodes.updatedRateCodes.map((item) => item.uuid), ...rateCodes.deletedRateCodes])
  );
}

/** Whether `hotelUuid` is a unit of another organization than `orgUuid` (a save naming it is refused: nothing to write ahead). */
export async function unitOfAnotherOrganization(db: Database, orgUuid: string, hotelUuid: string): Promise<boolean> {
  const [unit] = await db.select({ orgUuid: organizationalUnits.orgUuid }).from(organizationalUnits).where(eq(organizationalUnits.uuid, hotelUuid));
  return unit !== undefined && unit.orgUuid !== orgUuid;
}

const asJson = (value: unknown) => sql`${JSON.stringify(value)}::json`;

/**
 * Writes the save's new packages, then its new rate codes, ahead; null (and nothing left) when a
 * uuid is taken already (the transaction answers that save as it would have: 409).
 */
export async function writeSaveAhead(db: Database, gate: BulkGate, plan: SaveAheadPlan): Promise<SaveAhead | null> {
  const uuid = randomUUID();
  try {
    return await writeAheadAs(db, gate, plan, uuid);
  } catch {
    // whatever failed here, the save's transaction meets it again and answers it as it always did
    await clearAhead(db, gate, uuid);
    return null;
  }
}

async function writeAheadAs(db: Database, gate: BulkGate, plan: SaveAheadPlan, uuid: string): Promise<SaveAhead | null> {
  const { orgUuid, hotelUuid, now } = plan;
  const time = now.toISOString();
  await gate.turn();
  await db.insert(rateCodePublications).values({ importUuid: uuid, hotelUuid, kind: 'save', registeredAt: now });
  // only while the registration is there and not live (housekeeping may clear one it takes for left behind)
  const registered = sql`exists (select 1 from rate_code_publications p where p.import_uuid = ${uuid}::uuid and not p.live)`;
  const packages = plan.packages.newPackages.map((item) => ({ uuid: item.uuid, external_id: item.externalId, calculation_rule: item.calculationRule }));
  const codes = plan.rateCodes.newRateCodes.map((item) => ({ uuid: item.uuid, name: item.name, packages: [...new Set(item.packages)] }));
  const statements: { rows: number; insert: SQL }[] = [
    ...[...chunks(packages, SAVE_AHEAD_BATCH_ROWS)].map((batch) => ({
      rows: batch.length,
      insert: sql`insert into pms_package_rows (uuid, org_uuid, hotel_uuid, name, external_id, calculation_rule, created_at, updated_at, imported_by)
        select s.uuid, ${orgUuid}::uuid, ${hotelUuid}::uuid, s.external_id, s.external_id, s.calculation_rule, ${time}::timestamptz, ${time}::timestamptz, ${uuid}::uuid
        from json_to_recordset(${asJson(batch)}) as s(uuid uuid, external_id text, calculation_rule text)
        where ${registered}
        on conflict (uuid) do nothing`,
    })),
    ...[...chunks(codes, SAVE_AHEAD_BATCH_ROWS)].map((batch) => ({
      rows: batch.length,
      insert: sql`insert into rate_code_rows (uuid, org_uuid, hotel_uuid, name, external_id, packages, created_at, updated_at, imported_by)
        select s.uuid, ${orgUuid}::uuid, ${hotelUuid}::uuid, s.name, s.name, s.packages, ${time}::timestamptz, ${time}::timestamptz, ${uuid}::uuid
        from json_to_recordset(${asJson(batch)}) as s(uuid uuid, name text, packages jsonb)
        where ${registered}
        on conflict (uuid) do nothing`,
    })),
  ];
  for (const statement of statements) {
    await gate.turn();
    const written = await db.transaction(async (tx) => {
      // the rows name a hotel the save may create in its transaction, and are out of sight until
      // then: their keys are checked there (the hotel a unit of this organization), not row by row
      await tx.execute(sql`set local session_replication_role = replica`);
      const [done] = rowsOf<{ n: number }>(await tx.execute(sql`with written as (${statement.insert} returning 1) select count(*)::int as n from written`));
      return done?.n ?? 0;
    });
    if (written !== statement.rows) {
      await clearAhead(db, gate, uuid);
      return null;
    }
  }
  // the checks hold for the hotel as it stands only when the save adds items and changes none
  const addsOnly = [plan.packages.updatedPackages, plan.packages.deletedPackages ?? [], plan.rateCodes.updatedRateCodes, plan.rateCodes.deletedRateCodes].every((list) => list.length === 0);
  return { uuid, packages: packages.length, rateCodes: codes.length, checkedAt: addsOnly ? await passedAt(db, gate, uuid, hotelUuid) : null };
}

/** The hotel's mark (0: none yet): it moves on with every statement writing the hotel's packages or rate codes. */
export async function markOf(db: Database | Transaction, hotelUuid: string): Promise<number> {
  const [row] = rowsOf<{ mark: string | number }>(await db.execute(sql`select coalesce((select mark from hotel_item_marks where hotel_uuid = ${hotelUuid}::uuid), 0) as mark`));
  return Number(row?.mark ?? 0);
}

/**
 * The checks of the hotel save's transaction (services/hotels.ts: a package ID or a rate code ID
 * used twice, one of them the save's; a rate code of the save naming a package that is not one of
 * the hotel's) made on the hotel's live rows and the rows written ahead together, as the
 * transaction would see them once live: a statement each after the gate's turn. The hotel's mark
 * when they all passed, read before the first and again after the last (nothing of the hotel
 * written meanwhile); null otherwise. A problem is not answered here: the transaction checks again
 * and refuses the save as it always did.
 */
async function passedAt(db: Database, gate: BulkGate, uuid: string, hotelUuid: string): Promise<number | null> {
  const ours = sql`imported_by = ${uuid}::uuid`;
  const packages = sql`(select uuid, external_id, deleted, false as ours from pms_packages where hotel_uuid = ${hotelUuid}::uuid
                        union all select uuid, external_id, deleted, true from pms_package_rows where ${ours})`;
  const codes = sql`(select name, false as ours from rate_codes where hotel_uuid = ${hotelUuid}::uuid
                     union all select name, true from rate_code_rows where ${ours})`;
  const checks = [
    sql`select 1 as one from ${packages} as p where not p.deleted group by btrim(p.external_id) having count(*) > 1 and bool_or(p.ours) limit 1`,
    sql`select 1 as one from ${codes} as r group by btrim(r.name) having count(*) > 1 and bool_or(r.ours) limit 1`,
    sql`select 1 as one from (
          select e.package_uuid::uuid from rate_code_rows r cross join lateral jsonb_array_elements_text(r.packages) as e(package_uuid) where r.imported_by = ${uuid}::uuid
          except
          select p.uuid from ${packages} as p where not p.deleted
        ) as unknown_packages limit 1`,
  ];
  await gate.turn();
  const before = await markOf(db, hotelUuid);
  for (const check of checks) {
    await gate.turn();
    if (rowsOf(await db.execute(check)).length > 0) return null;
  }
  return (await markOf(db, hotelUuid)) === before ? before : null;
}

/**
 * In the save's transaction: makes the rows written ahead live, by one row, when they are all
 * there for the organization and hotel the transaction writes (`live`), and says whether the
 * hotel's mark still stands where the checks ahead left it (`markUnmoved`). Otherwise (rows cleared
 * meanwhile, in part or whole) what is left of them goes, and the transaction writes the new items
 * itself.
 */
export async function publishSaveAhead(tx: Transaction, ahead: SaveAhead, now: Date, orgUuid: string, hotelUuid: string): Promise<{ live: boolean; markUnmoved: boolean }> {
  // read before the registration moves it: has anything of the hotel been written since the checks?
  const markUnmoved = ahead.checkedAt !== null && (await markOf(tx, hotelUuid)) === ahead.checkedAt;
  const ours = sql`imported_by = ${ahead.uuid}::uuid and org_uuid = ${orgUuid}::uuid and hotel_uuid = ${hotelUuid}::uuid`;
  const [state] = rowsOf<{ registered: boolean; packages: number; codes: number }>(
    await tx.execute(sql`
      select exists (select 1 from rate_code_publications p where p.import_uuid = ${ahead.uuid}::uuid and not p.live) as registered,
             (select count(*) from pms_package_rows where ${ours})::int as packages,
             (select count(*) from rate_code_rows where ${ours})::int as codes`),
  );
  if (state?.registered === true && state.packages === ahead.packages && state.codes === ahead.rateCodes) {
    await tx
      .update(rateCodePublications)
      .set({ live: true, publishedAt: now })
      .where(and(eq(rateCodePublications.importUuid, ahead.uuid), eq(rateCodePublications.live, false)));
    return { live: true, markUnmoved };
  }
  await tx.execute(sql`delete from pms_package_rows where imported_by = ${ahead.uuid}::uuid`);
  await tx.execute(sql`delete from rate_code_rows where imported_by = ${ahead.uuid}::uuid`);
  await tx.delete(rateCodePublications).where(eq(rateCodePublications.importUuid, ahead.uuid));
  return { live: false, markUnmoved: false };
}

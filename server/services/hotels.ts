/**
 * What the hotel routes share (spec sections 3, 4 and 7, "PMS"): who may set a hotel up, the checks
 * of packages, rate codes, access-control services and hotel definitions against what the hotel and
 * its organization hold, and the bulk writes the PATCH routes and the one-transaction hotel save
 * apply. Every write here runs inside the caller's transaction, after the organization's row lock.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AccessControlService, Grants, HotelDefinition, PmsPackage, RateCode } from '../../src/domain/index';
import { ACCESS_CONTROL_KIND, canSetupOrganization, ERROR_CODES, HOTEL_MESSAGES, PMS_PACKAGE_KIND, RATE_CODE_KIND, unitSetupRule } from '../../src/domain/index';
import type { Executor, Transaction } from '../db/client';
import { accessControlServices, hotelDefinitions, organizationalUnits, pmsConnections, pmsPackages, rateCodes } from '../db/schema';
import { HttpError, notFound } from '../http-error';
import { type HistoryWrite, recordChange } from './history';
import type { AuthorizeContext, FieldError } from '../resources/define-resource';
import { UUID } from '../resources/define-resource';
import { treeOf, unitsOf } from './units';

/** Values in batches of `size`: an IN list or an insert stays within what one statement takes. */
export function* chunks<T>(values: readonly T[], size = 5_000): Generator<T[]> {
  for (let start = 0; start < values.length; start += size) yield values.slice(start, start + size);
}

export type PackageRow = typeof pmsPackages.$inferSelect;
export type RateCodeRow = typeof rateCodes.$inferSelect;
export type AccessControlRow = typeof accessControlServices.$inferSelect;
export type HotelDefinitionRow = typeof hotelDefinitions.$inferSelect;

/** Which hotels of the organization the caller may set up: organization setup, or unit setup of the hotel (a user of one hotel sets up that hotel). */
export async function hotelSetupRule(grants: Grants, orgUuid: string, executor: Executor): Promise<(hotelUuid: string | null) => boolean> {
  if (canSetupOrganization(grants, orgUuid)) return () => true;
  if (!UUID.test(orgUuid)) return () => false;
  const rows = await unitsOf(executor, orgUuid);
  const tree = treeOf({ uuid: orgUuid }, rows);
  return unitSetupRule(grants, tree, [tree]);
}

/** Organization setup, or unit setup of this hotel (a user of one hotel sets up that hotel). */
export async function maySetUpHotel(grants: Grants, orgUuid: string, hotelUuid: string | null, executor: Executor): Promise<boolean> {
  return (await hotelSetupRule(grants, orgUuid, executor))(hotelUuid);
}

/** The authorization rule of the resources under '/organization/:org/hotel/:hotel'. */
export const authorizeHotel = (grants: Grants, hotel: string, { params, db }: AuthorizeContext) => maySetUpHotel(grants, params.org ?? '', hotel, db);

export const packageRecord = ({ uuid, orgUuid, hotelUuid, name, externalId, calculationRule, deleted, version }: PackageRow): PmsPackage => ({
  uuid,
  orgUuid,
  hotelUuid,
  name,
  externalId,
  calculationRule,
  deleted,
  version,
});
export const rateCodeRecord = ({ uuid, orgUuid, hotelUuid, name, externalId, packages, version }: RateCodeRow): RateCode => ({ uuid, orgUuid, hotelUuid, name, externalId, packages, version });
export const accessControlRecord = ({ uuid, orgUuid, hotelUuid, name, defaultHotelUuid, idMethods, hotelsAndPackages, version }: AccessControlRow): AccessControlService => ({
  uuid,
  orgUuid,
  hotelUuid,
  name,
  defaultHotelUuid,
  idMethods,
  hotelsAndPackages: hotelsAndPackages.map((entry) => ({ ...entry, name: null })),
  version,
});
export function hotelDefinitionRecord(row: HotelDefinitionRow): HotelDefinition {
  const { createdAt: _created, updatedAt: _updated, ...record } = row;
  return record;
}

/** Fills in the name (package ID) of every package an access service names, from any hotel of the organization. */
export async function withPackageNames(executor: Executor, records: AccessControlService[]): Promise<AccessControlService[]> {
  const wanted = [...new Set(records.flatMap((record) => record.hotelsAndPackages.map((entry) => entry.pmsPackageUuid)))];
  if (wanted.length === 0) return records;
  const names = new Map<string, string>();
  for (const batch of chunks(wanted)) {
    const rows = await executor
      .select({ uuid: pmsPackages.uuid, externalId: pmsPackages.externalId, deleted: pmsPackages.deleted })
      .from(pmsPackages)
      .where(inArray(pmsPackages.uuid, batch));
    for (const row of rows) if (!row.deleted) names.set(row.uuid, row.externalId);
  }
  return records.map((record) => ({ ...record, hotelsAndPackages: record.hotelsAndPackages.map((entry) => ({ ...entry, name: names.get(entry.pmsPackageUuid) ?? null })) }));
}

/** The hotel's packages that are not flagged deleted. */
export async function livePackages(executor: Executor, hotelUuid: string): Promise<PackageRow[]> {
  return executor
    .select()
    .from(pmsPackages)
    .where(and(eq(pmsPackages.hotelUuid, hotelUuid), eq(pmsPackages.deleted, false)));
}

/**
 * Rate codes written (`written`: their uuids, or null for every code of the hotel): their packages
 * must be live packages of the hotel, and an ID is used once in the hotel. Two set queries, whatever
 * the number of codes.
 */
/** The packages written whose package ID another live package of the hotel has (as a set query: the hotel's packages are not read out). */
export async function packageIdTaken(tx: Executor, hotelUuid: string, written: ReadonlySet<string>): Promise<FieldError[]> {
  if (written.size === 0) return [];
  const [twice] = rowsOf<{ one: number }>(await tx.execute(duplicateKeys('pms_packages', sql`btrim(external_id)`, hotelUuid, written, sql`not deleted`)));
  return twice ? [{ field: 'externalId', message: HOTEL_MESSAGES.packageIdTaken }] : [];
}

export async function rateCodeErrors(tx: Executor, hotelUuid: string, written: ReadonlySet<string> | null): Promise<FieldError[]> {
  if (written !== null && written.size === 0) return [];
  const [twice] = rowsOf<{ one: number }>(await tx.execute(duplicateKeys('rate_codes', sql`btrim(name)`, hotelUuid, written, sql`true`)));
  if (twice) return [{ field: 'name', message: HOTEL_MESSAGES.rateCodeIdTaken }];
  // the codes written, as a table the planner joins (an IN over the JSON would read it again for every row)
  const codes =
    written === null
      ? sql`select r.uuid, r.packages from rate_codes r where r.hotel_uuid = ${hotelUuid}::uuid`
      : sql`select r.uuid, r.packages from rate_codes r where ${anyUuid(sql`r.uuid`, written)} and r.hotel_uuid = ${hotelUuid}::uuid`;
  // as sets the database compares by hashing or sorting: right after a bulk insert the planner's
  // statistics do not know the new rows, and a nested loop over them would be quadratic
  const [unknown] = rowsOf<{ one: number }>(
    await tx.execute(sql`
      with codes as materialized (${codes})
      select 1 as one from (
        select e.package_uuid::uuid from codes r cross join lateral jsonb_array_elements_text(r.packages) as e(package_uuid)
        except
        select p.uuid from pms_packages p where p.hotel_uuid = ${hotelUuid}::uuid and not p.deleted
      ) as unknown_packages
      limit 1`),
  );
  return unknown ? [{ field: 'packages', message: HOTEL_MESSAGES.rateCodePackageUnknown }] : [];
}

type HotelAndPackageEntry = AccessControlRow['hotelsAndPackages'][number];

/** Who writes access services: their grants, and what each service named before the write (by service uuid; none for a new one). */
export interface AccessControlWriter {
  grants: Grants;
  before: ReadonlyMap<string, readonly HotelAndPackageEntry[]>;
}

/**
 * Access services written: each hotel definition must exist in the organization and belong to a
 * hotel ('undefined uuid' otherwise, spec section 8), each package must be a live package of that
 * hotel, and the default hotel must be a hotel of the organization. An entry the write adds opens a
 * service to another hotel's guests by that hotel's packages: the writer must set up that hotel too
 * (403 otherwise). Entries a service already had stay as they are, and removing one is the
 * service's own hotel's call.
 */
export async function accessControlErrors(tx: Executor, orgUuid: string, services: readonly AccessControlRow[], writer: AccessControlWriter): Promise<FieldError[]> {
  if (services.length === 0) return [];
  const maySetUp = await hotelSetupRule(writer.grants, orgUuid, tx);
  const entryKey = (entry: HotelAndPackageEntry) => `${entry.hotelDefinitionUuid}|${entry.pmsPackageUuid}`;
  const definitions = await tx
    .select({ uuid: hotelDefinitions.uuid, hotelUuid: hotelDefinitions.hotelUuid })
    .from(hotelDefinitions)
    .where(eq(hotelDefinitions.orgUuid, orgUuid));
  const hotelOf = new Map(definitions.map((definition) => [definition.uuid, definition.hotelUuid]));
  const hotels = await tx
    .select({ uuid: organizationalUnits.uuid })
    .from(organizationalUnits)
    .where(and(eq(organizationalUnits.orgUuid, orgUuid), eq(organizationalUnits.type, 'HOTEL')));
  const hotelUuids = new Set(hotels.map((hotel) => hotel.uuid));
  const packageHotel = new Map<string, string>();
  const wanted = [...new Set(services.flatMap((service) => service.hotelsAndPackages.map((entry) => entry.pmsPackageUuid)))];
  for (const batch of chunks(wanted)) {
    const rows = await tx
      .select({ uuid: pmsPackages.uuid, hotelUuid: pmsPackages.hotelUuid })
      .from(pmsPackages)
      .where(and(inArray(pmsPackages.uuid, batch), eq(pmsPackages.deleted, false)));
    for (const row of rows) packageHotel.set(row.uuid, row.hotelUuid);
  }
  for (const service of services) {
    const had = new Set((writer.before.get(service.uuid) ?? []).map(entryKey));
    for (const entry of service.hotelsAndPackages) {
      const hotel = hotelOf.get(entry.hotelDefinitionUuid);
      if (!hotel) return [{ field: 'hotelsAndPackages', message: HOTEL_MESSAGES.accessHotelMissing }];
      if (!had.has(entryKey(entry)) && !maySetUp(hotel)) throw HttpError.of(403, ERROR_CODES.forbidden, HOTEL_MESSAGES.accessHotelForbidden, 'hotelsAndPackages');
      if (packageHotel.get(entry.pmsPackageUuid) !== hotel) return [{ field: 'hotelsAndPackages', message: HOTEL_MESSAGES.accessPackageUnknown }];
    }
    if (service.defaultHotelUuid !== null && !hotelUuids.has(service.defaultHotelUuid)) return [{ field: 'defaultHotelUuid', message: HOTEL_MESSAGES.accessDefaultHotel }];
  }
  return [];
}

/**
 * A hotel definition about to be written (`uuid`: its own, null for a new one without a client
 * uuid): its connection is one of the organization's, its hotel a hotel of it without another
 * definition. Checked before the write, so a connection or hotel that does not exist at all answers
 * like one of another organization (a foreign key would refuse the first with a 500).
 */
export async function hotelDefinitionErrors(tx: Executor, orgUuid: string, row: Pick<HotelDefinitionRow, 'pmsConnectionUuid' | 'hotelUuid'> & { uuid: string | null }): Promise<FieldError[]> {
  if (row.pmsConnectionUuid !== null) {
    const [connection] = await tx
      .select({ uuid: pmsConnections.uuid })
      .from(pmsConnections)
      .where(and(eq(pmsConnections.uuid, row.pmsConnectionUuid), eq(pmsConnections.orgUuid, orgUuid)));
    if (!connection) return [{ field: 'pmsConnectionUuid', message: HOTEL_MESSAGES.pmsConnectionMissing }];
  }
  if (row.hotelUuid !== null) {
    const [hotel] = await tx
      .select({ uuid: organizationalUnits.uuid })
      .from(organizationalUnits)
      .where(and(eq(organizationalUnits.uuid, row.hotelUuid), eq(organizationalUnits.orgUuid, orgUuid), eq(organizationalUnits.type, 'HOTEL')));
    if (!hotel) return [{ field: 'hotelUuid', message: HOTEL_MESSAGES.hotelNotFound }];
    const sharing = await tx.select({ uuid: hotelDefinitions.uuid }).from(hotelDefinitions).where(eq(hotelDefinitions.hotelUuid, row.hotelUuid));
    if (sharing.some((other) => other.uuid !== row.uuid)) return [{ field: 'hotelUuid', message: HOTEL_MESSAGES.definitionHotelTaken }];
  }
  return [];
}

/** 409 of a client uuid already in use by any record of the kind. */
export const uuidTaken = (message: string) => new HttpError(409, [{ code: ERROR_CODES.conflict, message, field: 'uuid' }]);
/** 412 of an item of a bulk write sent over a version that is no longer the stored one. */
export const itemStale = (field: string) => new HttpError(412, [{ code: ERROR_CODES.versionMismatch, message: HOTEL_MESSAGES.itemStale, field }]);
/** 422 of a bulk write naming the same record twice. */
export const duplicateItem = (field: string) => HttpError.of(422, ERROR_CODES.validation, HOTEL_MESSAGES.duplicateItem, field);

export interface BulkContext {
  tx: Transaction;
  orgUuid: string;
  hotelUuid: string;
  now: Date;
  /** the caller's grants (an access service may name only hotels they set up) */
  grants: Grants;
  /** collects the history of each record written (server/services/history.ts collapseItems) */
  history?: HistoryWrite[];
  /** the embedded PGlite (LobbyContext.embedded): new rows skip the row-by-row key checks there (withHotelKeysHeld) */
  embedded?: boolean;
  /**
   * the new packages and rate codes are live already: written ahead under their uuids and made live
   * in this transaction (services/save-ahead.ts); they are checked and noted, not inserted
   */
  writtenAhead?: boolean;
  /**
   * and checked ahead (SaveAhead.checked) for a hotel this transaction created: the hotel has no
   * other packages or rate codes, so the checks of its package IDs, rate code IDs and rate codes'
   * packages were made on exactly its rows, and are not made again
   */
  checkedAhead?: boolean;
  /**
   * the hotel is one this transaction created: every package and rate code it has is one this save
   * writes, so the checks read the hotel's rows as a whole instead of looking each written uuid up
   */
  hotelCreated?: boolean;
}

/**
 * Runs `write`: statements whose every row names the organization `orgUuid` and the hotel `hotelUuid`
 * in its two foreign keys. On the embedded PGlite every other request waits for the caller's
 * transaction, and checking those keys row by row is about half the time of inserting 10,000s of
 * rows, so there the checks are off for `write` alone (docs/adr/0040). The keys hold all the same:
 * the hotel is checked first to be a unit of that organization (else 404, nothing written), and
 * PGlite runs nothing else on its one connection until the transaction commits. On PostgreSQL the
 * checks run as always.
 */
export async function withHotelKeysHeld<T>(tx: Transaction, embedded: boolean, orgUuid: string, hotelUuid: string, write: () => Promise<T>): Promise<T> {
  if (!embedded) return write();
  const [hotel] = rowsOf<{ one: number }>(await tx.execute(sql`select 1 as one from organizational_units where uuid = ${hotelUuid}::uuid and org_uuid = ${orgUuid}::uuid`));
  if (!hotel) throw notFound(HOTEL_MESSAGES.hotelNotFound);
  await tx.execute(sql`set local session_replication_role = replica`);
  // not reset in a finally: after an error the transaction is rolled back, and SET LOCAL with it
  const written = await write();
  await tx.execute(sql`set local session_replication_role = origin`);
  return written;
}

type ItemKind = typeof PMS_PACKAGE_KIND | typeof RATE_CODE_KIND | typeof ACCESS_CONTROL_KIND;
/** Notes one item's change in the context's history (fields as the bulk routes send them). */
function noteItem(context: BulkContext, kind: ItemKind, uuid: string | undefined, before: Record<string, unknown> | null, after: Record<string, unknown> | null): void {
  if (!context.history || uuid === undefined) return;
  context.history.push(recordChange({ kind, recordUuid: uuid, orgUuid: context.orgUuid, unitUuid: context.hotelUuid }, before, after));
}
const packageFields = (row: { externalId: string; calculationRule: unknown }) => ({ externalId: row.externalId, calculationRule: row.calculationRule });
const rateCodeFields = (row: { name: string; packages: readonly string[] }) => ({ name: row.name, packages: [...row.packages] });
const accessFields = (row: { name: string; hotelsAndPackages: unknown; defaultHotelUuid: string | null; idMethods: readonly string[] }) => ({
  name: row.name,
  hotelsAndPackages: row.hotelsAndPackages,
  defaultHotelUuid: row.defaultHotelUuid,
  idMethods: [...new Set(row.idMethods)],
});

/**
 * The items a save wrote, by uuid, for its checks to judge them among the hotel's others; null when
 * the checks judge every item of the hotel: some were created without a uuid, or the hotel is new
 * (all its items are this save's, and reading them whole is cheaper than 10,000s of lookups).
 */
function writtenItems(context: BulkContext, created: readonly { uuid: string | null }[], updated: readonly { uuid: string }[]): Set<string> | null {
  if (created.length === 0 && updated.length === 0) return new Set();
  if (context.hotelCreated === true || created.some((item) => item.uuid === null)) return null;
  return new Set([...updated.map((item) => item.uuid), ...created.map((item) => item.uuid as string)]);
}

function assertDistinct(uuids: readonly string[], field: string): void {
  if (new Set(uuids).size !== uuids.length) throw duplicateItem(field);
}

/** Rows of a raw query, whichever driver answered it (PGlite gives { rows }, postgres.js an array). */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

/**
 * A list sent to the database as one JSON parameter, read there as a set (json_to_recordset,
 * json_array_elements_text): one statement for any number of items, the same on PGlite and
 * PostgreSQL, and no limit of 65,535 parameters.
 */
const asJson = (value: unknown) => sql`${JSON.stringify(value)}::json`;
/** A time as a parameter both drivers send alike. */
const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;
/** `column = any(…)` of a uuid set: the set is read once (an init plan) and the column's index looked up with it. */
const anyUuid = (column: SQL, uuids: ReadonlySet<string> | readonly string[]) => sql`${column} = any(array(select value::uuid from json_array_elements_text(${asJson([...uuids])})))`;

/**
 * A key (a package or rate code ID) used by two rows of the hotel, one of them written (`written`:
 * their uuids; null: any row). As sets the database intersects by hashing or sorting: right after a
 * bulk write the planner's statistics do not know the new rows, and a nested loop over them (a
 * join, or an IN inside an aggregate) turns quadratic.
 */
/** What the rules' `btrim` compares: the text without the spaces at either end (and no other whitespace taken off). */
export const spacesTrimmed = (text: string): string => text.replace(/^ +| +$/g, '');

function duplicateKeys(table: 'pms_packages' | 'rate_codes', key: SQL, hotelUuid: string, written: ReadonlySet<string> | null, live: SQL): SQL {
  const twice = sql`select ${key} as key from ${sql.identifier(table)} where hotel_uuid = ${hotelUuid}::uuid and ${live} group by 1 having count(*) > 1`;
  if (written === null) return sql`select 1 as one from (${twice}) as k limit 1`;
  return sql`select 1 as one from (${twice} intersect select ${key} from ${sql.identifier(table)} where ${anyUuid(sql`uuid`, written)} and ${live}) as k limit 1`;
}

type ItemTable = 'pms_packages' | 'rate_codes' | 'access_control_services';

/**
 * The items a write names (updated, with the version they were read at, and removed), checked as a
 * set and locked for the write: a uuid that is not one of the hotel's answers 404 with `notFound`
 * (as does an updated package already removed), a version that is no longer the stored one 412.
 */
async function checkItems(tx: Transaction, table: ItemTable, hotelUuid: string, updated: readonly { uuid: string; version?: number | undefined }[], removed: readonly string[], notFound: string, staleField: string): Promise<void> {
  if (updated.length === 0 && removed.length === 0) return;
  const sent = [...updated.map((item) => ({ uuid: item.uuid, version: item.version ?? null, updated: true })), ...removed.map((uuid) => ({ uuid, version: null, updated: false }))];
  const gone = table === 'pms_packages' ? sql`l.deleted and s.updated` : sql`false`;
  const [row] = rowsOf<{ missing: number; gone: number; stale: number }>(
    await tx.execute(sql`
      with s as (select * from json_to_recordset(${asJson(sent)}) as s(uuid uuid, version int, updated boolean)),
      l as (select t.* from ${sql.identifier(table)} t where t.hotel_uuid = ${hotelUuid}::uuid and ${anyUuid(sql`t.uuid`, sent.map((item) => item.uuid))} for update)
      select count(*) filter (where l.uuid is null)::int as missing,
             count(*) filter (where ${gone})::int as gone,
             count(*) filter (where s.version is not null and s.version <> l.version)::int as stale
      from s left join l on l.uuid = s.uuid`),
  );
  if (!row || row.missing > 0 || row.gone > 0) throw HttpError.of(404, ERROR_CODES.notFound, notFound);
  if (row.stale > 0) throw itemStale(staleField);
}

/** Rows inserted by `insert ... returning 1`, counted by the database. */
async function countInserted(tx: Transaction, insert: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await tx.execute(sql`with written as (${insert} returning 1) select count(*)::int as n from written`));
  return row?.n ?? 0;
}

/**
 * The rows a write changed, as `returning` names them, when the caller keeps a history; otherwise
 * only their number (the database counts them, nothing travels back).
 */
async function writtenRows<T>(context: BulkContext, write: SQL, returning: SQL): Promise<{ count: number; rows: T[] }> {
  if (!context.history) return { count: await countInserted(context.tx, write), rows: [] };
  const rows = rowsOf<T>(await context.tx.execute(sql`${write} returning ${returning}`));
  return { count: rows.length, rows };
}

/**
 * Inserts new items (`write`: an insert ... on conflict (uuid) do nothing, of `uuids`) as
 * writtenRows does. A uuid held by a row written ahead that never went live (its save stopped with
 * its gateway, or still on its way: docs/adr/0044) is freed, and the insert made again for the rows
 * it left out: such a row never takes a uuid from a save that commits. Only when the first insert
 * left rows out does this cost a statement.
 */
async function insertedNew<T>(context: BulkContext, table: 'pms_package_rows' | 'rate_code_rows', uuids: readonly (string | null)[], write: SQL, returning: SQL): Promise<{ count: number; rows: T[] }> {
  const first = await writtenRows<T>(context, write, returning);
  const named = uuids.filter((uuid): uuid is string => uuid !== null);
  if (first.count === uuids.length || named.length === 0) return first;
  const freed = await countInserted(
    context.tx,
    sql`delete from ${sql.identifier(table)} p where ${anyUuid(sql`p.uuid`, named)} and p.imported_by is not null
        and not exists (select 1 from rate_code_publications r where r.import_uuid = p.imported_by and r.live)`,
  );
  if (freed === 0) return first;
  const again = await writtenRows<T>(context, write, returning);
  return { count: first.count + again.count, rows: [...first.rows, ...again.rows] };
}

/**
 * A save's new items of one kind: inserted (unless its rows were written ahead and made live, docs/adr/0044;
 * a uuid taken refuses the save), and their history noted. When every item is named by its client
 * uuid, all of them inserted means each as sent, so the history comes from the request and the
 * insert answers its count alone, not 10,000s of rows read back; else from the rows it answers.
 * Answers how many were created.
 */
async function createItems<S extends { uuid: string | null }, R extends { uuid: string }>(
  context: BulkContext,
  table: 'pms_package_rows' | 'rate_code_rows',
  created: readonly S[],
  write: { insert: SQL; returning: SQL; taken: () => HttpError },
  history: { kind: ItemKind; sent: (item: S) => Record<string, unknown>; read: (row: R) => Record<string, unknown> },
): Promise<number> {
  if (created.length === 0) return 0;
  const named = created.every((item) => item.uuid !== null);
  if (context.writtenAhead !== true) {
    const { tx, orgUuid, hotelUuid } = context;
    const uuids = created.map((item) => item.uuid);
    const inserted = await withHotelKeysHeld(tx, context.embedded ?? false, orgUuid, hotelUuid, () => insertedNew<R>(named ? { ...context, history: undefined } : context, table, uuids, write.insert, write.returning));
    if (inserted.count !== created.length) throw write.taken();
    if (!named) for (const row of inserted.rows) noteItem(context, history.kind, row.uuid, null, history.read(row));
  }
  if (named) for (const item of created) noteItem(context, history.kind, item.uuid?.toLowerCase(), null, history.sent(item));
  return created.length;
}

export interface PackageChanges {
  newPackages: { uuid?: string | undefined; externalId: string; calculationRule: PmsPackage['calculationRule'] }[];
  updatedPackages: { uuid: string; externalId: string; calculationRule: PmsPackage['calculationRule']; version?: number | undefined }[];
  deletedPackages?: string[];
}

/**
 * Creates, updates and flags deleted the hotel's packages, a statement for each kind of change
 * whatever their number; a package ID used twice refuses the whole write. An update that changes
 * nothing writes nothing (its version stays). Answers how many packages changed.
 */
export async function applyPackages(context: BulkContext, changes: PackageChanges): Promise<number> {
  const { tx, orgUuid, hotelUuid, now } = context;
  const deleted = changes.deletedPackages ?? [];
  assertDistinct([...changes.updatedPackages.map((item) => item.uuid), ...deleted], 'packages');
  await checkItems(tx, 'pms_packages', hotelUuid, changes.updatedPackages, deleted, HOTEL_MESSAGES.packageNotFound, 'updatedPackages');
  let changed = 0;
  if (changes.updatedPackages.length > 0) {
    const sent = changes.updatedPackages.map((item) => ({ uuid: item.uuid, external_id: item.externalId, calculation_rule: item.calculationRule }));
    // o: the rows as they were before this statement (its snapshot), for the history
    const updated = await writtenRows<{ uuid: string; old_external_id: string; old_rule: string; external_id: string; calculation_rule: string }>(
      context,
      sql`update pms_packages p set name = s.external_id, external_id = s.external_id, calculation_rule = s.calculation_rule, version = p.version + 1, updated_at = ${at(now)}
          from json_to_recordset(${asJson(sent)}) as s(uuid uuid, external_id text, calculation_rule text), pms_packages o
          where p.uuid = s.uuid and o.uuid = p.uuid and p.hotel_uuid = ${hotelUuid}::uuid and (p.external_id <> s.external_id or p.calculation_rule <> s.calculation_rule)`,
      sql`p.uuid, o.external_id as old_external_id, o.calculation_rule as old_rule, p.external_id, p.calculation_rule`,
    );
    changed += updated.count;
    for (const row of updated.rows) noteItem(context, PMS_PACKAGE_KIND, row.uuid, packageFields({ externalId: row.old_external_id, calculationRule: row.old_rule }), packageFields({ externalId: row.external_id, calculationRule: row.calculation_rule }));
  }
  if (deleted.length > 0) {
    const removed = await writtenRows<{ uuid: string; external_id: string; calculation_rule: string }>(
      context,
      sql`update pms_packages set deleted = true, updated_at = ${at(now)} where hotel_uuid = ${hotelUuid}::uuid and ${anyUuid(sql`uuid`, deleted)} and not deleted`,
      sql`uuid, external_id, calculation_rule`,
    );
    changed += removed.count;
    for (const row of removed.rows) noteItem(context, PMS_PACKAGE_KIND, row.uuid, packageFields({ externalId: row.external_id, calculationRule: row.calculation_rule }), null);
  }
  const created = changes.newPackages.map((item) => ({ uuid: item.uuid ?? null, external_id: item.externalId, calculation_rule: item.calculationRule }));
  changed += await createItems(
    context,
    'pms_package_rows',
    created,
    {
      insert: sql`insert into pms_packages (uuid, org_uuid, hotel_uuid, name, external_id, calculation_rule, created_at, updated_at)
          select coalesce(s.uuid, gen_random_uuid()), ${orgUuid}::uuid, ${hotelUuid}::uuid, s.external_id, s.external_id, s.calculation_rule, ${at(now)}, ${at(now)}
          from json_to_recordset(${asJson(created)}) as s(uuid uuid, external_id text, calculation_rule text)
          on conflict (uuid) do nothing`,
      returning: sql`uuid, external_id, calculation_rule`,
      taken: () => uuidTaken(HOTEL_MESSAGES.packageUuidTaken),
    },
    {
      kind: PMS_PACKAGE_KIND,
      sent: (item) => packageFields({ externalId: item.external_id, calculationRule: item.calculation_rule }),
      read: (row: { uuid: string; external_id: string; calculation_rule: string }) => packageFields({ externalId: row.external_id, calculationRule: row.calculation_rule }),
    },
  );
  if (context.checkedAhead === true) return changed;
  // packages created without a uuid: judged by their IDs among the rest
  const written = writtenItems(context, created, changes.updatedPackages);
  if (written !== null && written.size === 0) return changed;
  const [twice] = rowsOf<{ one: number }>(await tx.execute(duplicateKeys('pms_packages', sql`btrim(external_id)`, hotelUuid, written, sql`not deleted`)));
  if (twice) throw new HttpError(422, [{ code: ERROR_CODES.validation, message: HOTEL_MESSAGES.packageIdTaken, field: 'externalId' }]);
  return changed;
}

export interface RateCodeChanges {
  newRateCodes: { uuid?: string | undefined; name: string; packages: string[] }[];
  updatedRateCodes: { uuid: string; name: string; packages: string[]; version?: number | undefined }[];
  deletedRateCodes: string[];
}

/**
 * The three-way rate code diff of spec section 4, checked against the hotel's live packages: one
 * statement per kind of change, the checks as set queries. An update that changes nothing writes
 * nothing. Answers how many rate codes changed.
 */
export async function applyRateCodes(context: BulkContext, changes: RateCodeChanges): Promise<number> {
  const { tx, orgUuid, hotelUuid, now } = context;
  assertDistinct([...changes.updatedRateCodes.map((item) => item.uuid), ...changes.deletedRateCodes], 'rateCodes');
  await checkItems(tx, 'rate_codes', hotelUuid, changes.updatedRateCodes, changes.deletedRateCodes, HOTEL_MESSAGES.rateCodeNotFound, 'updatedRateCodes');
  let changed = 0;
  if (changes.deletedRateCodes.length > 0) {
    const removed = await writtenRows<{ uuid: string; name: string; packages: string }>(
      context,
      sql`delete from rate_codes where hotel_uuid = ${hotelUuid}::uuid and ${anyUuid(sql`uuid`, changes.deletedRateCodes)}`,
      sql`uuid, name, packages::text as packages`,
    );
    changed += removed.count;
    for (const row of removed.rows) noteItem(context, RATE_CODE_KIND, row.uuid, rateCodeFields({ name: row.name, packages: JSON.parse(row.packages) as string[] }), null);
  }
  if (changes.updatedRateCodes.length > 0) {
    const sent = changes.updatedRateCodes.map((item) => ({ uuid: item.uuid, name: item.name, packages: [...new Set(item.packages)] }));
    // o: the rows as they were before this statement (its snapshot), for the history
    const updated = await writtenRows<{ uuid: string; old_name: string; old_packages: string; name: string; packages: string }>(
      context,
      sql`update rate_codes r set name = s.name, external_id = s.name, packages = s.packages, version = r.version + 1, updated_at = ${at(now)}
          from json_to_recordset(${asJson(sent)}) as s(uuid uuid, name text, packages jsonb), rate_codes o
          where r.uuid = s.uuid and o.uuid = r.uuid and r.hotel_uuid = ${hotelUuid}::uuid and (r.name <> s.name or r.external_id <> s.name or r.packages <> s.packages)`,
      sql`r.uuid, o.name as old_name, o.packages::text as old_packages, r.name, r.packages::text as packages`,
    );
    changed += updated.count;
    for (const row of updated.rows) {
      noteItem(context, RATE_CODE_KIND, row.uuid, rateCodeFields({ name: row.old_name, packages: JSON.parse(row.old_packages) as string[] }), rateCodeFields({ name: row.name, packages: JSON.parse(row.packages) as string[] }));
    }
  }
  const created = changes.newRateCodes.map((item) => ({ uuid: item.uuid ?? null, name: item.name, packages: [...new Set(item.packages)] }));
  changed += await createItems(
    context,
    'rate_code_rows',
    created,
    {
      insert: sql`insert into rate_codes (uuid, org_uuid, hotel_uuid, name, external_id, packages, created_at, updated_at)
          select coalesce(s.uuid, gen_random_uuid()), ${orgUuid}::uuid, ${hotelUuid}::uuid, s.name, s.name, s.packages, ${at(now)}, ${at(now)}
          from json_to_recordset(${asJson(created)}) as s(uuid uuid, name text, packages jsonb)
          on conflict (uuid) do nothing`,
      returning: sql`uuid, name, packages::text as packages`,
      taken: () => uuidTaken(HOTEL_MESSAGES.rateCodeUuidTaken),
    },
    {
      kind: RATE_CODE_KIND,
      sent: (item) => rateCodeFields(item),
      read: (row: { uuid: string; name: string; packages: string }) => rateCodeFields({ name: row.name, packages: JSON.parse(row.packages) as string[] }),
    },
  );
  if (context.checkedAhead === true) return changed;
  const written = writtenItems(context, created, changes.updatedRateCodes);
  const refusal = (await rateCodeErrors(tx, hotelUuid, written))[0];
  if (refusal) throw new HttpError(422, [{ code: ERROR_CODES.validation, message: refusal.message, field: refusal.field }]);
  return changed;
}

export interface AccessControlChanges {
  newAccessControl: { uuid?: string | undefined; name: string; hotelsAndPackages: { hotelDefinitionUuid: string; pmsPackageUuid: string }[]; defaultHotelUuid: string | null; idMethods: AccessControlService['idMethods'] }[];
  updatedAccessControl: { uuid: string; name: string; hotelsAndPackages: { hotelDefinitionUuid: string; pmsPackageUuid: string }[]; defaultHotelUuid: string | null; idMethods: AccessControlService['idMethods']; version?: number | undefined }[];
  deletedAccessControl?: string[];
}

/**
 * Creates, updates and removes the hotel's access-control services, each checked against the
 * organization's hotels and packages (a hotel has a handful: they are written one by one). An
 * update that changes nothing writes nothing. Answers how many services changed.
 */
export async function applyAccessControls(context: BulkContext, changes: AccessControlChanges): Promise<number> {
  const { tx, orgUuid, hotelUuid, now, grants } = context;
  const deleted = changes.deletedAccessControl ?? [];
  assertDistinct([...changes.updatedAccessControl.map((item) => item.uuid), ...deleted], 'accessControls');
  await checkItems(tx, 'access_control_services', hotelUuid, changes.updatedAccessControl, deleted, HOTEL_MESSAGES.accessNotFound, 'updatedAccessControl');
  const named = [...changes.updatedAccessControl.map((item) => item.uuid), ...deleted];
  const rows = new Map<string, AccessControlRow>();
  for (const batch of chunks(named)) {
    for (const row of await tx.select().from(accessControlServices).where(and(eq(accessControlServices.hotelUuid, hotelUuid), inArray(accessControlServices.uuid, batch)))) rows.set(row.uuid, row);
  }
  let changed = 0;
  if (deleted.length > 0) changed += await countInserted(tx, sql`delete from access_control_services where hotel_uuid = ${hotelUuid}::uuid and ${anyUuid(sql`uuid`, deleted)}`);
  for (const uuid of deleted) noteItem(context, ACCESS_CONTROL_KIND, uuid, accessFields(rows.get(uuid) as AccessControlRow), null);
  const written: AccessControlRow[] = [];
  for (const item of changes.updatedAccessControl) {
    const before = rows.get(item.uuid) as AccessControlRow;
    const values = { name: item.name, hotelsAndPackages: item.hotelsAndPackages, defaultHotelUuid: item.defaultHotelUuid, idMethods: [...new Set(item.idMethods)] };
    const same =
      before.name === values.name &&
      before.defaultHotelUuid === values.defaultHotelUuid &&
      JSON.stringify(before.idMethods) === JSON.stringify(values.idMethods) &&
      JSON.stringify(before.hotelsAndPackages.map((entry) => [entry.hotelDefinitionUuid, entry.pmsPackageUuid])) === JSON.stringify(values.hotelsAndPackages.map((entry) => [entry.hotelDefinitionUuid, entry.pmsPackageUuid]));
    if (same) {
      written.push(before);
      continue;
    }
    const [row] = await tx
      .update(accessControlServices)
      .set({ ...values, version: before.version + 1, updatedAt: now })
      .where(eq(accessControlServices.uuid, item.uuid))
      .returning();
    if (row) written.push(row);
    if (row) noteItem(context, ACCESS_CONTROL_KIND, row.uuid, accessFields(before), accessFields(row));
    changed += 1;
  }
  for (const item of changes.newAccessControl) {
    const [row] = await tx
      .insert(accessControlServices)
      .values({
        ...(item.uuid ? { uuid: item.uuid } : {}),
        orgUuid,
        hotelUuid,
        name: item.name,
        hotelsAndPackages: item.hotelsAndPackages,
        defaultHotelUuid: item.defaultHotelUuid,
        idMethods: [...new Set(item.idMethods)],
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: accessControlServices.uuid })
      .returning();
    if (!row) throw uuidTaken(HOTEL_MESSAGES.accessUuidTaken);
    written.push(row);
    noteItem(context, ACCESS_CONTROL_KIND, row.uuid, null, accessFields(row));
    changed += 1;
  }
  const before = new Map([...rows.values()].map((row) => [row.uuid, row.hotelsAndPackages]));
  const refusal = (await accessControlErrors(tx, orgUuid, written, { grants, before }))[0];
  if (refusal) throw new HttpError(422, [{ code: ERROR_CODES.validation, message: refusal.message, field: refusal.field }]);
  return changed;
}

/** Everything a hotel owns, as the hotel save answers it (without the unit itself). */
/** The hotel's PMS hotel definition as answered, or null (none). */
export async function hotelDefinitionOf(executor: Executor, hotelUuid: string) {
  const [definition] = await executor.select().from(hotelDefinitions).where(eq(hotelDefinitions.hotelUuid, hotelUuid));
  return definition ? hotelDefinitionRecord(definition) : null;
}

export async function hotelParts(executor: Executor, hotelUuid: string) {
  const hotelDefinition = await hotelDefinitionOf(executor, hotelUuid);
  const packages = (await livePackages(executor, hotelUuid)).map(packageRecord).sort((a, b) => a.externalId.localeCompare(b.externalId));
  const codes = (await executor.select().from(rateCodes).where(eq(rateCodes.hotelUuid, hotelUuid))).map(rateCodeRecord).sort((a, b) => a.name.localeCompare(b.name));
  const services = await withPackageNames(
    executor,
    (await executor.select().from(accessControlServices).where(eq(accessControlServices.hotelUuid, hotelUuid))).map(accessControlRecord).sort((a, b) => a.name.localeCompare(b.name)),
  );
  return { hotelDefinition, packages, rateCodes: codes, accessControls: services };
}

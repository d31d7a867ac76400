/**
 * What the hotel routes share (spec sections 3, 4 and 7, "PMS"): who may set a hotel up, the checks
 * of packages, rate codes, access-control services and hotel definitions against what the hotel and
 * its organization hold, and the bulk writes the PATCH routes and the one-transaction hotel save
 * apply. Every write here runs inside the caller's transaction, after the organization's row lock.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AccessControlService, Grants, HotelDefinition, PmsPackage, RateCode } from '../../src/domain/index';
import { ACCESS_CONTROL_KIND, canSetupOrganization, ERROR_CODES, externalIdKey, HOTEL_MESSAGES, PMS_PACKAGE_KIND, RATE_CODE_KIND, unitSetupRule } from '../../src/domain/index';
import type { Executor, Transaction } from '../db/client';
import { accessControlServices, hotelDefinitions, organizationalUnits, pmsConnections, pmsPackages, rateCodes } from '../db/schema';
import { HttpError } from '../http-error';
import type { AuthorizeContext, FieldError } from '../resources/define-resource';
import { UUID } from '../resources/define-resource';
import { type HistoryWrite, recordChange } from './history';
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

/** A package ID used twice among the hotel's live packages, reported on the packages written. */
export function packageIdErrors(live: readonly PackageRow[], written: ReadonlySet<string>): FieldError[] {
  const seen = new Map<string, string>();
  const errors: FieldError[] = [];
  for (const row of live) {
    const key = externalIdKey(row.externalId);
    const other = seen.get(key);
    if (other !== undefined && (written.has(row.uuid) || written.has(other))) errors.push({ field: 'externalId', message: HOTEL_MESSAGES.packageIdTaken });
    else seen.set(key, row.uuid);
  }
  return errors.slice(0, 1);
}

/** Rate codes written: their packages must be live packages of the hotel, and an ID is used once in the hotel. */
export async function rateCodeErrors(tx: Executor, hotelUuid: string, written: ReadonlySet<string>): Promise<FieldError[]> {
  if (written.size === 0) return [];
  const live = new Set((await livePackages(tx, hotelUuid)).map((row) => row.uuid));
  const codes = await tx.select().from(rateCodes).where(eq(rateCodes.hotelUuid, hotelUuid));
  const errors: FieldError[] = [];
  const seen = new Map<string, string>();
  for (const code of codes) {
    const key = externalIdKey(code.name);
    const other = seen.get(key);
    if (other !== undefined && (written.has(code.uuid) || written.has(other))) errors.push({ field: 'name', message: HOTEL_MESSAGES.rateCodeIdTaken });
    else seen.set(key, code.uuid);
    if (written.has(code.uuid) && code.packages.some((packageUuid) => !live.has(packageUuid))) errors.push({ field: 'packages', message: HOTEL_MESSAGES.rateCodePackageUnknown });
    if (errors.length > 0) break;
  }
  return errors;
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
  /** collects the history of each record written (server/services/history.ts recordItemHistory) */
  history?: HistoryWrite[];
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

function assertDistinct(uuids: readonly string[], field: string): void {
  if (new Set(uuids).size !== uuids.length) throw duplicateItem(field);
}

/** Rows of the hotel by uuid, locked for the write; a uuid that is not the hotel's answers 404 with `notFound`. */
async function hotelRows<Row extends { uuid: string; version: number }>(
  tx: Transaction,
  table: typeof pmsPackages | typeof rateCodes | typeof accessControlServices,
  hotelUuid: string,
  uuids: readonly string[],
  notFoundMessage: string,
): Promise<Map<string, Row>> {
  const found = new Map<string, Row>();
  for (const batch of chunks(uuids)) {
    const rows = (await tx
      .select()
      .from(table)
      .where(and(eq(table.hotelUuid, hotelUuid), inArray(table.uuid, batch)))
      .for('update')) as unknown as Row[];
    for (const row of rows) found.set(row.uuid, row);
  }
  if (found.size !== new Set(uuids).size) throw HttpError.of(404, ERROR_CODES.notFound, notFoundMessage);
  return found;
}

function checkVersion(row: { version: number }, sent: number | undefined, field: string): void {
  if (sent !== undefined && sent !== row.version) throw itemStale(field);
}

async function insertMany<Values extends object>(tx: Transaction, table: typeof pmsPackages | typeof rateCodes | typeof accessControlServices, values: Values[], taken: string): Promise<void> {
  for (const batch of chunks(values, 1_000)) {
    const inserted = await tx
      .insert(table)
      .values(batch as never)
      .onConflictDoNothing({ target: table.uuid })
      .returning({ uuid: table.uuid });
    if (inserted.length !== batch.length) throw uuidTaken(taken);
  }
}

export interface PackageChanges {
  newPackages: { uuid?: string | undefined; externalId: string; calculationRule: PmsPackage['calculationRule'] }[];
  updatedPackages: { uuid: string; externalId: string; calculationRule: PmsPackage['calculationRule']; version?: number | undefined }[];
  deletedPackages?: string[];
}

/** Creates, updates and flags deleted the hotel's packages; a package ID used twice refuses the whole write. */
export async function applyPackages(context: BulkContext, changes: PackageChanges): Promise<void> {
  const { tx, orgUuid, hotelUuid, now } = context;
  const deleted = changes.deletedPackages ?? [];
  assertDistinct([...changes.updatedPackages.map((item) => item.uuid), ...deleted], 'packages');
  const rows = await hotelRows<PackageRow>(tx, pmsPackages, hotelUuid, [...changes.updatedPackages.map((item) => item.uuid), ...deleted], HOTEL_MESSAGES.packageNotFound);
  for (const item of changes.updatedPackages) {
    const before = rows.get(item.uuid) as PackageRow;
    if (before.deleted) throw HttpError.of(404, ERROR_CODES.notFound, HOTEL_MESSAGES.packageNotFound);
    checkVersion(before, item.version, 'updatedPackages');
    if (before.externalId === item.externalId && before.calculationRule === item.calculationRule) continue;
    noteItem(context, PMS_PACKAGE_KIND, item.uuid, packageFields(before), packageFields(item));
    await tx
      .update(pmsPackages)
      .set({ name: item.externalId, externalId: item.externalId, calculationRule: item.calculationRule, version: before.version + 1, updatedAt: now })
      .where(eq(pmsPackages.uuid, item.uuid));
  }
  const removing = deleted.filter((uuid) => !(rows.get(uuid) as PackageRow).deleted);
  for (const uuid of removing) noteItem(context, PMS_PACKAGE_KIND, uuid, packageFields(rows.get(uuid) as PackageRow), null);
  for (const batch of chunks(removing)) {
    await tx
      .update(pmsPackages)
      .set({ deleted: true, updatedAt: now })
      .where(inArray(pmsPackages.uuid, batch));
  }
  const created = changes.newPackages.map((item) => ({
    ...(item.uuid ? { uuid: item.uuid } : {}),
    orgUuid,
    hotelUuid,
    name: item.externalId,
    externalId: item.externalId,
    calculationRule: item.calculationRule,
    createdAt: now,
    updatedAt: now,
  }));
  await insertMany(tx, pmsPackages, created, HOTEL_MESSAGES.packageUuidTaken);
  for (const item of created) noteItem(context, PMS_PACKAGE_KIND, item.uuid, null, packageFields(item));
  const written = new Set([...changes.updatedPackages.map((item) => item.uuid), ...created.map((item) => item.uuid).filter((uuid): uuid is string => uuid !== undefined)]);
  // packages created without a uuid: judged by their IDs among the rest
  const live = await livePackages(tx, hotelUuid);
  const check = created.some((item) => item.uuid === undefined) ? new Set(live.map((row) => row.uuid)) : written;
  const refusal = packageIdErrors(live, check)[0];
  if (refusal) throw new HttpError(422, [{ code: ERROR_CODES.validation, message: refusal.message, field: refusal.field }]);
}

export interface RateCodeChanges {
  newRateCodes: { uuid?: string | undefined; name: string; packages: string[] }[];
  updatedRateCodes: { uuid: string; name: string; packages: string[]; version?: number | undefined }[];
  deletedRateCodes: string[];
}

/** The three-way rate code diff of spec section 4, checked against the hotel's live packages. */
export async function applyRateCodes(context: BulkContext, changes: RateCodeChanges): Promise<void> {
  const { tx, orgUuid, hotelUuid, now } = context;
  assertDistinct([...changes.updatedRateCodes.map((item) => item.uuid), ...changes.deletedRateCodes], 'rateCodes');
  const rows = await hotelRows<RateCodeRow>(tx, rateCodes, hotelUuid, [...changes.updatedRateCodes.map((item) => item.uuid), ...changes.deletedRateCodes], HOTEL_MESSAGES.rateCodeNotFound);
  for (const batch of chunks(changes.deletedRateCodes)) await tx.delete(rateCodes).where(inArray(rateCodes.uuid, batch));
  for (const uuid of changes.deletedRateCodes) noteItem(context, RATE_CODE_KIND, uuid, rateCodeFields(rows.get(uuid) as RateCodeRow), null);
  for (const item of changes.updatedRateCodes) {
    const before = rows.get(item.uuid) as RateCodeRow;
    checkVersion(before, item.version, 'updatedRateCodes');
    const packages = [...new Set(item.packages)];
    if (before.name === item.name && before.packages.length === packages.length && before.packages.every((value, index) => value === packages[index])) continue;
    noteItem(context, RATE_CODE_KIND, item.uuid, rateCodeFields(before), rateCodeFields({ name: item.name, packages }));
    await tx
      .update(rateCodes)
      .set({ name: item.name, externalId: item.name, packages, version: before.version + 1, updatedAt: now })
      .where(eq(rateCodes.uuid, item.uuid));
  }
  const created = changes.newRateCodes.map((item) => ({
    ...(item.uuid ? { uuid: item.uuid } : {}),
    orgUuid,
    hotelUuid,
    name: item.name,
    externalId: item.name,
    packages: [...new Set(item.packages)],
    createdAt: now,
    updatedAt: now,
  }));
  await insertMany(tx, rateCodes, created, HOTEL_MESSAGES.rateCodeUuidTaken);
  for (const item of created) noteItem(context, RATE_CODE_KIND, item.uuid, null, rateCodeFields(item));
  const all = created.some((item) => item.uuid === undefined);
  const written = all
    ? new Set((await tx.select({ uuid: rateCodes.uuid }).from(rateCodes).where(eq(rateCodes.hotelUuid, hotelUuid))).map((row) => row.uuid))
    : new Set([...changes.updatedRateCodes.map((item) => item.uuid), ...created.map((item) => item.uuid as string)]);
  const refusal = (await rateCodeErrors(tx, hotelUuid, written))[0];
  if (refusal) throw new HttpError(422, [{ code: ERROR_CODES.validation, message: refusal.message, field: refusal.field }]);
}

export interface AccessControlChanges {
  newAccessControl: { uuid?: string | undefined; name: string; hotelsAndPackages: { hotelDefinitionUuid: string; pmsPackageUuid: string }[]; defaultHotelUuid: string | null; idMethods: AccessControlService['idMethods'] }[];
  updatedAccessControl: { uuid: string; name: string; hotelsAndPackages: { hotelDefinitionUuid: string; pmsPackageUuid: string }[]; defaultHotelUuid: string | null; idMethods: AccessControlService['idMethods']; version?: number | undefined }[];
  deletedAccessControl?: string[];
}

/** Creates, updates and removes the hotel's access-control services, each checked against the organization's hotels and packages. */
export async function applyAccessControls(context: BulkContext, changes: AccessControlChanges): Promise<void> {
  const { tx, orgUuid, hotelUuid, now, grants } = context;
  const deleted = changes.deletedAccessControl ?? [];
  assertDistinct([...changes.updatedAccessControl.map((item) => item.uuid), ...deleted], 'accessControls');
  const rows = await hotelRows<AccessControlRow>(tx, accessControlServices, hotelUuid, [...changes.updatedAccessControl.map((item) => item.uuid), ...deleted], HOTEL_MESSAGES.accessNotFound);
  if (deleted.length > 0) await tx.delete(accessControlServices).where(inArray(accessControlServices.uuid, deleted));
  for (const uuid of deleted) noteItem(context, ACCESS_CONTROL_KIND, uuid, accessFields(rows.get(uuid) as AccessControlRow), null);
  const written: AccessControlRow[] = [];
  for (const item of changes.updatedAccessControl) {
    const before = rows.get(item.uuid) as AccessControlRow;
    checkVersion(before, item.version, 'updatedAccessControl');
    const [row] = await tx
      .update(accessControlServices)
      .set({ name: item.name, hotelsAndPackages: item.hotelsAndPackages, defaultHotelUuid: item.defaultHotelUuid, idMethods: [...new Set(item.idMethods)], version: before.version + 1, updatedAt: now })
      .where(eq(accessControlServices.uuid, item.uuid))
      .returning();
    if (row) written.push(row);
    if (row) noteItem(context, ACCESS_CONTROL_KIND, row.uuid, accessFields(before), accessFields(row));
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
  }
  const before = new Map([...rows.values()].map((row) => [row.uuid, row.hotelsAndPackages]));
  const refusal = (await accessControlErrors(tx, orgUuid, written, { grants, before }))[0];
  if (refusal) throw new HttpError(422, [{ code: ERROR_CODES.validation, message: refusal.message, field: refusal.field }]);
}

/** Everything a hotel owns, as the hotel save answers it (without the unit itself). */
export async function hotelParts(executor: Executor, hotelUuid: string) {
  const [definition] = await executor.select().from(hotelDefinitions).where(eq(hotelDefinitions.hotelUuid, hotelUuid));
  const packages = (await livePackages(executor, hotelUuid)).map(packageRecord).sort((a, b) => a.externalId.localeCompare(b.externalId));
  const codes = (await executor.select().from(rateCodes).where(eq(rateCodes.hotelUuid, hotelUuid))).map(rateCodeRecord).sort((a, b) => a.name.localeCompare(b.name));
  const services = await withPackageNames(
    executor,
    (await executor.select().from(accessControlServices).where(eq(accessControlServices.hotelUuid, hotelUuid))).map(accessControlRecord).sort((a, b) => a.name.localeCompare(b.name)),
  );
  return { hotelDefinition: definition ? hotelDefinitionRecord(definition) : null, packages, rateCodes: codes, accessControls: services };
}

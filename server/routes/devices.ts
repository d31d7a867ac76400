/**
 * Devices (issue 17, spec paths under /device/v1). Devices are provisioned by the platform, not
 * created by operators, so they are not a defineResource declaration: these routes use the
 * pattern's pieces (withMutation for Idempotency-Key and one transaction, If-Match with 412 and
 * `current`, the error shape, OpenAPI) around the assignment rules of src/domain/devices.ts:
 * - GET /device/v1/organizations/{org}/devices: the organization's devices (organization setup,
 *   or setup of one of its units); includeUnassigned=TRUE adds the devices of no organization
 *   (organization setup only);
 * - PUT …/organizations/{org}/devices/{device}/assign and …/unassign (organization setup): a device
 *   belongs to one organization at a time; unassigning also takes it off every unit;
 * - GET /device/v1/ous/{ou}/devices and PUT /device/v1/ous/{ou}/devices/assign (setup of that unit):
 *   the unit's set, replaced whole by aliases of the organization's devices.
 * A refused write answers 403 'Error occured while updating devices' (the spec's spelling) and changes nothing.
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  canSetupOrganization,
  compareDevices,
  DEVICE_MESSAGES,
  deviceAliasKey,
  deviceAssignSchema,
  deviceListResponseSchema,
  deviceSchema,
  deviceUnassignSchema,
  ERROR_CODES,
  isDeviceAliasTaken,
  mayAssignDevice,
  resolveUnitAssignment,
  unitDeviceAssignSchema,
  DEVICE_KIND,
  type Device,
  UNIT_KIND,
} from '../../src/domain/index';
import type { Executor } from '../db/client';
import { devices, deviceUnits, organizations } from '../db/schema';
import { HttpError, notFound, unauthenticated } from '../http-error';
import { caller } from '../plugins/auth';
import { withMutation } from '../plugins/idempotency';
import { assertVersion } from '../plugins/if-match';
import { BEARER } from '../plugins/swagger';
import { ifMatchHeaders, idempotencyHeaders, UUID } from '../resources/define-resource';
import { organizationScope } from '../resources/scopes';
import { callerGrantee, type Grantee } from '../services/directory';
import { recordChange, recordHistory } from '../services/history';
import { unitsOf } from '../services/units';
import { maySetUpUnit, unitByUuid, unitSetupRuleOf } from '../services/unit-scope';
import { errorResponses } from './schemas';

type DeviceRow = typeof devices.$inferSelect;

const refused = () => HttpError.of(403, ERROR_CODES.forbidden, DEVICE_MESSAGES.updateRefused);

/** The devices as answered, with the units each is placed on. */
export async function presentDevices(executor: Executor, rows: readonly DeviceRow[]): Promise<Device[]> {
  const uuids = rows.map((row) => row.uuid);
  const placements = uuids.length === 0 ? [] : await executor.select().from(deviceUnits).where(inArray(deviceUnits.deviceUuid, uuids));
  const unitsOfDevice = new Map<string, string[]>();
  for (const { deviceUuid, ouUuid } of placements) unitsOfDevice.set(deviceUuid, [...(unitsOfDevice.get(deviceUuid) ?? []), ouUuid]);
  return rows
    .map(({ uuid, version, alias, serial, model, status, orgUuid, lastSeen }) => ({
      uuid,
      version,
      alias,
      serial,
      model,
      status,
      orgUuid,
      ouUuids: (unitsOfDevice.get(uuid) ?? []).sort(),
      lastSeen: lastSeen ? lastSeen.toISOString() : null,
    }))
    .sort(compareDevices);
}

/** A device as its history shows it: its alias, whether it belongs to the organization, and the units it is placed on. */
const deviceFields = (device: Device): Record<string, unknown> => ({ alias: device.alias, assigned: device.orgUuid !== null, ouUuids: device.ouUuids });

const deviceRecord = async (executor: Executor, row: DeviceRow): Promise<Device> => (await presentDevices(executor, [row]))[0] as Device;

async function lockOrganization(tx: Executor, orgUuid: string): Promise<boolean> {
  const [found] = await tx.select({ uuid: organizations.uuid }).from(organizations).where(eq(organizations.uuid, orgUuid)).for('no key update');
  return found !== undefined;
}

async function unitDevices(executor: Executor, ouUuid: string): Promise<Device[]> {
  const placed = await executor.select({ uuid: deviceUnits.deviceUuid }).from(deviceUnits).where(eq(deviceUnits.ouUuid, ouUuid));
  if (placed.length === 0) return [];
  return presentDevices(executor, await executor.select().from(devices).where(inArray(devices.uuid, placed.map((row) => row.uuid))));
}

const orgParams = z.object({ org: z.string().max(64).describe('Organization uuid') });
const deviceParams = orgParams.extend({ device: z.string().max(64).describe('Device uuid') });
const ouParams = z.object({ ou: z.string().max(64).describe('Unit (organizational unit) uuid') });
const listQuery = z.object({ includeUnassigned: z.enum(['TRUE', 'FALSE', 'true', 'false']).optional().describe('TRUE: also the devices of no organization (organization setup only)') });
const versionMismatch = z.object({ errors: z.array(z.object({ code: z.string(), message: z.string(), field: z.string().optional() })), current: deviceSchema.optional() });

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.lobby;
  const common = { tags: ['devices'], security: BEARER };

  async function me(request: Parameters<typeof caller>[0]): Promise<Grantee> {
    const grantee = await callerGrantee(request);
    if (!grantee) throw unauthenticated();
    return grantee;
  }

  app.get(
    '/device/v1/organizations/:org/devices',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "An organization's devices, by alias",
        description:
          'Needs organization setup, or setup of one of its units. includeUnassigned=TRUE also lists the devices of no organization (orgUuid null), to assign them; it needs organization setup (403 otherwise).',
        params: orgParams,
        querystring: listQuery,
        response: { 200: deviceListResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const grants = await me(request);
      const orgUuid = request.params.org.toLowerCase();
      const withUnassigned = request.query.includeUnassigned?.toUpperCase() === 'TRUE';
      const orgSetup = UUID.test(orgUuid) && canSetupOrganization(grants, orgUuid);
      if (!orgSetup) {
        const rule = UUID.test(orgUuid) ? await unitSetupRuleOf(grants, orgUuid, db) : () => false;
        const someUnit = UUID.test(orgUuid) && (await unitsOf(db, orgUuid)).some((unit) => rule(unit.uuid));
        if (!someUnit) throw HttpError.of(403, ERROR_CODES.forbidden, organizationScope.forbidden);
        if (withUnassigned) throw HttpError.of(403, ERROR_CODES.forbidden, DEVICE_MESSAGES.unassignedNeedsSetup);
      }
      const [org] = await db.select({ uuid: organizations.uuid }).from(organizations).where(eq(organizations.uuid, orgUuid));
      if (!org) throw notFound(organizationScope.notFound);
      const rows = await db
        .select()
        .from(devices)
        .where(withUnassigned ? or(eq(devices.orgUuid, orgUuid), isNull(devices.orgUuid)) : eq(devices.orgUuid, orgUuid));
      return { devices: await presentDevices(db, rows) };
    },
  );

  /** The checks both organization-level writes share: the caller's setup, the organization, the body naming it, the device. */
  async function orgWrite(request: { params: { org: string; device: string }; body: { organizationUuid: string } } & Parameters<typeof caller>[0], grants: Grantee, tx: Executor) {
    const orgUuid = request.params.org.toLowerCase();
    if (!UUID.test(orgUuid) || !canSetupOrganization(grants, orgUuid)) throw refused();
    if (!(await lockOrganization(tx, orgUuid))) throw notFound(organizationScope.notFound);
    if (request.body.organizationUuid !== orgUuid) throw HttpError.of(422, ERROR_CODES.validation, DEVICE_MESSAGES.organizationMismatch, 'organizationUuid');
    const deviceUuid = request.params.device.toLowerCase();
    const [row] = UUID.test(deviceUuid) ? await tx.select().from(devices).where(eq(devices.uuid, deviceUuid)).for('update') : [];
    if (!row) throw notFound(DEVICE_MESSAGES.deviceNotFound);
    return { orgUuid, row };
  }

  app.put(
    '/device/v1/organizations/:org/devices/:device/assign',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Assign a device to the organization, under an alias',
        description:
          "Needs organization setup. The device must have no organization, or be this one's already (then only its alias changes). A device of another organization, or a caller without organization setup, answers 403 'Error occured while updating devices'. The alias (1 to 50 characters) must not be another device's of the organization, case ignored (422). organizationUuid must be the path's organization (422). With If-Match, a stale version answers 412 with `current`.",
        params: deviceParams,
        headers: ifMatchHeaders,
        body: deviceAssignSchema,
        response: { 200: deviceSchema, ...errorResponses(400, 401, 403, 404, 422), 412: versionMismatch },
      },
    },
    async (request, reply) => {
      // the caller is read before the transaction: PGlite has one connection, which the transaction holds
      const grants = await me(request);
      return withMutation(request, reply, async (tx) => {
        const { orgUuid, row } = await orgWrite(request, grants, tx);
        if (!mayAssignDevice(row, orgUuid)) throw refused();
        const before = await deviceRecord(tx, row);
        assertVersion(request, row, { currentBody: before });
        const others = await tx.select({ uuid: devices.uuid, alias: devices.alias }).from(devices).where(eq(devices.orgUuid, orgUuid));
        if (isDeviceAliasTaken(request.body.alias, others, row.uuid)) throw HttpError.of(422, ERROR_CODES.validation, DEVICE_MESSAGES.aliasTaken, 'alias');
        const [updated] = await tx
          .update(devices)
          .set({ orgUuid, alias: request.body.alias, aliasKey: deviceAliasKey(request.body.alias), version: row.version + 1, updatedAt: request.server.lobby.now() })
          .where(eq(devices.uuid, row.uuid))
          .returning();
        const after = await deviceRecord(tx, updated as DeviceRow);
        await recordHistory(tx, request, recordChange({ kind: DEVICE_KIND, recordUuid: row.uuid, orgUuid, unitUuid: null }, deviceFields(before), deviceFields(after)));
        return { statusCode: 200, body: after };
      });
    },
  );

  app.put(
    '/device/v1/organizations/:org/devices/:device/unassign',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Take a device from the organization',
        description:
          "Needs organization setup. The device leaves the organization and every unit it was placed on. A device that is not the organization's, or a caller without organization setup, answers 403 'Error occured while updating devices'. organizationUuid must be the path's organization (422). With If-Match, a stale version answers 412 with `current`.",
        params: deviceParams,
        headers: ifMatchHeaders,
        body: deviceUnassignSchema,
        response: { 200: deviceSchema, ...errorResponses(400, 401, 403, 404, 422), 412: versionMismatch },
      },
    },
    async (request, reply) => {
      // the caller is read before the transaction: PGlite has one connection, which the transaction holds
      const grants = await me(request);
      return withMutation(request, reply, async (tx) => {
        const { orgUuid, row } = await orgWrite(request, grants, tx);
        if (row.orgUuid !== orgUuid) throw refused();
        const before = await deviceRecord(tx, row);
        assertVersion(request, row, { currentBody: before });
        await tx.delete(deviceUnits).where(eq(deviceUnits.deviceUuid, row.uuid));
        const [updated] = await tx
          .update(devices)
          .set({ orgUuid: null, version: row.version + 1, updatedAt: request.server.lobby.now() })
          .where(eq(devices.uuid, row.uuid))
          .returning();
        const after = await deviceRecord(tx, updated as DeviceRow);
        await recordHistory(tx, request, recordChange({ kind: DEVICE_KIND, recordUuid: row.uuid, orgUuid, unitUuid: null }, deviceFields(before), deviceFields(after)));
        return { statusCode: 200, body: after };
      });
    },
  );

  /** The unit of a unit-level route, once the caller may set it up: 404 unknown, `denied` when refused. */
  async function unitOf(request: { params: { ou: string } } & Parameters<typeof caller>[0], denied: () => HttpError) {
    const grants = await me(request);
    const unit = await unitByUuid(db, request.params.ou);
    if (!unit) throw notFound(DEVICE_MESSAGES.unitNotFound);
    if (!(await maySetUpUnit(grants, unit.orgUuid, unit.uuid, db))) throw denied();
    return unit;
  }

  app.get(
    '/device/v1/ous/:ou/devices',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'The devices placed on a unit, by alias',
        description: 'Needs organization setup or setup of the unit.',
        params: ouParams,
        response: { 200: deviceListResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const unit = await unitOf(request, () => HttpError.of(403, ERROR_CODES.forbidden, DEVICE_MESSAGES.forbidden));
      return { devices: await unitDevices(db, unit.uuid) };
    },
  );

  app.put(
    '/device/v1/ous/:ou/devices/assign',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "Replace the devices placed on a unit",
        description:
          "The body is the aliases (case ignored) of the devices the unit has from now on; the others are taken off it. Every alias must be a device of the unit's organization: an unknown alias, another organization's device, or a caller without setup of the unit answers 403 'Error occured while updating devices' and nothing changes. A device whose units change has its version raised. Answers the unit's devices.",
        params: ouParams,
        headers: idempotencyHeaders,
        body: unitDeviceAssignSchema,
        response: { 200: deviceListResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const unit = await unitOf(request, refused);
      return withMutation(request, reply, async (tx) => {
        await lockOrganization(tx, unit.orgUuid);
        const own = await tx.select({ uuid: devices.uuid, alias: devices.alias }).from(devices).where(eq(devices.orgUuid, unit.orgUuid));
        const chosen = resolveUnitAssignment(request.body, own);
        if (chosen === null) throw refused();
        const placed = new Set((await tx.select({ uuid: deviceUnits.deviceUuid }).from(deviceUnits).where(eq(deviceUnits.ouUuid, unit.uuid))).map((row) => row.uuid));
        const wanted = new Set(chosen);
        const removed = [...placed].filter((uuid) => !wanted.has(uuid));
        const added = chosen.filter((uuid) => !placed.has(uuid));
        if (removed.length > 0) await tx.delete(deviceUnits).where(and(eq(deviceUnits.ouUuid, unit.uuid), inArray(deviceUnits.deviceUuid, removed)));
        if (added.length > 0) await tx.insert(deviceUnits).values(added.map((deviceUuid) => ({ deviceUuid, ouUuid: unit.uuid })));
        const changed = [...removed, ...added];
        if (changed.length > 0) {
          const rows = await tx.select({ uuid: devices.uuid, version: devices.version }).from(devices).where(inArray(devices.uuid, changed));
          const now = request.server.lobby.now();
          for (const row of rows) await tx.update(devices).set({ version: row.version + 1, updatedAt: now }).where(eq(devices.uuid, row.uuid));
          // one entry on the unit: its devices, by alias, before and after
          const aliasOf = new Map(own.map((device) => [device.uuid, device.alias]));
          const aliases = (uuids: Iterable<string>) => [...uuids].map((uuid) => aliasOf.get(uuid) ?? uuid).sort((a, b) => a.localeCompare(b));
          await recordHistory(tx, request, recordChange({ kind: UNIT_KIND, recordUuid: unit.uuid, orgUuid: unit.orgUuid, unitUuid: unit.uuid }, { devices: aliases(placed) }, { devices: aliases(wanted) }));
        }
        return { statusCode: 200, body: { devices: await unitDevices(tx, unit.uuid) } };
      });
    },
  );
};

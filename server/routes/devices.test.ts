import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '../../src/domain/index';
import { deviceListResponseSchema, deviceSchema } from '../../src/domain/index';
import { devices, deviceUnits, organizationalUnits, organizations } from '../db/schema';
import { DEMO_DEVICES, DEMO_ORGANIZATION_NAME, DEMO_UNASSIGNED_DEVICES } from '../db/seed';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login, MANAGER_EMAIL, MANAGER_PASSWORD } from '../test-helpers';

const REFUSED = { errors: [{ code: 'forbidden', message: 'Error occured while updating devices' }] };

let t: TestApp;
let admin = '';
let manager = '';
let outsider = '';
let demoOrg = '';
let otherOrg = '';
let otherUnit = '';
let otherDevice = '';
const unit: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  manager = (await login(t.app, MANAGER_EMAIL, MANAGER_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  demoOrg = demo?.uuid ?? '';
  for (const row of await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.orgUuid, demoOrg))) unit[row.name] = row.uuid;
  const [other] = await t.db.insert(organizations).values({ name: 'Alpine Lodges', legalCompanyName: 'Alpine Lodges AG' }).returning();
  otherOrg = other?.uuid ?? '';
  const [alpine] = await t.db.insert(organizationalUnits).values({ orgUuid: otherOrg, type: 'VENUE', name: 'Alpine Bar' }).returning();
  otherUnit = alpine?.uuid ?? '';
  const [device] = await t.db.insert(devices).values({ orgUuid: otherOrg, alias: 'Alpine 1', aliasKey: 'alpine 1', serial: 'ALP0001', model: 'PAX A920 Pro' }).returning();
  otherDevice = device?.uuid ?? '';
  await t.db.insert(deviceUnits).values({ deviceUuid: otherDevice, ouUuid: otherUnit });
  await createUser(t.db, { email: 'alpine@example.com', password: 'Alpine-Password-1', permissions: ['SETUP_ORG', 'SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [otherOrg], ous: [] }] });
  outsider = (await login(t.app, 'alpine@example.com', 'Alpine-Password-1')).token;
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const orgList = (org: string, token = admin, query = '') => t.app.inject({ method: 'GET', url: `/api/device/v1/organizations/${org}/devices${query}`, headers: bearer(token) });
const assign = (org: string, device: string, payload: object, token = admin, headers: Headers = {}) =>
  t.app.inject({ method: 'PUT', url: `/api/device/v1/organizations/${org}/devices/${device}/assign`, headers: { ...bearer(token), ...headers }, payload });
const unassign = (org: string, device: string, payload: object, token = admin, headers: Headers = {}) =>
  t.app.inject({ method: 'PUT', url: `/api/device/v1/organizations/${org}/devices/${device}/unassign`, headers: { ...bearer(token), ...headers }, payload });
const unitList = (ou: string, token = admin) => t.app.inject({ method: 'GET', url: `/api/device/v1/ous/${ou}/devices`, headers: bearer(token) });
const unitAssign = (ou: string, aliases: string[], token = admin, headers: Headers = {}) =>
  t.app.inject({ method: 'PUT', url: `/api/device/v1/ous/${ou}/devices/assign`, headers: { ...bearer(token), ...headers }, payload: aliases });

async function listed(org = demoOrg, query = ''): Promise<Device[]> {
  const response = await orgList(org, admin, query);
  expect(response.statusCode).toBe(200);
  return deviceListResponseSchema.parse(response.json()).devices;
}
async function unassigned(): Promise<Device[]> {
  return (await listed(demoOrg, '?includeUnassigned=TRUE')).filter((device) => device.orgUuid === null);
}
async function snapshot() {
  return { devices: await t.db.select().from(devices).orderBy(devices.uuid), placements: await t.db.select().from(deviceUnits).orderBy(deviceUnits.deviceUuid, deviceUnits.ouUuid) };
}

describe('GET /device/v1/organizations/{org}/devices', () => {
  it("lists the organization's seeded devices by alias, with their units; includeUnassigned=TRUE adds the unassigned ones", async () => {
    const own = await listed();
    expect(own).toHaveLength(DEMO_DEVICES - DEMO_UNASSIGNED_DEVICES);
    expect(own.every((device) => device.orgUuid === demoOrg)).toBe(true);
    expect(own.map((device) => device.alias)).toEqual([...own.map((device) => device.alias)].sort());
    expect(own.filter((device) => device.ouUuids.includes(unit['Rooftop Bar'] ?? ''))).toHaveLength(3);
    expect(own.some((device) => device.uuid === otherDevice)).toBe(false);
    const all = await listed(demoOrg, '?includeUnassigned=TRUE');
    expect(all).toHaveLength(DEMO_DEVICES);
    expect(all.filter((device) => device.orgUuid === null).every((device) => device.ouUuids.length === 0)).toBe(true);
    expect(all.some((device) => device.uuid === otherDevice)).toBe(false);
  });

  it('lets a hotel manager read the devices, but not the unassigned ones; refuses another organization', async () => {
    expect((await orgList(demoOrg, manager)).statusCode).toBe(200);
    const hidden = await orgList(demoOrg, manager, '?includeUnassigned=TRUE');
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().errors[0].message).toBe('Only organization setup may list unassigned devices');
    expect((await orgList(demoOrg, outsider)).statusCode).toBe(403);
    expect((await orgList(otherOrg, manager)).statusCode).toBe(403);
    expect((await orgList('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('PUT /device/v1/organizations/{org}/devices/{device}/assign and /unassign', () => {
  it('assigns an unassigned device under an alias, and unassigns it from the organization and all its units', async () => {
    const [free] = await unassigned();
    if (!free) throw new Error('no unassigned device');
    const response = await assign(demoOrg, free.uuid, { alias: '  Bar Terminal  ', organizationUuid: demoOrg });
    expect(response.statusCode).toBe(200);
    const device = deviceSchema.parse(response.json());
    expect(device).toMatchObject({ uuid: free.uuid, orgUuid: demoOrg, alias: 'Bar Terminal', version: free.version + 1, ouUuids: [] });
    expect((await listed()).some((d) => d.uuid === free.uuid)).toBe(true);

    const placed = await unitAssign(unit['Beach Club'] ?? '', ['bar terminal']);
    expect(placed.statusCode).toBe(200);
    expect((await unitList(unit['Beach Club'] ?? '')).json().devices.map((d: Device) => d.alias)).toEqual(['Bar Terminal']);

    const gone = await unassign(demoOrg, free.uuid, { organizationUuid: demoOrg });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ orgUuid: null, ouUuids: [] });
    expect(await t.db.select().from(deviceUnits).where(eq(deviceUnits.deviceUuid, free.uuid))).toEqual([]);
    expect((await listed()).some((d) => d.uuid === free.uuid)).toBe(false);
  });

  it("refuses another organization's device with 403 'Error occured while updating devices' and changes nothing", async () => {
    const before = await snapshot();
    const taken = await assign(demoOrg, otherDevice, { alias: 'Stolen', organizationUuid: demoOrg });
    expect(taken.statusCode).toBe(403);
    expect(taken.json()).toEqual(REFUSED);
    const away = await unassign(demoOrg, otherDevice, { organizationUuid: demoOrg });
    expect(away.statusCode).toBe(403);
    expect(away.json()).toEqual(REFUSED);
    expect(await snapshot()).toEqual(before);
  });

  it('needs organization setup: a hotel manager and another organization are refused', async () => {
    const [free] = await unassigned();
    if (!free) throw new Error('no unassigned device');
    const before = await snapshot();
    for (const token of [manager, outsider]) {
      const response = await assign(demoOrg, free.uuid, { alias: 'Nope', organizationUuid: demoOrg }, token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(REFUSED);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('keeps aliases unique in the organization (case ignored) and within 1..50 characters; the body must name the organization', async () => {
    const [free] = await unassigned();
    if (!free) throw new Error('no unassigned device');
    const before = await snapshot();
    const clash = await assign(demoOrg, free.uuid, { alias: 'terminal 01', organizationUuid: demoOrg });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors[0]).toMatchObject({ field: 'alias', message: 'Another device of this organization already has this alias' });
    expect((await assign(demoOrg, free.uuid, { alias: 'x'.repeat(51), organizationUuid: demoOrg })).statusCode).toBe(400);
    expect((await assign(demoOrg, free.uuid, { alias: '   ', organizationUuid: demoOrg })).statusCode).toBe(400);
    const mismatch = await assign(demoOrg, free.uuid, { alias: 'Fine', organizationUuid: otherOrg });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors[0].field).toBe('organizationUuid');
    expect((await assign(demoOrg, '00000000-0000-4000-8000-000000000000', { alias: 'Fine', organizationUuid: demoOrg })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    // the same alias in another organization is fine
    const elsewhere = await assign(otherOrg, free.uuid, { alias: 'Terminal 01', organizationUuid: otherOrg }, outsider);
    expect(elsewhere.statusCode).toBe(200);
    // a device belongs to one organization at a time: now the demo organization cannot take it
    const twice = await assign(demoOrg, free.uuid, { alias: 'Mine', organizationUuid: demoOrg });
    expect(twice.statusCode).toBe(403);
    expect(twice.json()).toEqual(REFUSED);
    expect((await unassign(otherOrg, free.uuid, { organizationUuid: otherOrg }, outsider)).statusCode).toBe(200);
  });

  it('honours If-Match (412 with current) and replays an Idempotency-Key', async () => {
    const [free] = await unassigned();
    if (!free) throw new Error('no unassigned device');
    const stale = await assign(demoOrg, free.uuid, { alias: 'Stale', organizationUuid: demoOrg }, admin, { 'if-match': `"${free.version + 5}"` });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ uuid: free.uuid, version: free.version, orgUuid: null });
    const first = await assign(demoOrg, free.uuid, { alias: 'Keyed', organizationUuid: demoOrg }, admin, { 'if-match': `"${free.version}"`, 'idempotency-key': 'assign-keyed' });
    expect(first.statusCode).toBe(200);
    const replay = await assign(demoOrg, free.uuid, { alias: 'Keyed', organizationUuid: demoOrg }, admin, { 'if-match': `"${free.version}"`, 'idempotency-key': 'assign-keyed' });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const [row] = await t.db.select().from(devices).where(eq(devices.uuid, free.uuid));
    expect(row?.version).toBe(free.version + 1);
    const back = await unassign(demoOrg, free.uuid, { organizationUuid: demoOrg }, admin, { 'if-match': `"${free.version + 1}"` });
    expect(back.statusCode).toBe(200);
  });
});

describe('GET and PUT /device/v1/ous/{ou}/devices', () => {
  it("replaces a unit's set whole (aliases, case ignored), raising the versions of the devices that changed", async () => {
    const ou = unit['Harbour Restaurant'] ?? '';
    const before = deviceListResponseSchema.parse((await unitList(ou)).json()).devices;
    expect(before).toHaveLength(3);
    const own = await listed();
    const spare = own.filter((device) => device.ouUuids.length === 0).slice(0, 2);
    const kept = before[0] as Device;
    const response = await unitAssign(ou, [kept.alias.toUpperCase(), ...spare.map((device) => device.alias), kept.alias]);
    expect(response.statusCode).toBe(200);
    const after = deviceListResponseSchema.parse(response.json()).devices;
    expect(after.map((device) => device.uuid).sort()).toEqual([kept.uuid, ...spare.map((device) => device.uuid)].sort());
    expect(after.find((device) => device.uuid === kept.uuid)?.version).toBe(kept.version);
    for (const device of spare) expect(after.find((d) => d.uuid === device.uuid)?.version).toBe(device.version + 1);
    const dropped = before.slice(1);
    const now = await listed();
    for (const device of dropped) expect(now.find((d) => d.uuid === device.uuid)).toMatchObject({ version: device.version + 1, ouUuids: [] });
    // an empty list empties the unit
    expect((await unitAssign(ou, [])).json()).toEqual({ devices: [] });
  });

  it("refuses an unknown alias or another organization's device with 403 and changes nothing", async () => {
    const ou = unit['Rooftop Bar'] ?? '';
    const own = (await unitList(ou)).json().devices as Device[];
    const before = await snapshot();
    for (const aliases of [[own[0]?.alias ?? '', 'No Such Device'], ['Alpine 1'], [(await unassigned())[0]?.alias ?? '']]) {
      const response = await unitAssign(ou, aliases);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(REFUSED);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('needs setup of the unit: the hotel manager sets up their hotel and below, not the other hotel nor another organization', async () => {
    const rooftop = unit['Rooftop Bar'] ?? '';
    const current = ((await unitList(rooftop, manager)).json().devices as Device[]).map((device) => device.alias);
    expect(current).toHaveLength(3);
    const mine = await unitAssign(rooftop, current.slice(0, 2), manager);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().devices).toHaveLength(2);
    const before = await snapshot();
    const beach = await unitAssign(unit['Beach Club'] ?? '', current.slice(2), manager);
    expect(beach.statusCode).toBe(403);
    expect(beach.json()).toEqual(REFUSED);
    expect((await unitList(unit['Beach Club'] ?? '', manager)).statusCode).toBe(403);
    expect((await unitAssign(otherUnit, ['Alpine 1'], manager)).statusCode).toBe(403);
    expect((await unitList(otherUnit, manager)).statusCode).toBe(403);
    expect((await unitAssign(rooftop, ['Alpine 1'], outsider)).statusCode).toBe(403);
    expect((await unitList('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('replays an Idempotency-Key of a unit assignment', async () => {
    const ou = unit['Rooftop Bar'] ?? '';
    const aliases = ((await unitList(ou)).json().devices as Device[]).map((device) => device.alias);
    const first = await unitAssign(ou, aliases.slice(0, 1), admin, { 'idempotency-key': 'unit-assign-1' });
    const replay = await unitAssign(ou, aliases.slice(0, 1), admin, { 'idempotency-key': 'unit-assign-1' });
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const reused = await unitAssign(ou, aliases, admin, { 'idempotency-key': 'unit-assign-1' });
    expect(reused.statusCode).toBe(422);
    const [row] = await t.db.select({ n: count() }).from(deviceUnits).where(eq(deviceUnits.ouUuid, ou));
    expect(row?.n).toBe(1);
    expect((await t.db.select({ n: count() }).from(devices).where(isNull(devices.orgUuid)))[0]?.n).toBeGreaterThan(0);
  });
});

import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, HistoryPage, PmsPackage } from '../../src/domain/index';
import { devices, discounts, historyEntries, organizationalUnits, organizations, pmsConnections, posInstallations } from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login } from '../test-helpers';

let t: TestApp;
let admin = '';
let demoOrg = '';
let harbour = '';
let otherHotel = '';
let connection = '';
let hotelUser = '';
let outsider = '';
let otherOrg = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  demoOrg = demo?.uuid ?? '';
  const [hotel] = await t.db.select().from(organizationalUnits).where(and(eq(organizationalUnits.orgUuid, demoOrg), eq(organizationalUnits.name, 'Harbour View Hotel')));
  harbour = hotel?.uuid ?? '';
  const [pms] = await t.db.select().from(pmsConnections).where(eq(pmsConnections.orgUuid, demoOrg));
  connection = pms?.uuid ?? '';
  const [other] = await t.db.insert(organizations).values({ name: 'Alpine Lodges', legalCompanyName: 'Alpine Lodges AG' }).returning();
  otherOrg = other?.uuid ?? '';
  await createUser(t.db, { email: 'harbour.it@example.com', password: 'Harbour-Password-1', permissions: ['SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [], ous: [harbour], omnipresence: false }] });
  hotelUser = (await login(t.app, 'harbour.it@example.com', 'Harbour-Password-1')).token;
  await createUser(t.db, { email: 'alpine@example.com', password: 'Alpine-Password-1', permissions: ['SETUP_ORG', 'SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [otherOrg], ous: [], omnipresence: false }] });
  outsider = (await login(t.app, 'alpine@example.com', 'Alpine-Password-1')).token;
  const created = await call('POST', `/organization/${demoOrg}/hotels`, { parentUuid: null, attributes: { NAME: 'History Other Hotel' } });
  otherHotel = (created.json() as { uuid: string }).uuid;
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Headers = {}, token = admin) {
  return t.app.inject({ method, url: `/api${url}`, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });
}
const packages = (hotel = harbour) => `/organization/${demoOrg}/hotel/${hotel}/pms-package`;
async function historyOf(kind: string, uuid: string, token = admin, org = demoOrg): Promise<HistoryEntry[]> {
  const response = await call('GET', `/organization/${org}/history/${kind}/${uuid}`, undefined, {}, token);
  expect(response.statusCode).toBe(200);
  return (response.json() as HistoryPage).data;
}
async function entriesOf(recordUuid: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(historyEntries).where(eq(historyEntries.recordUuid, recordUuid));
  return row?.n ?? 0;
}

describe('the history of a record of the resource pattern', () => {
  it('leaves one entry per write with the fields before and after, the operator\'s time and the offline mark, newest first', async () => {
    const madeAt = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    const created = await call('POST', packages(), { externalId: 'HIST-BB', calculationRule: 'ADULT' }, { 'x-made-at': madeAt, 'x-made-offline': '1' });
    expect(created.statusCode).toBe(201);
    const item = created.json() as PmsPackage;
    const changed = await call('PUT', `${packages()}/${item.uuid}`, { externalId: 'HIST-BB', calculationRule: 'PERSON' }, { 'if-match': '"1"' });
    expect(changed.statusCode).toBe(200);
    expect((await call('DELETE', `${packages()}/${item.uuid}`)).statusCode).toBe(204);

    const entries = await historyOf('pms-package', item.uuid);
    expect(entries.map((entry) => entry.action)).toEqual(['removed', 'changed', 'created']);
    const [removed, update, create] = entries as [HistoryEntry, HistoryEntry, HistoryEntry];
    expect(update.changes).toEqual([{ field: 'calculationRule', before: 'ADULT', after: 'PERSON' }]);
    expect(update).toMatchObject({ kind: 'pms-package', orgUuid: demoOrg, unitUuid: harbour, userEmail: ADMIN_EMAIL, offline: false });
    expect(update.madeAt).toBe(update.appliedAt);
    expect(create.changes).toContainEqual({ field: 'externalId', after: 'HIST-BB' });
    expect(create).toMatchObject({ offline: true, madeAt });
    expect(Date.parse(create.appliedAt)).toBeGreaterThan(Date.parse(create.madeAt));
    expect(removed.changes).toContainEqual({ field: 'externalId', before: 'HIST-BB' });
  });

  it('leaves none for a refused or stale change, and none for an idempotent replay', async () => {
    const created = (await call('POST', packages(), { externalId: 'HIST-SPA' })).json() as PmsPackage;
    expect(await entriesOf(created.uuid)).toBe(1);
    const taken = await call('POST', packages(), { uuid: randomUUID(), externalId: 'HIST-SPA' });
    expect(taken.statusCode).toBe(422);
    const stale = await call('PUT', `${packages()}/${created.uuid}`, { externalId: 'HIST-SPA2' }, { 'if-match': '"7"' });
    expect(stale.statusCode).toBe(412);
    expect(await entriesOf(created.uuid)).toBe(1);
    const key = { 'idempotency-key': randomUUID(), 'if-match': '"1"' };
    expect((await call('PUT', `${packages()}/${created.uuid}`, { externalId: 'HIST-SPA2' }, key)).statusCode).toBe(200);
    const replay = await call('PUT', `${packages()}/${created.uuid}`, { externalId: 'HIST-SPA2' }, key);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(await entriesOf(created.uuid)).toBe(2);
  });

  it('clamps a time made in the future to the time it arrived', async () => {
    const created = await call('POST', packages(), { externalId: 'HIST-LATE' }, { 'x-made-at': '2999-01-01T00:00:00Z' });
    const [entry] = await historyOf('pms-package', (created.json() as PmsPackage).uuid);
    expect(entry?.madeAt).toBe(entry?.appliedAt);
  });
});

describe('the history of the other writes', () => {
  it('the hotel save: one entry per record it writes, the contactless password marked changed, never stored', async () => {
    const hotel = randomUUID();
    const definition = randomUUID();
    const bb = randomUUID();
    const body = {
      hotel: { parentUuid: null, attributes: { NAME: 'History Hotel' } },
      hotelDefinition: { uuid: definition, name: 'History Hotel', externalId: 'HIS01', pmsConnectionUuid: connection, hotelUuid: hotel, isRoomCardReadingEnabled: true, contactlessCardType: 'MIFARE_CLASSIC', contactlessCardPassword: '0123456789AB' },
      packages: { newPackages: [{ uuid: bb, externalId: 'BB', calculationRule: 'ADULT' }], updatedPackages: [] },
      rateCodes: { newRateCodes: [{ uuid: randomUUID(), name: 'BAR', packages: [bb] }], updatedRateCodes: [], deletedRateCodes: [] },
      accessControls: { newAccessControl: [], updatedAccessControl: [] },
    };
    const saved = await call('PUT', `/organization/${demoOrg}/hotel/${hotel}/save`, body);
    expect(saved.statusCode).toBe(201);
    const unit = await historyOf('unit', hotel);
    expect(unit).toHaveLength(1);
    expect(unit[0]?.changes).toContainEqual({ field: 'attributes.NAME', after: 'History Hotel' });
    expect(await historyOf('pms-package', bb)).toHaveLength(1);
    const second = { ...body, hotel: undefined, hotelDefinition: { ...body.hotelDefinition, contactlessCardPassword: 'ABCDEF012345' }, packages: { newPackages: [], updatedPackages: [] }, rateCodes: { newRateCodes: [], updatedRateCodes: [], deletedRateCodes: [] } };
    expect((await call('PUT', `/organization/${demoOrg}/hotel/${hotel}/save`, second)).statusCode).toBe(200);
    const definitions = await historyOf('hotel-definition', definition);
    expect(definitions.map((entry) => entry.action)).toEqual(['changed', 'created']);
    expect(definitions[0]?.changes).toEqual([{ field: 'contactlessCardPassword', secret: true }]);
    // items changed and removed by a later save: each entry holds the values before and after
    const bar = body.rateCodes.newRateCodes[0]?.uuid ?? '';
    const third = {
      ...second,
      hotelDefinition: null,
      packages: { newPackages: [], updatedPackages: [{ uuid: bb, externalId: 'BB2', calculationRule: 'ADULT' }] },
      rateCodes: { newRateCodes: [], updatedRateCodes: [], deletedRateCodes: [bar] },
    };
    expect((await call('PUT', `/organization/${demoOrg}/hotel/${hotel}/save`, third)).statusCode).toBe(200);
    const [renamed] = await historyOf('pms-package', bb);
    expect(renamed).toMatchObject({ action: 'changed', changes: [{ field: 'externalId', before: 'BB', after: 'BB2' }] });
    const [removed] = await historyOf('rate-code', bar);
    expect(removed).toMatchObject({ action: 'removed' });
    expect(removed?.changes).toContainEqual(expect.objectContaining({ field: 'name', before: 'BAR' }));
    const stored = JSON.stringify(await t.db.select().from(historyEntries));
    expect(stored).not.toContain('0123456789AB');
    expect(stored).not.toContain('ABCDEF012345');
  });

  it('a refused hotel save leaves none', async () => {
    const hotel = randomUUID();
    const refused = await call('PUT', `/organization/${demoOrg}/hotel/${hotel}/save`, {
      hotel: { parentUuid: null, attributes: { NAME: 'Refused Hotel' } },
      hotelDefinition: null,
      packages: { newPackages: [{ uuid: randomUUID(), externalId: 'X' }, { uuid: randomUUID(), externalId: 'X' }], updatedPackages: [] },
      rateCodes: { newRateCodes: [], updatedRateCodes: [], deletedRateCodes: [] },
      accessControls: { newAccessControl: [], updatedAccessControl: [] },
    });
    expect(refused.statusCode).toBe(422);
    expect(await entriesOf(hotel)).toBe(0);
  });

  it('the rate-code import: one entry with counts and the first codes', async () => {
    const boundary = '----history-boundary';
    const text = `Rate Code,Package ID\n${Array.from({ length: 30 }, (_, index) => `IMP${index},HIST-SPA2`).join('\n')}\n`;
    const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="codes.csv"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`);
    const response = await t.app.inject({ method: 'POST', url: `/api/organization/${demoOrg}/hotel/${harbour}/pms-rate-code/import`, headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(response.json()).toMatchObject({ succeed: true });
    const [entry, ...rest] = await historyOf('rate-code', harbour);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ action: 'imported', changes: [], bulk: { counts: { created: 30, pairs: 30 } } });
    expect(entry?.bulk?.sample).toHaveLength(20);
  });

  it('unit, organization and user writes', async () => {
    const unitChange = await call('PUT', `/organization/${demoOrg}/ous/${otherHotel}`, { parentUuid: null, attributes: { NAME: 'History Other Hotel 2' } });
    expect(unitChange.statusCode).toBe(200);
    const unit = await historyOf('unit', otherHotel);
    expect(unit[0]?.changes).toContainEqual({ field: 'attributes.NAME', before: 'History Other Hotel', after: 'History Other Hotel 2' });
    expect(unit[0]?.changes).toContainEqual({ field: 'name', before: 'History Other Hotel', after: 'History Other Hotel 2' });

    const org = (await call('GET', `/organization/${demoOrg}`)).json() as { legalCompanyName: string; status: string };
    expect((await call('PUT', `/organization/${demoOrg}`, { legalCompanyName: `${org.legalCompanyName} Ltd`, status: org.status })).statusCode).toBe(200);
    expect((await historyOf('organization', demoOrg))[0]?.changes).toContainEqual({ field: 'legalCompanyName', before: org.legalCompanyName, after: `${org.legalCompanyName} Ltd` });

    const users = '/user-profile/v1/user-profile/users';
    const grants = { permissions: ['SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [], ous: [harbour], omnipresence: false }] };
    const created = await call('POST', users, { email: 'history.user@example.com', ...grants });
    expect(created.statusCode).toBe(201);
    const user = created.json() as { uuid: string };
    expect((await call('PUT', `${users}/${user.uuid}`, { ...grants, permissions: ['SETUP_OU', 'VIEW_TRANSACTIONS'], active: true })).statusCode).toBe(200);
    const entries = await historyOf('user', user.uuid);
    expect(entries.map((entry) => entry.action)).toEqual(['changed', 'created']);
    expect(entries[0]?.changes).toEqual([{ field: 'permissions', before: ['SETUP_OU'], after: ['SETUP_OU', 'VIEW_TRANSACTIONS'] }]);
  });
});

describe('the writes outside the resource pattern', () => {
  const uuidsOf = <T extends { uuid: string }>(rows: readonly T[]) => rows.map((row) => row.uuid);
  async function unitEntries(unitUuid: string): Promise<HistoryEntry[]> {
    const response = await call('GET', `/organization/${demoOrg}/history/unit/${unitUuid}?limit=200`);
    return response.statusCode === 404 ? [] : (response.json() as HistoryPage).data;
  }

  it('devices: an assignment, the units a device is placed on and an unassignment each leave one entry; a refused one none', async () => {
    const [device] = await t.db.select().from(devices).where(isNull(devices.orgUuid)).limit(1);
    const deviceUuid = device?.uuid ?? '';
    const assign = (token = admin) => call('PUT', `/device/v1/organizations/${demoOrg}/devices/${deviceUuid}/assign`, { organizationUuid: demoOrg, alias: 'History T1' }, {}, token);
    expect((await assign(hotelUser)).statusCode).toBe(403);
    expect(await entriesOf(deviceUuid)).toBe(0);
    expect((await assign()).statusCode).toBe(200);
    expect(await entriesOf(deviceUuid)).toBe(1);
    const [assigned] = await historyOf('device', deviceUuid);
    expect(assigned?.changes).toEqual([
      { field: 'alias', before: device?.alias, after: 'History T1' },
      { field: 'assigned', before: false, after: true },
    ]);

    const [pos] = await t.db.select().from(posInstallations).where(eq(posInstallations.orgUuid, demoOrg)).limit(1);
    const venue = pos?.ouUuid ?? '';
    const placed = ((await call('GET', `/device/v1/ous/${venue}/devices`)).json() as { devices: { alias: string }[] }).devices.map((row) => row.alias);
    const unitBefore = (await unitEntries(venue)).length;
    expect((await call('PUT', `/device/v1/ous/${venue}/devices/assign`, [...placed, 'No Such Device'])).statusCode).toBe(403);
    expect((await call('PUT', `/device/v1/ous/${venue}/devices/assign`, [...placed, 'History T1'])).statusCode).toBe(200);
    const unit = await unitEntries(venue);
    expect(unit).toHaveLength(unitBefore + 1);
    expect(unit[0]?.changes).toEqual([{ field: 'devices', before: [...placed].sort((a, b) => a.localeCompare(b)), after: [...placed, 'History T1'].sort((a, b) => a.localeCompare(b)) }]);
    expect(await entriesOf(deviceUuid)).toBe(1);

    expect((await call('PUT', `/device/v1/organizations/${demoOrg}/devices/${deviceUuid}/unassign`, { organizationUuid: demoOrg })).statusCode).toBe(200);
    const [unassigned] = await historyOf('device', deviceUuid);
    expect(await entriesOf(deviceUuid)).toBe(2);
    expect(unassigned?.changes).toEqual([
      { field: 'assigned', before: true, after: false },
      { field: 'ouUuids', before: [venue], after: [] },
    ]);
  });

  it('POS: a catalogue reset and a reported sync each leave one entry; a sync ahead of the catalogue none', async () => {
    const [pos] = await t.db.select().from(posInstallations).where(eq(posInstallations.orgUuid, demoOrg)).limit(1);
    const url = `/pos-collector/v1/org/${demoOrg}/installations/${pos?.uuid ?? ''}/catalog`;
    const version = pos?.catalogVersion ?? 0;
    expect((await call('POST', `${url}/reset`)).statusCode).toBe(200);
    expect((await call('POST', `${url}/synced`, { catalogVersion: version + 5 })).statusCode).toBe(422);
    expect((await call('POST', `${url}/synced`, { catalogVersion: version + 1 })).statusCode).toBe(200);
    const entries = await historyOf('pos-installation', pos?.uuid ?? '');
    expect(entries.map((entry) => entry.changes)).toEqual([
      [{ field: 'syncedCatalogVersion', before: pos?.syncedCatalogVersion, after: version + 1 }],
      [{ field: 'catalogVersion', before: version, after: version + 1 }],
    ]);
    expect(entries[0]).toMatchObject({ unitUuid: pos?.ouUuid, action: 'changed' });
  });

  it("a unit's discount selection and favourites: one entry on the unit each, with the names before and after; a refused one none", async () => {
    const [any] = await t.db.select().from(discounts).where(eq(discounts.orgUuid, demoOrg)).limit(1);
    const venue = any?.ouUuid ?? '';
    const rows = await t.db.select().from(discounts).where(eq(discounts.ouUuid, venue));
    const enabled = rows.filter((row) => row.enabled && row.status === 'ACTIVE');
    const selected = `/discount/v1/organizations/${demoOrg}/ous/${venue}/discount/selected`;
    const before = (await unitEntries(venue)).length;
    expect((await call('PUT', selected, [...uuidsOf(enabled), randomUUID()])).statusCode).toBe(422);
    expect(await unitEntries(venue)).toHaveLength(before);
    expect((await call('PUT', selected, uuidsOf(enabled.slice(1)))).statusCode).toBe(200);
    const afterSelection = await unitEntries(venue);
    expect(afterSelection).toHaveLength(before + 1);
    const names = (list: typeof rows) => list.map((row) => row.name).sort((a, b) => a.localeCompare(b));
    expect(afterSelection[0]?.changes).toEqual([{ field: 'discounts', before: names(rows.filter((row) => row.enabled)), after: names(enabled.slice(1)) }]);

    const favorites = `/order-item/v1/org/${demoOrg}/ou/${venue}/order-item-definitions/favorites`;
    const current = ((await call('GET', favorites)).json() as { data: { uuid: string; name: string }[] }).data;
    expect((await call('PUT', favorites, [...uuidsOf(current)].reverse())).statusCode).toBe(200);
    const afterFavorites = await unitEntries(venue);
    expect(afterFavorites).toHaveLength(before + 2);
    expect(afterFavorites[0]?.changes).toEqual([{ field: 'favorites', before: current.map((item) => item.name), after: current.map((item) => item.name).reverse() }]);
    // the same favourites again: nothing changed, no entry
    expect((await call('PUT', favorites, [...uuidsOf(current)].reverse())).statusCode).toBe(200);
    expect(await unitEntries(venue)).toHaveLength(before + 2);
  });

  it("a user's own profile: the telephone and the password each leave one entry in their organization, the password only marked changed; a wrong password none", async () => {
    const uuid = await createUser(t.db, { email: 'history.self@example.com', password: 'Self-Password-1', permissions: [], memberships: [{ membershipType: 'BUSINESS_DATA', orgs: [], ous: [harbour], omnipresence: false }] });
    const self = (await login(t.app, 'history.self@example.com', 'Self-Password-1')).token;
    const profile = '/user-profile/v1/user-profile';
    expect((await call('POST', `${profile}/phone`, { telephone: '+41 79 123 45 67' }, {}, self)).statusCode).toBe(200);
    expect(await entriesOf(uuid)).toBe(1);
    expect((await call('POST', `${profile}/password`, { currentPassword: 'Wrong-Password-1', password: 'Self-Password-2' }, {}, self)).statusCode).toBe(422);
    expect(await entriesOf(uuid)).toBe(1);
    expect((await call('POST', `${profile}/password`, { currentPassword: 'Self-Password-1', password: 'Self-Password-2' }, {}, self)).statusCode).toBe(204);
    const entries = await historyOf('user', uuid);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ orgUuid: demoOrg, userUuid: uuid, changes: [{ field: 'passwordHash', secret: true }] });
    expect(JSON.stringify(entries[0])).not.toMatch(/argon|scrypt|\$2[aby]\$|Self-Password/);
    expect(entries[1]?.changes).toEqual([{ field: 'telephone', before: null, after: '+41791234567' }]);
  });

  it('a user with only omnipresent grants: their change is in the activity of every organization, one entry each', async () => {
    const users = '/user-profile/v1/user-profile/users';
    const created = await call('POST', users, { email: 'history.everywhere@example.com', permissions: ['SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [], ous: [], omnipresence: true }] });
    expect(created.statusCode).toBe(201);
    const { uuid } = created.json() as { uuid: string };
    const rows = await t.db.select().from(historyEntries).where(eq(historyEntries.recordUuid, uuid));
    const orgs = await t.db.select({ uuid: organizations.uuid }).from(organizations);
    expect(rows.map((row) => row.orgUuid).sort()).toEqual(orgs.map((org) => org.uuid).sort());
    expect((await historyOf('user', uuid, outsider, otherOrg)).map((entry) => entry.action)).toEqual(['created']);
  });
});

describe('who reads the history', () => {
  it('a user of one hotel reads that hotel\'s history only; another organization\'s record answers 404', async () => {
    const activity = await call('GET', `/organization/${demoOrg}/activity?limit=200`, undefined, {}, hotelUser);
    expect(activity.statusCode).toBe(200);
    const page = activity.json() as HistoryPage;
    expect(page.totalCount).toBeGreaterThan(0);
    // the hotel and the units under it (its venues)
    const units = await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.orgUuid, demoOrg));
    const under = new Set([harbour]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const unit of units) {
        if (unit.parentUuid === null || !under.has(unit.parentUuid) || under.has(unit.uuid)) continue;
        under.add(unit.uuid);
        grew = true;
      }
    }
    expect(page.data.every((entry) => entry.unitUuid !== null && under.has(entry.unitUuid))).toBe(true);
    expect(page.data.some((entry) => entry.unitUuid === harbour)).toBe(true);
    expect((await call('GET', `/organization/${demoOrg}/activity?unitUuid=${otherHotel}`, undefined, {}, hotelUser)).statusCode).toBe(403);
    expect((await call('GET', `/organization/${demoOrg}/history/unit/${otherHotel}`, undefined, {}, hotelUser)).statusCode).toBe(404);
    expect((await call('GET', `/organization/${demoOrg}/history/organization/${demoOrg}`, undefined, {}, hotelUser)).statusCode).toBe(404);
    expect((await call('GET', `/organization/${otherOrg}/history/unit/${otherHotel}`, undefined, {}, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/organization/${demoOrg}/activity`, undefined, {}, outsider)).statusCode).toBe(403);
  });

  it("unit setup over the whole organization reads its units' entries, not those of the organization's own records", async () => {
    // SETUP_OU with a MANAGEMENT membership listing the organization sets up every unit, not the
    // organization: its PMS connections (host, port), contracts and users are organization setup's
    await createUser(t.db, { email: 'units.only@example.com', password: 'Units-Password-1', permissions: ['SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [demoOrg], ous: [], omnipresence: false }] });
    const unitsOnly = (await login(t.app, 'units.only@example.com', 'Units-Password-1')).token;
    const renamed = await call('PUT', `/organization/${demoOrg}/pms-connection/${connection}`, { ...(await call('GET', `/organization/${demoOrg}/pms-connection/${connection}`)).json(), name: 'Opera Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect((await call('GET', `/organization/${demoOrg}/pms-connection/${connection}`, undefined, {}, unitsOnly)).statusCode).toBe(403);
    expect((await historyOf('pms-connection', connection)).length).toBeGreaterThan(0);
    expect((await call('GET', `/organization/${demoOrg}/history/pms-connection/${connection}`, undefined, {}, unitsOnly)).statusCode).toBe(404);
    expect((await call('GET', `/organization/${demoOrg}/history/organization/${demoOrg}`, undefined, {}, unitsOnly)).statusCode).toBe(404);
    const activity = await call('GET', `/organization/${demoOrg}/activity?limit=200`, undefined, {}, unitsOnly);
    expect(activity.statusCode).toBe(200);
    const page = activity.json() as HistoryPage;
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.filter((entry) => entry.unitUuid === null)).toEqual([]);
    const [unitEntry] = page.data;
    expect(await historyOf(unitEntry?.kind ?? '', unitEntry?.recordUuid ?? '', unitsOnly)).not.toEqual([]);
  });

  it('filters the activity by unit, user, kind and time, newest first, a page at a time', async () => {
    const all = (await call('GET', `/organization/${demoOrg}/activity?kind=pms-package&unitUuid=${harbour}&limit=2`)).json() as HistoryPage;
    expect(all.data).toHaveLength(2);
    expect(all.data.every((entry) => entry.kind === 'pms-package')).toBe(true);
    expect(Date.parse(all.data[0]?.appliedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(all.data[1]?.appliedAt ?? ''));
    const later = new Date(t.clock.now().getTime() + 60_000).toISOString();
    expect(((await call('GET', `/organization/${demoOrg}/activity?after=${encodeURIComponent(later)}`)).json() as HistoryPage).totalCount).toBe(0);
    const [me] = (await call('GET', `/organization/${demoOrg}/activity?limit=1`)).json().data as HistoryEntry[];
    const mine = (await call('GET', `/organization/${demoOrg}/activity?userUuid=${me?.userUuid}`)).json() as HistoryPage;
    expect(mine.data.every((entry) => entry.userUuid === me?.userUuid)).toBe(true);
    expect((await call('GET', `/organization/${demoOrg}/activity?after=2025-02-01T00:00:00Z&before=2025-01-01T00:00:00Z`)).statusCode).toBe(400);
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Unit } from '../../src/domain/index';
import { UNIT_MESSAGES } from '../../src/domain/index';
import { accessControlServices, historyEntries, hotelDefinitions, organizationalUnits, organizations, pmsPackages, rateCodes } from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login } from '../test-helpers';

let t: TestApp;
let admin = '';
let demoOrg = '';
let harbour = '';
let otherOrg = '';
let otherHotel = '';

const unitNamed = async (name: string) => {
  const [row] = await t.db
    .select()
    .from(organizationalUnits)
    .where(and(eq(organizationalUnits.orgUuid, demoOrg), eq(organizationalUnits.name, name)));
  if (!row) throw new Error(`no unit ${name}`);
  return row;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  demoOrg = demo?.uuid ?? '';
  harbour = (await unitNamed('Harbour View Hotel')).uuid;
  const [other] = await t.db.insert(organizations).values({ name: 'Alpine Lodges', legalCompanyName: 'Alpine Lodges AG' }).returning();
  otherOrg = other?.uuid ?? '';
  const [hotel] = await t.db.insert(organizationalUnits).values({ orgUuid: otherOrg, type: 'HOTEL', name: 'Alpine Hotel', attributes: { NAME: 'Alpine Hotel', TYPE: 'HOTEL' } }).returning();
  otherHotel = hotel?.uuid ?? '';
});
afterAll(async () => {
  await t.close();
});

const clonePath = (unit: string, org = demoOrg) => `/api/organization/${org}/ous/${unit}/clone`;
const clone = (unit: string, payload: object, token = admin, headers: Record<string, string> = {}, org = demoOrg) =>
  t.app.inject({ method: 'POST', url: clonePath(unit, org), headers: { ...bearer(token), ...headers }, payload });
const messages = (response: { json: () => unknown }) => ((response.json() as { errors?: { message: string }[] }).errors ?? []).map((error) => error.message);

describe('POST /organization/{org}/ous/{unit}/clone', () => {
  it('clones a hotel: its own settings, its PMS definition without the password, its packages, rate codes and services with new uuids pointing at each other; the original stays', async () => {
    // the demo hotel's definition with a contactless password, and a package flagged deleted
    await t.db.update(hotelDefinitions).set({ contactlessCardType: 'MIFARE_CLASSIC', contactlessCardPassword: 'A1B2C3D4E5F6' }).where(eq(hotelDefinitions.hotelUuid, harbour));
    const [gone] = await t.db.insert(pmsPackages).values({ orgUuid: demoOrg, hotelUuid: harbour, name: 'OLD_SPA', externalId: 'OLD_SPA', calculationRule: 'ADULT', deleted: true }).returning();
    const [source] = await t.db.select().from(hotelDefinitions).where(eq(hotelDefinitions.hotelUuid, harbour));
    const packagesBefore = await t.db.select().from(pmsPackages).where(and(eq(pmsPackages.hotelUuid, harbour), eq(pmsPackages.deleted, false)));
    const codesBefore = await t.db.select().from(rateCodes).where(eq(rateCodes.hotelUuid, harbour));
    const servicesBefore = await t.db.select().from(accessControlServices).where(eq(accessControlServices.hotelUuid, harbour));
    expect(packagesBefore.length).toBeGreaterThan(10);
    expect(codesBefore.length).toBeGreaterThan(10);
    expect(servicesBefore.length).toBeGreaterThan(0);

    const uuid = randomUUID();
    const response = await clone(harbour, { uuid, name: '  Harbour View Clone ' });
    expect(response.statusCode).toBe(201);
    const unit = response.json() as Unit;
    expect(unit).toMatchObject({ uuid, orgUuid: demoOrg, parentUuid: null, type: 'HOTEL', name: 'Harbour View Clone' });
    // its own settings, not the organization's it inherits
    const original = await unitNamed('Harbour View Hotel');
    expect(unit.attributes).toEqual({ ...original.attributes, NAME: 'Harbour View Clone' });
    expect(unit.attributes.CURRENCY).toBeUndefined();
    expect(unit.effective?.CURRENCY?.source).toBe('inherited');

    const [definition] = await t.db.select().from(hotelDefinitions).where(eq(hotelDefinitions.hotelUuid, uuid));
    expect(definition).toMatchObject({ name: 'Harbour View Clone', externalId: source?.externalId, pmsConnectionUuid: source?.pmsConnectionUuid, contactlessCardType: 'MIFARE_CLASSIC', contactlessCardPassword: null });
    expect(definition?.uuid).not.toBe(source?.uuid);

    const packages = await t.db.select().from(pmsPackages).where(eq(pmsPackages.hotelUuid, uuid));
    expect(packages.map((item) => item.externalId).sort()).toEqual(packagesBefore.map((item) => item.externalId).sort());
    expect(packages.some((item) => item.deleted || item.externalId === gone?.externalId)).toBe(false);
    const oldPackageUuids = new Set(packagesBefore.map((item) => item.uuid));
    expect(packages.every((item) => !oldPackageUuids.has(item.uuid))).toBe(true);
    const newIdOf = new Map(packages.map((item) => [item.uuid, item.externalId]));
    const oldIdOf = new Map(packagesBefore.map((item) => [item.uuid, item.externalId]));

    // each rate code names the copies of its packages, in the same order
    const codes = await t.db.select().from(rateCodes).where(eq(rateCodes.hotelUuid, uuid));
    expect(codes).toHaveLength(codesBefore.length);
    const oldCodeUuids = new Set(codesBefore.map((code) => code.uuid));
    for (const code of codes) {
      expect(oldCodeUuids.has(code.uuid)).toBe(false);
      const before = codesBefore.find((other) => other.name === code.name);
      expect(code.packages.map((item) => newIdOf.get(item))).toEqual(before?.packages.map((item) => oldIdOf.get(item)));
    }

    // each service opens the copy's packages through the copy's definition, its default hotel the copy
    const services = await t.db.select().from(accessControlServices).where(eq(accessControlServices.hotelUuid, uuid));
    expect(services.map((service) => service.name).sort()).toEqual(servicesBefore.map((service) => service.name).sort());
    for (const service of services) {
      const before = servicesBefore.find((other) => other.name === service.name);
      expect(service.uuid).not.toBe(before?.uuid);
      expect(service.defaultHotelUuid).toBe(uuid);
      expect(service.hotelsAndPackages.every((entry) => entry.hotelDefinitionUuid === definition?.uuid && newIdOf.has(entry.pmsPackageUuid))).toBe(true);
      expect(service.hotelsAndPackages.map((entry) => newIdOf.get(entry.pmsPackageUuid))).toEqual(before?.hotelsAndPackages.map((entry) => oldIdOf.get(entry.pmsPackageUuid)));
    }

    // the original is untouched
    const byUuid = (a: { uuid: string }, b: { uuid: string }) => a.uuid.localeCompare(b.uuid);
    expect((await t.db.select().from(pmsPackages).where(and(eq(pmsPackages.hotelUuid, harbour), eq(pmsPackages.deleted, false)))).sort(byUuid)).toEqual([...packagesBefore].sort(byUuid));
    expect((await t.db.select().from(rateCodes).where(eq(rateCodes.hotelUuid, harbour))).sort(byUuid)).toEqual([...codesBefore].sort(byUuid));
    expect((await t.db.select().from(hotelDefinitions).where(eq(hotelDefinitions.hotelUuid, harbour)))[0]?.contactlessCardPassword).toBe('A1B2C3D4E5F6');

    // the clone's history: the unit created (from the original), never the password
    const entries = await t.db.select().from(historyEntries).where(eq(historyEntries.recordUuid, uuid));
    const created = entries.find((entry) => entry.kind === 'unit');
    expect(created?.action).toBe('created');
    expect(created?.changes).toEqual(expect.arrayContaining([{ field: 'name', after: 'Harbour View Clone' }, { field: 'clonedFrom', after: harbour }]));
    expect(entries.find((entry) => entry.kind === 'pms-package')?.bulk?.counts).toEqual({ created: packagesBefore.length });
    expect(JSON.stringify(await t.db.select().from(historyEntries))).not.toContain('A1B2C3D4E5F6');

    // the new hotel is a unit as any other: its packages answer through their route
    const listed = await t.app.inject({ method: 'GET', url: `/api/organization/${demoOrg}/hotel/${uuid}/pms-package`, headers: bearer(admin) });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { data: unknown[] }).data).toHaveLength(packagesBefore.length);
  });

  it('clones a venue beside it (its own settings, its references to its hotel kept)', async () => {
    const rooftop = await unitNamed('Rooftop Bar');
    const uuid = randomUUID();
    const response = await clone(rooftop.uuid, { uuid, name: 'Rooftop Bar Two' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ uuid, type: 'VENUE', parentUuid: rooftop.parentUuid, name: 'Rooftop Bar Two', attributes: { ...rooftop.attributes, NAME: 'Rooftop Bar Two' } });
    // its revenue centers are not cloned with it
    expect(await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.parentUuid, uuid))).toEqual([]);
  });

  it('points the copy\'s references to the original itself at the copy', async () => {
    const made = await t.app.inject({ method: 'POST', url: `/api/organization/${demoOrg}/hotels`, headers: bearer(admin), payload: { parentUuid: null, attributes: { NAME: 'Self Hotel' } } });
    const self = (made.json() as Unit).uuid;
    const attributes = { NAME: 'Self Hotel', POI_ROOM_CHARGE_DEFAULT_HOTEL: self, POI_ROOM_CHARGE_HOTEL_LIST: JSON.stringify([self, harbour]) };
    const put = await t.app.inject({ method: 'PUT', url: `/api/organization/${demoOrg}/hotels/${self}`, headers: bearer(admin), payload: { parentUuid: null, attributes } });
    expect(put.statusCode).toBe(200);
    const uuid = randomUUID();
    const response = await clone(self, { uuid, name: 'Self Hotel Two' });
    expect(response.statusCode).toBe(201);
    expect((response.json() as Unit).attributes).toMatchObject({ POI_ROOM_CHARGE_DEFAULT_HOTEL: uuid, POI_ROOM_CHARGE_HOTEL_LIST: JSON.stringify([uuid, harbour]) });
  });

  it('makes one unit for a replay of the same Idempotency-Key, and refuses a uuid in use', async () => {
    const uuid = randomUUID();
    const headers = { 'idempotency-key': randomUUID() };
    const venue = (await unitNamed('Harbour Restaurant')).uuid;
    const first = await clone(venue, { uuid, name: 'Harbour Restaurant Copy' }, admin, headers);
    const again = await clone(venue, { uuid, name: 'Harbour Restaurant Copy' }, admin, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.name, 'Harbour Restaurant Copy'))).toHaveLength(1);
    const taken = await clone(venue, { uuid, name: 'Another Copy' });
    expect(taken.statusCode).toBe(409);
    expect(messages(taken)).toEqual([UNIT_MESSAGES.uuidTaken]);
  });

  it('is refused to who may not create a unit beside it (403), for a unit of another organization (404), for a revenue center or the organization (422)', async () => {
    // a user of the hotel sets it up, but may not create a unit beside it (under the organization)
    await createUser(t.db, { email: 'harbour.clone@example.com', password: 'Harbour-Password-1', permissions: ['SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [], ous: [harbour], omnipresence: false }] });
    const hotelUser = (await login(t.app, 'harbour.clone@example.com', 'Harbour-Password-1')).token;
    const before = (await t.db.select().from(organizationalUnits)).length;
    const denied = await clone(harbour, { uuid: randomUUID(), name: 'Not Allowed' }, hotelUser);
    expect(denied.statusCode).toBe(403);
    expect(messages(denied)).toEqual([UNIT_MESSAGES.saveForbidden]);
    // …but may clone a venue of the hotel, beside it under the hotel
    const restaurant = (await unitNamed('Harbour Restaurant')).uuid;
    expect((await clone(restaurant, { uuid: randomUUID(), name: 'Harbour Deli' }, hotelUser)).statusCode).toBe(201);

    const foreign = await clone(otherHotel, { uuid: randomUUID(), name: 'Stolen' });
    expect(foreign.statusCode).toBe(404);
    expect(messages(foreign)).toEqual([UNIT_MESSAGES.notFound]);

    const pos = await clone((await unitNamed('Rooftop Bar POS')).uuid, { uuid: randomUUID(), name: 'POS Copy' });
    expect(pos.statusCode).toBe(422);
    expect(messages(pos)).toEqual([UNIT_MESSAGES.cloneType]);
    const organization = await clone(demoOrg, { uuid: randomUUID(), name: 'Org Copy' });
    expect(organization.statusCode).toBe(422);

    const nameless = await clone(harbour, { uuid: randomUUID(), name: '  ' });
    expect(nameless.statusCode).toBe(400);
    expect(messages(nameless)).toContain(UNIT_MESSAGES.nameRequired);
    // nothing else was made
    expect((await t.db.select().from(organizationalUnits)).length).toBe(before + 1);
  });

  it('is described in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json() as { paths: Record<string, { post?: { requestBody?: unknown; responses?: Record<string, unknown> } }> };
    const path = Object.entries(document.paths).find(([key]) => key.endsWith('/ous/{id}/clone'));
    expect(path?.[1].post?.requestBody).toBeDefined();
    expect(path?.[1].post?.responses?.['201']).toBeDefined();
  });
});

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessControlService, HotelBundle, HotelDefinition, PmsPackage, RateCode } from '../../src/domain/index';
import { HOTEL_MESSAGES } from '../../src/domain/index';
import { accessControlServices, hotelDefinitions, organizationalUnits, organizations, pmsConnections, pmsPackages, rateCodes } from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login } from '../test-helpers';

let t: TestApp;
let admin = '';
let demoOrg = '';
let harbour = '';
let connection = '';
let otherOrg = '';
let otherConnection = '';
let hotelUser = '';
let outsider = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  demoOrg = demo?.uuid ?? '';
  const [hotel] = await t.db
    .select()
    .from(organizationalUnits)
    .where(and(eq(organizationalUnits.orgUuid, demoOrg), eq(organizationalUnits.name, 'Harbour View Hotel')));
  harbour = hotel?.uuid ?? '';
  const [pms] = await t.db.select().from(pmsConnections).where(eq(pmsConnections.orgUuid, demoOrg));
  connection = pms?.uuid ?? '';
  const [other] = await t.db.insert(organizations).values({ name: 'Alpine Lodges', legalCompanyName: 'Alpine Lodges AG' }).returning();
  otherOrg = other?.uuid ?? '';
  const [otherPms] = await t.db.insert(pmsConnections).values({ orgUuid: otherOrg, name: 'Alpine Opera', type: 'OPERA_IFC8_XML', host: '10.0.0.9', port: 5010 }).returning();
  otherConnection = otherPms?.uuid ?? '';
  await createUser(t.db, { email: 'harbour.it@example.com', password: 'Harbour-Password-1', permissions: ['SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [], ous: [harbour], omnipresence: false }] });
  hotelUser = (await login(t.app, 'harbour.it@example.com', 'Harbour-Password-1')).token;
  await createUser(t.db, { email: 'alpine@example.com', password: 'Alpine-Password-1', permissions: ['SETUP_ORG', 'SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [otherOrg], ous: [], omnipresence: false }] });
  outsider = (await login(t.app, 'alpine@example.com', 'Alpine-Password-1')).token;
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Headers = {}, token = admin) =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });
const hotelPath = (hotel = harbour, org = demoOrg) => `/organization/${org}/hotel/${hotel}`;
const messages = (response: { json: () => unknown }) => ((response.json() as { errors?: { message: string }[] }).errors ?? []).map((error) => error.message);

/** A new hotel under the organization, made through the units route. */
async function newHotel(name: string): Promise<string> {
  const response = await call('POST', `/organization/${demoOrg}/hotels`, { parentUuid: null, attributes: { NAME: name } });
  expect(response.statusCode).toBe(201);
  return (response.json() as { uuid: string }).uuid;
}

function csvUpload(url: string, name: string, text: string, token = admin) {
  const boundary = '----lobby-test-boundary';
  const body = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`);
  return t.app.inject({ method: 'POST', url: `/api${url}`, headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
}

describe('PMS hotel definitions', () => {
  it('normalises room access as the spec says: name cut to 50, MICROS with a track, the password only with Enter Password', async () => {
    const response = await call('POST', `/organization/${demoOrg}/hotel-definition`, {
      name: `  ${'Grand Harbour '.repeat(5)}`,
      externalId: 'HVH-02',
      pmsConnectionUuid: connection,
      isManualRoomEntryEnabled: false,
      isRoomCardReadingEnabled: true,
      magneticCardTrack: 2,
      contactlessCardType: 'MIFARE_CLASSIC',
      contactlessCardSector: 7,
      contactlessCardPassword: 'A1B2C3D4E5F6',
      contactlessCardKeyId: 9,
    });
    expect(response.statusCode).toBe(201);
    const definition = response.json() as HotelDefinition;
    expect(definition.name).toHaveLength(50);
    expect(definition).toMatchObject({ magneticCardType: 'MICROS', magneticCardTrack: 2, contactlessCardSector: 7, contactlessCardPassword: 'A1B2C3D4E5F6', contactlessCardKeyId: null });
    // Index Selection: the key index is kept and no password
    const indexed = await call('PUT', `/organization/${demoOrg}/hotel-definition/${definition.uuid}`, { name: 'Grand', isRoomCardReadingEnabled: true, contactlessCardType: 'MIFARE_CLASSIC', contactlessCardKeyId: 4 }, { 'if-match': '"1"' });
    expect(indexed.statusCode).toBe(200);
    expect(indexed.json()).toMatchObject({ contactlessCardPassword: null, contactlessCardKeyId: 4, contactlessCardSector: 1, magneticCardType: null, version: 2 });
  });

  it('refuses a bad password with both live checks, no room access at all, and a connection of another organization', async () => {
    const bad = await call('POST', `/organization/${demoOrg}/hotel-definition`, { name: 'X', isRoomCardReadingEnabled: true, contactlessCardType: 'MIFARE_CLASSIC', contactlessCardPassword: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(messages(bad)).toEqual(expect.arrayContaining([HOTEL_MESSAGES.passwordLength, HOTEL_MESSAGES.passwordHex]));
    const none = await call('POST', `/organization/${demoOrg}/hotel-definition`, { name: 'X' });
    expect(messages(none)).toContain(HOTEL_MESSAGES.roomAccessRequired);
    const foreign = await call('POST', `/organization/${demoOrg}/hotel-definition`, { name: 'X', isManualRoomEntryEnabled: true, pmsConnectionUuid: otherConnection });
    expect(foreign.statusCode).toBe(422);
    expect(messages(foreign)).toEqual([HOTEL_MESSAGES.pmsConnectionMissing]);
    const [stored] = await t.db.select({ n: count() }).from(hotelDefinitions).where(eq(hotelDefinitions.name, 'X'));
    expect(stored?.n).toBe(0);
  });

  it('is refused to a user of another organization', async () => {
    const response = await call('GET', `/organization/${demoOrg}/hotel-definition`, undefined, {}, outsider);
    expect(response.statusCode).toBe(403);
  });
});

describe('PMS packages of a hotel', () => {
  it('creates with ADULT by default, refuses a package ID twice, hides a removed one unless asked', async () => {
    const hotel = await newHotel('Package Hotel');
    const created = await call('POST', `${hotelPath(hotel)}/pms-package`, { externalId: 'BREAKFAST' });
    expect(created.statusCode).toBe(201);
    const breakfast = created.json() as PmsPackage;
    expect(breakfast).toMatchObject({ name: 'BREAKFAST', externalId: 'BREAKFAST', calculationRule: 'ADULT', deleted: false, orgUuid: demoOrg, hotelUuid: hotel });
    const twice = await call('POST', `${hotelPath(hotel)}/pms-package`, { externalId: ' BREAKFAST ', calculationRule: 'PERSON' });
    expect(twice.statusCode).toBe(422);
    expect(messages(twice)).toEqual([HOTEL_MESSAGES.packageIdTaken]);

    const removed = await call('DELETE', `${hotelPath(hotel)}/pms-package/${breakfast.uuid}`);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `${hotelPath(hotel)}/pms-package`)).json()).toEqual({ data: [] });
    const all = (await call('GET', `${hotelPath(hotel)}/pms-package?includeDeleted=TRUE`)).json() as { data: PmsPackage[] };
    expect(all.data).toMatchObject([{ uuid: breakfast.uuid, deleted: true }]);
    // the ID is free again once its package is removed
    expect((await call('POST', `${hotelPath(hotel)}/pms-package`, { externalId: 'BREAKFAST' })).statusCode).toBe(201);
  });

  it('applies a bulk PATCH of new and updated packages in one go, and refuses it whole when one is wrong', async () => {
    const hotel = await newHotel('Bulk Hotel');
    const first = await call('PATCH', `${hotelPath(hotel)}/pms-package`, { newPackages: [{ externalId: 'SPA' }, { externalId: 'PARKING', calculationRule: 'PERSON' }] });
    expect(first.statusCode).toBe(200);
    const listed = (first.json() as { data: PmsPackage[] }).data;
    expect(listed.map((item) => item.externalId)).toEqual(['PARKING', 'SPA']);
    const spa = listed.find((item) => item.externalId === 'SPA') as PmsPackage;
    const refused = await call('PATCH', `${hotelPath(hotel)}/pms-package`, { newPackages: [{ externalId: 'GOLF' }], updatedPackages: [{ uuid: spa.uuid, externalId: 'PARKING', calculationRule: 'CHILDREN' }] });
    expect(refused.statusCode).toBe(422);
    const after = (await call('GET', `${hotelPath(hotel)}/pms-package`)).json() as { data: PmsPackage[] };
    expect(after.data.map((item) => item.externalId)).toEqual(['PARKING', 'SPA']);
  });

  it('is set up by a user of that hotel, and refused (403) for a hotel of another organization or a user outside', async () => {
    expect((await call('GET', `${hotelPath()}/pms-package`, undefined, {}, hotelUser)).statusCode).toBe(200);
    const otherHotel = await newHotel('Not Theirs');
    expect((await call('GET', `${hotelPath(otherHotel)}/pms-package`, undefined, {}, hotelUser)).statusCode).toBe(403);
    expect((await call('GET', `${hotelPath()}/pms-package`, undefined, {}, outsider)).statusCode).toBe(403);
    // a venue is no hotel
    const [venue] = await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.name, 'Rooftop Bar'));
    expect((await call('GET', `${hotelPath(venue?.uuid)}/pms-package`)).statusCode).toBe(404);
  });
});

describe('rate codes', () => {
  it('needs packages of the hotel, applies the three-way PATCH, and imports a CSV all or nothing', async () => {
    const hotel = await newHotel('Rate Hotel');
    const packages = ((await call('PATCH', `${hotelPath(hotel)}/pms-package`, { newPackages: [{ externalId: 'BB' }, { externalId: 'SPA' }, { externalId: 'ROOM_ONLY' }] })).json() as { data: PmsPackage[] }).data;
    const uuidOf = (id: string) => packages.find((item) => item.externalId === id)?.uuid as string;
    const none = await call('POST', `${hotelPath(hotel)}/pms-rate-code`, { name: 'BAR', packages: [] });
    expect(messages(none)).toEqual([HOTEL_MESSAGES.rateCodePackagesRequired]);
    const foreign = await call('POST', `${hotelPath(hotel)}/pms-rate-code`, { name: 'BAR', packages: [randomUUID()] });
    expect(foreign.statusCode).toBe(422);
    expect(messages(foreign)).toEqual([HOTEL_MESSAGES.rateCodePackageUnknown]);
    const bar = (await call('POST', `${hotelPath(hotel)}/pms-rate-code`, { name: 'BAR', packages: [uuidOf('BB'), uuidOf('SPA')] })).json() as RateCode;
    expect(bar).toMatchObject({ name: 'BAR', externalId: 'BAR', packages: [uuidOf('BB'), uuidOf('SPA')] });

    const patched = await call('PATCH', `${hotelPath(hotel)}/pms-rate-code`, {
      newRateCodes: [{ name: 'RO', packages: [uuidOf('ROOM_ONLY')] }],
      updatedRateCodes: [{ uuid: bar.uuid, name: 'BAR1', packages: [uuidOf('BB')], version: 1 }],
      deletedRateCodes: [],
    });
    expect(patched.statusCode).toBe(200);
    expect((patched.json() as { data: RateCode[] }).data.map((code) => code.name)).toEqual(['BAR1', 'RO']);
    const stale = await call('PATCH', `${hotelPath(hotel)}/pms-rate-code`, { updatedRateCodes: [{ uuid: bar.uuid, name: 'BAR2', packages: [uuidOf('BB')], version: 1 }] });
    expect(stale.statusCode).toBe(412);

    const wrong = await csvUpload(`${hotelPath(hotel)}/pms-rate-code/import`, 'codes.csv', 'Rate Code,Package ID\nX1,BB\nX2,GOLF\n');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toMatchObject({ succeed: false });
    expect((wrong.json() as { message: string }).message).toContain('GOLF');
    expect(((await call('GET', `${hotelPath(hotel)}/pms-rate-code`)).json() as { data: RateCode[] }).data.map((code) => code.name)).toEqual(['BAR1', 'RO']);
    expect((await csvUpload(`${hotelPath(hotel)}/pms-rate-code/import`, 'codes.txt', 'Rate Code,Package ID\nX1,BB\n')).statusCode).toBe(400);

    const good = await csvUpload(`${hotelPath(hotel)}/pms-rate-code/import`, 'codes.csv', 'Rate Code,Package ID\nX1,BB\nX1,SPA\nX2,ROOM_ONLY\n');
    expect(good.json()).toMatchObject({ succeed: true, imported: 2 });
    const imported = ((await call('GET', `${hotelPath(hotel)}/pms-rate-code`)).json() as { data: RateCode[] }).data;
    expect(imported.map((code) => [code.name, code.packages])).toEqual([
      ['X1', [uuidOf('BB'), uuidOf('SPA')]],
      ['X2', [uuidOf('ROOM_ONLY')]],
    ]);
  });
});

describe('the example CSV of the README', () => {
  it('imports into a demo hotel: 4 rate codes from 6 lines', async () => {
    const text = readFileSync('examples/rate-codes.csv', 'utf8');
    const response = await csvUpload(`${hotelPath()}/pms-rate-code/import`, 'rate-codes.csv', text);
    expect(response.json()).toMatchObject({ succeed: true, imported: 4 });
    const codes = ((await call('GET', `${hotelPath()}/pms-rate-code`)).json() as { data: RateCode[] }).data;
    expect(codes.map((code) => [code.name, code.packages.length])).toEqual([
      ['BAR01', 2],
      ['CORP01', 1],
      ['PROMO01', 2],
      ['WKND01', 1],
    ]);
  });
});

describe('access-control services', () => {
  it("answers 'undefined uuid' for a hotel definition that does not exist, and names the packages of a good one", async () => {
    const hotel = await newHotel('Access Hotel');
    const definition = (await call('POST', `/organization/${demoOrg}/hotel-definition`, { name: 'Access Hotel', hotelUuid: hotel, isManualRoomEntryEnabled: true })).json() as HotelDefinition;
    const [gym] = ((await call('PATCH', `${hotelPath(hotel)}/pms-package`, { newPackages: [{ externalId: 'GYM' }] })).json() as { data: PmsPackage[] }).data;
    const missing = await call('POST', `${hotelPath(hotel)}/access-control-service`, { name: 'Gym door', hotelsAndPackages: [{ hotelDefinitionUuid: randomUUID(), pmsPackageUuid: gym?.uuid }] });
    expect(missing.statusCode).toBe(422);
    expect(messages(missing)).toEqual([HOTEL_MESSAGES.accessHotelMissing]);
    const created = await call('POST', `${hotelPath(hotel)}/access-control-service`, {
      name: 'Gym door',
      hotelsAndPackages: [{ hotelDefinitionUuid: definition.uuid, pmsPackageUuid: gym?.uuid }],
      defaultHotelUuid: hotel,
      idMethods: ['MSR', 'Contactless'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Gym door', idMethods: ['MSR', 'Contactless'], hotelsAndPackages: [{ pmsPackageUuid: gym?.uuid, name: 'GYM' }] });
    const unnamed = await call('POST', `${hotelPath(hotel)}/access-control-service`, { name: '  ' });
    expect(messages(unnamed)).toEqual([HOTEL_MESSAGES.accessNameRequired]);
  });
});

describe('access-control services naming other hotels', () => {
  it('a user who sets up one hotel cannot add another hotel\'s definition and packages to a service, by any route; what an organization user added stays', async () => {
    const [sunset] = await t.db.select().from(organizationalUnits).where(and(eq(organizationalUnits.orgUuid, demoOrg), eq(organizationalUnits.name, 'Sunset Bay Resort')));
    const sunsetUuid = sunset?.uuid ?? '';
    const [sunsetDefinition] = await t.db.select().from(hotelDefinitions).where(eq(hotelDefinitions.hotelUuid, sunsetUuid));
    const [sunsetSpa] = await t.db.select().from(pmsPackages).where(and(eq(pmsPackages.hotelUuid, sunsetUuid), eq(pmsPackages.externalId, 'SPA')));
    const [harbourDefinition] = await t.db.select().from(hotelDefinitions).where(eq(hotelDefinitions.hotelUuid, harbour));
    const [harbourGym] = await t.db.select().from(pmsPackages).where(and(eq(pmsPackages.hotelUuid, harbour), eq(pmsPackages.externalId, 'GYM')));
    const theirs = { hotelDefinitionUuid: sunsetDefinition?.uuid, pmsPackageUuid: sunsetSpa?.uuid };
    const own = { hotelDefinitionUuid: harbourDefinition?.uuid, pmsPackageUuid: harbourGym?.uuid };
    const services = `${hotelPath()}/access-control-service`;
    const serviceCount = async () => (await t.db.select().from(accessControlServices).where(eq(accessControlServices.hotelUuid, harbour))).length;
    const before = await serviceCount();

    const forbidden = { errors: [{ code: 'forbidden', message: HOTEL_MESSAGES.accessHotelForbidden, field: 'hotelsAndPackages' }] };
    const created = await call('POST', services, { name: 'Shared spa', hotelsAndPackages: [own, theirs] }, {}, hotelUser);
    expect(created.statusCode).toBe(403);
    expect(created.json()).toEqual(forbidden);
    const patched = await call('PATCH', services, { newAccessControlServices: [{ name: 'Shared spa', hotelsAndPackages: [theirs] }] }, {}, hotelUser);
    expect(patched.json()).toEqual(forbidden);
    const saved = await call('PUT', `${hotelPath()}/save`, { accessControls: { newAccessControl: [{ uuid: randomUUID(), name: 'Shared spa', hotelsAndPackages: [theirs] }] } }, {}, hotelUser);
    expect(saved.json()).toEqual(forbidden);
    expect(await serviceCount()).toBe(before);

    // its own hotel's packages it names; one an organization user opened to Sunset Bay it edits, keeping or removing that entry, never adding it back
    expect((await call('POST', services, { name: 'Own gym', hotelsAndPackages: [own] }, {}, hotelUser)).statusCode).toBe(201);
    const shared = (await call('POST', services, { name: 'Shared spa', hotelsAndPackages: [own, theirs] })).json() as AccessControlService;
    const renamed = await call('PUT', `${services}/${shared.uuid}`, { name: 'Shared spa and gym', hotelsAndPackages: [own, theirs] }, { 'if-match': '"1"' }, hotelUser);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ hotelsAndPackages: [{ name: 'GYM' }, { name: 'SPA' }] });
    const narrowed = await call('PUT', `${services}/${shared.uuid}`, { name: 'Gym only', hotelsAndPackages: [own] }, {}, hotelUser);
    expect(narrowed.statusCode).toBe(200);
    const widened = await call('PUT', `${services}/${shared.uuid}`, { name: 'Shared spa', hotelsAndPackages: [own, theirs] }, {}, hotelUser);
    expect(widened.json()).toEqual(forbidden);
  });
});

describe('the hotel save', () => {
  const save = (hotel: string, body: object, headers: Headers = {}, token = admin) => call('PUT', `${hotelPath(hotel)}/save`, body, headers, token);

  function wizard(hotel: string) {
    const ids = { bb: randomUUID(), spa: randomUUID(), late: randomUUID(), definition: randomUUID() };
    return {
      ids,
      body: {
        hotel: { parentUuid: null, attributes: { NAME: 'Wizard Hotel', PMS_PROPERTY_ID: 'WIZ01', LOCALE: 'fr-FR', CURRENCY: 'GBP', TIME_ZONE: 'Europe/Paris' } },
        hotelDefinition: { uuid: ids.definition, name: 'Wizard Hotel', externalId: 'WIZ01', pmsConnectionUuid: connection, hotelUuid: hotel, isRoomCardReadingEnabled: true, contactlessCardType: 'MIFARE_CLASSIC', contactlessCardPassword: '0123456789AB' },
        packages: {
          newPackages: [
            { uuid: ids.bb, externalId: 'BB', calculationRule: 'ADULT' },
            { uuid: ids.spa, externalId: 'SPA', calculationRule: 'PERSON' },
            { uuid: ids.late, externalId: 'LATE', calculationRule: 'CHILDREN' },
          ],
        },
        rateCodes: { newRateCodes: [{ uuid: randomUUID(), name: 'BAR', packages: [ids.bb, ids.spa] }, { uuid: randomUUID(), name: 'RO', packages: [ids.late] }] },
        accessControls: { newAccessControl: [{ uuid: randomUUID(), name: 'Spa door', hotelsAndPackages: [{ hotelDefinitionUuid: ids.definition, pmsPackageUuid: ids.spa }], defaultHotelUuid: hotel, idMethods: ['Contactless'] }] },
      },
    };
  }

  it('creates a hotel with its definition, 3 packages, 2 rate codes and a service at once; a replay applies nothing twice', async () => {
    const hotel = randomUUID();
    const { body } = wizard(hotel);
    const key = { 'idempotency-key': randomUUID() };
    const response = await save(hotel, body, key);
    expect(response.statusCode).toBe(201);
    const saved = response.json() as HotelBundle;
    expect(saved.hotel).toMatchObject({ uuid: hotel, type: 'HOTEL', name: 'Wizard Hotel', version: 1 });
    // the regional information of the wizard's regional stage is the hotel's own
    expect(saved.hotel.attributes).toMatchObject({ LOCALE: 'fr-FR', CURRENCY: 'GBP', TIME_ZONE: 'Europe/Paris' });
    expect(saved.hotelDefinition).toMatchObject({ externalId: 'WIZ01', contactlessCardPassword: '0123456789AB', contactlessCardKeyId: null });
    expect(saved.packages.map((item) => item.externalId)).toEqual(['BB', 'LATE', 'SPA']);
    expect(saved.rateCodes.map((code) => code.name)).toEqual(['BAR', 'RO']);
    expect(saved.accessControls).toMatchObject([{ name: 'Spa door', hotelsAndPackages: [{ name: 'SPA' }] }]);
    const replay = await save(hotel, body, key);
    expect(replay.statusCode).toBe(201);
    const [packagesStored] = await t.db.select({ n: count() }).from(pmsPackages).where(eq(pmsPackages.hotelUuid, hotel));
    expect(packagesStored?.n).toBe(3);
  });

  it('refuses a new hotel whose regional information is not valid, and creates nothing', async () => {
    const hotel = randomUUID();
    const { body } = wizard(hotel);
    const response = await save(hotel, { ...body, hotel: { parentUuid: null, attributes: { NAME: 'Wizard Hotel', TIME_ZONE: 'Mars/Olympus_Mons' } } });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('TIME_ZONE');
    const [stored] = await t.db.select({ n: count() }).from(organizationalUnits).where(eq(organizationalUnits.uuid, hotel));
    expect(stored?.n).toBe(0);
  });

  it('edits over the hotel version: a stale one gets 412 with the whole hotel; a part that fails leaves everything as it was', async () => {
    const hotel = randomUUID();
    const { body, ids } = wizard(hotel);
    expect((await save(hotel, body)).statusCode).toBe(201);
    const stale = await save(hotel, { packages: { deletedPackages: [ids.late] } }, { 'if-match': '"7"' });
    expect(stale.statusCode).toBe(412);
    expect((stale.json() as { current: HotelBundle }).current.packages).toHaveLength(3);

    // the package goes, but the rate code named refers to a package that does not exist: nothing changes
    const failing = await save(hotel, { hotel: { parentUuid: null, attributes: { NAME: 'Renamed' } }, packages: { deletedPackages: [ids.late] }, rateCodes: { newRateCodes: [{ uuid: randomUUID(), name: 'GHOST', packages: [randomUUID()] }] } }, { 'if-match': '"1"' });
    expect(failing.statusCode).toBe(422);
    const [unit] = await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.uuid, hotel));
    expect(unit).toMatchObject({ name: 'Wizard Hotel', version: 1 });
    const [live] = await t.db.select({ n: count() }).from(pmsPackages).where(and(eq(pmsPackages.hotelUuid, hotel), eq(pmsPackages.deleted, false)));
    expect(live?.n).toBe(3);

    const removal = await save(hotel, { packages: { deletedPackages: [ids.late] }, rateCodes: { deletedRateCodes: [] } }, { 'if-match': '"1"' });
    expect(removal.statusCode).toBe(200);
    expect((removal.json() as HotelBundle).hotel.version).toBe(2);
    expect((removal.json() as HotelBundle).version).toBe(2);
    expect((removal.json() as HotelBundle).packages.map((item) => item.externalId)).toEqual(['BB', 'SPA']);
    const [codes] = await t.db.select({ n: count() }).from(rateCodes).where(eq(rateCodes.hotelUuid, hotel));
    expect(codes?.n).toBe(2);
  });

  it('a save that changes nothing writes nothing: every version and updatedAt stays, and the answer is the same', async () => {
    const hotel = randomUUID();
    const { body } = wizard(hotel);
    const first = await save(hotel, body);
    expect(first.statusCode).toBe(201);
    const saved = first.json() as HotelBundle;
    const stored = async () => ({
      unit: await t.db.select({ version: organizationalUnits.version, updatedAt: organizationalUnits.updatedAt }).from(organizationalUnits).where(eq(organizationalUnits.uuid, hotel)),
      definition: await t.db.select({ version: hotelDefinitions.version, updatedAt: hotelDefinitions.updatedAt }).from(hotelDefinitions).where(eq(hotelDefinitions.hotelUuid, hotel)),
      packages: await t.db.select({ uuid: pmsPackages.uuid, version: pmsPackages.version, updatedAt: pmsPackages.updatedAt }).from(pmsPackages).where(eq(pmsPackages.hotelUuid, hotel)).orderBy(pmsPackages.uuid),
      rateCodes: await t.db.select({ uuid: rateCodes.uuid, version: rateCodes.version, updatedAt: rateCodes.updatedAt }).from(rateCodes).where(eq(rateCodes.hotelUuid, hotel)).orderBy(rateCodes.uuid),
      services: await t.db
        .select({ uuid: accessControlServices.uuid, version: accessControlServices.version, updatedAt: accessControlServices.updatedAt })
        .from(accessControlServices)
        .where(eq(accessControlServices.hotelUuid, hotel))
        .orderBy(accessControlServices.uuid),
    });
    const before = await stored();
    t.clock.advance(60_000);

    // everything sent again as it is stored: the hotel, its definition, and every item as an update
    const same = {
      hotel: body.hotel,
      hotelDefinition: { ...body.hotelDefinition, version: saved.hotelDefinition?.version },
      packages: { updatedPackages: saved.packages.map(({ uuid, externalId, calculationRule, version }) => ({ uuid, externalId, calculationRule, version })) },
      rateCodes: { updatedRateCodes: saved.rateCodes.map(({ uuid, name, packages, version }) => ({ uuid, name, packages, version })) },
      accessControls: {
        updatedAccessControl: saved.accessControls.map(({ uuid, name, hotelsAndPackages, defaultHotelUuid, idMethods, version }) => ({
          uuid,
          name,
          hotelsAndPackages: hotelsAndPackages.map(({ hotelDefinitionUuid, pmsPackageUuid }) => ({ hotelDefinitionUuid, pmsPackageUuid })),
          defaultHotelUuid,
          idMethods,
          version,
        })),
      },
    };
    const again = await save(hotel, same, { 'if-match': `"${saved.version}"` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(saved);
    const empty = await save(hotel, {}, { 'if-match': `"${saved.version}"` });
    expect(empty.json()).toEqual(saved);
    // asked for the minimal answer (as the outbox asks): the hotel and its version, not its lists
    const minimal = await save(hotel, same, { 'if-match': `"${saved.version}"`, prefer: 'respond-async, return=minimal' });
    expect(minimal.statusCode).toBe(200);
    expect(minimal.headers['preference-applied']).toBe('return=minimal');
    expect(minimal.json()).toEqual({ version: saved.version, hotel: saved.hotel, hotelDefinition: saved.hotelDefinition });
    expect(await stored()).toEqual(before);

    // one change raises the hotel's version and that item's, and no other
    const spa = saved.packages.find((item) => item.externalId === 'SPA') as PmsPackage;
    const one = await save(hotel, { packages: { updatedPackages: [{ uuid: spa.uuid, externalId: 'SPA', calculationRule: 'ADULT', version: spa.version }] } }, { 'if-match': `"${saved.version}"`, prefer: 'return=minimal' });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ version: saved.version + 1, hotel: { ...saved.hotel, version: saved.version + 1 }, hotelDefinition: saved.hotelDefinition });
    const after = await stored();
    expect(after.packages.filter((item) => item.version !== 1).map((item) => item.uuid)).toEqual([spa.uuid]);
    expect(after.rateCodes).toEqual(before.rateCodes);
  });

  it('is refused to a user of another organization and to a hotel user for a hotel that is not theirs', async () => {
    const hotel = randomUUID();
    const { body } = wizard(hotel);
    expect((await save(hotel, body, {}, outsider)).statusCode).toBe(403);
    expect((await save(hotel, body, {}, hotelUser)).statusCode).toBe(403);
    const [made] = await t.db.select({ n: count() }).from(organizationalUnits).where(eq(organizationalUnits.uuid, hotel));
    expect(made?.n).toBe(0);
    // their own hotel: its packages may be changed
    const own = await save(harbour, { packages: { newPackages: [{ uuid: randomUUID(), externalId: 'HARBOUR_SPA', calculationRule: 'ADULT' }] } }, {}, hotelUser);
    expect(own.statusCode).toBe(200);
    const services = (own.json() as HotelBundle).accessControls as AccessControlService[];
    expect(Array.isArray(services)).toBe(true);
  });
});

describe('one rule for PMS hotel definitions, whichever route writes them', () => {
  const save = (hotel: string, body: object, token = admin) => call('PUT', `${hotelPath(hotel)}/save`, body, {}, token);
  const definitionOf = async (hotel: string) => (await t.db.select().from(hotelDefinitions).where(eq(hotelDefinitions.hotelUuid, hotel)))[0];

  it('a user who sets up only the hotel can neither write nor read its definition through the hotel save (403, as its own routes)', async () => {
    const before = await definitionOf(harbour);
    expect(before).toBeDefined();
    const definition = { name: 'Harbour', externalId: 'HIJACK', pmsConnectionUuid: connection, hotelUuid: harbour, isRoomCardReadingEnabled: true, contactlessCardType: 'MIFARE_CLASSIC', contactlessCardPassword: 'AAAAAAAAAAAA' };
    const viaSave = await save(harbour, { hotelDefinition: definition }, hotelUser);
    expect(viaSave.statusCode).toBe(403);
    const viaRoute = await call('PUT', `/organization/${demoOrg}/hotel-definition/${before?.uuid}`, definition, {}, hotelUser);
    expect(viaRoute.statusCode).toBe(403);
    expect(await definitionOf(harbour)).toEqual(before);
    // without it, the save goes through, and answers no definition to this user; organization setup gets it
    const own = await save(harbour, { packages: { newPackages: [{ uuid: randomUUID(), externalId: 'RULE_SPA', calculationRule: 'ADULT' }] } }, hotelUser);
    expect(own.statusCode).toBe(200);
    expect((own.json() as HotelBundle).hotelDefinition).toBeNull();
    const full = await save(harbour, {});
    expect((full.json() as HotelBundle).hotelDefinition).toMatchObject({ uuid: before?.uuid, externalId: before?.externalId });
  });

  it('answers a connection or hotel that is not the organization\'s with the same 422, whether it exists elsewhere or not at all', async () => {
    const hotel = randomUUID();
    const body = (pmsConnectionUuid: string) => ({
      hotel: { parentUuid: null, attributes: { NAME: 'Probe Hotel' } },
      hotelDefinition: { name: 'Probe Hotel', pmsConnectionUuid, hotelUuid: hotel, isManualRoomEntryEnabled: true },
    });
    const elsewhere = await save(hotel, body(otherConnection));
    const nowhere = await save(hotel, body(randomUUID()));
    expect(elsewhere.statusCode).toBe(422);
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json()).toEqual(elsewhere.json());
    expect(elsewhere.json()).toEqual({ errors: [{ code: 'validation', message: HOTEL_MESSAGES.pmsConnectionMissing, field: 'hotelDefinition.pmsConnectionUuid' }] });
    const [made] = await t.db.select({ n: count() }).from(organizationalUnits).where(eq(organizationalUnits.uuid, hotel));
    expect(made?.n).toBe(0);

    const create = (values: object) => call('POST', `/organization/${demoOrg}/hotel-definition`, { name: 'Probe', isManualRoomEntryEnabled: true, ...values });
    const routeElsewhere = await create({ pmsConnectionUuid: otherConnection });
    const routeNowhere = await create({ pmsConnectionUuid: randomUUID() });
    expect([routeElsewhere.statusCode, routeNowhere.statusCode]).toEqual([422, 422]);
    expect(routeNowhere.json()).toEqual(routeElsewhere.json());
    const [otherHotel] = await t.db.insert(organizationalUnits).values({ orgUuid: otherOrg, type: 'HOTEL', name: 'Alpine Hotel' }).returning();
    const hotelElsewhere = await create({ hotelUuid: otherHotel?.uuid });
    const hotelNowhere = await create({ hotelUuid: randomUUID() });
    expect([hotelElsewhere.statusCode, hotelNowhere.statusCode]).toEqual([422, 422]);
    expect(hotelNowhere.json()).toEqual(hotelElsewhere.json());
    const [stored] = await t.db.select({ n: count() }).from(hotelDefinitions).where(eq(hotelDefinitions.name, 'Probe'));
    expect(stored?.n).toBe(0);
  });
});

describe('access-control services named by unit attributes', () => {
  it('lists every service of the organization, and refuses it to who does not see the organization', async () => {
    const listed = await call('GET', `/organization/${demoOrg}/access-control-service`);
    expect(listed.statusCode).toBe(200);
    const services = (listed.json() as { data: AccessControlService[] }).data;
    // the demo seed gives each demo hotel 5 services
    expect(services.length).toBeGreaterThanOrEqual(5);
    expect(new Set(services.map((service) => service.orgUuid))).toEqual(new Set([demoOrg]));
    expect(services.map((service) => service.name)).toEqual([...services.map((service) => service.name)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect((await call('GET', `/organization/${demoOrg}/access-control-service`, undefined, {}, outsider)).statusCode).toBe(403);
  });

  it('refuses a unit whose POI_ACCESS_CONTROL_SERVICES names a service that is not one of its organization, and takes one that is', async () => {
    const services = ((await call('GET', `/organization/${demoOrg}/access-control-service`)).json() as { data: AccessControlService[] }).data;
    const known = services[0]?.uuid ?? '';
    const unknown = randomUUID();
    const refused = await call('POST', `/organization/${demoOrg}/hotels`, { parentUuid: null, attributes: { NAME: 'Gate Hotel', POI_ACCESS_CONTROL_SERVICES: JSON.stringify([known, unknown]) } });
    expect(refused.statusCode).toBe(422);
    expect(messages(refused).join(' ')).toMatch(/access-control service/);
    const [{ value: before } = { value: 0 }] = await t.db.select({ value: count() }).from(organizationalUnits).where(eq(organizationalUnits.orgUuid, demoOrg));
    const taken = await call('POST', `/organization/${demoOrg}/hotels`, { parentUuid: null, attributes: { NAME: 'Gate Hotel', POI_ACCESS_CONTROL_SERVICES: JSON.stringify([known]) } });
    expect(taken.statusCode).toBe(201);
    const [{ value: after } = { value: 0 }] = await t.db.select({ value: count() }).from(organizationalUnits).where(eq(organizationalUnits.orgUuid, demoOrg));
    expect(after).toBe(before + 1);
  });
});

// PGlite has one connection, so two transactions never wait on each other's locks there
describe.runIf(process.env.DATABASE_URL)('a hotel save beside a create under the same hotel (PostgreSQL)', () => {
  /** requests of this database's sessions waiting on a lock */
  const lockWaits = async () => {
    const result = await t.db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    return Number((result as unknown as { n: number }[])[0]?.n ?? 0);
  };
  async function until(condition: () => Promise<boolean>) {
    for (const started = Date.now(); !(await condition()); ) {
      if (Date.now() - started > 30_000) throw new Error('condition not met in 30 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('both succeed: the save waiting for the organization, the create holding the hotel, neither deadlocks', async () => {
    let save: Promise<{ statusCode: number; body: string }> | undefined;
    let create: Promise<{ statusCode: number; body: string }> | undefined;
    // a third transaction holds the organization, as another organization write would
    const holder = t.db.transaction(async (tx) => {
      await tx.select().from(organizations).where(eq(organizations.uuid, demoOrg)).for('update');
      save = call('PUT', `${hotelPath()}/save`, { packages: { newPackages: [{ uuid: randomUUID(), externalId: 'LOCK-SAVE' }] } });
      await until(async () => (await lockWaits()) >= 1);
      // the create locks the hotel, then checks its organization key: it waits behind the save
      create = call('POST', `${hotelPath()}/access-control-service`, { name: `Lock door ${randomUUID().slice(0, 6)}` });
      await until(async () => (await lockWaits()) >= 2);
    });
    await holder;
    const [saved, created] = await Promise.all([save, create]);
    expect(saved?.statusCode, saved?.body).toBe(200);
    expect(created?.statusCode, created?.body).toBe(201);
  });
});

import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationDetail, Unit, UnitTreeNode } from '../../src/domain/index';
import {
  ERROR_CODES,
  organizationDetailSchema,
  PLACEMENT_MESSAGES,
  storedUnitAttributes,
  UNIT_MESSAGES,
  unitListResponseSchema,
  unitSchema,
  validateAttributes,
} from '../../src/domain/index';
import { contracts, organizationalUnits, organizations, pmsConnections } from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login, MANAGER_EMAIL, MANAGER_PASSWORD } from '../test-helpers';

let t: TestApp;
let admin = '';
let manager = '';
let managerUuid = '';
let outsider = '';
let demoOrg = '';
let otherOrg = '';
let otherHotel = '';
const units = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  const adminSession = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  admin = adminSession.token;
  const managerSession = await login(t.app, MANAGER_EMAIL, MANAGER_PASSWORD);
  manager = managerSession.token;
  managerUuid = managerSession.uuid;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  if (!demo) throw new Error('no demo organization');
  demoOrg = demo.uuid;
  for (const unit of await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.orgUuid, demoOrg))) units.set(unit.name, unit.uuid);
  const [other] = await t.db.insert(organizations).values({ name: 'Alpine Lodges', legalCompanyName: 'Alpine Lodges AG', attributes: { CURRENCY: 'GBP' } }).returning();
  otherOrg = other?.uuid ?? '';
  const [hotel] = await t.db
    .insert(organizationalUnits)
    .values({ orgUuid: otherOrg, parentUuid: null, type: 'HOTEL', name: 'Alpine Hotel', attributes: { NAME: 'Alpine Hotel', TYPE: 'HOTEL' } })
    .returning();
  otherHotel = hotel?.uuid ?? '';
  // SETUP_OU but a member of the other organization only
  await createUser(t.db, {
    email: 'alpine@lobby.local',
    password: 'Alpine-Password-1',
    permissions: ['SETUP_OU', 'SETUP_ORG'],
    memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [otherOrg], ous: [] }],
  });
  outsider = (await login(t.app, 'alpine@lobby.local', 'Alpine-Password-1')).token;
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = admin, payload?: object, headers: Headers = {}) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });
const unitOf = (name: string) => units.get(name) ?? '';
const unitBody = (name: string, parentUuid: string | null, extra: Record<string, string | null> = {}) => ({ parentUuid, attributes: { NAME: name, ...extra } });
const errorsOf = (response: { json(): unknown }) => (response.json() as { errors: { code: string; message: string; field?: string }[] }).errors;

function findNode(nodes: readonly UnitTreeNode[], name: string): UnitTreeNode | undefined {
  for (const node of nodes) {
    if (node.name === name) return node;
    const found = findNode(node.children, name);
    if (found) return found;
  }
  return undefined;
}
const names = (nodes: readonly UnitTreeNode[]): string[] => nodes.flatMap((node) => [node.name, ...names(node.children)]);

describe('GET /api/organization/{uuid}?inheritAttributes=TRUE', () => {
  it('answers the organization with its ous tree and where each value comes from', async () => {
    const response = await request('GET', `/api/organization/${demoOrg}?inheritAttributes=TRUE`);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toMatch(/^"\d+"$/);
    const org = organizationDetailSchema.parse(response.json());
    expect(org.attributes.CURRENCY).toBe('EUR');
    expect(org.ous.map((node) => node.name)).toEqual(['Harbour View Hotel', 'Sunset Bay Resort']);
    const rooftop = findNode(org.ous, 'Rooftop Bar');
    expect(rooftop?.parentUuid).toBe(unitOf('Harbour View Hotel'));
    expect(rooftop?.children.map((node) => node.name)).toEqual(['Rooftop Bar POS']);
    // inherited from the organization through the hotel
    expect(rooftop?.effective?.CURRENCY).toEqual({ value: 'EUR', source: 'inherited', fromUuid: demoOrg, fromName: DEMO_ORGANIZATION_NAME });
    // set here, with what a reset would give
    expect(rooftop?.effective?.POI_EMPLOYEE_IDENTIFICATION_METHOD).toMatchObject({ value: 'CREDENTIALS', source: 'self', inherited: { value: 'PIN', fromName: DEMO_ORGANIZATION_NAME } });
    // the nearest ancestor wins: the resort overrides the organization for its venues
    const pool = findNode(org.ous, 'Pool Bar POS');
    expect(pool?.effective?.CURRENCY).toMatchObject({ value: 'USD', source: 'inherited', fromName: 'Sunset Bay Resort' });
    expect(pool?.effective?.POI_TIP_PERCENTAGES).toMatchObject({ value: '[15,18,20]', fromName: 'Sunset Bay Resort' });
    expect(pool?.effective?.POI_CASH_PAYMENT_ENABLED).toMatchObject({ value: 'false', source: 'self' });
  });

  it('answers no effective values without the flag', async () => {
    const org = organizationDetailSchema.parse((await request('GET', `/api/organization/${demoOrg}`)).json());
    expect(findNode(org.ous, 'Rooftop Bar')?.effective).toBeUndefined();
  });

  it('shows a user of one hotel that hotel and what is below it, and refuses other organizations', async () => {
    const response = await request('GET', `/api/organization/${demoOrg}?inheritAttributes=TRUE`, manager);
    expect(response.statusCode).toBe(200);
    const org = organizationDetailSchema.parse(response.json());
    expect(org.ous.map((node) => node.name)).toEqual(['Harbour View Hotel']);
    expect(names(org.ous)).not.toContain('Sunset Bay Resort');
    expect(names(org.ous)).not.toContain('Beach Club');
    const other = await request('GET', `/api/organization/${otherOrg}`, manager);
    expect(other.statusCode).toBe(403);
    expect(errorsOf(other)[0]?.message).toBe("You don't have permissions to view this organization");
    expect(other.body).not.toContain('Alpine');
  });

  it('answers 403 for an organization that does not exist, like one the caller cannot see, and 404 to who sees all', async () => {
    expect((await request('GET', `/api/organization/${randomUUID()}`, manager)).statusCode).toBe(403);
    expect((await request('GET', `/api/organization/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('organizations: create and update', () => {
  it('creates an organization named from its legal company name, and the creator sees it', async () => {
    const uuid = randomUUID();
    const response = await request('POST', '/api/organization/v1/organization', admin, { uuid, legalCompanyName: '  Coastal Inns Ltd ', status: 'INACTIVE', attributes: { CURRENCY: 'GBP' } });
    expect(response.statusCode).toBe(201);
    const created = organizationDetailSchema.parse(response.json());
    expect(created).toMatchObject({ uuid, name: 'Coastal Inns Ltd', legalCompanyName: 'Coastal Inns Ltd', status: 'INACTIVE', attributes: { CURRENCY: 'GBP' }, ous: [] });
    const list = (await request('GET', '/api/organization/v1/organization')).json() as { data: { uuid: string }[] };
    expect(list.data.map((org) => org.uuid)).toContain(uuid);
    // the same uuid again is refused without telling anything
    const again = await request('POST', '/api/organization/v1/organization', admin, { uuid, legalCompanyName: 'Other', status: 'ACTIVE' });
    expect(again.statusCode).toBe(409);
  });

  it('lets a creator without omnipresence see and set up what it created', async () => {
    await createUser(t.db, { email: 'creator@lobby.local', password: 'Creator-Password-1', permissions: ['CREATE_ORG', 'SETUP_ORG'] });
    const creator = (await login(t.app, 'creator@lobby.local', 'Creator-Password-1')).token;
    const response = await request('POST', '/api/organization/v1/organization', creator, { legalCompanyName: 'Creator Hotels', status: 'ACTIVE' });
    expect(response.statusCode).toBe(201);
    const { uuid } = response.json() as OrganizationDetail;
    expect((await request('GET', `/api/organization/${uuid}`, creator)).statusCode).toBe(200);
    expect((await request('GET', `/api/organization/${demoOrg}`, creator)).statusCode).toBe(403);
  });

  it('refuses creation without CREATE_ORG, and an empty legal name', async () => {
    const refused = await request('POST', '/api/organization/v1/organization', manager, { legalCompanyName: 'Nope', status: 'ACTIVE' });
    expect(refused.statusCode).toBe(403);
    const empty = await request('POST', '/api/organization/v1/organization', admin, { legalCompanyName: '   ', status: 'ACTIVE' });
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty)[0]).toMatchObject({ field: 'legalCompanyName', message: 'Legal company name is required' });
  });

  it('updates with If-Match, answers 412 with the current organization when stale, and needs organization setup', async () => {
    const [row] = await t.db.insert(organizations).values({ name: 'Lake Hotels', legalCompanyName: 'Lake Hotels' }).returning();
    const url = `/api/organization/${row?.uuid}`;
    const ok = await request('PUT', url, admin, { legalCompanyName: 'Lake Hotels GmbH', status: 'ACTIVE', attributes: { LOCALE: 'de-DE' } }, { 'if-match': '"1"' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Lake Hotels GmbH', version: 2, attributes: { LOCALE: 'de-DE' } });
    const stale = await request('PUT', url, admin, { legalCompanyName: 'Late', status: 'ACTIVE' }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ current: { legalCompanyName: 'Lake Hotels GmbH', version: 2 } });
    const manager403 = await request('PUT', `/api/organization/${demoOrg}`, manager, { legalCompanyName: 'Taken over', status: 'ACTIVE' });
    expect(manager403.statusCode).toBe(403);
    const [demo] = await t.db.select().from(organizations).where(eq(organizations.uuid, demoOrg));
    expect(demo?.name).toBe(DEMO_ORGANIZATION_NAME);
  });

  it('refuses an unknown attribute key or a value of the wrong kind, naming the key', async () => {
    const unknown = await request('PUT', `/api/organization/${demoOrg}`, admin, { legalCompanyName: DEMO_ORGANIZATION_NAME, status: 'ACTIVE', attributes: { FAVOURITE_COLOUR: 'red' } });
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown)[0]).toMatchObject({ field: 'attributes.FAVOURITE_COLOUR', message: 'FAVOURITE_COLOUR is not an attribute of a unit' });
    const wrongKind = await request('PUT', `/api/organization/${demoOrg}`, admin, { legalCompanyName: DEMO_ORGANIZATION_NAME, status: 'ACTIVE', attributes: { POI_TIP_ENABLED: 'yes' } });
    expect(wrongKind.statusCode).toBe(400);
    expect(errorsOf(wrongKind)[0]?.field).toBe('attributes.POI_TIP_ENABLED');
    expect(errorsOf(wrongKind)[0]?.message).toContain('POI_TIP_ENABLED');
  });
});

describe('units', () => {
  const ous = (org = demoOrg) => `/api/organization/${org}/ous`;

  it('creates a hotel, a venue under it and a revenue center under the venue, each with the client uuid', async () => {
    const hotel = randomUUID();
    const venue = randomUUID();
    const center = randomUUID();
    const h = await request('POST', ous(), admin, { uuid: hotel, type: 'HOTEL', ...unitBody('Marina Hotel', null, { CURRENCY: 'GBP' }) });
    expect(h.statusCode).toBe(201);
    expect(unitSchema.parse(h.json())).toMatchObject({ uuid: hotel, type: 'HOTEL', name: 'Marina Hotel', attributes: { NAME: 'Marina Hotel', TYPE: 'HOTEL', CURRENCY: 'GBP' } });
    const v = await request('POST', `/api/organization/${demoOrg}/venues`, admin, { uuid: venue, ...unitBody('Marina Deck', hotel) });
    expect(v.statusCode).toBe(201);
    const created = unitSchema.parse(v.json());
    expect(created.type).toBe('VENUE');
    expect(created.effective?.CURRENCY).toMatchObject({ value: 'GBP', source: 'inherited', fromName: 'Marina Hotel' });
    const r = await request('POST', ous(), admin, { uuid: center, type: 'REVENUE_CENTER', ...unitBody('Marina Deck POS', venue) });
    expect(r.statusCode).toBe(201);
    const listed = unitListResponseSchema.parse((await request('GET', `${ous()}?parentUuid=${hotel}&includeDescendants=TRUE`)).json());
    expect(listed.data.map((unit) => unit.name)).toEqual(['Marina Deck', 'Marina Deck POS']);
    const hotels = unitListResponseSchema.parse((await request('GET', `/api/organization/${demoOrg}/hotels?includeDescendants=TRUE`)).json());
    expect(hotels.data.every((unit) => unit.type === 'HOTEL')).toBe(true);
    expect(hotels.data.map((unit) => unit.name)).toContain('Marina Hotel');
  });

  it('keeps a unit\'s attributes as the app shows its queued write: stored (no empty or null entry), with its TYPE', async () => {
    // the app shows a queued create with storedUnitAttributes of its body, and a form opened on it
    // compares with the record the gateway answers later: they must be the same
    const sent = { NAME: 'Quay Deck', DESCRIPTION: '', CURRENCY: null, LOCALE: 'en-GB', POI_TIP_PERCENTAGES: '[ 15, 18,20 ]' };
    const uuid = randomUUID();
    const created = await request('POST', ous(), admin, { uuid, type: 'VENUE', parentUuid: unitOf('Harbour View Hotel'), attributes: sent });
    expect(created.statusCode).toBe(201);
    const listed = unitListResponseSchema.parse((await request('GET', `${ous()}?includeDescendants=TRUE`)).json());
    const kept = listed.data.find((unit) => unit.uuid === uuid);
    expect(kept?.attributes).toEqual(storedUnitAttributes(sent, 'VENUE'));
    expect(Object.keys(kept?.attributes ?? {}).sort()).toEqual(['LOCALE', 'NAME', 'POI_TIP_PERCENTAGES', 'TYPE']);
    const edited = { NAME: 'Quay Deck', DESCRIPTION: 'On the quay', LOCALE: null };
    const updated = await request('PUT', `${ous()}/${uuid}`, admin, { parentUuid: unitOf('Harbour View Hotel'), attributes: edited }, { 'if-match': '"1"' });
    expect(updated.statusCode).toBe(200);
    expect(unitSchema.parse(updated.json()).attributes).toEqual(storedUnitAttributes(edited, 'VENUE'));
  });

  it('refuses a revenue center outside a venue or hotel, a cycle, a parent of another organization and a missing name', async () => {
    const top = await request('POST', ous(), admin, { type: 'REVENUE_CENTER', ...unitBody('Loose POS', null) });
    expect(top.statusCode).toBe(422);
    expect(errorsOf(top)[0]).toMatchObject({ field: 'parentUuid', message: PLACEMENT_MESSAGES.revenueCenterParent });
    const foreign = await request('POST', ous(), admin, { type: 'VENUE', ...unitBody('Foreign child', otherHotel) });
    expect(foreign.statusCode).toBe(422);
    expect(errorsOf(foreign)[0]).toMatchObject({ field: 'parentUuid', message: PLACEMENT_MESSAGES.parentMissing });
    const hotel = unitOf('Harbour View Hotel');
    const cycle = await request('PUT', `${ous()}/${hotel}`, admin, unitBody('Harbour View Hotel', unitOf('Rooftop Bar')));
    expect(cycle.statusCode).toBe(422);
    expect(errorsOf(cycle)[0]?.message).toBe(PLACEMENT_MESSAGES.cycle);
    const unnamed = await request('POST', ous(), admin, { type: 'VENUE', parentUuid: null, attributes: { NAME: '  ' } });
    expect(unnamed.statusCode).toBe(400);
    expect(errorsOf(unnamed)[0]?.field).toBe('attributes.NAME');
    const [{ n } = { n: -1 }] = await t.db.select({ n: count() }).from(organizationalUnits).where(eq(organizationalUnits.name, 'Loose POS'));
    expect(n).toBe(0);
  });

  it('refuses removing a unit with units under it, and removes a leaf', async () => {
    const refused = await request('DELETE', `${ous()}/${unitOf('Beach Club')}`);
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)[0]?.message).toBe(PLACEMENT_MESSAGES.hasChildren);
    const leaf = await request('POST', ous(), admin, { type: 'REVENUE_CENTER', ...unitBody('Temporary POS', unitOf('Beach Club')) });
    const { uuid } = unitSchema.parse(leaf.json());
    expect((await request('DELETE', `${ous()}/${uuid}`, admin, undefined, { 'if-match': '"1"' })).statusCode).toBe(204);
    expect((await request('GET', `${ous()}/${uuid}`)).statusCode).toBe(404);
  });

  it('updates with If-Match, resets a value to inherit by leaving it out, and keeps the type', async () => {
    const rooftop = unitOf('Rooftop Bar');
    const current = unitSchema.parse((await request('GET', `${ous()}/${rooftop}`)).json());
    const { POI_EMPLOYEE_IDENTIFICATION_METHOD: _reset, ...rest } = current.attributes;
    const saved = await request('PUT', `${ous()}/${rooftop}`, admin, { parentUuid: current.parentUuid, attributes: { ...rest, POI_TIP_ENABLED: 'false' } }, { 'if-match': `"${current.version}"` });
    expect(saved.statusCode).toBe(200);
    const unit = unitSchema.parse(saved.json());
    expect(unit.version).toBe(current.version + 1);
    expect(unit.effective?.POI_EMPLOYEE_IDENTIFICATION_METHOD).toMatchObject({ value: 'PIN', source: 'inherited', fromName: DEMO_ORGANIZATION_NAME });
    expect(unit.effective?.POI_TIP_ENABLED).toMatchObject({ value: 'false', source: 'self' });
    const stale = await request('PUT', `${ous()}/${rooftop}`, admin, { parentUuid: current.parentUuid, attributes: rest }, { 'if-match': `"${current.version}"` });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ current: { uuid: rooftop, version: current.version + 1 } });
    const typed = await request('PUT', `${ous()}/${rooftop}`, admin, { parentUuid: current.parentUuid, attributes: { ...rest, TYPE: 'HOTEL' } });
    expect(typed.statusCode).toBe(422);
    expect(errorsOf(typed)[0]?.message).toBe(UNIT_MESSAGES.typeFixed);
  });

  it('refuses unknown keys, wrong kinds and references to records of another organization, naming the key', async () => {
    const unknown = await request('POST', ous(), admin, { type: 'VENUE', ...unitBody('Bad venue', null, { NOT_A_KEY: 'x' }) });
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown)[0]?.field).toBe('attributes.NOT_A_KEY');
    const wrong = await t.app.inject({ method: 'POST', url: ous(), headers: bearer(admin), payload: { type: 'VENUE', parentUuid: null, attributes: { NAME: 'Bad venue', POI_TIP_PERCENTAGES: [10, 15] } } });
    expect(wrong.statusCode).toBe(400);
    expect(errorsOf(wrong)[0]?.field).toBe('attributes.POI_TIP_PERCENTAGES');
    const negative = await request('POST', ous(), admin, { type: 'VENUE', ...unitBody('Bad venue', null, { POI_TIP_PERCENTAGES: '[10,-5]' }) });
    expect(negative.statusCode).toBe(400);
    expect(errorsOf(negative)[0]?.message).toBe('-5 is not a number.');
    const foreignHotel = await request('POST', ous(), admin, { type: 'VENUE', ...unitBody('Bad venue', null, { POI_ROOM_CHARGE_DEFAULT_HOTEL: otherHotel }) });
    expect(foreignHotel.statusCode).toBe(422);
    expect(errorsOf(foreignHotel)[0]?.field).toBe('attributes.POI_ROOM_CHARGE_DEFAULT_HOTEL');
    const [alpineConnection] = await t.db.insert(pmsConnections).values({ orgUuid: otherOrg, name: 'Alpine PMS', type: 'MOCK_PMS_INTERFACE', host: 'alpine.local', port: 1 }).returning();
    const foreignConnection = await request('POST', ous(), admin, { type: 'HOTEL', ...unitBody('Bad hotel', null, { PMS_CONNECTION: alpineConnection?.uuid ?? '' }) });
    expect(foreignConnection.statusCode).toBe(422);
    expect(errorsOf(foreignConnection)[0]?.field).toBe('attributes.PMS_CONNECTION');
    const [{ n } = { n: -1 }] = await t.db.select({ n: count() }).from(organizationalUnits).where(eq(organizationalUnits.name, 'Bad venue'));
    expect(n).toBe(0);
  });

  it('answers a client uuid in use with 409, and replays an Idempotency-Key once', async () => {
    const taken = await request('POST', ous(), admin, { uuid: otherHotel, type: 'HOTEL', ...unitBody('Copy', null) });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).not.toContain('Alpine');
    const key = { 'idempotency-key': randomUUID() };
    const body = { type: 'VENUE', ...unitBody('Once only', unitOf('Sunset Bay Resort')) };
    const first = await request('POST', ous(), admin, body, key);
    const second = await request('POST', ous(), admin, body, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotency-replayed']).toBe('true');
    const [{ n } = { n: -1 }] = await t.db.select({ n: count() }).from(organizationalUnits).where(eq(organizationalUnits.name, 'Once only'));
    expect(n).toBe(1);
  });

  it('lets a user of one hotel set up that hotel and below it, and nothing else', async () => {
    const harbour = unitOf('Harbour View Hotel');
    const under = await request('POST', ous(), manager, { type: 'VENUE', ...unitBody('Lobby Lounge', harbour) });
    expect(under.statusCode).toBe(201);
    const top = await request('POST', ous(), manager, { type: 'HOTEL', ...unitBody('My own hotel', null) });
    expect(top.statusCode).toBe(403);
    expect(errorsOf(top)[0]?.message).toBe("You don't have permissions");
    const sibling = await request('POST', ous(), manager, { type: 'VENUE', ...unitBody('Sneaky venue', unitOf('Sunset Bay Resort')) });
    expect(sibling.statusCode).toBe(403);
    // a unit outside what it may see is answered as unknown, for reads and writes alike
    const sunset = unitOf('Sunset Bay Resort');
    expect((await request('GET', `${ous()}/${sunset}`, manager)).statusCode).toBe(404);
    expect((await request('PUT', `${ous()}/${sunset}`, manager, unitBody('Renamed', null))).statusCode).toBe(404);
    expect((await request('DELETE', `${ous()}/${unitOf('Pool Bar POS')}`, manager)).statusCode).toBe(404);
    // moving its venue out of its hotel is moving it where it may not place units
    const lounge = unitSchema.parse(under.json());
    const moved = await request('PUT', `${ous()}/${lounge.uuid}`, manager, unitBody('Lobby Lounge', sunset));
    expect(moved.statusCode).toBe(403);
    // another organization's units: refused without a word about them
    const foreign = await request('GET', `${ous(otherOrg)}?includeDescendants=TRUE`, manager);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('Alpine');
    const outsiderRead = await request('GET', `${ous()}/${harbour}`, outsider);
    expect(outsiderRead.statusCode).toBe(403);
    const outsiderWrite = await request('POST', ous(), outsider, { type: 'VENUE', ...unitBody('Intruder', harbour) });
    expect(outsiderWrite.statusCode).toBe(403);
    const [{ n } = { n: -1 }] = await t.db.select({ n: count() }).from(organizationalUnits).where(eq(organizationalUnits.name, 'Intruder'));
    expect(n).toBe(0);
  });

  it('answers one unit by uuid under /organization/v1/ous, with picked attribute keys', async () => {
    const rooftop = unitOf('Rooftop Bar');
    const response = await request('GET', `/api/organization/v1/ous/${rooftop}?attributeKeys=NAME,CURRENCY&inheritAttributes=TRUE`);
    expect(response.statusCode).toBe(200);
    const unit: Unit = unitSchema.parse(response.json());
    expect(Object.keys(unit.attributes)).toEqual(['NAME']);
    expect(Object.keys(unit.effective ?? {}).sort()).toEqual(['CURRENCY', 'NAME']);
    expect((await request('GET', `/api/organization/v1/ous/${rooftop}?parentUuid=${unitOf('Sunset Bay Resort')}`)).statusCode).toBe(404);
    const bad = await request('GET', `/api/organization/v1/ous/${rooftop}?attributeKeys=NAME,SHOE_SIZE`);
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)[0]?.message).toBe('SHOE_SIZE is not an attribute of a unit');
    expect((await request('GET', `/api/organization/v1/ous/${otherHotel}`, manager)).statusCode).toBe(404);
  });

  it("answers a user's units under /organization/v1/users/{uuid}/ous, and only the user's own", async () => {
    const own = unitListResponseSchema.parse((await request('GET', `/api/organization/v1/users/${managerUuid}/ous`, manager)).json());
    expect(own.data.map((unit) => unit.name)).toEqual(['Harbour View Hotel']);
    const all = unitListResponseSchema.parse((await request('GET', `/api/organization/v1/users/${managerUuid}/ous?includeDescendants=TRUE&attributes=NAME`, manager)).json());
    expect(all.data.map((unit) => unit.name)).toEqual(expect.arrayContaining(['Harbour View Hotel', 'Rooftop Bar', 'Harbour Restaurant', 'Rooftop Bar POS', 'Restaurant POS']));
    expect(all.data.map((unit) => unit.name)).not.toContain('Beach Club');
    expect(all.data.every((unit) => Object.keys(unit.attributes).every((key) => key === 'NAME'))).toBe(true);
    const adminUuid = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).uuid;
    expect((await request('GET', `/api/organization/v1/users/${adminUuid}/ous`, manager)).statusCode).toBe(403);
    expect((await request('GET', `/api/organization/v1/users/${managerUuid}/ous`, admin)).statusCode).toBe(200);
  });
});

describe('contracts', () => {
  const url = (org = demoOrg) => `/api/organization/${org}/contract`;
  const contract = { reference: 'HVG-2026-01', startDate: '2026-01-01', endDate: '2027-12-31', plan: 'Enterprise', status: 'ACTIVE', notes: 'Renewal talks in Q3' };

  it('creates, lists, reads and updates a contract with If-Match', async () => {
    const created = await request('POST', url(), admin, contract);
    expect(created.statusCode).toBe(201);
    const { uuid, version } = created.json() as { uuid: string; version: number };
    const listed = (await request('GET', url())).json() as { data: { reference: string }[] };
    expect(listed.data.map((row) => row.reference)).toContain('HVG-2026-01');
    const one = await request('GET', `${url()}/${uuid}`);
    expect(one.headers.etag).toBe(`"${version}"`);
    const updated = await request('PUT', `${url()}/${uuid}`, admin, { ...contract, status: 'SUSPENDED' }, { 'if-match': `"${version}"` });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ status: 'SUSPENDED', version: version + 1 });
  });

  it('refuses an end before the start, an impossible day, and a reference the organization has', async () => {
    const backwards = await request('POST', url(), admin, { ...contract, reference: 'X-1', startDate: '2026-05-01', endDate: '2026-04-30' });
    expect(backwards.statusCode).toBe(400);
    expect(errorsOf(backwards)[0]).toMatchObject({ field: 'endDate', message: 'The end date cannot be before the start date' });
    const impossible = await request('POST', url(), admin, { ...contract, reference: 'X-2', startDate: '2026-02-30' });
    expect(impossible.statusCode).toBe(400);
    expect(errorsOf(impossible)[0]?.field).toBe('startDate');
    const duplicate = await request('POST', url(), admin, { ...contract, reference: ' hvg-2026-01 ' });
    expect(duplicate.statusCode).toBe(422);
    expect(errorsOf(duplicate)[0]).toMatchObject({ field: 'reference', code: ERROR_CODES.validation });
  });

  it('keeps contracts to organization setup', async () => {
    expect((await request('GET', url(), manager)).statusCode).toBe(403);
    expect((await request('POST', url(), manager, { ...contract, reference: 'M-1' })).statusCode).toBe(403);
    expect((await request('GET', url(otherOrg), manager)).statusCode).toBe(403);
    const [{ n } = { n: -1 }] = await t.db.select({ n: count() }).from(contracts).where(eq(contracts.reference, 'M-1'));
    expect(n).toBe(0);
  });
});

describe('the demo seed', () => {
  it('stores only attributes the registry accepts, with references to its own records', async () => {
    const [org] = await t.db.select().from(organizations).where(eq(organizations.uuid, demoOrg));
    expect(validateAttributes(org?.attributes)).toEqual([]);
    for (const unit of await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.orgUuid, demoOrg))) {
      expect(validateAttributes(unit.attributes), unit.name).toEqual([]);
    }
    const rooftop = unitSchema.parse((await request('GET', `/api/organization/${demoOrg}/ous/${unitOf('Rooftop Bar POS')}?inheritAttributes=TRUE`)).json());
    expect(rooftop.effective?.POI_ROOM_CHARGE_DEFAULT_HOTEL).toMatchObject({ value: unitOf('Harbour View Hotel'), fromName: 'Rooftop Bar' });
  });
});

import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PmsConnection } from '../../src/domain/index';
import { ERROR_CODES, pmsConnectionListResponseSchema, pmsConnectionSchema } from '../../src/domain/index';
import { hotelDefinitions, organizationalUnits, organizations, pmsConnections } from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login, MANAGER_EMAIL, MANAGER_PASSWORD } from '../test-helpers';

let t: TestApp;
let admin = '';
let demoOrg = '';
let otherOrg = '';
let otherConnection = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  if (!demo) throw new Error('no demo organization');
  demoOrg = demo.uuid;
  const [other] = await t.db.insert(organizations).values({ name: 'Alpine Lodges', legalCompanyName: 'Alpine Lodges AG' }).returning();
  if (!other) throw new Error('no org');
  otherOrg = other.uuid;
  const [connection] = await t.db
    .insert(pmsConnections)
    .values({ orgUuid: otherOrg, name: 'Alpine Opera', type: 'OPERA_IFC8_XML_AGENT', host: '10.1.2.3', port: 5011 })
    .returning();
  otherConnection = connection?.uuid ?? '';
});
afterAll(async () => {
  await t.close();
});

const base = (org: string) => `/api/organization/${org}/pms-connection`;
const one = (org: string, id: string) => `${base(org)}/${id}`;
const opera = { name: 'Opera Spa', type: 'OPERA_IFC8_XML', host: 'spa.opera.local', port: 5020 } as const;

type Headers = Record<string, string>;
const withAuth = (headers: Headers = {}, token = admin) => ({ ...bearer(token), ...headers });
const list = (org = demoOrg, token = admin) => t.app.inject({ method: 'GET', url: base(org), headers: withAuth({}, token) });
const get = (id: string, org = demoOrg, token = admin) => t.app.inject({ method: 'GET', url: one(org, id), headers: withAuth({}, token) });
const create = (payload: object, headers: Headers = {}, org = demoOrg, token = admin) =>
  t.app.inject({ method: 'POST', url: base(org), headers: withAuth(headers, token), payload });
const update = (id: string, payload: object, headers: Headers = {}, org = demoOrg, token = admin) =>
  t.app.inject({ method: 'PUT', url: one(org, id), headers: withAuth(headers, token), payload });
const remove = (id: string, headers: Headers = {}, org = demoOrg, token = admin) => t.app.inject({ method: 'DELETE', url: one(org, id), headers: withAuth(headers, token) });

async function stored(uuid: string) {
  const [row] = await t.db.select().from(pmsConnections).where(eq(pmsConnections.uuid, uuid));
  return row;
}
async function connectionCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(pmsConnections);
  return row?.n ?? 0;
}
async function names(org = demoOrg): Promise<string[]> {
  const response = await list(org);
  expect(response.statusCode).toBe(200);
  return pmsConnectionListResponseSchema.parse(response.json()).data.map((c) => c.name);
}
async function created(payload: object = opera): Promise<PmsConnection> {
  const response = await create(payload);
  expect(response.statusCode).toBe(201);
  return pmsConnectionSchema.parse(response.json());
}

describe('GET /organization/{org}/pms-connection', () => {
  it("lists the organization's connections sorted by name, and only its own", async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const { data } = pmsConnectionListResponseSchema.parse(response.json());
    expect(data.map(({ name, type, host, port, version, orgUuid }) => ({ name, type, host, port, version, orgUuid }))).toEqual([
      { name: 'Mock PMS', type: 'MOCK_PMS_INTERFACE', host: 'localhost', port: 7000, version: 1, orgUuid: demoOrg },
      { name: 'Opera Main', type: 'OPERA_IFC8_XML', host: 'opera.demo.local', port: 5010, version: 1, orgUuid: demoOrg },
    ]);
    expect(await names(otherOrg)).toEqual(['Alpine Opera']);
  });

  it('answers one connection with its version as ETag', async () => {
    const { data } = pmsConnectionListResponseSchema.parse((await list()).json());
    const first = data[0];
    if (!first) throw new Error('no connection');
    const response = await get(first.uuid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(first);
    expect(response.headers.etag).toBe('"1"');
  });

  it("answers 404 for an unknown organization, an unknown connection and another organization's connection", async () => {
    const unknownOrg = await list(randomUUID());
    expect(unknownOrg.statusCode).toBe(404);
    expect(unknownOrg.json().errors[0]).toMatchObject({ code: 'not_found' });
    expect((await list('not-a-uuid')).statusCode).toBe(404);
    expect((await get(randomUUID())).statusCode).toBe(404);
    expect((await get('not-a-uuid')).statusCode).toBe(404);
    const foreign = await get(otherConnection);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ errors: [{ code: 'not_found', message: 'PMS connection not found' }] });
    expect((await update(otherConnection, opera)).statusCode).toBe(404);
    expect((await remove(otherConnection)).statusCode).toBe(404);
    expect(await stored(otherConnection)).toMatchObject({ name: 'Alpine Opera', version: 1 });
  });
});

describe('POST /organization/{org}/pms-connection', () => {
  it('creates a connection (trimmed) that the list then shows', async () => {
    const before = await connectionCount();
    const response = await create({ ...opera, name: '  Opera Spa  ' });
    expect(response.statusCode).toBe(201);
    const body = pmsConnectionSchema.parse(response.json());
    expect(body).toEqual({ ...opera, uuid: body.uuid, orgUuid: demoOrg, version: 1 });
    expect(await connectionCount()).toBe(before + 1);
    expect(await names()).toEqual(['Mock PMS', 'Opera Main', 'Opera Spa']);
    expect(await stored(body.uuid)).toMatchObject({ ...opera, orgUuid: demoOrg });
  });

  it('keeps a client-generated uuid, and answers 409 when that uuid exists', async () => {
    const uuid = randomUUID();
    const response = await create({ ...opera, name: 'Offline Opera', uuid });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ uuid, name: 'Offline Opera' });
    expect((await get(uuid)).statusCode).toBe(200);

    const before = await connectionCount();
    const duplicate = await create({ ...opera, name: 'Another Opera', uuid });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      errors: [{ code: ERROR_CODES.conflict, message: 'This uuid cannot be used. Create the connection with a new uuid.', field: 'uuid' }],
    });
    expect(ERROR_CODES.conflict).toBe('conflict');
    expect(await connectionCount()).toBe(before);
    expect((await stored(uuid))?.name).toBe('Offline Opera');
  });

  it("answers a uuid of another organization's connection exactly like a uuid taken here, telling nothing about it", async () => {
    const mine = (await created({ ...opera, name: 'Taken Here' })).uuid;
    const takenHere = await create({ ...opera, uuid: mine });
    const takenElsewhere = await create({ ...opera, uuid: otherConnection });
    expect(takenElsewhere.statusCode).toBe(takenHere.statusCode);
    expect(takenElsewhere.body).toBe(takenHere.body);
    expect(takenElsewhere.body).not.toContain('Alpine');
    expect(takenElsewhere.body).not.toContain(otherOrg);
    expect(takenElsewhere.json()).not.toHaveProperty('current');
    // the same with an Idempotency-Key, whose stored answer is replayed
    const keyed = await create({ ...opera, uuid: otherConnection }, { 'idempotency-key': 'foreign-uuid' });
    expect(keyed.body).toBe(takenHere.body);
    expect(await stored(otherConnection)).toMatchObject({ orgUuid: otherOrg, name: 'Alpine Opera', version: 1 });
  });

  it('refuses the nil uuid as a client uuid with a 400 naming the field, creating nothing', async () => {
    const before = await connectionCount();
    const response = await create({ ...opera, uuid: '00000000-0000-0000-0000-000000000000' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [{ code: 'validation', field: 'uuid', message: 'The nil uuid cannot identify a connection: send another uuid, or none' }],
    });
    expect(await connectionCount()).toBe(before);
  });

  it('refuses a host of dotted digits that is no IPv4 address, and keeps a valid one', async () => {
    const response = await create({ ...opera, host: '999.999.999.999' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [{ code: 'validation', field: 'host', message: 'Enter a valid IPv4 address: four numbers from 0 to 255, such as 10.0.0.12' }],
    });
    const connection = await created({ ...opera, name: 'By Address', host: '192.168.10.254' });
    const update999 = await update(connection.uuid, { ...opera, host: '256.0.0.1' });
    expect(update999.statusCode).toBe(400);
    expect(update999.json().errors).toEqual([expect.objectContaining({ field: 'host' })]);
    expect(await stored(connection.uuid)).toMatchObject({ host: '192.168.10.254', version: 1 });
  });

  it.each([
    ['an empty name', { name: '   ' }, 'name'],
    ['a name of 101 characters', { name: 'n'.repeat(101) }, 'name'],
    ['port 0', { port: 0 }, 'port'],
    ['port 70000', { port: 70000 }, 'port'],
    ['a fractional port', { port: 50.5 }, 'port'],
    ['an unknown type', { type: 'FIDELIO' }, 'type'],
    ['a URL as host', { host: 'http://opera.local' }, 'host'],
    ['a malformed uuid', { uuid: 'abc' }, 'uuid'],
    ['a NUL character in the name', { name: 'Opera\u0000Main' }, 'name'],
  ])('refuses %s with the field named, creating nothing', async (_label, change, field) => {
    const before = await connectionCount();
    const response = await create({ ...opera, ...change }, { 'idempotency-key': `invalid-${field}-${JSON.stringify(change).length}` });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json() as { errors: { code: string; field?: string; message: string }[] };
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((error) => error.code === 'validation')).toBe(true);
    expect(errors.map((error) => error.field)).toContain(field);
    expect(await connectionCount()).toBe(before);
  });

  it("keeps the schema's own words for a field (not the generic 'Required')", async () => {
    const response = await create({ ...opera, name: '  ', port: 0 });
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { code: 'validation', field: 'name', message: 'Name is required' },
        { code: 'validation', field: 'port', message: 'Port must be a whole number from 1 to 65535' },
      ]),
    );
  });

  it('refuses a missing field', async () => {
    const response = await create({ name: 'No port', type: 'MOCK_PMS_INTERFACE', host: 'localhost' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ code: 'validation', field: 'port' })]);
  });

  it('replays the same Idempotency-Key without creating twice, and refuses it for another body', async () => {
    const before = await connectionCount();
    const first = await create({ ...opera, name: 'Once Only' }, { 'idempotency-key': 'create-once' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const replay = await create({ ...opera, name: 'Once Only' }, { 'idempotency-key': 'create-once' });
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(await connectionCount()).toBe(before + 1);

    const other = await create({ ...opera, name: 'Something Else' }, { 'idempotency-key': 'create-once' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0]).toMatchObject({ code: 'idempotency.key_reused', field: 'Idempotency-Key' });
    expect(await connectionCount()).toBe(before + 1);
    expect(await names()).not.toContain('Something Else');
  });
});

describe('PUT /organization/{org}/pms-connection/{id}', () => {
  it('updates every field and increases the version', async () => {
    const connection = await created({ ...opera, name: 'Before Update' });
    const response = await update(connection.uuid, { name: 'After Update', type: 'OPERA_IFC8_XML_AGENT', host: '2001:db8::7', port: 6000 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ uuid: connection.uuid, orgUuid: demoOrg, name: 'After Update', type: 'OPERA_IFC8_XML_AGENT', host: '2001:db8::7', port: 6000, version: 2 });
    expect(await stored(connection.uuid)).toMatchObject({ name: 'After Update', port: 6000, version: 2 });
    expect((await get(connection.uuid)).headers.etag).toBe('"2"');
  });

  it('refuses invalid input with the field named and changes nothing', async () => {
    const connection = await created({ ...opera, name: 'Invalid Target' });
    for (const [change, field] of [
      [{ name: '' }, 'name'],
      [{ port: 0 }, 'port'],
      [{ port: 70000 }, 'port'],
      [{ type: 'NOPE' }, 'type'],
    ] as const) {
      const response = await update(connection.uuid, { ...opera, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual(expect.objectContaining({ code: 'validation', field }));
    }
    expect(await stored(connection.uuid)).toMatchObject({ ...opera, name: 'Invalid Target', version: 1 });
  });

  it('honours If-Match: a matching version applies, a stale one answers 412 with the current record', async () => {
    const connection = await created({ ...opera, name: 'Versioned' });
    const ok = await update(connection.uuid, { ...opera, name: 'Versioned 2' }, { 'if-match': '"1"' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Versioned 2', version: 2 });

    const stale = await update(connection.uuid, { ...opera, name: 'Lost Update' }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({
      errors: [{ code: 'version_mismatch', message: 'This record was changed by someone else. Review the current version and try again.' }],
      current: { ...opera, uuid: connection.uuid, orgUuid: demoOrg, name: 'Versioned 2', version: 2 },
    });
    expect(await stored(connection.uuid)).toMatchObject({ name: 'Versioned 2', version: 2 });
  });

  it('replays the same Idempotency-Key, applying the update once, and refuses it for another body', async () => {
    const connection = await created({ ...opera, name: 'Replayed Update' });
    const payload = { ...opera, name: 'Replayed Update 2' };
    const first = await update(connection.uuid, payload, { 'idempotency-key': 'update-once', 'if-match': '"1"' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ version: 2 });
    const replay = await update(connection.uuid, payload, { 'idempotency-key': 'update-once', 'if-match': '"1"' });
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(await stored(connection.uuid)).toMatchObject({ name: 'Replayed Update 2', version: 2 });

    const other = await update(connection.uuid, { ...opera, name: 'Other Body' }, { 'idempotency-key': 'update-once' });
    expect(other.statusCode).toBe(422);
    expect(await stored(connection.uuid)).toMatchObject({ name: 'Replayed Update 2', version: 2 });
  });
});

describe('DELETE /organization/{org}/pms-connection/{id}', () => {
  it('deletes a connection; it is gone from the list', async () => {
    const connection = await created({ ...opera, name: 'To Delete' });
    const response = await remove(connection.uuid);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await stored(connection.uuid)).toBeUndefined();
    expect(await names()).not.toContain('To Delete');
    expect((await get(connection.uuid)).statusCode).toBe(404);
    expect((await remove(connection.uuid)).statusCode).toBe(404);
  });

  it('honours If-Match: a stale version answers 412 with the current record and deletes nothing', async () => {
    const connection = await created({ ...opera, name: 'Guarded' });
    await update(connection.uuid, { ...opera, name: 'Guarded 2' });
    const stale = await remove(connection.uuid, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toEqual({ ...opera, uuid: connection.uuid, orgUuid: demoOrg, name: 'Guarded 2', version: 2 });
    expect(await stored(connection.uuid)).toBeDefined();
    expect((await remove(connection.uuid, { 'if-match': '"2"' })).statusCode).toBe(204);
    expect(await stored(connection.uuid)).toBeUndefined();
  });

  it('refuses (409 in_use) a connection a hotel uses, naming the hotel, and removes nothing', async () => {
    const connection = await created({ ...opera, name: 'Lakeside Opera' });
    const [hotel] = await t.db
      .insert(organizationalUnits)
      .values({ orgUuid: demoOrg, parentUuid: null, type: 'HOTEL', name: 'Lakeside Inn', attributes: { NAME: 'Lakeside Inn', TYPE: 'HOTEL', PMS_CONNECTION: connection.uuid } })
      .returning();
    const [definition] = await t.db
      .insert(hotelDefinitions)
      .values({ orgUuid: demoOrg, hotelUuid: hotel?.uuid ?? null, name: 'Lakeside Inn', pmsConnectionUuid: connection.uuid })
      .returning();
    const refused = await remove(connection.uuid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      errors: [{ code: ERROR_CODES.inUse, message: 'This PMS connection is used by the hotel Lakeside Inn. Choose another connection for it first, then remove this one.' }],
    });
    expect(await stored(connection.uuid)).toBeDefined();
    // moved off it in its hotel definition, the hotel's PMS_CONNECTION setting still holds it back
    await t.db.update(hotelDefinitions).set({ pmsConnectionUuid: null }).where(eq(hotelDefinitions.uuid, definition?.uuid ?? ''));
    expect((await remove(connection.uuid)).statusCode).toBe(409);
    await t.db.update(organizationalUnits).set({ attributes: { NAME: 'Lakeside Inn', TYPE: 'HOTEL' } }).where(eq(organizationalUnits.uuid, hotel?.uuid ?? ''));
    expect((await remove(connection.uuid)).statusCode).toBe(204);
    await t.db.delete(hotelDefinitions).where(eq(hotelDefinitions.uuid, definition?.uuid ?? ''));
    await t.db.delete(organizationalUnits).where(eq(organizationalUnits.uuid, hotel?.uuid ?? ''));
  });

  it('replays the same Idempotency-Key with the same 204', async () => {
    const connection = await created({ ...opera, name: 'Delete Once' });
    const first = await remove(connection.uuid, { 'idempotency-key': 'delete-once' });
    expect(first.statusCode).toBe(204);
    const replay = await remove(connection.uuid, { 'idempotency-key': 'delete-once' });
    expect(replay.statusCode).toBe(204);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(await stored(connection.uuid)).toBeUndefined();
    // without the key, the second delete finds nothing
    expect((await remove(connection.uuid)).statusCode).toBe(404);
  });
});

describe('unique names per organization', () => {
  const nameTaken = { errors: [{ code: 'validation', field: 'name', message: 'Another PMS connection of this organization already has this name' }] };

  it('refuses a create with the name of another connection of the organization, case and spaces ignored, creating nothing', async () => {
    await created({ ...opera, name: 'Unique Opera' });
    const before = await connectionCount();
    for (const [index, name] of ['Unique Opera', 'UNIQUE opera', '  unique opera  '].entries()) {
      const response = await create({ ...opera, name }, { 'idempotency-key': `duplicate-name-${index}` });
      expect(response.statusCode, name).toBe(422);
      expect(response.json()).toEqual(nameTaken);
    }
    expect(await connectionCount()).toBe(before);
    expect((await names()).filter((name) => name.toLowerCase() === 'unique opera')).toEqual(['Unique Opera']);
  });

  it('accepts a name another organization uses', async () => {
    const response = await create({ ...opera, name: 'Alpine Opera' });
    expect(response.statusCode).toBe(201);
    expect(await names(otherOrg)).toEqual(['Alpine Opera']);
  });

  it('refuses renaming to the name of another connection, and lets a connection keep its own name', async () => {
    const first = await created({ ...opera, name: 'Rename Source' });
    await created({ ...opera, name: 'Rename Target' });
    const clash = await update(first.uuid, { ...opera, name: 'rename TARGET' }, { 'if-match': '"1"' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json()).toEqual(nameTaken);
    expect(await stored(first.uuid)).toMatchObject({ name: 'Rename Source', version: 1 });

    const same = await update(first.uuid, { ...opera, name: 'Rename Source', port: 6001 }, { 'if-match': '"1"' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ name: 'Rename Source', port: 6001, version: 2 });
    const recased = await update(first.uuid, { ...opera, name: 'RENAME SOURCE' }, { 'if-match': '"2"' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json()).toMatchObject({ name: 'RENAME SOURCE', version: 3 });
  });

  it('lets a connection that already shares its name (stored before the rule) keep it when edited', async () => {
    const rows = await t.db
      .insert(pmsConnections)
      .values([
        { orgUuid: demoOrg, name: 'Legacy Twin', type: 'MOCK_PMS_INTERFACE', host: 'a.local', port: 7001 },
        { orgUuid: demoOrg, name: 'legacy twin', type: 'MOCK_PMS_INTERFACE', host: 'b.local', port: 7002 },
      ])
      .returning();
    const twin = rows[0];
    if (!twin) throw new Error('no twin');
    const response = await update(twin.uuid, { name: 'Legacy Twin', type: 'MOCK_PMS_INTERFACE', host: 'a2.local', port: 7001 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ host: 'a2.local', version: 2 });
  });

  it('creates only one of two connections sent at the same time with the same name', async () => {
    const before = await connectionCount();
    const answers = await Promise.all([create({ ...opera, name: 'Race Opera' }), create({ ...opera, name: 'race opera' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(await connectionCount()).toBe(before + 1);
  });

  it('stores the refusal under its Idempotency-Key, so a replay answers it again and creates nothing', async () => {
    await created({ ...opera, name: 'Keyed Twin' });
    const before = await connectionCount();
    const first = await create({ ...opera, name: 'keyed twin' }, { 'idempotency-key': 'duplicate-name-keyed' });
    const replay = await create({ ...opera, name: 'keyed twin' }, { 'idempotency-key': 'duplicate-name-keyed' });
    expect(first.statusCode).toBe(422);
    expect(replay.statusCode).toBe(422);
    expect(replay.body).toBe(first.body);
    expect(await connectionCount()).toBe(before);
  });
});

describe('authorization', () => {
  const forbiddenBody = { errors: [{ code: 'forbidden', message: "You don't have permissions to view this organization" }] };

  async function expectForbiddenEverywhere(token: string) {
    const [seeded] = await t.db.select().from(pmsConnections).where(eq(pmsConnections.name, 'Opera Main'));
    const id = seeded?.uuid ?? '';
    const before = await connectionCount();
    const responses = [
      await list(demoOrg, token),
      await get(id, demoOrg, token),
      await create({ ...opera, name: 'Not Allowed' }, {}, demoOrg, token),
      await update(id, { ...opera, name: 'Not Allowed' }, {}, demoOrg, token),
      await remove(id, {}, demoOrg, token),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(forbiddenBody);
    }
    expect(await connectionCount()).toBe(before);
    expect(await stored(id)).toMatchObject({ name: 'Opera Main', version: 1 });
  }

  it('forbids the demo manager, who manages one hotel but not the organization', async () => {
    const manager = (await login(t.app, MANAGER_EMAIL, MANAGER_PASSWORD)).token;
    await expectForbiddenEverywhere(manager);
  });

  it('forbids a member of the organization without SETUP_ORG', async () => {
    await createUser(t.db, {
      email: 'member@example.com',
      password: 'Member-Password1',
      permissions: ['SETUP_OU', 'VIEW_TRANSACTIONS'],
      memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [demoOrg], ous: [] }],
    });
    await expectForbiddenEverywhere((await login(t.app, 'member@example.com', 'Member-Password1')).token);
  });

  it('allows SETUP_ORG with a MANAGEMENT membership of the organization, and only there', async () => {
    await createUser(t.db, {
      email: 'setup@example.com',
      password: 'Setup-Password1',
      permissions: ['SETUP_ORG'],
      memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [demoOrg], ous: [] }],
    });
    const token = (await login(t.app, 'setup@example.com', 'Setup-Password1')).token;
    expect((await list(demoOrg, token)).statusCode).toBe(200);
    const response = await create({ ...opera, name: 'By Setup User' }, {}, demoOrg, token);
    expect(response.statusCode).toBe(201);
    expect((await list(otherOrg, token)).statusCode).toBe(403);
    // an unknown organization is not revealed to someone who could not set it up anyway
    expect((await list(randomUUID(), token)).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    for (const response of [
      await t.app.inject({ method: 'GET', url: base(demoOrg) }),
      await t.app.inject({ method: 'POST', url: base(demoOrg), payload: opera }),
      await t.app.inject({ method: 'PUT', url: one(demoOrg, otherConnection), payload: opera }),
      await t.app.inject({ method: 'DELETE', url: one(demoOrg, otherConnection) }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0]).toMatchObject({ code: 'auth.unauthenticated' });
    }
  });
});

describe('OpenAPI', () => {
  it('documents the PMS connection routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/organization/{org}/pms-connection'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/organization/{org}/pms-connection/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
  });
});

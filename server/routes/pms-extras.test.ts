import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PmsConnection } from '../../src/domain/index';
import { ERROR_CODES, PMS_CONNECTION_MESSAGES, pmsConnectionListResponseSchema, pmsConnectionSchema } from '../../src/domain/index';
import { sha256 } from '../auth/secrets';
import { agentPairingCodes, idempotencyKeys, organizations, pmsConnections } from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import { loggerOptions } from '../logging';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login, MANAGER_EMAIL, MANAGER_PASSWORD } from '../test-helpers';
import { PAIRING_CODE_TTL_MS } from './pms-extras';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logLines.push(chunk.toString());
    callback();
  },
});

let t: TestApp;
let admin = '';
let manager = '';
let setup = '';
let demoOrg = '';
let otherOrg = '';
let otherConnection = '';
let demoAgent = '';
let operaMain = '';
/** every code a test was shown, to check none reached the log */
const shownCodes: string[] = [];

async function loginAll() {
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  manager = (await login(t.app, MANAGER_EMAIL, MANAGER_PASSWORD)).token;
  setup = (await login(t.app, 'setup@example.com', 'Setup-Password1')).token;
}

beforeAll(async () => {
  t = await createTestApp({
    logger: { ...(loggerOptions('info') as object), stream: logStream },
  });
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
  const [agent] = await t.db
    .insert(pmsConnections)
    .values({ orgUuid: demoOrg, name: 'Demo Agent', type: 'OPERA_IFC8_XML_AGENT', host: '10.0.0.8', port: 5012 })
    .returning();
  demoAgent = agent?.uuid ?? '';
  const [main] = await t.db.select().from(pmsConnections).where(eq(pmsConnections.name, 'Opera Main'));
  operaMain = main?.uuid ?? '';
  // SETUP_ORG with a MANAGEMENT membership of the demo organization only
  await createUser(t.db, {
    email: 'setup@example.com',
    password: 'Setup-Password1',
    permissions: ['SETUP_ORG'],
    memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [demoOrg], ous: [] }],
  });
  await loginAll();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const opera = { name: 'Opera Spa', type: 'OPERA_IFC8_XML', host: 'spa.opera.local', port: 5020 } as const;
const forbiddenBody = { errors: [{ code: 'forbidden', message: "You don't have permissions to view this organization" }] };
const connectionNotFound = { errors: [{ code: 'not_found', message: 'PMS connection not found' }] };
const pairingInvalidBody = { errors: [{ code: 'validation', message: 'This pairing code is not valid' }] };

const auth = (token: string, headers: Headers = {}) => ({ ...bearer(token), ...headers });
const webList = (org = demoOrg, token = admin) => t.app.inject({ method: 'GET', url: `/api/web-bff/v1/web/${org}/pms-connections`, headers: auth(token) });
const resourceList = (org = demoOrg) => t.app.inject({ method: 'GET', url: `/api/organization/${org}/pms-connection`, headers: auth(admin) });
const webCreate = (payload: object, headers: Headers = {}, token = admin) =>
  t.app.inject({ method: 'POST', url: '/api/web-bff/v1/web/pms-connections', headers: auth(token, headers), payload });
const operatorGet = (id: string, token = admin) => t.app.inject({ method: 'GET', url: `/api/pms-operator/v1/pms-connections/${id}`, headers: auth(token) });
const otp = (id: string, token = admin, headers: Headers = {}) => t.app.inject({ method: 'POST', url: `/api/agent/v1/agents/otp-code/${id}`, headers: auth(token, headers) });
const pair = (code: unknown) => t.app.inject({ method: 'POST', url: '/api/agent/v1/agents/pair', payload: { code } });

async function connectionCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(pmsConnections);
  return row?.n ?? 0;
}
async function names(org: string): Promise<string[]> {
  const response = await webList(org);
  expect(response.statusCode).toBe(200);
  return pmsConnectionListResponseSchema.parse(response.json()).data.map((c) => c.name);
}
async function newCode(id = demoAgent, token = admin): Promise<{ code: string; expiresAt: string }> {
  const response = await otp(id, token);
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json<{ code: string; expiresAt: string }>();
  shownCodes.push(body.code);
  return body;
}
async function codeRows(id = demoAgent) {
  return t.db.select().from(agentPairingCodes).where(eq(agentPairingCodes.connectionUuid, id));
}

describe('GET /web-bff/v1/web/{org}/pms-connections', () => {
  it('answers the same records, in the same order, as the resource list', async () => {
    for (const org of [demoOrg, otherOrg]) {
      const response = await webList(org);
      expect(response.statusCode).toBe(200);
      const body = pmsConnectionListResponseSchema.parse(response.json());
      expect(body).toEqual((await resourceList(org)).json());
      expect(body.data.every((c) => c.orgUuid === org)).toBe(true);
    }
    expect(await names(demoOrg)).toEqual(['Demo Agent', 'Mock PMS', 'Opera Main']);
    expect(await names(otherOrg)).toEqual(['Alpine Opera']);
  });

  it('answers 404 for an unknown organization, 403 to a caller who may not set it up, 401 without a token', async () => {
    const unknown = await webList(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: [{ code: 'not_found', message: 'Organization not found' }] });
    expect((await webList('not-a-uuid')).statusCode).toBe(404);
    for (const [org, token] of [
      [demoOrg, manager],
      [otherOrg, manager],
      [otherOrg, setup],
      // an unknown organization is not revealed to someone who could not set it up anyway
      [randomUUID(), setup],
    ] as const) {
      const response = await webList(org, token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(forbiddenBody);
    }
    expect((await webList(demoOrg, setup)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/web-bff/v1/web/${demoOrg}/pms-connections` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /web-bff/v1/web/pms-connections', () => {
  it('creates the connection in the organization of the body', async () => {
    const before = await connectionCount();
    const response = await webCreate({ ...opera, name: '  Alpine Spa  ', orgUuid: otherOrg });
    expect(response.statusCode).toBe(201);
    const body = pmsConnectionSchema.parse(response.json());
    expect(body).toEqual({ ...opera, name: 'Alpine Spa', uuid: body.uuid, orgUuid: otherOrg, version: 1 });
    expect(await connectionCount()).toBe(before + 1);
    expect(await names(otherOrg)).toEqual(['Alpine Opera', 'Alpine Spa']);
    expect((await operatorGet(body.uuid)).json()).toEqual(body);
  });

  it('keeps a client uuid, refuses the nil uuid (400) and a uuid in use (409)', async () => {
    const uuid = randomUUID();
    const response = await webCreate({ ...opera, name: 'Client Uuid', uuid, orgUuid: demoOrg });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ uuid, orgUuid: demoOrg });

    const before = await connectionCount();
    const nil = await webCreate({ ...opera, name: 'Nil', uuid: '00000000-0000-0000-0000-000000000000', orgUuid: demoOrg });
    expect(nil.statusCode).toBe(400);
    expect(nil.json().errors).toEqual([{ code: 'validation', field: 'uuid', message: PMS_CONNECTION_MESSAGES.nilUuid }]);
    const taken = await webCreate({ ...opera, name: 'Taken', uuid: otherConnection, orgUuid: demoOrg });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      errors: [{ code: ERROR_CODES.conflict, message: 'This uuid cannot be used. Create the connection with a new uuid.', field: 'uuid' }],
    });
    expect(await connectionCount()).toBe(before);
  });

  it('replays the same Idempotency-Key without creating twice, and refuses it for another body', async () => {
    const before = await connectionCount();
    const payload = { ...opera, name: 'Once Only', orgUuid: demoOrg };
    const first = await webCreate(payload, { 'idempotency-key': 'web-create-once' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const replay = await webCreate(payload, { 'idempotency-key': 'web-create-once' });
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(await connectionCount()).toBe(before + 1);

    const other = await webCreate({ ...payload, name: 'Something Else' }, { 'idempotency-key': 'web-create-once' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0]).toMatchObject({ code: 'idempotency.key_reused' });
    expect(await connectionCount()).toBe(before + 1);
  });

  it('refuses a name another connection of the organization has (case and spaces ignored) with 422 on name', async () => {
    const before = await connectionCount();
    for (const name of ['Opera Main', 'OPERA main', '  opera main ']) {
      const response = await webCreate({ ...opera, name, orgUuid: demoOrg });
      expect(response.statusCode, name).toBe(422);
      expect(response.json()).toEqual({ errors: [{ code: 'validation', field: 'name', message: PMS_CONNECTION_MESSAGES.nameTaken }] });
    }
    expect(await connectionCount()).toBe(before);
    // a name of another organization is free
    expect((await webCreate({ ...opera, name: 'Opera Main', orgUuid: otherOrg })).statusCode).toBe(201);
  });

  it('creates only one of two connections sent at the same time with the same name', async () => {
    const before = await connectionCount();
    const answers = await Promise.all([
      webCreate({ ...opera, name: 'Race Opera', orgUuid: demoOrg }),
      webCreate({ ...opera, name: 'race opera', orgUuid: demoOrg }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(await connectionCount()).toBe(before + 1);
  });

  it('refuses invalid bodies with 400 naming the field', async () => {
    const noOrg = await webCreate({ ...opera, name: 'No Org' });
    expect(noOrg.statusCode).toBe(400);
    expect(noOrg.json().errors).toContainEqual(expect.objectContaining({ code: 'validation', field: 'orgUuid' }));
    const badOrg = await webCreate({ ...opera, name: 'Bad Org', orgUuid: 'not-a-uuid' });
    expect(badOrg.statusCode).toBe(400);
    expect(badOrg.json().errors).toContainEqual(expect.objectContaining({ field: 'orgUuid' }));
    const badPort = await webCreate({ ...opera, port: 0, orgUuid: demoOrg });
    expect(badPort.statusCode).toBe(400);
    expect(badPort.json().errors).toContainEqual({ code: 'validation', field: 'port', message: PMS_CONNECTION_MESSAGES.port });
  });

  it('answers 403 to a caller who may not set up the organization, 404 for an unknown one, creating nothing', async () => {
    const before = await connectionCount();
    for (const [org, token] of [
      [otherOrg, manager],
      [demoOrg, manager],
      [otherOrg, setup],
    ] as const) {
      const response = await webCreate({ ...opera, name: 'Not Allowed', orgUuid: org }, {}, token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(forbiddenBody);
    }
    const unknown = await webCreate({ ...opera, name: 'Nowhere', orgUuid: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(await connectionCount()).toBe(before);
    const allowed = await webCreate({ ...opera, name: 'By Setup User', orgUuid: demoOrg }, {}, setup);
    expect(allowed.statusCode).toBe(201);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/web-bff/v1/web/pms-connections', payload: { ...opera, orgUuid: demoOrg } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /pms-operator/v1/pms-connections/{id}', () => {
  it('answers a connection of any organization the caller may set up, with its version as ETag', async () => {
    for (const id of [operaMain, otherConnection]) {
      const response = await operatorGet(id);
      expect(response.statusCode).toBe(200);
      const resource = await t.app.inject({ method: 'GET', url: `/api/organization/${response.json<PmsConnection>().orgUuid}/pms-connection/${id}`, headers: auth(admin) });
      expect(response.json()).toEqual(resource.json());
      expect(response.headers.etag).toBe('"1"');
    }
    const own = await operatorGet(operaMain, setup);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ uuid: operaMain, orgUuid: demoOrg, name: 'Opera Main' });
  });

  it("answers a connection of an organization the caller may not set up exactly like an unknown one", async () => {
    const unknown = await operatorGet(randomUUID(), manager);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(connectionNotFound);
    for (const [id, token] of [
      [otherConnection, manager],
      [operaMain, manager],
      [otherConnection, setup],
    ] as const) {
      const response = await operatorGet(id, token);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(unknown.body);
      expect(response.headers.etag).toBeUndefined();
    }
    expect((await operatorGet('not-a-uuid')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/pms-operator/v1/pms-connections/${operaMain}` })).statusCode).toBe(401);
  });
});

describe('POST /agent/v1/agents/otp-code/{id}', () => {
  it('answers an 8-character code of the unambiguous alphabet, valid 10 minutes, not to be cached', async () => {
    const before = t.clock.now().getTime();
    const response = await otp(demoAgent);
    const after = t.clock.now().getTime();
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { code, expiresAt } = response.json<{ code: string; expiresAt: string }>();
    shownCodes.push(code);
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'expiresAt']);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(new Date(expiresAt).toISOString()).toBe(expiresAt);
    expect(Date.parse(expiresAt)).toBeGreaterThanOrEqual(before + PAIRING_CODE_TTL_MS);
    expect(Date.parse(expiresAt)).toBeLessThanOrEqual(after + PAIRING_CODE_TTL_MS);
    expect(PAIRING_CODE_TTL_MS).toBe(10 * 60_000);
  });

  it('draws codes at random from the whole alphabet', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 12; i += 1) codes.add((await newCode()).code);
    expect(codes.size).toBe(12);
    const letters = new Set([...codes].join(''));
    for (const ambiguous of ['0', 'O', '1', 'I']) expect(letters.has(ambiguous)).toBe(false);
  });

  it('stores only the SHA-256 of the code, nowhere the code itself, even with an Idempotency-Key', async () => {
    const response = await otp(demoAgent, admin, { 'idempotency-key': 'otp-with-key' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['idempotency-replayed']).toBeUndefined();
    const { code, expiresAt } = response.json<{ code: string; expiresAt: string }>();
    shownCodes.push(code);
    const rows = await codeRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ connectionUuid: demoAgent, codeHash: sha256(code), usedAt: null });
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.expiresAt.toISOString()).toBe(expiresAt);
    expect(JSON.stringify(await t.db.select().from(agentPairingCodes))).not.toContain(code);
    expect(JSON.stringify(await t.db.select().from(idempotencyKeys))).not.toContain(code);
    // no replay: the same key again makes a new code
    const again = await otp(demoAgent, admin, { 'idempotency-key': 'otp-with-key' });
    expect(again.statusCode).toBe(201);
    shownCodes.push(again.json<{ code: string }>().code);
    expect(again.json<{ code: string }>().code).not.toBe(code);
  });

  it('replaces the previous code: the first no longer pairs, the second does', async () => {
    const first = await newCode();
    const second = await newCode();
    expect(await codeRows()).toHaveLength(1);
    expect((await codeRows())[0]?.codeHash).toBe(sha256(second.code));
    const refused = await pair(first.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(pairingInvalidBody);
    const paired = await pair(second.code);
    expect(paired.statusCode).toBe(200);
    expect(paired.json()).toEqual({ connectionUuid: demoAgent, orgUuid: demoOrg });
  });

  it('resets a used code: a new code after a pairing pairs again', async () => {
    const first = await newCode();
    expect((await pair(first.code)).statusCode).toBe(200);
    expect((await codeRows())[0]?.usedAt).not.toBeNull();
    const second = await newCode();
    expect((await codeRows())[0]?.usedAt).toBeNull();
    expect((await pair(second.code)).statusCode).toBe(200);
  });

  it('refuses a connection of another type with 422, storing nothing', async () => {
    const response = await otp(operaMain);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: [{ code: 'validation', message: 'A pairing code exists only for OPERA IFC8 XML AGENT connections' }] });
    expect(await codeRows(operaMain)).toEqual([]);
  });

  it("answers 404 for an unknown connection and for one of an organization the caller may not set up, 401 without a token", async () => {
    const unknown = await otp(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(connectionNotFound);
    expect((await otp('not-a-uuid')).statusCode).toBe(404);
    const before = await codeRows(otherConnection);
    for (const [id, token] of [
      [otherConnection, manager],
      [demoAgent, manager],
      [otherConnection, setup],
    ] as const) {
      const response = await otp(id, token);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(unknown.body);
    }
    expect(await codeRows(otherConnection)).toEqual(before);
    expect((await t.app.inject({ method: 'POST', url: `/api/agent/v1/agents/otp-code/${demoAgent}` })).statusCode).toBe(401);
    // the setup user may make a code for a connection of their organization
    await newCode(demoAgent, setup);
  });
});

describe('POST /agent/v1/agents/pair', () => {
  it('pairs without a user, once: a used code answers like a wrong one', async () => {
    const { code } = await newCode(otherConnection);
    const paired = await pair(code);
    expect(paired.statusCode).toBe(200);
    expect(paired.json()).toEqual({ connectionUuid: otherConnection, orgUuid: otherOrg });
    expect(paired.headers['cache-control']).toBe('no-store');
    expect((await codeRows(otherConnection))[0]?.usedAt).not.toBeNull();

    const again = await pair(code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(pairingInvalidBody);
    const wrong = await pair('ABCDEFGH');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toBe(again.body);
  });

  it('pairs only one of two agents sending the same code at the same time', async () => {
    const { code } = await newCode();
    const answers = await Promise.all([pair(code), pair(code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('accepts the code typed in lower case or with surrounding spaces', async () => {
    const { code } = await newCode();
    const response = await pair(`  ${code.toLowerCase()} `);
    expect(response.statusCode).toBe(200);
  });

  it('refuses a code whose connection is no longer an agent connection', async () => {
    const { code } = await newCode();
    await t.db.update(pmsConnections).set({ type: 'OPERA_IFC8_XML' }).where(eq(pmsConnections.uuid, demoAgent));
    try {
      const response = await pair(code);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(pairingInvalidBody);
    } finally {
      await t.db.update(pmsConnections).set({ type: 'OPERA_IFC8_XML_AGENT' }).where(eq(pmsConnections.uuid, demoAgent));
    }
  });

  it('refuses a malformed body with 400', async () => {
    for (const payload of [{}, { code: '' }, { code: 12345678 }, { code: 'x'.repeat(65) }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/agent/v1/agents/pair', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ code: 'validation' });
    }
  });

  it('refuses an expired code like a wrong one, leaving it unused', async () => {
    const { code } = await newCode();
    t.clock.advance(PAIRING_CODE_TTL_MS - 5_000);
    const { code: later } = await newCode(otherConnection);
    t.clock.advance(5_001);
    const expired = await pair(code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(pairingInvalidBody);
    expect((await codeRows())[0]?.usedAt).toBeNull();
    // a code made later is still valid
    expect((await pair(later)).statusCode).toBe(200);
    // access tokens expire with the clock too
    await loginAll();
  });
});

describe('logging and OpenAPI', () => {
  it('never writes a pairing code to the log', () => {
    expect(shownCodes.length).toBeGreaterThan(10);
    expect(logLines.length).toBeGreaterThan(0);
    const log = logLines.join('');
    for (const code of shownCodes) {
      expect(log).not.toContain(code);
      expect(log).not.toContain(code.toLowerCase());
    }
  });

  it('documents the routes under the pms tag', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    const routes = [
      ['/api/web-bff/v1/web/{org}/pms-connections', 'get', true],
      ['/api/web-bff/v1/web/pms-connections', 'post', true],
      ['/api/pms-operator/v1/pms-connections/{id}', 'get', true],
      ['/api/agent/v1/agents/otp-code/{id}', 'post', true],
      ['/api/agent/v1/agents/pair', 'post', false],
    ] as const;
    for (const [path, method, secured] of routes) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation?.tags).toEqual(['pms']);
      expect(Boolean(operation?.security), path).toBe(secured);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchChange, BatchResponse, HistoryEntry, HistoryPage } from '../../src/domain/index';
import { ERROR_CODES, OUTBOX_BATCH_MAX_CHANGES, OUTBOX_BATCH_MESSAGES } from '../../src/domain/index';
import { historyEntries, organizations, pmsConnections } from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login } from '../test-helpers';

let t: TestApp;
let admin = '';
let alpine = '';
let demoOrg = '';
let otherOrg = '';
let demoConnection = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  demoOrg = demo?.uuid ?? '';
  const [pms] = await t.db.select().from(pmsConnections).where(eq(pmsConnections.orgUuid, demoOrg));
  demoConnection = pms?.uuid ?? '';
  const [other] = await t.db.insert(organizations).values({ name: 'Alpine Lodges', legalCompanyName: 'Alpine Lodges AG' }).returning();
  otherOrg = other?.uuid ?? '';
  await createUser(t.db, { email: 'alpine@example.com', password: 'Alpine-Password-1', permissions: ['SETUP_ORG', 'SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [otherOrg], ous: [], omnipresence: false }] });
  alpine = (await login(t.app, 'alpine@example.com', 'Alpine-Password-1')).token;
});
afterAll(async () => {
  await t.close();
});

const connections = (org: string) => `/organization/${org}/pms-connection`;
const connection = (name: string, uuid = randomUUID()) => ({ uuid, name, type: 'MOCK_PMS_INTERFACE', host: `${uuid.slice(0, 8)}.pms.local`, port: 5000 });
const batch = (changes: unknown[], token: string | null = admin) =>
  t.app.inject({ method: 'POST', url: '/api/outbox/v1/batch', headers: token === null ? {} : bearer(token), payload: { changes } });
const results = (response: { statusCode: number; json(): unknown }) => {
  expect(response.statusCode).toBe(200);
  return (response.json() as BatchResponse).results;
};
const create = (org: string, body: ReturnType<typeof connection>, key: string = randomUUID(), headers: Record<string, string> = {}): BatchChange => ({
  method: 'POST',
  path: connections(org),
  body,
  headers: { 'Idempotency-Key': key, ...headers },
});
const edit = (org: string, uuid: string, body: object, version: number, key: string = randomUUID(), extra: Partial<BatchChange> = {}): BatchChange => ({
  method: 'PUT',
  path: `${connections(org)}/${uuid}`,
  body,
  headers: { 'Idempotency-Key': key, 'If-Match': `"${version}"` },
  ...extra,
});
async function stored(uuid: string) {
  const [row] = await t.db.select().from(pmsConnections).where(eq(pmsConnections.uuid, uuid));
  return row;
}
async function named(name: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(pmsConnections).where(eq(pmsConnections.name, name));
  return row?.n ?? 0;
}
async function historyCount(uuid: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(historyEntries).where(and(eq(historyEntries.recordUuid, uuid)));
  return row?.n ?? 0;
}

describe('POST /outbox/v1/batch', () => {
  it("carries a change's Prefer: a hotel save asking for the minimal answer is answered its version, not its lists", async () => {
    const hotel = randomUUID();
    const save = (prefer: Record<string, string>): BatchChange => ({
      method: 'PUT',
      path: `/organization/${demoOrg}/hotel/${hotel}/save`,
      body: { hotel: { parentUuid: null, attributes: { NAME: 'Batch Minimal Hotel' } }, packages: { newPackages: [{ uuid: randomUUID(), externalId: 'BB', calculationRule: 'ADULT' }] } },
      headers: { 'Idempotency-Key': randomUUID(), ...prefer },
    });
    const [created] = results(await batch([save({ Prefer: 'return=minimal' })]));
    expect(created).toEqual({ status: 201, body: { version: 1 } });
    const [whole] = results(await batch([{ ...save({}), body: {}, headers: { 'Idempotency-Key': randomUUID(), 'If-Match': '"1"' } }]));
    expect(whole?.status).toBe(200);
    expect((whole?.body as { packages: unknown[] }).packages).toHaveLength(1);
  });

  it('answers a success of a change asking for the minimal answer with its uuid and version only, and a refusal whole', async () => {
    const minimal = { Prefer: 'return=minimal' };
    const first = connection('Minimal 1');
    const second = connection('Minimal 2');
    const answer = results(
      await batch([
        create(demoOrg, first, randomUUID(), minimal),
        edit(demoOrg, first.uuid, { ...first, name: 'Minimal 1b' }, 1, randomUUID(), { after: 0, headers: { 'Idempotency-Key': randomUUID(), 'If-Match': '"1"', ...minimal } }),
        create(demoOrg, second),
        edit(demoOrg, second.uuid, { ...second, name: 'Minimal 2b' }, 7, randomUUID(), { headers: { 'Idempotency-Key': randomUUID(), 'If-Match': '"7"', ...minimal } }),
      ]),
    );
    expect(answer[0]).toEqual({ status: 201, body: { uuid: first.uuid, version: 1 } });
    expect(answer[1]).toEqual({ status: 200, body: { uuid: first.uuid, version: 2 } });
    // without the preference, the whole record, as before
    expect(answer[2]).toMatchObject({ status: 201, body: { uuid: second.uuid, name: 'Minimal 2', host: second.host, version: 1 } });
    // a refusal keeps what it says
    expect(answer[3]?.status).toBe(412);
    expect((answer[3]?.body as { errors: { code: string }[] }).errors[0]?.code).toBeTruthy();
    expect(await stored(first.uuid)).toMatchObject({ name: 'Minimal 1b', version: 2 });
  });

  it("authorizes each change as if sent alone: another organization's record is refused in its own result, the allowed change is applied", async () => {
    const mine = connection('Alpine Batch Opera');
    const answer = results(
      await batch(
        [
          create(otherOrg, mine),
          edit(demoOrg, demoConnection, { name: 'Taken over', type: 'MOCK_PMS_INTERFACE', host: 'x.local', port: 1 }, 1),
          create(demoOrg, connection('Alpine into Demo')),
        ],
        alpine,
      ),
    );
    expect(answer.map((result) => result.status)).toEqual([201, 403, 403]);
    expect(answer[0]?.body).toMatchObject({ uuid: mine.uuid, name: 'Alpine Batch Opera', version: 1 });
    expect(answer[1]?.body).toMatchObject({ errors: [{ code: ERROR_CODES.forbidden }] });
    // the same answer as the refused change gets alone
    const alone = await t.app.inject({ method: 'PUT', url: `/api${connections(demoOrg)}/${demoConnection}`, headers: { ...bearer(alpine), 'if-match': '"1"' }, payload: { name: 'Taken over', type: 'MOCK_PMS_INTERFACE', host: 'x.local', port: 1 } });
    expect({ status: alone.statusCode, body: alone.json() }).toEqual(answer[1]);
    expect(await stored(mine.uuid)).toMatchObject({ orgUuid: otherOrg, name: 'Alpine Batch Opera' });
    expect(await stored(demoConnection)).toMatchObject({ orgUuid: demoOrg, version: 1 });
    expect(await named('Taken over')).toBe(0);
    expect(await named('Alpine into Demo')).toBe(0);
  });

  it('applies the changes in order and follows a record from one change to the next (after, rebase)', async () => {
    const record = connection('Order 0');
    const body = (name: string) => ({ name, type: record.type, host: record.host, port: record.port });
    const answer = results(
      await batch([
        create(demoOrg, record),
        edit(demoOrg, record.uuid, body('Order 1'), 1, randomUUID(), { after: 0 }),
        edit(demoOrg, record.uuid, body('Order 2'), 1, randomUUID(), { after: 1, rebase: true }),
        edit(demoOrg, record.uuid, body('Order 3'), 1, randomUUID(), { after: 2, rebase: true }),
      ]),
    );
    expect(answer.map((result) => [result.status, (result.body as { name: string; version: number }).name, (result.body as { version: number }).version])).toEqual([
      [201, 'Order 0', 1],
      [200, 'Order 1', 2],
      [200, 'Order 2', 3],
      [200, 'Order 3', 4],
    ]);
    expect(await stored(record.uuid)).toMatchObject({ name: 'Order 3', version: 4 });
  });

  it("reads the caller's grants again after a change that alters them: an organization created in a batch can be set up by its next change", async () => {
    await createUser(t.db, { email: 'founder@example.com', password: 'Founder-Password-1', permissions: ['CREATE_ORG', 'SETUP_ORG'], memberships: [] });
    const founder = (await login(t.app, 'founder@example.com', 'Founder-Password-1')).token;
    const org = randomUUID();
    const pms = connection('Founder PMS');
    const answer = results(
      await batch(
        [
          { method: 'POST', path: '/organization/v1/organization', body: { uuid: org, legalCompanyName: 'Founder Hotels Ltd', status: 'ACTIVE' }, headers: { 'Idempotency-Key': randomUUID() } },
          create(org, pms),
        ],
        founder,
      ),
    );
    expect(answer.map((result) => result.status)).toEqual([201, 201]);
    expect((await stored(pms.uuid))?.orgUuid).toBe(org);
  });

  it('does not apply a change behind a refused change of its record (424), and does not store it: it can be sent again', async () => {
    const record = connection('Blocked 0');
    results(await batch([create(demoOrg, record)]));
    const body = (name: string) => ({ name, type: record.type, host: record.host, port: record.port });
    const waiting = edit(demoOrg, record.uuid, body('Blocked 2'), 7, 'waiting-key', { after: 0, rebase: true });
    const unrelated = create(demoOrg, connection('Unrelated behind a refusal'));
    const answer = results(await batch([edit(demoOrg, record.uuid, body('Blocked 1'), 7), waiting, unrelated]));
    expect(answer.map((result) => result.status)).toEqual([412, 424, 201]);
    expect(answer[1]?.body).toEqual({ errors: [{ code: ERROR_CODES.dependencyFailed, message: OUTBOX_BATCH_MESSAGES.dependencyFailed }] });
    expect(await stored(record.uuid)).toMatchObject({ name: 'Blocked 0', version: 1 });
    expect(await named('Unrelated behind a refusal')).toBe(1);
    // once the operator resolved the first, the waiting change goes with its own key, over the current version
    const later = results(await batch([{ ...waiting, after: undefined, rebase: undefined, headers: { 'Idempotency-Key': 'waiting-key', 'If-Match': '"1"' } }]));
    expect(later.map((result) => result.status)).toEqual([200]);
    expect(await stored(record.uuid)).toMatchObject({ name: 'Blocked 2', version: 2 });
  });

  it('resent after a lost reply, applies nothing twice and answers the same', async () => {
    const a = connection('Resent A');
    const b = connection('Resent B');
    const changes = [create(demoOrg, a), edit(demoOrg, a.uuid, { ...a, name: 'Resent A edited' }, 1, randomUUID(), { after: 0 }), create(demoOrg, b)];
    const first = results(await batch(changes));
    const again = results(await batch(changes));
    expect(again).toEqual(first);
    expect(first.map((result) => result.status)).toEqual([201, 200, 201]);
    expect(await stored(a.uuid)).toMatchObject({ name: 'Resent A edited', version: 2 });
    expect(await named('Resent B')).toBe(1);
    expect(await historyCount(a.uuid)).toBe(2);
    expect(await historyCount(b.uuid)).toBe(1);
  });

  it('answers a change already sent alone from the store, and a change sent alone after its batch too', async () => {
    const alone = connection('Alone first');
    const key = randomUUID();
    const single = await t.app.inject({ method: 'POST', url: `/api${connections(demoOrg)}`, headers: { ...bearer(admin), 'idempotency-key': key }, payload: alone });
    expect(single.statusCode).toBe(201);
    const [replayed] = results(await batch([create(demoOrg, alone, key)]));
    expect(replayed).toEqual({ status: 201, body: single.json() });
    expect(await named('Alone first')).toBe(1);

    const batched = connection('Batch first');
    const batchKey = randomUUID();
    const [applied] = results(await batch([create(demoOrg, batched, batchKey)]));
    const after = await t.app.inject({ method: 'POST', url: `/api${connections(demoOrg)}`, headers: { ...bearer(admin), 'idempotency-key': batchKey }, payload: batched });
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotency-replayed']).toBe('true');
    expect(after.json()).toEqual(applied?.body);
    expect(await named('Batch first')).toBe(1);
    expect(await historyCount(batched.uuid)).toBe(1);
  });

  it("writes each change's own made-at and offline mark into the history", async () => {
    const a = connection('History batch A');
    const b = connection('History batch B');
    const madeA = new Date(t.clock.now().getTime() - 7_200_000).toISOString();
    const madeB = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    results(await batch([create(demoOrg, a, randomUUID(), { 'X-Made-At': madeA, 'X-Made-Offline': '1' }), create(demoOrg, b, randomUUID(), { 'X-Made-At': madeB })]));
    const read = async (uuid: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/organization/${demoOrg}/history/pms-connection/${uuid}`, headers: bearer(admin) });
      return (response.json() as HistoryPage).data[0] as HistoryEntry;
    };
    expect(await read(a.uuid)).toMatchObject({ madeAt: madeA, offline: true, userEmail: ADMIN_EMAIL });
    expect(await read(b.uuid)).toMatchObject({ madeAt: madeB, offline: false });
  });

  it('refuses a batch out of bounds, with a read, another batch or a path out of the gateway, with a clear message, and applies nothing of it', async () => {
    const never = connection('Never applied');
    const ok = create(demoOrg, never);
    const tooMany = Array.from({ length: OUTBOX_BATCH_MAX_CHANGES + 1 }, () => ok);
    const expectRefused = async (changes: unknown[], status: number, message: string) => {
      const response = await batch(changes);
      expect(response.statusCode).toBe(status);
      expect((response.json() as { errors: { message: string }[] }).errors.map((error) => error.message)).toContain(message);
    };
    await expectRefused(tooMany, 400, OUTBOX_BATCH_MESSAGES.tooMany);
    await expectRefused([ok, { ...ok, path: '/outbox/v1/batch' }], 400, OUTBOX_BATCH_MESSAGES.nested);
    await expectRefused([ok, { ...ok, path: '/organization/../health' }], 400, OUTBOX_BATCH_MESSAGES.badPath);
    await expectRefused([ok, { ...ok, path: 'http://elsewhere.example/x' }], 400, OUTBOX_BATCH_MESSAGES.badPath);
    await expectRefused([ok, { ...ok, after: 1 }], 400, OUTBOX_BATCH_MESSAGES.badAfter);
    const read = await batch([ok, { ...ok, method: 'GET' }]);
    expect(read.statusCode).toBe(400);
    const huge = Array.from({ length: 6 }, (_, index) => ({ ...ok, body: { ...never, name: `${index}`, note: 'x'.repeat(1024 * 1024) } }));
    await expectRefused(huge, 413, OUTBOX_BATCH_MESSAGES.tooLarge);
    expect(await named('Never applied')).toBe(0);
  });

  it('takes a gzip-compressed batch, and measures the bound on what it unpacks to', async () => {
    const small = connection('Compressed batch');
    const gzipped = (changes: unknown[]) =>
      t.app.inject({ method: 'POST', url: '/api/outbox/v1/batch', headers: { ...bearer(admin), 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: gzipSync(JSON.stringify({ changes })) });
    const [applied] = results(await gzipped([create(demoOrg, small)]));
    expect(applied?.status).toBe(201);
    const bomb = connection('Compressed bomb');
    const refused = await gzipped(Array.from({ length: 6 }, (_, index) => create(demoOrg, { ...bomb, name: `${index}`, host: 'x'.repeat(1024 * 1024) })));
    expect(refused.statusCode).toBe(413);
    expect(await named('0')).toBe(0);
  });

  it('answers 401 without a valid token, and applies nothing', async () => {
    const change = create(demoOrg, connection('Anonymous batch'));
    expect((await batch([change], null)).statusCode).toBe(401);
    expect((await batch([change], 'not-a-token')).statusCode).toBe(401);
    expect(await named('Anonymous batch')).toBe(0);
  });

  it('is in the OpenAPI document with its schema', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, { post?: { requestBody?: unknown; responses: Record<string, unknown> } }> }>();
    const route = document.paths['/api/outbox/v1/batch']?.post;
    expect(route?.requestBody).toBeDefined();
    expect(Object.keys(route?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '413']));
  });
});

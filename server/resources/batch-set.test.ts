/**
 * A batch's runs of creates and updates applied as sets (./batch-set.ts): the answers, records,
 * history and stored outcomes are those of the same changes sent one at a time, and where the run's
 * rules cannot vouch for it (a refusal, a key held before the run by another record, a record named
 * before it is created, a replay) each change still gets the answer it gets alone.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchChange, BatchResponse, BatchResult } from '../../src/domain/index';
import { DISCOUNT_MESSAGES, HOTEL_MESSAGES, PMS_CONNECTION_MESSAGES } from '../../src/domain/index';
import { historyEntries, idempotencyKeys, organizations, pmsPackages } from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { TestApp, TestDatabase } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createTestDatabase, createUser, login } from '../test-helpers';

let database: TestDatabase;
let t: TestApp;
let admin = '';
let org = '';
let statements = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  // on PGlite, every statement the gateway sends is counted (the set's whole point is to send few)
  if (database.handle.kind === 'pglite') {
    const client = database.handle.client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const counted = (target: Record<string, (...args: unknown[]) => Promise<unknown>>) => {
      for (const name of ['query', 'exec']) {
        const original = (target[name] as (...args: unknown[]) => Promise<unknown>).bind(target);
        target[name] = (...args: unknown[]) => {
          statements += 1;
          return original(...args);
        };
      }
    };
    counted(client);
    const transaction = (client.transaction as (...args: unknown[]) => Promise<unknown>).bind(client);
    client.transaction = (work: unknown) =>
      transaction((tx: Record<string, (...args: unknown[]) => Promise<unknown>>) => {
        counted(tx);
        return (work as (tx: unknown) => Promise<unknown>)(tx);
      });
  }
  t = await createTestApp({ database });
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  org = demo?.uuid ?? '';
});
afterAll(async () => {
  await t.close();
  await database.close();
});

async function newHotel(name: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: `/api/organization/${org}/hotels`, headers: bearer(admin), payload: { parentUuid: null, attributes: { NAME: name } } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { uuid: string }).uuid;
}

async function batch(changes: readonly BatchChange[], token = admin): Promise<BatchResult[]> {
  const response = await t.app.inject({ method: 'POST', url: '/api/outbox/v1/batch', headers: bearer(token), payload: { changes } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as BatchResponse).results;
}

const keyed = (extra: Record<string, string> = {}) => ({ 'Idempotency-Key': randomUUID(), ...extra });
const paths = (hotel: string) => ({
  connections: `/organization/${org}/pms-connection`,
  packages: `/organization/${org}/hotel/${hotel}/pms-package`,
  rates: `/organization/${org}/hotel/${hotel}/pms-rate-code`,
  discounts: `/discount/v1/organizations/${org}/ous/${hotel}/discounts`,
});

/** An offline day's changes of one hotel: connections, packages, rate codes naming them, and edits over explicit versions. */
function day(hotel: string, prefix: string) {
  const p = paths(hotel);
  const ids = Array.from({ length: 8 }, () => randomUUID());
  const [c0, c1, p0, p1, p2, r0, r1, d0] = ids as [string, string, string, string, string, string, string, string];
  const connection = (uuid: string, name: string) => ({ uuid, name, type: 'MOCK_PMS_INTERFACE', host: 'set.pms.local', port: 5001 });
  const { uuid: _c0, ...editedConnection } = connection(c0, `${prefix} PMS a, edited`);
  const changes: BatchChange[] = [
    { method: 'POST', path: p.connections, body: connection(c0, `${prefix} PMS a`), headers: keyed({ 'X-Made-At': '2026-11-20T08:00:00.000Z', 'X-Made-Offline': '1' }) },
    { method: 'POST', path: p.connections, body: connection(c1, `${prefix} PMS b`), headers: keyed() },
    { method: 'POST', path: p.packages, body: { uuid: p0, externalId: `${prefix}-P0` }, headers: keyed() },
    { method: 'POST', path: p.packages, body: { uuid: p1, externalId: ` ${prefix}-P1`, calculationRule: 'PERSON' }, headers: keyed() },
    { method: 'POST', path: p.packages, body: { uuid: p2, externalId: `${prefix}-P2` }, headers: keyed() },
    { method: 'POST', path: p.rates, body: { uuid: r0, name: `${prefix}-R0`, packages: [p0] }, headers: keyed() },
    { method: 'POST', path: p.rates, body: { uuid: r1, name: `${prefix}-R1`, packages: [p1, p2, p1] }, headers: keyed() },
    { method: 'PUT', path: `${p.connections}/${c0}`, body: editedConnection, headers: keyed({ 'If-Match': '"1"' }) },
    { method: 'PUT', path: `${p.rates}/${r0}`, body: { name: `${prefix}-R0b`, packages: [p0, p2] }, headers: keyed({ 'If-Match': '"1"' }) },
    { method: 'PUT', path: `${p.connections}/${c0}`, body: { ...editedConnection, name: `${prefix} PMS a, again` }, headers: keyed({ 'If-Match': '"2"' }) },
    { method: 'PUT', path: `${p.packages}/${p1}`, body: { externalId: `${prefix}-P1`, calculationRule: 'CHILDREN' }, headers: keyed({ 'If-Match': '"1"' }) },
    { method: 'POST', path: p.discounts, body: { uuid: d0, name: `${prefix} Spa`, type: 'PERCENTAGE', value: 1500 }, headers: keyed() },
    { method: 'PUT', path: `${p.discounts}/${d0}`, body: { name: `${prefix} Spa`, label: 'Spa', type: 'AMOUNT', value: 700 }, headers: keyed({ 'If-Match': '"1"' }) },
  ];
  return { changes, ids, hotel };
}

/** The answers with the run's own uuids, hotel and prefix replaced, to compare two runs. */
function neutral(value: unknown, run: { ids: readonly string[]; hotel: string }, prefix: string): unknown {
  let text = JSON.stringify(value);
  run.ids.forEach((id, index) => (text = text.replaceAll(id, `<id${index}>`)));
  return JSON.parse(text.replaceAll(run.hotel, '<hotel>').replaceAll(prefix, '<prefix>')) as unknown;
}

async function historyOf(ids: readonly string[]) {
  const rows = await t.db.select().from(historyEntries).where(inArray(historyEntries.recordUuid, [...ids]));
  return rows
    .map(({ kind, recordUuid, action, changes, offline, madeAt, unitUuid }) => ({ kind, record: ids.indexOf(recordUuid), action, changes, offline, madeAt: madeAt.toISOString().startsWith('2026-11-20') ? madeAt.toISOString() : 'now', unit: unitUuid === null ? null : 'hotel' }))
    .sort((a, b) => a.record - b.record || a.action.localeCompare(b.action) || JSON.stringify(a.changes).localeCompare(JSON.stringify(b.changes)));
}

describe('a batch run applied as a set', () => {
  it('answers, stores and records what the same changes sent one at a time do, in far fewer statements', async () => {
    const setRun = day(await newHotel('Set Hotel'), 'SET');
    const aloneRun = day(await newHotel('Alone Hotel'), 'ALONE');
    const before = statements;
    const together = await batch(setRun.changes);
    const used = statements - before;
    const alone: BatchResult[] = [];
    for (const change of aloneRun.changes) alone.push(...(await batch([change])));

    expect(together.map((result) => result.status)).toEqual([201, 201, 201, 201, 201, 201, 201, 200, 200, 200, 200, 201, 200]);
    expect(neutral(together, setRun, 'SET')).toEqual(neutral(alone, aloneRun, 'ALONE'));
    expect(neutral(await historyOf(setRun.ids), setRun, 'SET')).toEqual(neutral(await historyOf(aloneRun.ids), aloneRun, 'ALONE'));
    // the rate code's packages as the route keeps them (once each), the package ID as sent (spaces and all)
    expect((together[6]?.body as { packages: string[] }).packages).toEqual([setRun.ids[3], setRun.ids[4]]);
    if (database.handle.kind === 'pglite') expect(used).toBeLessThan(setRun.changes.length * 2);

    // sent again (a lost reply), each answer comes from the store and nothing is applied twice
    const historyBefore = (await historyOf(setRun.ids)).length;
    expect(await batch(setRun.changes)).toEqual(together);
    expect(await historyOf(setRun.ids)).toHaveLength(historyBefore);
    // and a change of the run sent alone with its key is that same request: replayed, not 422
    const [first] = setRun.changes;
    const replay = await t.app.inject({ method: 'POST', url: `/api${first?.path}`, headers: { ...bearer(admin), ...first?.headers }, payload: first?.body as object });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json()).toEqual(together[0]?.body);
  });

  // each run has one change the run's rules must catch, among three that are fine
  const refusals: { name: string; status: number; field?: string; message?: string; bad: (p: ReturnType<typeof paths>, held: string) => BatchChange }[] = [
    { name: 'a package ID another package holds', status: 422, field: 'externalId', message: HOTEL_MESSAGES.packageIdTaken, bad: (p) => ({ method: 'POST', path: p.packages, body: { externalId: ' HELD ' }, headers: keyed() }) },
    { name: 'a rate code naming a package the hotel does not have', status: 422, field: 'packages', message: HOTEL_MESSAGES.rateCodePackageUnknown, bad: (p) => ({ method: 'POST', path: p.rates, body: { name: 'UNKNOWN', packages: [randomUUID()] }, headers: keyed() }) },
    { name: 'a stale If-Match', status: 412, bad: (p, held) => ({ method: 'PUT', path: `${p.packages}/${held}`, body: { externalId: 'HELD', calculationRule: 'PERSON' }, headers: keyed({ 'If-Match': '"7"' }) }) },
    { name: 'a malformed If-Match', status: 400, bad: (p, held) => ({ method: 'PUT', path: `${p.packages}/${held}`, body: { externalId: 'HELD' }, headers: keyed({ 'If-Match': 'W/"1"' }) }) },
    { name: 'a body its schema refuses', status: 400, bad: (p) => ({ method: 'POST', path: p.connections, body: { name: '', type: 'MOCK_PMS_INTERFACE', host: 'x.local', port: 1 }, headers: keyed() }) },
    { name: 'a discount name the unit has, case ignored', status: 422, field: 'name', message: DISCOUNT_MESSAGES.nameTaken, bad: (p) => ({ method: 'POST', path: p.discounts, body: { name: ' held discount ', type: 'AMOUNT', value: 100 }, headers: keyed() }) },
    { name: 'a client uuid in use', status: 409, bad: (p, held) => ({ method: 'POST', path: p.packages, body: { uuid: held, externalId: 'NEW-HELD' }, headers: keyed() }) },
    { name: 'an update of a record that does not exist', status: 404, bad: (p) => ({ method: 'PUT', path: `${p.packages}/${randomUUID()}`, body: { externalId: 'NOWHERE' }, headers: keyed() }) },
    { name: 'a hotel of another organization in the path', status: 404, bad: (p) => ({ method: 'POST', path: p.packages.replace(org, randomUUID()), body: { externalId: 'ELSEWHERE' }, headers: keyed() }) },
  ];
  for (const refusal of refusals) {
    it(`gives ${refusal.name} inside a run the answer it gets alone (${refusal.status}), and applies the rest`, async () => {
      const hotel = await newHotel(`Refusal Hotel ${refusal.status}`);
      const p = paths(hotel);
      const held = randomUUID();
      expect((await batch([{ method: 'POST', path: p.packages, body: { uuid: held, externalId: 'HELD' }, headers: keyed() }]))[0]?.status).toBe(201);
      expect((await batch([{ method: 'POST', path: p.discounts, body: { name: 'Held Discount', type: 'AMOUNT', value: 100 }, headers: keyed() }]))[0]?.status).toBe(201);
      const bad = refusal.bad(p, held);
      const answers = await batch([
        { method: 'POST', path: p.packages, body: { externalId: 'FRESH-0' }, headers: keyed() },
        bad,
        { method: 'POST', path: p.packages, body: { externalId: 'FRESH-1' }, headers: keyed() },
        { method: 'POST', path: p.connections, body: { name: `Refusal PMS ${randomUUID()}`, type: 'MOCK_PMS_INTERFACE', host: 'x.local', port: 1 }, headers: keyed() },
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([201, refusal.status, 201, 201]);
      if (refusal.message !== undefined) expect(answers[1]?.body).toMatchObject({ errors: [{ field: refusal.field, message: refusal.message }] });
      if (refusal.status === 412) expect(answers[1]?.body).toMatchObject({ current: { uuid: held, version: 1 } });
      const live = await t.db.select({ externalId: pmsPackages.externalId, version: pmsPackages.version }).from(pmsPackages).where(eq(pmsPackages.hotelUuid, hotel));
      expect(live.sort((x, y) => x.externalId.localeCompare(y.externalId))).toEqual([
        { externalId: 'FRESH-0', version: 1 },
        { externalId: 'FRESH-1', version: 1 },
        { externalId: 'HELD', version: 1 },
      ]);
    });
  }

  it('refuses what the order of the changes refuses: a key taken until a later change frees it, a package named before it is created, one ID twice', async () => {
    const hotel = await newHotel('Order Hotel');
    const p = paths(hotel);
    const first = randomUUID();
    const filler = (externalId: string): BatchChange => ({ method: 'POST', path: p.packages, body: { externalId }, headers: keyed() });
    expect((await batch([{ method: 'POST', path: p.packages, body: { uuid: first, externalId: 'A' }, headers: keyed() }]))[0]?.status).toBe(201);
    // 'A' is still the first package's: refused, though the next change renames that one
    const renamed = await batch([
      filler('F1'),
      { method: 'POST', path: p.packages, body: { externalId: 'A' }, headers: keyed() },
      { method: 'PUT', path: `${p.packages}/${first}`, body: { externalId: 'B' }, headers: keyed({ 'If-Match': '"1"' }) },
      filler('F2'),
    ]);
    expect(renamed.map((answer) => answer.status)).toEqual([201, 422, 200, 201]);
    // the package a rate code names comes after it
    const later = randomUUID();
    const early = await batch([filler('F3'), { method: 'POST', path: p.rates, body: { name: 'EARLY', packages: [later] }, headers: keyed() }, { method: 'POST', path: p.packages, body: { uuid: later, externalId: 'LATER' }, headers: keyed() }, filler('F4')]);
    expect(early.map((answer) => answer.status)).toEqual([201, 422, 201, 201]);
    expect(early[1]?.body).toMatchObject({ errors: [{ field: 'packages', message: HOTEL_MESSAGES.rateCodePackageUnknown }] });
    // a rate code naming a package of another hotel, created just before it
    const elsewhere = paths(await newHotel('Order Hotel Elsewhere'));
    const theirs = randomUUID();
    const crossed = await batch([filler('F5'), { method: 'POST', path: elsewhere.packages, body: { uuid: theirs, externalId: 'THEIRS' }, headers: keyed() }, { method: 'POST', path: p.rates, body: { name: 'CROSSED', packages: [theirs] }, headers: keyed() }, filler('F6')]);
    expect(crossed.map((answer) => answer.status)).toEqual([201, 201, 422, 201]);
    // two new packages with one ID: the second is refused
    const twins = await batch([filler('TWIN'), filler('TWIN '), filler('F7'), filler('F8')]);
    expect(twins.map((answer) => answer.status)).toEqual([201, 422, 201, 201]);
    expect(twins[1]?.body).toMatchObject({ errors: [{ field: 'externalId', message: HOTEL_MESSAGES.packageIdTaken }] });
  });

  it('follows a record through the run (after, rebase), answers 424 behind a change that failed before it, and keeps connection names unique, case ignored', async () => {
    const hotel = await newHotel('Follow Hotel');
    const p = paths(hotel);
    const uuid = randomUUID();
    const name = `Follow PMS ${randomUUID().slice(0, 8)}`;
    const body = (suffix: string) => ({ name: `${name} ${suffix}`, type: 'MOCK_PMS_INTERFACE', host: 'f.local', port: 2 });
    const answers = await batch([
      { method: 'PUT', path: `${p.connections}/${randomUUID()}`, body: body('gone'), headers: keyed({ 'If-Match': '"1"' }) },
      { method: 'PUT', path: `${p.connections}/${randomUUID()}`, body: body('gone too'), headers: keyed(), after: 0 },
      { method: 'POST', path: p.connections, body: { uuid, ...body('0') }, headers: keyed() },
      { method: 'PUT', path: `${p.connections}/${uuid}`, body: body('1'), headers: keyed({ 'If-Match': '"1"' }), after: 2 },
      { method: 'PUT', path: `${p.connections}/${uuid}`, body: body('2'), headers: keyed({ 'If-Match': '"1"' }), after: 3, rebase: true },
      { method: 'PUT', path: `${p.connections}/${uuid}`, body: body('3'), headers: keyed({ 'If-Match': '"1"' }), after: 4, rebase: true },
      { method: 'POST', path: p.connections, body: { ...body('3'), name: ` ${name.toUpperCase()} 3 ` }, headers: keyed() },
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 424, 201, 200, 200, 200, 422]);
    expect(answers[5]?.body).toMatchObject({ version: 4, name: `${name} 3` });
    expect(answers[6]?.body).toMatchObject({ errors: [{ field: 'name', message: PMS_CONNECTION_MESSAGES.nameTaken }] });
  });

  it("answers a change already applied from the store inside a run, and refuses a run's change on another organization's hotel alone", async () => {
    const hotel = await newHotel('Replay Hotel');
    const p = paths(hotel);
    const applied: BatchChange = { method: 'POST', path: p.packages, body: { externalId: 'ONCE' }, headers: keyed() };
    const [alone] = await batch([applied]);
    const [alpine] = await t.db.insert(organizations).values({ name: 'Alpine Set Lodges', legalCompanyName: 'Alpine Set Lodges AG' }).returning();
    await createUser(t.db, { email: 'alpine.set@example.com', password: 'Alpine-Password-1', permissions: ['SETUP_ORG', 'SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [alpine?.uuid ?? ''], ous: [], omnipresence: false }] });
    const outsider = (await login(t.app, 'alpine.set@example.com', 'Alpine-Password-1')).token;
    const own = (externalId: string): BatchChange => ({ method: 'POST', path: p.packages, body: { externalId }, headers: keyed() });

    const answers = await batch([own('R1'), applied, own('R2'), own('R3')]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(answers[1]).toEqual(alone);
    const [once] = await t.db.select({ n: count() }).from(pmsPackages).where(and(eq(pmsPackages.hotelUuid, hotel), eq(pmsPackages.externalId, 'ONCE')));
    expect(once?.n).toBe(1);

    const keysBefore = (await t.db.select({ n: count() }).from(idempotencyKeys))[0]?.n ?? 0;
    const theirs = await batch([own('X1'), own('X2'), own('X3'), own('X4')], outsider);
    expect(theirs.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    const [none] = await t.db.select({ n: count() }).from(pmsPackages).where(and(eq(pmsPackages.hotelUuid, hotel), inArray(pmsPackages.externalId, ['X1', 'X2', 'X3', 'X4'])));
    expect(none?.n).toBe(0);
    // a 403 is not stored under its key, as alone: the change can be sent again once allowed
    expect((await t.db.select({ n: count() }).from(idempotencyKeys))[0]?.n).toBe(keysBefore);
  });
});

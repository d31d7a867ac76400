import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogEntry, AccessLogResponse } from '../../src/domain/index';
import { ACCESS_LOG_LIMIT_MAX, accessLogResponseSchema } from '../../src/domain/index';
import { accessControlServices, accessLogEntries, organizationalUnits, organizations } from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login, MANAGER_EMAIL, MANAGER_PASSWORD } from '../test-helpers';

const SEEDED = 500;
const URL = '/api/access-control/v1/access-control/find';

let t: TestApp;
let admin = '';
let hotelManager = '';
let harbourViewer = '';
let businessOnly = '';
let outsider = '';
let demoOrg = '';
let alpineOrg = '';
let alpineHotel = '';
let alpineService = '';
const unit: Record<string, string> = {};
const service: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ demoAccessLog: SEEDED });
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  hotelManager = (await login(t.app, MANAGER_EMAIL, MANAGER_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  demoOrg = demo?.uuid ?? '';
  for (const row of await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.orgUuid, demoOrg))) unit[row.name] = row.uuid;
  for (const row of await t.db.select().from(accessControlServices).where(eq(accessControlServices.orgUuid, demoOrg))) {
    service[`${row.hotelUuid === unit['Harbour View Hotel'] ? 'harbour' : 'sunset'} ${row.name}`] = row.uuid;
  }
  const harbour = unit['Harbour View Hotel'] ?? '';
  const sunset = unit['Sunset Bay Resort'] ?? '';
  // known entries, years before the seeded ones, for exact answers
  await t.db.insert(accessLogEntries).values([
    { orgUuid: demoOrg, hotelUuid: harbour, serviceUuid: service['harbour Spa door'] ?? '', serviceName: 'Spa door', occurredAt: new Date('2020-01-01T10:00:00Z'), room: '900', identificationMethod: 'Insert', granted: true, deviceAlias: 'Terminal 01' },
    { orgUuid: demoOrg, hotelUuid: harbour, serviceUuid: service['harbour Gym door'] ?? '', serviceName: 'Gym door', occurredAt: new Date('2020-01-01T11:00:00Z'), room: '900', identificationMethod: 'MSR', granted: false, deviceAlias: null },
    { orgUuid: demoOrg, hotelUuid: harbour, serviceUuid: service['harbour Spa door'] ?? '', serviceName: 'Spa door', occurredAt: new Date('2020-01-01T11:00:00Z'), room: '901', identificationMethod: 'Contactless', granted: true, deviceAlias: null },
    { orgUuid: demoOrg, hotelUuid: sunset, serviceUuid: service['sunset Pool gate'] ?? '', serviceName: 'Pool gate', occurredAt: new Date('2020-01-01T12:00:00Z'), room: '900', identificationMethod: 'Contactless', granted: true, deviceAlias: null },
  ]);

  const [other] = await t.db.insert(organizations).values({ name: 'Alpine Lodges', legalCompanyName: 'Alpine Lodges AG' }).returning();
  alpineOrg = other?.uuid ?? '';
  const [lodge] = await t.db.insert(organizationalUnits).values({ orgUuid: alpineOrg, type: 'HOTEL', name: 'Alpine Lodge' }).returning();
  alpineHotel = lodge?.uuid ?? '';
  const [ski] = await t.db.insert(accessControlServices).values({ orgUuid: alpineOrg, hotelUuid: alpineHotel, name: 'Ski room' }).returning();
  alpineService = ski?.uuid ?? '';
  await t.db.insert(accessLogEntries).values({ orgUuid: alpineOrg, hotelUuid: alpineHotel, serviceUuid: alpineService, serviceName: 'Ski room', occurredAt: new Date('2026-01-05T08:00:00Z'), room: '12', identificationMethod: 'MSR', granted: true });

  await createUser(t.db, {
    email: 'viewer@example.com',
    password: 'Viewer-Password-1',
    permissions: ['VIEW_TRANSACTIONS'],
    memberships: [{ membershipType: 'BUSINESS_DATA', omnipresence: false, orgs: [], ous: [harbour] }],
  });
  harbourViewer = (await login(t.app, 'viewer@example.com', 'Viewer-Password-1')).token;
  await createUser(t.db, {
    email: 'business@example.com',
    password: 'Business-Password-1',
    permissions: [],
    memberships: [{ membershipType: 'BUSINESS_DATA', omnipresence: false, orgs: [], ous: [harbour] }],
  });
  businessOnly = (await login(t.app, 'business@example.com', 'Business-Password-1')).token;
  await createUser(t.db, {
    email: 'alpine@example.com',
    password: 'Alpine-Password-1',
    permissions: ['VIEW_TRANSACTIONS', 'SETUP_ORG'],
    memberships: [
      { membershipType: 'MANAGEMENT', omnipresence: false, orgs: [alpineOrg], ous: [] },
      { membershipType: 'BUSINESS_DATA', omnipresence: false, orgs: [], ous: [alpineHotel] },
    ],
  });
  outsider = (await login(t.app, 'alpine@example.com', 'Alpine-Password-1')).token;
});
afterAll(async () => {
  await t.close();
});

type Params = Record<string, string | number | readonly string[]>;
function find(params: Params, token = admin) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, String(one));
  }
  return t.app.inject({ method: 'GET', url: `${URL}?${search.toString()}`, headers: bearer(token) });
}
async function page(params: Params, token = admin): Promise<AccessLogResponse> {
  const response = await find(params, token);
  expect(response.statusCode, response.body).toBe(200);
  return accessLogResponseSchema.parse(response.json());
}
/** Every entry of the query, walking its pages of 500. */
async function everything(params: Params, token = admin): Promise<AccessLogEntry[]> {
  const found: AccessLogEntry[] = [];
  for (let offset = 0; ; offset += ACCESS_LOG_LIMIT_MAX) {
    const answer = await page({ ...params, limit: ACCESS_LOG_LIMIT_MAX, offset }, token);
    found.push(...answer.data);
    if (answer.data.length < ACCESS_LOG_LIMIT_MAX) {
      expect(found).toHaveLength(answer.totalCount);
      return found;
    }
  }
}
const uuids = (entries: readonly AccessLogEntry[]) => entries.map((entry) => entry.uuid);
const newestFirst = (a: AccessLogEntry, b: AccessLogEntry) => (a.occurredAt === b.occurredAt ? (a.uuid < b.uuid ? 1 : -1) : a.occurredAt < b.occurredAt ? 1 : -1);
const errorsOf = (response: { json(): unknown }) => (response.json() as { errors: { code: string; message: string; field?: string }[] }).errors;

let all: AccessLogEntry[] = [];
beforeAll(async () => {
  all = await everything({ orgUuid: demoOrg });
});

describe('GET /access-control/v1/access-control/find', () => {
  it("answers the organization's entries newest first, 50 a page, with the whole count and each entry's hotel, service and device", async () => {
    const first = await page({ orgUuid: demoOrg });
    expect(first).toMatchObject({ totalCount: SEEDED + 4, limit: 50, offset: 0 });
    expect(first.data).toHaveLength(50);
    expect(all).toHaveLength(SEEDED + 4);
    expect(uuids(all)).toEqual(uuids([...all].sort(newestFirst)));
    expect(new Set(uuids(all)).size).toBe(all.length);
    expect(uuids(first.data)).toEqual(uuids(all.slice(0, 50)));
    expect(new Set(all.map((entry) => entry.hotelName))).toEqual(new Set(['Harbour View Hotel', 'Sunset Bay Resort']));
    expect(all.find((entry) => entry.room === '900' && entry.identificationMethod === 'Insert')).toMatchObject({
      occurredAt: '2020-01-01T10:00:00.000Z',
      hotelUuid: unit['Harbour View Hotel'],
      hotelName: 'Harbour View Hotel',
      serviceUuid: service['harbour Spa door'],
      serviceName: 'Spa door',
      granted: true,
      deviceAlias: 'Terminal 01',
    });
    // the oldest entries are the known ones; two at the same instant come in a stable (uuid) order
    expect(all.slice(-4).map((entry) => [entry.occurredAt, entry.room, entry.identificationMethod])).toEqual(
      [
        ['2020-01-01T12:00:00.000Z', '900', 'Contactless'],
        ...[
          ['2020-01-01T11:00:00.000Z', '900', 'MSR', all.find((entry) => entry.room === '900' && entry.identificationMethod === 'MSR')?.uuid ?? ''],
          ['2020-01-01T11:00:00.000Z', '901', 'Contactless', all.find((entry) => entry.room === '901')?.uuid ?? ''],
        ]
          .sort((a, b) => ((a[3] ?? '') < (b[3] ?? '') ? 1 : -1))
          .map((row) => row.slice(0, 3)),
        ['2020-01-01T10:00:00.000Z', '900', 'Insert'],
      ],
    );
  });

  it('pages by limit and offset without gaps or repeats; an offset past the end is an empty page with the count', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < all.length; offset += 137) seen.push(...uuids((await page({ orgUuid: demoOrg, limit: 137, offset })).data));
    expect(seen).toEqual(uuids(all));
    expect(await page({ orgUuid: demoOrg, limit: 10, offset: all.length })).toEqual({ data: [], totalCount: all.length, limit: 10, offset: all.length });
    expect((await page({ orgUuid: demoOrg, limit: 1, offset: all.length - 1 })).data.map((entry) => entry.room)).toEqual(['900']);
    expect((await page({ orgUuid: demoOrg, limit: ACCESS_LOG_LIMIT_MAX })).data).toHaveLength(ACCESS_LOG_LIMIT_MAX);
  });

  it('filters by room, exactly (after trimming)', async () => {
    expect((await everything({ orgUuid: demoOrg, room: '900' })).map((entry) => entry.occurredAt)).toEqual(['2020-01-01T12:00:00.000Z', '2020-01-01T11:00:00.000Z', '2020-01-01T10:00:00.000Z']);
    expect(uuids(await everything({ orgUuid: demoOrg, room: ' 900 ' }))).toEqual(uuids(await everything({ orgUuid: demoOrg, room: '900' })));
    expect(await page({ orgUuid: demoOrg, room: '90' })).toMatchObject({ data: [], totalCount: 0 });
    const seeded = await everything({ orgUuid: demoOrg, room: '101' });
    expect(seeded.length).toBeGreaterThan(0);
    expect(uuids(seeded)).toEqual(uuids(all.filter((entry) => entry.room === '101')));
  });

  it('filters by identification methods, repeated or comma-separated', async () => {
    for (const method of ['Insert', 'MSR', 'Contactless'] as const) {
      const found = await everything({ orgUuid: demoOrg, identificationMethods: method });
      expect(found.length).toBeGreaterThan(0);
      expect(uuids(found)).toEqual(uuids(all.filter((entry) => entry.identificationMethod === method)));
    }
    const expected = uuids(all.filter((entry) => entry.identificationMethod !== 'Contactless'));
    expect(uuids(await everything({ orgUuid: demoOrg, identificationMethods: 'Insert,MSR' }))).toEqual(expected);
    expect(uuids(await everything({ orgUuid: demoOrg, identificationMethods: ['MSR', 'Insert'] }))).toEqual(expected);
  });

  it('filters by services', async () => {
    const spa = service['harbour Spa door'] ?? '';
    const pool = service['sunset Pool gate'] ?? '';
    const found = await everything({ orgUuid: demoOrg, serviceUuids: spa.toUpperCase() });
    expect(uuids(found)).toEqual(uuids(all.filter((entry) => entry.serviceUuid === spa)));
    expect(found.every((entry) => entry.serviceName === 'Spa door' && entry.hotelName === 'Harbour View Hotel')).toBe(true);
    expect(uuids(await everything({ orgUuid: demoOrg, serviceUuids: `${spa},${pool}` }))).toEqual(uuids(all.filter((entry) => entry.serviceUuid === spa || entry.serviceUuid === pool)));
    // combined with the other filters
    expect((await everything({ orgUuid: demoOrg, serviceUuids: spa, room: '900', identificationMethods: 'Insert' })).map((entry) => entry.occurredAt)).toEqual(['2020-01-01T10:00:00.000Z']);
  });

  it('filters by time: after is inclusive, before exclusive, both with an offset', async () => {
    const at = (entries: AccessLogEntry[]) => entries.map((entry) => entry.occurredAt);
    expect(at(await everything({ orgUuid: demoOrg, after: '2020-01-01T11:00:00Z', before: '2020-01-01T12:00:00Z' }))).toEqual(['2020-01-01T11:00:00.000Z', '2020-01-01T11:00:00.000Z']);
    expect(at(await everything({ orgUuid: demoOrg, after: '2020-01-01T12:00:00+01:00', before: '2020-01-01T13:00:01+01:00' }))).toEqual(['2020-01-01T12:00:00.000Z', '2020-01-01T11:00:00.000Z', '2020-01-01T11:00:00.000Z']);
    expect(at(await everything({ orgUuid: demoOrg, before: '2020-01-01T11:00:00Z' }))).toEqual(['2020-01-01T10:00:00.000Z']);
    const middle = all[Math.floor(all.length / 2)] as AccessLogEntry;
    expect(uuids(await everything({ orgUuid: demoOrg, after: middle.occurredAt }))).toEqual(uuids(all.filter((entry) => entry.occurredAt >= middle.occurredAt)));
    expect(uuids(await everything({ orgUuid: demoOrg, before: middle.occurredAt }))).toEqual(uuids(all.filter((entry) => entry.occurredAt < middle.occurredAt)));
  });

  it('filters by units: one hotel, with or without its descendants; a venue holds no entries', async () => {
    const sunset = unit['Sunset Bay Resort'] ?? '';
    const expected = uuids(all.filter((entry) => entry.hotelUuid === sunset));
    expect(expected.length).toBeGreaterThan(0);
    expect(uuids(await everything({ orgUuid: demoOrg, ouUuids: sunset }))).toEqual(expected);
    expect(uuids(await everything({ orgUuid: demoOrg, ouUuids: sunset, includeDescendants: 'FALSE' }))).toEqual(expected);
    expect(uuids(await everything({ orgUuid: demoOrg, ouUuids: [sunset, unit['Harbour View Hotel'] ?? ''] }))).toEqual(uuids(all));
    for (const includeDescendants of ['TRUE', 'FALSE']) expect(await page({ orgUuid: demoOrg, ouUuids: unit['Beach Club'] ?? '', includeDescendants })).toMatchObject({ data: [], totalCount: 0 });
  });

  it('refuses bad input with 400 in the error shape', async () => {
    const cases: [Params, string][] = [
      [{}, 'orgUuid'],
      [{ orgUuid: 'demo' }, 'orgUuid'],
      [{ orgUuid: demoOrg, after: 'yesterday' }, 'after'],
      [{ orgUuid: demoOrg, before: '2026-11-26' }, 'before'],
      [{ orgUuid: demoOrg, before: '2026-11-26T10:00:00' }, 'before'],
      [{ orgUuid: demoOrg, after: '2026-11-26T10:00:00Z', before: '2026-11-26T10:00:00Z' }, 'after'],
      [{ orgUuid: demoOrg, after: '2026-11-27T00:00:00Z', before: '2026-11-26T00:00:00Z' }, 'after'],
      [{ orgUuid: demoOrg, limit: ACCESS_LOG_LIMIT_MAX + 1 }, 'limit'],
      [{ orgUuid: demoOrg, limit: 0 }, 'limit'],
      [{ orgUuid: demoOrg, offset: -1 }, 'offset'],
      [{ orgUuid: demoOrg, identificationMethods: 'Face' }, 'identificationMethods'],
      [{ orgUuid: demoOrg, serviceUuids: 'spa' }, 'serviceUuids'],
      [{ orgUuid: demoOrg, ouUuids: 'harbour' }, 'ouUuids'],
      [{ orgUuid: demoOrg, includeDescendants: 'maybe' }, 'includeDescendants'],
      [{ orgUuid: demoOrg, room: ' ' }, 'room'],
    ];
    for (const [params, field] of cases) {
      const response = await find(params);
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
      expect(errorsOf(response)).toContainEqual(expect.objectContaining({ code: 'validation', field }));
    }
    const inverted = await find({ orgUuid: demoOrg, after: '2026-11-27T00:00:00Z', before: '2026-11-26T00:00:00Z' });
    expect(errorsOf(inverted)).toEqual([{ code: 'validation', field: 'after', message: '"after" must be before "before"' }]);
    // a unit of another organization than orgUuid
    const elsewhere = await find({ orgUuid: demoOrg, ouUuids: alpineHotel });
    expect(elsewhere.statusCode).toBe(400);
    expect(errorsOf(elsewhere)).toEqual([{ code: 'validation', field: 'ouUuids', message: 'ouUuids must be units of the organization in orgUuid' }]);
  });

  it('shows the current names of hotels and services, and the name a removed service had', async () => {
    await t.db.update(organizationalUnits).set({ name: 'Alpine Lodge & Spa' }).where(eq(organizationalUnits.uuid, alpineHotel));
    await t.db.update(accessControlServices).set({ name: 'Ski and boot room' }).where(eq(accessControlServices.uuid, alpineService));
    expect((await page({ orgUuid: alpineOrg })).data).toEqual([expect.objectContaining({ hotelName: 'Alpine Lodge & Spa', serviceUuid: alpineService, serviceName: 'Ski and boot room' })]);
    await t.db.delete(accessControlServices).where(eq(accessControlServices.uuid, alpineService));
    expect((await page({ orgUuid: alpineOrg })).data).toEqual([expect.objectContaining({ serviceUuid: null, serviceName: 'Ski room', room: '12', granted: true })]);
  });
});

describe('who may read the access log', () => {
  it("a user with VIEW_TRANSACTIONS and BUSINESS_DATA on one hotel sees that hotel's entries only, and is refused the other by name", async () => {
    const harbour = unit['Harbour View Hotel'] ?? '';
    const theirs = uuids(all.filter((entry) => entry.hotelUuid === harbour));
    expect(uuids(await everything({ orgUuid: demoOrg }, harbourViewer))).toEqual(theirs);
    expect(uuids(await everything({ orgUuid: demoOrg, ouUuids: harbour }, harbourViewer))).toEqual(theirs);
    // a filter naming the other hotel's service finds nothing rather than its entries
    expect(await page({ orgUuid: demoOrg, serviceUuids: service['sunset Pool gate'] ?? '' }, harbourViewer)).toMatchObject({ data: [], totalCount: 0 });
    for (const ouUuids of [[unit['Sunset Bay Resort'] ?? ''], [harbour, unit['Sunset Bay Resort'] ?? ''], ['00000000-0000-4000-8000-000000000000']]) {
      const refused = await find({ orgUuid: demoOrg, ouUuids }, harbourViewer);
      expect(refused.statusCode).toBe(403);
      expect(errorsOf(refused)).toEqual([{ code: 'forbidden', field: 'ouUuids', message: "You don't have permission to view the access log of these hotels" }]);
    }
    expect((await find({ orgUuid: alpineOrg }, harbourViewer)).statusCode).toBe(403);
  });

  it('a user without VIEW_TRANSACTIONS is refused, even with BUSINESS_DATA on the hotel', async () => {
    for (const params of [{ orgUuid: demoOrg }, { orgUuid: demoOrg, ouUuids: unit['Harbour View Hotel'] ?? '' }] as Params[]) {
      const refused = await find(params, businessOnly);
      expect(refused.statusCode).toBe(403);
      expect(errorsOf(refused)).toEqual([{ code: 'forbidden', field: 'orgUuid', message: "You don't have permission to view the access log of this organization" }]);
    }
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${URL}?orgUuid=${demoOrg}` });
    expect(response.statusCode).toBe(401);
  });
});

/**
 * The authorization matrix of issue 18's read routes as far as this branch serves them (the access
 * log; the transaction search and detail join this table where they are built): each caller, each
 * request, the status and which hotels' entries come back.
 */
describe('authorization matrix of the issue 18 reads', () => {
  type Ask = 'demo organization' | 'Harbour named' | 'Sunset named' | 'both hotels named' | 'other organization';
  const asks: Record<Ask, () => Params> = {
    'demo organization': () => ({ orgUuid: demoOrg }),
    'Harbour named': () => ({ orgUuid: demoOrg, ouUuids: unit['Harbour View Hotel'] ?? '' }),
    'Sunset named': () => ({ orgUuid: demoOrg, ouUuids: unit['Sunset Bay Resort'] ?? '' }),
    'both hotels named': () => ({ orgUuid: demoOrg, ouUuids: [unit['Harbour View Hotel'] ?? '', unit['Sunset Bay Resort'] ?? ''] }),
    'other organization': () => ({ orgUuid: alpineOrg }),
  };
  /** 403, or the hotels whose entries the answer holds */
  type Outcome = 403 | string[];
  const harbour = () => unit['Harbour View Hotel'] ?? '';
  const sunset = () => unit['Sunset Bay Resort'] ?? '';
  const rows: { who: string; token: () => string; expect: Record<Ask, () => Outcome> }[] = [
    {
      who: 'the administrator (omnipresent BUSINESS_DATA)',
      token: () => admin,
      expect: {
        'demo organization': () => [harbour(), sunset()],
        'Harbour named': () => [harbour()],
        'Sunset named': () => [sunset()],
        'both hotels named': () => [harbour(), sunset()],
        'other organization': () => [alpineHotel],
      },
    },
    {
      who: 'the hotel manager without VIEW_TRANSACTIONS (MANAGEMENT of Harbour, set-up permissions)',
      token: () => hotelManager,
      expect: { 'demo organization': () => 403, 'Harbour named': () => 403, 'Sunset named': () => 403, 'both hotels named': () => 403, 'other organization': () => 403 },
    },
    {
      who: 'a user with VIEW_TRANSACTIONS and BUSINESS_DATA on Harbour only',
      token: () => harbourViewer,
      expect: { 'demo organization': () => [harbour()], 'Harbour named': () => [harbour()], 'Sunset named': () => 403, 'both hotels named': () => 403, 'other organization': () => 403 },
    },
    {
      who: 'a user of another organization (VIEW_TRANSACTIONS and BUSINESS_DATA on its own hotel)',
      token: () => outsider,
      expect: { 'demo organization': () => 403, 'Harbour named': () => 403, 'Sunset named': () => 403, 'both hotels named': () => 403, 'other organization': () => [alpineHotel] },
    },
  ];
  const routes: { name: string; outcome: (params: Params, token: string) => Promise<Outcome> }[] = [
    {
      name: 'GET /access-control/v1/access-control/find',
      async outcome(params, token) {
        const response = await find({ ...params, limit: ACCESS_LOG_LIMIT_MAX }, token);
        if (response.statusCode === 403) return 403;
        expect(response.statusCode, response.body).toBe(200);
        const answer = accessLogResponseSchema.parse(response.json());
        expect(answer.data.length).toBeGreaterThan(0);
        return [...new Set(answer.data.map((entry) => entry.hotelUuid))].sort();
      },
    },
  ];

  for (const route of routes) {
    for (const row of rows) {
      it(`${route.name}: ${row.who}`, async () => {
        const found: Record<string, Outcome> = {};
        const expected: Record<string, Outcome> = {};
        for (const [ask, params] of Object.entries(asks) as [Ask, () => Params][]) {
          found[ask] = await route.outcome(params(), row.token());
          const outcome = row.expect[ask]();
          expected[ask] = outcome === 403 ? 403 : [...outcome].sort();
        }
        expect(found).toEqual(expected);
      });
    }
  }
});

describe('OpenAPI', () => {
  it('documents the access log with its filters', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { parameters?: { name: string }[]; responses: Record<string, unknown> }>> }>();
    const route = doc.paths['/api/access-control/v1/access-control/find']?.get;
    expect(route?.parameters?.map((parameter) => parameter.name).sort()).toEqual(
      ['after', 'before', 'identificationMethods', 'includeDescendants', 'limit', 'offset', 'orgUuid', 'ouUuids', 'room', 'serviceUuids'].sort(),
    );
    expect(Object.keys(route?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403']);
  });
});

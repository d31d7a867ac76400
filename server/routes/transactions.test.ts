import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction, TransactionSearchResponse } from '../../src/domain/index';
import { PAYMENT_METHOD_TYPES, PAYMENT_TYPES, paymentTypeSign, transactionSchema, transactionSearchResponseSchema } from '../../src/domain/index';
import { organizationalUnits, organizations, transactions } from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login } from '../test-helpers';

const HISTORY = 2_000;
let t: TestApp;
let admin = '';
let harbourViewer = '';
let noPermission = '';
let demoOrg = '';
let alpineUnit = '';
let alpineTransaction = '';
const unit: Record<string, string> = {};
let rows: (typeof transactions.$inferSelect)[] = [];

const HARBOUR_UNITS = ['Harbour View Hotel', 'Rooftop Bar', 'Harbour Restaurant', 'Rooftop Bar POS', 'Restaurant POS'];
const SUNSET_UNITS = ['Sunset Bay Resort', 'Beach Club', 'Pool Bar POS', 'Beach Terrace POS'];

beforeAll(async () => {
  t = await createTestApp({ demoTransactions: HISTORY });
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  demoOrg = demo?.uuid ?? '';
  for (const row of await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.orgUuid, demoOrg))) unit[row.name] = row.uuid;
  // another organization with one transaction of its own
  const [other] = await t.db.insert(organizations).values({ name: 'Alpine Lodges', legalCompanyName: 'Alpine Lodges AG', attributes: { CURRENCY: 'CHF' } }).returning();
  const [alpine] = await t.db.insert(organizationalUnits).values({ orgUuid: other?.uuid ?? '', type: 'VENUE', name: 'Alpine Bar' }).returning();
  alpineUnit = alpine?.uuid ?? '';
  const [alpineRow] = await t.db
    .insert(transactions)
    .values({
      orgUuid: other?.uuid ?? '',
      ouUuid: alpineUnit,
      occurredAt: new Date(Date.now() - 86_400_000),
      checkNumber: 1001,
      employee: 'Heidi',
      paymentMethodType: 'CASH',
      paymentType: 'SALES',
      currency: 'CHF',
      subtotalMinor: 1000,
      taxMinor: 0,
      totalMinor: 1000,
      items: [{ name: 'Rösti', quantity: 1, unitPriceMinor: 1000, totalMinor: 1000 }],
      receiptNumber: 'A-1',
    })
    .returning();
  alpineTransaction = alpineRow?.uuid ?? '';
  await createUser(t.db, {
    email: 'harbour.viewer@example.com',
    password: 'Harbour-Viewer-1',
    permissions: ['VIEW_TRANSACTIONS'],
    memberships: [{ membershipType: 'BUSINESS_DATA', omnipresence: false, orgs: [], ous: [unit['Harbour View Hotel'] ?? ''] }],
  });
  harbourViewer = (await login(t.app, 'harbour.viewer@example.com', 'Harbour-Viewer-1')).token;
  await createUser(t.db, {
    email: 'no.view@example.com',
    password: 'No-View-Password-1',
    permissions: ['SETUP_OU'],
    memberships: [{ membershipType: 'BUSINESS_DATA', omnipresence: false, orgs: [], ous: [unit['Harbour View Hotel'] ?? ''] }],
  });
  noPermission = (await login(t.app, 'no.view@example.com', 'No-View-Password-1')).token;
  rows = await t.db.select().from(transactions).where(eq(transactions.orgUuid, demoOrg));
});
afterAll(async () => {
  await t.close();
});

type Query = Record<string, string | number | readonly string[]>;
const queryString = (query: Query) =>
  Object.entries(query)
    .flatMap(([key, value]) => (Array.isArray(value) ? value.map((part: string) => [key, part]) : [[key, String(value)]]))
    .map(([key, value]) => `${encodeURIComponent(key as string)}=${encodeURIComponent(value as string)}`)
    .join('&');
const searchRaw = (query: Query, token = admin) => t.app.inject({ method: 'GET', url: `/api/transaction/v1/transactions/search?${queryString(query)}`, headers: bearer(token) });
async function search(query: Query, token = admin): Promise<TransactionSearchResponse> {
  const response = await searchRaw(query, token);
  expect(response.statusCode, response.body).toBe(200);
  return transactionSearchResponseSchema.parse(response.json());
}
const detailRaw = (uuid: string, token = admin) => t.app.inject({ method: 'GET', url: `/api/transaction/v1/transactions/${uuid}`, headers: bearer(token) });
async function detail(uuid: string, token = admin): Promise<Transaction> {
  const response = await detailRaw(uuid, token);
  expect(response.statusCode, response.body).toBe(200);
  return transactionSchema.parse(response.json());
}
const errorsOf = (body: string) => (JSON.parse(body) as { errors: { code: string; message: string; field?: string }[] }).errors;

/** The demo rows a filter should find, newest first (occurred_at, uuid descending). */
function expected(filter: (row: (typeof rows)[number]) => boolean) {
  return rows.filter(filter).sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime() || (a.uuid < b.uuid ? 1 : -1));
}
const sumBy = (list: readonly { currency: string; totalMinor: number }[]) => {
  const sums: Record<string, { count: number; totalMinor: number }> = {};
  for (const row of list) {
    const entry = (sums[row.currency] ??= { count: 0, totalMinor: 0 });
    entry.count += 1;
    entry.totalMinor += row.totalMinor;
  }
  return Object.entries(sums)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, sum]) => ({ currency, ...sum }));
};
const allDemoUnits = () => [unit['Harbour View Hotel'] ?? '', unit['Sunset Bay Resort'] ?? ''];

describe('the demo history', () => {
  it('has the asked count, every payment method and type, and the currency of each unit', () => {
    expect(rows).toHaveLength(HISTORY);
    expect(new Set(rows.map((row) => row.paymentMethodType))).toEqual(new Set(PAYMENT_METHOD_TYPES));
    expect(new Set(rows.map((row) => row.paymentType))).toEqual(new Set(PAYMENT_TYPES));
    const nameOf = new Map(Object.entries(unit).map(([name, uuid]) => [uuid, name]));
    for (const row of rows) {
      const name = nameOf.get(row.ouUuid) ?? '';
      expect(HARBOUR_UNITS.includes(name) ? 'EUR' : SUNSET_UNITS.includes(name) ? 'USD' : name).toBe(row.currency);
    }
    // mostly revenue centers and venues
    const ofHotels = rows.filter((row) => row.ouUuid === unit['Harbour View Hotel'] || row.ouUuid === unit['Sunset Bay Resort']).length;
    expect(ofHotels).toBeLessThan(HISTORY / 5);
  });

  it('spreads over the 18 months before the seed date', () => {
    const times = rows.map((row) => row.occurredAt.getTime());
    const day = 86_400_000;
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    expect(Math.max(...times)).toBeGreaterThan(Date.now() - 2 * day);
    expect(Math.min(...times)).toBeLessThan(Date.now() - 540 * day);
    expect(Math.min(...times)).toBeGreaterThan(Date.now() - 550 * day);
  });

  it('links every refund and void to a sale (or a void of a refund to its refund) of the same unit, later than it', () => {
    const byUuid = new Map(rows.map((row) => [row.uuid, row]));
    for (const row of rows) {
      if (row.paymentType === 'SALES') {
        expect(row.relatedUuid).toBeNull();
        continue;
      }
      const related = byUuid.get(row.relatedUuid ?? '');
      expect(related, `${row.paymentType} ${row.uuid}`).toBeDefined();
      expect(related?.paymentType).toBe(row.paymentType === 'VOID_REFUND' ? 'REFUND' : 'SALES');
      expect(related?.ouUuid).toBe(row.ouUuid);
      expect(related?.currency).toBe(row.currency);
      expect(related?.totalMinor).toBe(-row.totalMinor);
      expect(row.occurredAt.getTime()).toBeGreaterThan(related?.occurredAt.getTime() ?? Infinity);
    }
  });

  it('has totals that add up on every row, signed by payment type, and payment details by method', () => {
    for (const row of rows) {
      const sign = paymentTypeSign(row.paymentType);
      expect(row.totalMinor).toBe(row.subtotalMinor - row.discountMinor + row.taxMinor + row.tipMinor);
      expect(Math.sign(row.subtotalMinor)).toBe(sign);
      expect(row.items.reduce((sum, item) => sum + item.totalMinor, 0)).toBe(row.subtotalMinor);
      for (const item of row.items) expect(item.totalMinor).toBe(sign * item.quantity * item.unitPriceMinor);
      expect(row.discounts.reduce((sum, discount) => sum + discount.amountMinor, 0)).toBe(row.discountMinor);
      expect(row.taxes.reduce((sum, tax) => sum + tax.amountMinor, 0)).toBe(row.taxMinor);
      expect(row.cardBrand !== null && /^\d{4}$/.test(row.cardLast4 ?? '')).toBe(row.paymentMethodType === 'CARD_PRESENT');
      expect(row.roomNumber !== null && row.guestName !== null && row.pmsPostingStatus !== null).toBe(row.paymentMethodType === 'ROOM_CHARGE');
    }
  });
});

describe('GET /transaction/v1/transactions/search', () => {
  it('answers the newest first with the whole count, and totals that are the sum of the rows', async () => {
    const want = expected(() => true);
    const first = await search({ ouUuids: allDemoUnits(), pageSize: 100 });
    expect(first.totalCount).toBe(HISTORY);
    expect(first.data.map((row) => row.uuid)).toEqual(want.slice(0, 100).map((row) => row.uuid));
    expect(first.totals).toEqual(sumBy(want));
    expect(first.pageTotals).toEqual(sumBy(first.data));
    expect(first.pageTotals).toEqual(sumBy(want.slice(0, 100)));
    expect(first.data[0]).toMatchObject({ ouName: expect.any(String), employee: expect.any(String) });
  });

  it('takes the units comma-separated or repeated, and reads their descendants unless told not to', async () => {
    const comma = await search({ ouUuids: allDemoUnits().join(','), pageSize: 1 });
    expect(comma.totalCount).toBe(HISTORY);
    const hotelOnly = await search({ ouUuids: [unit['Harbour View Hotel'] ?? ''], includeDescendants: 'FALSE', pageSize: 100 });
    expect(hotelOnly.totalCount).toBe(expected((row) => row.ouUuid === unit['Harbour View Hotel']).length);
    expect(hotelOnly.data.every((row) => row.ouUuid === unit['Harbour View Hotel'])).toBe(true);
    const venue = await search({ ouUuids: unit['Rooftop Bar'] ?? '' });
    expect(venue.totalCount).toBe(expected((row) => row.ouUuid === unit['Rooftop Bar'] || row.ouUuid === unit['Rooftop Bar POS']).length);
  });

  it('filters by time range: after inclusive, before exclusive', async () => {
    const want = expected(() => true);
    const pivot = want[500] as (typeof want)[number];
    const older = want[1500] as (typeof want)[number];
    const page = await search({ ouUuids: allDemoUnits(), after: older.occurredAt.toISOString(), before: pivot.occurredAt.toISOString(), pageSize: 100 });
    const inRange = expected((row) => row.occurredAt >= older.occurredAt && row.occurredAt < pivot.occurredAt);
    expect(page.totalCount).toBe(inRange.length);
    expect(page.totals).toEqual(sumBy(inRange));
    expect(page.data.map((row) => row.uuid)).toEqual(inRange.slice(0, 100).map((row) => row.uuid));
    // an offset other than Z names the same instant
    const shifted = pivot.occurredAt.toISOString().replace('Z', '+00:00');
    expect((await search({ ouUuids: allDemoUnits(), before: shifted })).totalCount).toBe(expected((row) => row.occurredAt < pivot.occurredAt).length);
  });

  it.each([
    ['paymentMethodTypes', 'ROOM_CHARGE', (row: (typeof rows)[number]) => row.paymentMethodType === 'ROOM_CHARGE'],
    ['paymentMethodTypes', 'CASH,CITY_LEDGER', (row: (typeof rows)[number]) => row.paymentMethodType === 'CASH' || row.paymentMethodType === 'CITY_LEDGER'],
    ['paymentTypes', 'REFUND', (row: (typeof rows)[number]) => row.paymentType === 'REFUND'],
    ['paymentTypes', 'VOID_SALES,VOID_REFUND', (row: (typeof rows)[number]) => row.paymentType === 'VOID_SALES' || row.paymentType === 'VOID_REFUND'],
  ] as const)('filters by %s=%s', async (field, value, match) => {
    const page = await search({ ouUuids: allDemoUnits(), [field]: value, pageSize: 50 });
    const want = expected(match);
    expect(want.length).toBeGreaterThan(0);
    expect(page.totalCount).toBe(want.length);
    expect(page.totals).toEqual(sumBy(want));
    expect(page.data.map((row) => row.uuid)).toEqual(want.slice(0, 50).map((row) => row.uuid));
  });

  it('filters by check number and by room number', async () => {
    const sample = rows.find((row) => row.paymentMethodType === 'ROOM_CHARGE') as (typeof rows)[number];
    const byCheck = await search({ ouUuids: allDemoUnits(), checkNumber: sample.checkNumber, pageSize: 100 });
    expect(byCheck.data.map((row) => row.uuid)).toEqual(expected((row) => row.checkNumber === sample.checkNumber).map((row) => row.uuid));
    expect(byCheck.data.map((row) => row.uuid)).toContain(sample.uuid);
    const byRoom = await search({ ouUuids: allDemoUnits(), roomNumber: sample.roomNumber ?? '', pageSize: 100 });
    const wantRoom = expected((row) => row.roomNumber === sample.roomNumber);
    expect(byRoom.totalCount).toBe(wantRoom.length);
    expect(byRoom.data.map((row) => row.uuid)).toEqual(wantRoom.slice(0, 100).map((row) => row.uuid));
    expect(byRoom.data.every((row) => row.paymentMethodType === 'ROOM_CHARGE' && row.roomNumber === sample.roomNumber)).toBe(true);
    // filters combine
    const combined = await search({ ouUuids: allDemoUnits(), roomNumber: sample.roomNumber ?? '', checkNumber: sample.checkNumber, paymentTypes: sample.paymentType });
    expect(combined.data.map((row) => row.uuid)).toEqual(
      expected((row) => row.roomNumber === sample.roomNumber && row.checkNumber === sample.checkNumber && row.paymentType === sample.paymentType).map((row) => row.uuid),
    );
  });

  it('pages through the result in a stable order: the last page is partial, a page past the end is empty with the right count', async () => {
    const want = expected((row) => row.ouUuid === unit['Pool Bar POS']);
    const pageSize = 40;
    const lastPage = Math.floor((want.length - 1) / pageSize);
    const seen: string[] = [];
    for (let page = 0; page <= lastPage; page += 1) {
      const answer = await search({ ouUuids: unit['Pool Bar POS'] ?? '', page, pageSize });
      expect(answer.totalCount).toBe(want.length);
      expect(answer.totals).toEqual(sumBy(want));
      expect(answer.pageTotals).toEqual(sumBy(answer.data));
      seen.push(...answer.data.map((row) => row.uuid));
    }
    expect(seen).toEqual(want.map((row) => row.uuid));
    const beyond = await search({ ouUuids: unit['Pool Bar POS'] ?? '', page: lastPage + 1, pageSize });
    expect(beyond).toMatchObject({ data: [], totalCount: want.length, pageTotals: [], page: lastPage + 1, pageSize });
    expect(beyond.totals).toEqual(sumBy(want));
  });

  it.each([
    [{ after: '2026-13-01T00:00:00Z' }, 'after', 'must be a date and time with its offset'],
    [{ before: '26/11/2026' }, 'before', 'must be a date and time with its offset'],
    [{ after: '2026-11-02T00:00:00Z', before: '2026-11-01T00:00:00Z' }, 'after', '"after" must be before "before"'],
    [{ after: '2026-11-01T00:00:00Z', before: '2026-11-01T00:00:00Z' }, 'after', '"after" must be before "before"'],
    [{ pageSize: 101 }, 'pageSize', 'pageSize can be at most 100'],
    [{ pageSize: 0 }, 'pageSize', ''],
    [{ page: -1 }, 'page', ''],
    [{ page: 1000, pageSize: 100 }, 'page', 'Pages beyond 100,000 rows are not served'],
    [{ paymentMethodTypes: 'CARD_PRESENT,BITCOIN' }, 'paymentMethodTypes', 'paymentMethodTypes takes CARD_PRESENT, CASH, ROOM_CHARGE, CITY_LEDGER'],
    [{ paymentTypes: 'SALE' }, 'paymentTypes', 'paymentTypes takes SALES, REFUND, VOID_SALES, VOID_REFUND'],
    [{ checkNumber: 'twelve' }, 'checkNumber', ''],
    [{ includeDescendants: 'maybe' }, 'includeDescendants', ''],
  ] as const)('refuses %j with a 400 naming the field', async (bad, field, message) => {
    const response = await searchRaw({ ouUuids: allDemoUnits(), ...bad });
    expect(response.statusCode).toBe(400);
    const errors = errorsOf(response.body);
    expect(errors.every((error) => error.code === errors[0]?.code)).toBe(true);
    expect(errors.find((error) => error.field === field)?.message ?? '').toContain(message);
  });

  it('refuses a search without units, or with something else than unit uuids', async () => {
    expect(errorsOf((await searchRaw({})).body)).toEqual([expect.objectContaining({ field: 'ouUuids', message: 'Name at least one unit in ouUuids' })]);
    expect((await searchRaw({ ouUuids: 'not-a-uuid' })).statusCode).toBe(400);
  });

  it('shows a user with VIEW_TRANSACTIONS on one hotel that hotel and its units, and refuses any other unit', async () => {
    const harbour = await search({ ouUuids: unit['Harbour View Hotel'] ?? '', pageSize: 100 }, harbourViewer);
    const harbourUnits = new Set(HARBOUR_UNITS.map((name) => unit[name]));
    const want = expected((row) => harbourUnits.has(row.ouUuid));
    expect(harbour.totalCount).toBe(want.length);
    expect(harbour.totals).toEqual(sumBy(want));
    expect(harbour.totals.map((total) => total.currency)).toEqual(['EUR']);
    expect(harbour.data.every((row) => harbourUnits.has(row.ouUuid))).toBe(true);
    expect((await search({ ouUuids: unit['Restaurant POS'] ?? '' }, harbourViewer)).totalCount).toBe(expected((row) => row.ouUuid === unit['Restaurant POS']).length);
    for (const other of [unit['Sunset Bay Resort'] ?? '', unit['Pool Bar POS'] ?? '', alpineUnit, '00000000-0000-4000-8000-000000000000']) {
      const refused = await searchRaw({ ouUuids: [unit['Harbour View Hotel'] ?? '', other] }, harbourViewer);
      expect(refused.statusCode, other).toBe(403);
      expect(errorsOf(refused.body)[0]?.message).toBe("You don't have permission to view transactions of these units");
    }
  });

  it('refuses a user without VIEW_TRANSACTIONS, even on a unit of their business-data membership', async () => {
    expect((await searchRaw({ ouUuids: unit['Harbour View Hotel'] ?? '' }, noPermission)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/transaction/v1/transactions/search?ouUuids=${unit['Harbour View Hotel']}` })).statusCode).toBe(401);
  });

  it('lets an omnipresent business-data administrator read any organization', async () => {
    const alpine = await search({ ouUuids: alpineUnit });
    expect(alpine).toMatchObject({ totalCount: 1, totals: [{ currency: 'CHF', count: 1, totalMinor: 1000 }] });
  });
});

describe('GET /transaction/v1/transactions/{uuid}', () => {
  it('answers a room charge with its items, amounts, payment, receipt, and the unit’s locale and time zone', async () => {
    const sample = rows.find((row) => row.paymentMethodType === 'ROOM_CHARGE' && row.paymentType === 'SALES' && row.ouUuid === unit['Rooftop Bar POS']);
    expect(sample).toBeDefined();
    const found = await detail(sample?.uuid ?? '');
    expect(found).toMatchObject({
      uuid: sample?.uuid,
      orgUuid: demoOrg,
      ouUuid: unit['Rooftop Bar POS'],
      ouName: 'Rooftop Bar POS',
      currency: 'EUR',
      locale: 'en-GB',
      timeZone: 'Europe/London',
      receiptNumber: sample?.receiptNumber,
      relatedTo: null,
      payment: { methodType: 'ROOM_CHARGE', cardBrand: null, cardLast4: null, roomNumber: sample?.roomNumber, guestName: sample?.guestName, pmsPostingStatus: sample?.pmsPostingStatus },
    });
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.totalMinor).toBe(found.subtotalMinor - found.discountMinor + found.taxMinor + found.tipMinor);
    expect(found.items.reduce((sum, item) => sum + item.totalMinor, 0)).toBe(found.subtotalMinor);
  });

  it('answers a card payment with its brand and last 4 digits only, in the locale and zone of a Sunset Bay unit', async () => {
    const sample = rows.find((row) => row.paymentMethodType === 'CARD_PRESENT' && row.ouUuid === unit['Beach Terrace POS']);
    const found = await detail(sample?.uuid ?? '');
    expect(found).toMatchObject({ currency: 'USD', locale: 'en-US', timeZone: 'America/New_York' });
    expect(found.payment).toEqual({ methodType: 'CARD_PRESENT', cardBrand: sample?.cardBrand, cardLast4: sample?.cardLast4, roomNumber: null, guestName: null, pmsPostingStatus: null });
  });

  it('links a sale to its refunds and voids, and a refund or void to its sale', async () => {
    const refund = rows.find((row) => row.paymentType === 'REFUND') as (typeof rows)[number];
    const sale = rows.find((row) => row.uuid === refund.relatedUuid) as (typeof rows)[number];
    const ofSale = await detail(sale.uuid);
    expect(ofSale.relatedTo).toBeNull();
    expect(ofSale.linked).toEqual(
      rows
        .filter((row) => row.relatedUuid === sale.uuid)
        .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())
        .map((row) => ({ uuid: row.uuid, paymentType: row.paymentType, occurredAt: row.occurredAt.toISOString(), totalMinor: row.totalMinor })),
    );
    expect(ofSale.linked.map((row) => row.uuid)).toContain(refund.uuid);
    const ofRefund = await detail(refund.uuid);
    expect(ofRefund.relatedTo).toEqual({ uuid: sale.uuid, paymentType: 'SALES', occurredAt: sale.occurredAt.toISOString(), totalMinor: sale.totalMinor });
    expect(ofRefund.totalMinor).toBe(-sale.totalMinor);
  });

  it('answers 404 for a transaction of a unit the caller may not read, as for an unknown one', async () => {
    const sunset = rows.find((row) => row.ouUuid === unit['Pool Bar POS']) as (typeof rows)[number];
    const harbour = rows.find((row) => row.ouUuid === unit['Restaurant POS']) as (typeof rows)[number];
    expect((await detail(harbour.uuid, harbourViewer)).ouUuid).toBe(unit['Restaurant POS']);
    const unknown = await detailRaw('00000000-0000-4000-8000-000000000000', harbourViewer);
    expect(unknown.statusCode).toBe(404);
    for (const hidden of [sunset.uuid, alpineTransaction]) {
      const response = await detailRaw(hidden, harbourViewer);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
    expect((await detailRaw(harbour.uuid, noPermission)).statusCode).toBe(404);
    expect((await detailRaw('not-a-uuid')).statusCode).toBe(404);
    expect((await detail(alpineTransaction)).currency).toBe('CHF');
  });
});

describe('OpenAPI', () => {
  it('documents the search and the detail', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, { get?: { parameters?: { name: string }[] } }> }>();
    const searchDoc = doc.paths['/api/transaction/v1/transactions/search']?.get;
    expect(searchDoc?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['ouUuids', 'after', 'before', 'page', 'pageSize', 'paymentMethodTypes', 'paymentTypes', 'checkNumber', 'roomNumber', 'includeDescendants']),
    );
    expect(doc.paths).toHaveProperty(['/api/transaction/v1/transactions/{uuid}']);
  });
});

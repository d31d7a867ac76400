/**
 * The transaction rollups (migration 0009, docs/adr/0028): kept equal to a GROUP BY over
 * transactions by the database's own triggers whatever SQL changes the rows, and the search's count
 * and totals read from them equal to a direct count and sum over the rows, for any range.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_TYPES, PAYMENT_TYPES, transactionSearchResponseSchema } from '../../src/domain/index';
import { filterOf, searchTotals, totalsPlan } from '../routes/transactions';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, login } from '../test-helpers';
import { organizationalUnits, transactionDayTotals, transactionMonthTotals, transactions } from './schema';

let t: TestApp;
let admin = '';
const unit: Record<string, string> = {};
type Row = typeof transactions.$inferSelect;

beforeAll(async () => {
  t = await createTestApp({ demoTransactions: 3_000 });
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  for (const row of await t.db.select().from(organizationalUnits)) unit[row.name] = row.uuid;
});
afterAll(async () => {
  await t.close();
});

const allRows = () => t.db.select().from(transactions);
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const utcMonth = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;

/** The rollup a GROUP BY over the rows gives, as sorted lines. */
function grouped(rows: readonly Row[], period: (at: Date) => string): string[] {
  const groups = new Map<string, { count: number; total: number }>();
  for (const row of rows) {
    const key = [row.ouUuid, period(row.occurredAt), row.paymentMethodType, row.paymentType, row.currency].join(' ');
    const group = groups.get(key) ?? { count: 0, total: 0 };
    group.count += 1;
    group.total += row.totalMinor;
    groups.set(key, group);
  }
  return [...groups.entries()].map(([key, { count, total }]) => `${key} ${count} ${total}`).sort();
}

async function expectRollupsMatchTheRows(): Promise<void> {
  const rows = await allRows();
  const days = await t.db.select().from(transactionDayTotals);
  const months = await t.db.select().from(transactionMonthTotals);
  const line = (key: string, row: { ouUuid: string; paymentMethodType: string; paymentType: string; currency: string; count: number; totalMinor: number }) =>
    [row.ouUuid, key, row.paymentMethodType, row.paymentType, row.currency, row.count, row.totalMinor].join(' ');
  expect(days.map((row) => line(row.day, row)).sort()).toEqual(grouped(rows, utcDay));
  expect(months.map((row) => line(row.month, row)).sort()).toEqual(grouped(rows, utcMonth));
}

describe('the rollups', () => {
  it('equal a GROUP BY over the seeded history (the seed’s bulk load makes them from the rows)', async () => {
    expect((await allRows()).length).toBe(3_000);
    await expectRollupsMatchTheRows();
  });

  it('follow inserts, updates and deletes made through SQL, as an ingest would', async () => {
    // an ingest of 50 rows copied from the history, a year later and in another unit
    await t.db.execute(sql`
      insert into transactions (uuid, org_uuid, ou_uuid, occurred_at, check_number, employee, payment_method_type, payment_type, currency,
        subtotal_minor, total_minor, items, receipt_number)
      select gen_random_uuid(), org_uuid, ${unit['Pool Bar POS']}::uuid, occurred_at + interval '3 hours 7 minutes', check_number, employee,
        payment_method_type, payment_type, currency, subtotal_minor, total_minor + 1, items, receipt_number || '-copy'
      from transactions order by occurred_at desc, uuid limit 50`);
    await expectRollupsMatchTheRows();
    // moves across a month boundary, to another unit, another type and amount; and a change of nothing counted
    await t.db.execute(sql`update transactions set occurred_at = occurred_at - interval '17 days 5 hours' where check_number % 7 = 0`);
    await t.db.execute(sql`update transactions set ou_uuid = ${unit['Beach Terrace POS']}::uuid, payment_type = 'REFUND', total_minor = -total_minor where check_number % 11 = 0`);
    await t.db.execute(sql`update transactions set payment_method_type = 'CITY_LEDGER' where check_number % 13 = 0`);
    await t.db.execute(sql`update transactions set pms_posting_status = 'FAILED' where check_number % 5 = 0`);
    await expectRollupsMatchTheRows();
    await t.db.execute(sql`delete from transactions where check_number % 3 = 0`);
    await expectRollupsMatchTheRows();
  });

  it('drop the groups of rows that are all gone', async () => {
    const rooftop = unit['Rooftop Bar POS'] ?? '';
    await t.db.delete(transactions).where(eq(transactions.ouUuid, rooftop));
    expect(await t.db.select().from(transactionDayTotals).where(eq(transactionDayTotals.ouUuid, rooftop))).toEqual([]);
    expect(await t.db.select().from(transactionMonthTotals).where(eq(transactionMonthTotals.ouUuid, rooftop))).toEqual([]);
    await expectRollupsMatchTheRows();
  });
});

describe('totalsPlan', () => {
  const at = (iso: string) => Date.parse(iso);
  const show = (spans: { from?: number; to?: number }[]) => spans.map((span) => `${span.from === undefined ? '…' : new Date(span.from).toISOString()} ${span.to === undefined ? '…' : new Date(span.to).toISOString()}`);
  it('reads whole months, whole days and the partial days at the ends from the right place', () => {
    const plan = totalsPlan(at('2026-01-30T10:00:00Z'), at('2026-04-02T05:00:00Z'));
    expect(show(plan.rows)).toEqual(['2026-01-30T10:00:00.000Z 2026-01-31T00:00:00.000Z', '2026-04-02T00:00:00.000Z 2026-04-02T05:00:00.000Z']);
    expect(show(plan.days)).toEqual(['2026-01-31T00:00:00.000Z 2026-02-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z 2026-04-02T00:00:00.000Z']);
    expect(show(plan.months)).toEqual(['2026-02-01T00:00:00.000Z 2026-04-01T00:00:00.000Z']);
  });
  it('reads an open range from the months and the partial end', () => {
    const plan = totalsPlan(undefined, at('2026-04-02T05:00:00Z'));
    expect(show(plan.months)).toEqual(['… 2026-04-01T00:00:00.000Z']);
    expect(show(plan.days)).toEqual(['2026-04-01T00:00:00.000Z 2026-04-02T00:00:00.000Z']);
    expect(show(plan.rows)).toEqual(['2026-04-02T00:00:00.000Z 2026-04-02T05:00:00.000Z']);
    expect(totalsPlan(undefined, undefined)).toEqual({ rows: [], days: [], months: [{}] });
  });
  it('reads a range inside a day, or with no whole day, from the rows', () => {
    expect(show(totalsPlan(at('2026-03-01T10:00:00Z'), at('2026-03-02T05:00:00Z')).rows)).toEqual(['2026-03-01T10:00:00.000Z 2026-03-02T05:00:00.000Z']);
  });
});

describe('the search’s count and totals', () => {
  /** Per currency, the count and sum of the rows a filter keeps, straight from the rows. */
  function direct(rows: readonly Row[], keep: (row: Row) => boolean) {
    const sums = new Map<string, { currency: string; count: number; totalMinor: number }>();
    for (const row of rows.filter(keep)) {
      const sum = sums.get(row.currency) ?? { currency: row.currency, count: 0, totalMinor: 0 };
      sum.count += 1;
      sum.totalMinor += row.totalMinor;
      sums.set(row.currency, sum);
    }
    return [...sums.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
  }

  it('equal a direct count and sum for ranges mid-day, on day and month boundaries, across months and open-ended, with type filters', async () => {
    const rows = await allRows();
    const newest = Math.max(...rows.map((row) => row.occurredAt.getTime()));
    const monthStart = (monthsBack: number) => {
      const at = new Date(newest);
      return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - monthsBack, 1));
    };
    const day = 86_400_000;
    const ranges: [string, string | undefined, string | undefined][] = [
      ['mid-day to mid-day across months', new Date(monthStart(5).getTime() + 3 * day + 37_123_456).toISOString(), '2099-01-01T00:00:00+05:00'],
      ['mid-day to mid-day, offsets', '2020-01-01T00:00:00Z', new Date(monthStart(1).getTime() - 2 * day - 7_777_777).toISOString().replace('Z', '+00:00')],
      ['exact days', new Date(monthStart(7).getTime() + 4 * day).toISOString(), new Date(monthStart(3).getTime() + 11 * day).toISOString()],
      ['exact months', monthStart(9).toISOString(), monthStart(2).toISOString()],
      ['inside one month', new Date(monthStart(4).getTime() + 2 * day + 999).toISOString(), new Date(monthStart(4).getTime() + 20 * day + 5_000_000).toISOString()],
      ['inside one day', new Date(monthStart(6).getTime() + 9 * day + 3_600_000).toISOString(), new Date(monthStart(6).getTime() + 9 * day + 70_000_000).toISOString()],
      ['across one month boundary', new Date(monthStart(3).getTime() - 1_000).toISOString(), new Date(monthStart(3).getTime() + 1_000).toISOString()],
      ['open before', new Date(monthStart(8).getTime() + 12_345_678).toISOString(), undefined],
      ['open after', undefined, new Date(monthStart(8).getTime() + 12_345_678).toISOString()],
      ['open', undefined, undefined],
    ];
    const typeFilters: [readonly string[], readonly string[]][] = [
      [PAYMENT_METHOD_TYPES, PAYMENT_TYPES],
      [['CITY_LEDGER'], PAYMENT_TYPES],
      [PAYMENT_METHOD_TYPES, ['REFUND', 'VOID_SALES']],
      [['CARD_PRESENT', 'ROOM_CHARGE'], ['SALES']],
    ];
    const unitSets = [Object.values(unit), [unit['Pool Bar POS'] ?? '']];
    let compared = 0;
    for (const [name, after, before] of ranges)
      for (const [methods, types] of typeFilters)
        for (const ouUuids of unitSets) {
          const filter = filterOf({ after, before, paymentMethodTypes: methods, paymentTypes: types } as Parameters<typeof filterOf>[0], ouUuids);
          const keep = (row: Row) =>
            ouUuids.includes(row.ouUuid) &&
            (after === undefined || row.occurredAt.getTime() >= Date.parse(after)) &&
            (before === undefined || row.occurredAt.getTime() < Date.parse(before)) &&
            methods.includes(row.paymentMethodType) &&
            types.includes(row.paymentType);
          expect(await searchTotals(t.db, filter), `${name} ${methods.join(',')} ${types.join(',')} ${ouUuids.length} units`).toEqual(direct(rows, keep));
          compared += 1;
        }
    expect(compared).toBe(80);
  });

  it('answers the same through the route, for one unit and for a unit with its descendants', async () => {
    const rows = await allRows();
    const harbour = ['Harbour View Hotel', 'Rooftop Bar', 'Harbour Restaurant', 'Rooftop Bar POS', 'Restaurant POS'].map((name) => unit[name]);
    const after = '2025-12-31T22:30:00-01:00';
    const before = new Date(Math.max(...rows.map((row) => row.occurredAt.getTime())) - 86_400_000 * 40 - 1234).toISOString();
    const inRange = (row: Row) => row.occurredAt.getTime() >= Date.parse(after) && row.occurredAt.getTime() < Date.parse(before);
    const cases: [string, (row: Row) => boolean][] = [
      [`ouUuids=${unit['Harbour View Hotel']}`, (row) => harbour.includes(row.ouUuid) && inRange(row)],
      [`ouUuids=${unit['Restaurant POS']}&includeDescendants=FALSE&paymentTypes=SALES`, (row) => row.ouUuid === unit['Restaurant POS'] && row.paymentType === 'SALES' && inRange(row)],
      [`ouUuids=${unit['Harbour View Hotel']}&includeDescendants=FALSE`, (row) => row.ouUuid === unit['Harbour View Hotel'] && inRange(row)],
    ];
    for (const [query, keep] of cases) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/transaction/v1/transactions/search?${query}&after=${encodeURIComponent(after)}&before=${encodeURIComponent(before)}`,
        headers: bearer(admin),
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = transactionSearchResponseSchema.parse(response.json());
      const expected = direct(rows, keep);
      expect(body.totals, query).toEqual(expected);
      expect(body.totalCount).toBe(expected.reduce((sum, total) => sum + total.count, 0));
    }
  });
});

describe('a TRUNCATE of transactions', () => {
  it('empties the rollups too', async () => {
    await t.db.execute(sql`truncate transactions`);
    expect(await t.db.select().from(transactionDayTotals)).toEqual([]);
    expect(await t.db.select().from(transactionMonthTotals)).toEqual([]);
  });
});

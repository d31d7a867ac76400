/**
 * The demo organization's transaction history (issue 18): `count` transactions over the 18 months
 * before the seed date, generated inside the database by one INSERT … SELECT FROM generate_series
 * (set-based, no row-by-row loop here), so a first start stays quick.
 *
 * Rows come in blocks of 20 numbered i = 1…count, every value a hash of a number so a refund or void
 * can recompute the sale it belongs to (k) without reading it back:
 * - r = (i − 1) % 20 in 0…16: a SALES row of its own (k = i);
 * - r = 17: a REFUND of the sale r = 16 (k = i − 1), r = 18: a VOID_SALES of the sale r = 15 (k = i − 3);
 * - r = 19: in one block of 4 a VOID_REFUND of the refund r = 17 (k = i − 3, related to row i − 2),
 *   a SALES row otherwise.
 * Every row's uuid is md5(salt || i) (shaped as a version 4 uuid), so related_uuid names the linked row directly, and a linked
 * row takes its sale's unit, payment method, items and amounts with the sign of its payment type
 * (paymentTypeSign). Amounts: subtotal = Σ items, discount 10 % on some, tax on subtotal − discount
 * (13 % VAT in EUR units, 8.875 % sales tax in USD ones), tips on card and room charges, and
 * total = subtotal − discount + tax + tip; the items, discounts and taxes lists add up to their
 * columns. Each row's currency is its unit's resolved CURRENCY.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { resolveAllUnits, type UnitType } from '../../src/domain/index';
import type { Executor } from './client';
import type { SeedOptions } from './seed';
import { organizationalUnits, organizations } from './schema';

export const DEMO_TRANSACTIONS_DEFAULT = 200_000;
/** The history reaches this many days back from the seed date (18 months). */
export const DEMO_HISTORY_DAYS = 548;

/** How often a unit of each type takes a transaction, against the others. */
const WEIGHT: Record<UnitType, number> = { REVENUE_CENTER: 4, VENUE: 2, HOTEL: 1 } as Record<UnitType, number>;

const EMPLOYEES = ['Ana Sousa', 'Bruno Costa', 'Carla Mendes', 'Diego Ramos', 'Emma Clarke', 'Farid Haddad', 'Grace Lee', 'Hugo Martins', 'Inês Duarte', 'Jack Turner', 'Kofi Mensah', 'Lena Vogel'];
const GUESTS = ['Smith', 'García', 'Müller', 'Rossi', 'Dubois', 'Silva', 'Johnson', 'Kowalski', 'Tanaka', 'Novak', "O'Brien", 'Andersen', 'Costa', 'Nguyen', 'Brown', 'Ferreira'];
const GUEST_FIRST = ['Alice', 'Ben', 'Chloé', 'David', 'Eva', 'Frank', 'Giulia', 'Henrik', 'Isabel', 'João', 'Kate', 'Louis'];
/** [name, price in minor units] */
const MENU: readonly (readonly [string, number])[] = [
  ['Espresso', 250], ['Cappuccino', 380], ['Fresh orange juice', 550], ['Sparkling water', 350], ['Draft beer', 600], ['Glass of house wine', 750],
  ['Gin and tonic', 1200], ['Mojito', 1100], ['Negroni', 1300], ['Bottle of Alvarinho', 3400], ['Club sandwich', 1450], ['Caesar salad', 1350],
  ['Grilled octopus', 2600], ['Sea bass', 2800], ['Ribeye steak', 3600], ['Burger and fries', 1800], ['Kids pasta', 950], ['Cheesecake', 750],
  ['Pastel de nata', 300], ['Ice cream (2 scoops)', 600],
];
/** distinct baskets of menu lines the sales draw from */
const BASKETS = 997;
const BRANDS = ['VISA', 'MASTERCARD', 'AMEX', 'MAESTRO', 'DINERS', 'JCB'];

export interface DemoUnitForHistory {
  uuid: string;
  currency: string;
  weight: number;
  /** the unit posts to a PMS (POI_PMS_POSTING_ENABLED resolved) */
  pms: boolean;
  /** cash is taken (POI_CASH_PAYMENT_ENABLED resolved) */
  cash: boolean;
  /** table numbers and guests are recorded (POI_TABLE_NUMBER_ENABLED resolved) */
  tables: boolean;
}

/** The organization's units with what the history needs of their resolved settings. */
export async function historyUnits(executor: Executor, orgUuid: string): Promise<DemoUnitForHistory[]> {
  const [org] = await executor.select().from(organizations).where(eq(organizations.uuid, orgUuid));
  if (!org) return [];
  const rows = await executor.select().from(organizationalUnits).where(eq(organizationalUnits.orgUuid, orgUuid));
  const effective = resolveAllUnits({ uuid: org.uuid, name: org.name, attributes: org.attributes, units: rows });
  return rows
    .map((row) => {
      const value = (key: 'CURRENCY' | 'POI_PMS_POSTING_ENABLED' | 'POI_CASH_PAYMENT_ENABLED' | 'POI_TABLE_NUMBER_ENABLED') => effective.get(row.uuid)?.[key]?.value;
      return {
        uuid: row.uuid,
        currency: value('CURRENCY') ?? 'EUR',
        weight: WEIGHT[row.type] ?? 1,
        pms: value('POI_PMS_POSTING_ENABLED') === 'true',
        cash: value('POI_CASH_PAYMENT_ENABLED') !== 'false',
        tables: value('POI_TABLE_NUMBER_ENABLED') === 'true',
      };
    })
    .sort((a, b) => a.uuid.localeCompare(b.uuid));
}

const textArray = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * Inserts `count` transactions of the organization's units, the newest just before `now`. One
 * statement; the caller's transaction holds it.
 */
export async function seedDemoTransactions(executor: Executor, orgUuid: string, count: number, now: Date): Promise<void> {
  if (count <= 0) return;
  const units = await historyUnits(executor, orgUuid);
  if (units.length === 0) return;
  // a statement this size would spend longer compiling (PostgreSQL's JIT) than running
  await executor.execute(sql`set local jit = off`);
  await withoutSecondaryStructures(executor, () => executor.execute(demoTransactionsInsert(orgUuid, units, count, now)));
}

/**
 * A bulk load into an empty transactions table: its secondary indexes and foreign keys are dropped
 * and made again afterwards, from their own definitions (pg_get_indexdef, pg_get_constraintdef), so
 * each is built once in bulk rather than row by row (about 4× quicker on 200,000 rows); the
 * rollups' insert trigger is disabled meanwhile and the rollups made again from the rows after. The
 * table is left exactly as the migrations made it. A table that has rows is loaded as it is (the
 * trigger keeps the rollups).
 */
async function withoutSecondaryStructures(executor: Executor, load: () => Promise<unknown>): Promise<void> {
  const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : ((result as { rows: T[] }).rows ?? [])) as T[];
  const [some] = rowsOf<{ one: number }>(await executor.execute(sql`select 1 as one from transactions limit 1`));
  if (some) {
    await load();
    return;
  }
  const indexes = rowsOf<{ name: string; definition: string }>(
    await executor.execute(sql`
      select i.relname as name, pg_get_indexdef(i.oid) as definition
      from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = 'transactions'::regclass and not x.indisprimary
      order by i.relname`),
  );
  const keys = rowsOf<{ name: string; definition: string }>(
    await executor.execute(sql`
      select conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint where conrelid = 'transactions'::regclass and contype = 'f'
      order by conname`),
  );
  for (const key of keys) await executor.execute(sql`alter table transactions drop constraint ${sql.identifier(key.name)}`);
  for (const index of indexes) await executor.execute(sql`drop index ${sql.identifier(index.name)}`);
  // the rollups (migration 0009) are made from the loaded rows in one GROUP BY rather than from the
  // insert's transition table, which would hold every loaded row once more
  await executor.execute(sql`alter table transactions disable trigger transactions_totals_insert`);
  await load();
  await executor.execute(sql`alter table transactions enable trigger transactions_totals_insert`);
  await executor.execute(sql`select transaction_totals_rebuild()`);
  for (const index of indexes) await executor.execute(sql.raw(index.definition));
  for (const key of keys) await executor.execute(sql.raw(`alter table transactions add constraint "${key.name}" ${key.definition}`));
}

/** The one INSERT … SELECT of seedDemoTransactions. */
export function demoTransactionsInsert(orgUuid: string, units: readonly DemoUnitForHistory[], count: number, now: Date): SQL {
  // one slot per unit of weight: a hash picks a slot, the slot names the unit
  const slots = units.flatMap((unit, index) => Array.from({ length: unit.weight }, () => index + 1));
  const salt = randomUUID();
  const spanSeconds = DEMO_HISTORY_DAYS * 86_400;
  return sql`
    with units as (
      select * from jsonb_to_recordset(${JSON.stringify(units.map((unit, index) => ({ ...unit, idx: index + 1 })))}::jsonb)
        as u(idx int, uuid uuid, currency text, pms boolean, cash boolean, tables boolean)
    ),
    consts as (
      select ${textArray(EMPLOYEES)} as employees, ${textArray(GUESTS)} as guests, ${textArray(GUEST_FIRST)} as firsts,
             ${textArray(MENU.map(([name]) => name))} as dishes, array(select jsonb_array_elements_text(${JSON.stringify(MENU.map(([, price]) => price))}::jsonb)::int) as prices,
             ${textArray(BRANDS)} as brands,
             array(select jsonb_array_elements_text(${JSON.stringify(slots)}::jsonb)::int) as slots
    ),
    -- baskets of 1 to 4 menu lines (built once; each sale takes one), with the negated list for refunds and voids
    baskets as (
      select b.n, jsonb_agg(line.item order by j) as list, jsonb_agg(line.negated order by j) as negated, sum(line.total)::int as subtotal
      from generate_series(1, ${BASKETS}::int) as b(n)
      cross join consts c
      cross join lateral generate_series(1, 1 + abs(hashint8extended(b.n, 11)) % 4) as j
      cross join lateral (select (abs(hashint8extended(b.n * 8 + j, 9)) % array_length(c.dishes, 1))::int + 1 as dish,
                                 (abs(hashint8extended(b.n * 8 + j, 10)) % 3)::int + 1 as quantity) as d
      cross join lateral (select d.quantity * c.prices[d.dish] as total) as t
      cross join lateral (select jsonb_build_object('name', c.dishes[d.dish], 'quantity', d.quantity, 'unitPriceMinor', c.prices[d.dish], 'totalMinor', t.total) as item,
                                 jsonb_build_object('name', c.dishes[d.dish], 'quantity', d.quantity, 'unitPriceMinor', c.prices[d.dish], 'totalMinor', -t.total) as negated,
                                 t.total) as line
      group by b.n
    ),
    -- each row: its number i, its kind, the sale k it takes its values from, the row it is linked to
    numbered as (
      select i, r.kind, r.k, r.related
      from generate_series(1, ${count}::int) as i,
      lateral (
        select case
            when (i - 1) % 20 = 17 then 'REFUND'
            when (i - 1) % 20 = 18 then 'VOID_SALES'
            when (i - 1) % 20 = 19 and ((i - 1) / 20) % 4 = 0 then 'VOID_REFUND'
            else 'SALES' end as kind,
          case
            when (i - 1) % 20 = 17 then i - 1
            when (i - 1) % 20 = 18 then i - 3
            when (i - 1) % 20 = 19 and ((i - 1) / 20) % 4 = 0 then i - 3
            else i end as k,
          case
            when (i - 1) % 20 = 17 then i - 1
            when (i - 1) % 20 = 18 then i - 3
            when (i - 1) % 20 = 19 and ((i - 1) / 20) % 4 = 0 then i - 2
            else null end as related
      ) as r
    ),
    -- the sale's values, from hashes of k (h(n) is a number 0…2^31 from k and a seed n)
    sale as (
      select n.*,
        (abs(hashint8extended(n.k, 1)) % array_length(c.slots, 1)) + 1 as slot,
        abs(hashint8extended(n.k, 2)) % 100 as method_roll,
        abs(hashint8extended(n.k, 3)) % ${BASKETS}::int + 1 as basket,
        abs(hashint8extended(n.k, 4)) % 100 as discount_roll,
        abs(hashint8extended(n.k, 5)) % 100 as tip_roll,
        abs(hashint8extended(n.k, 6)) as h6,
        abs(hashint8extended(n.k, 7)) as h7,
        -- spread evenly over the span (older k earlier), within the day leaning to 08:00–23:00 UTC
        ${now.toISOString()}::timestamptz - make_interval(secs => ${spanSeconds}::float8 * (1 - (n.k::float8 / ${count}::float8)) + 3600)
          + make_interval(mins => (abs(hashint8extended(n.k, 8)) % 50)::int) as sold_at,
        c.*
      from numbered n cross join consts c
    ),
    priced as (
      select s.*, u.uuid as ou_uuid, u.currency, u.pms, u.tables,
        case
          when s.method_roll < 18 then 'ROOM_CHARGE'
          when s.method_roll < 25 then 'CITY_LEDGER'
          when s.method_roll < 45 and u.cash then 'CASH'
          else 'CARD_PRESENT' end as method,
        items.list as items, items.negated, items.subtotal,
        case when s.discount_roll < 15 then items.subtotal / 10 else 0 end as discount,
        case when u.currency = 'USD' then 'Sales tax' else 'VAT' end as tax_name,
        case when u.currency = 'USD' then 888 else 1300 end as tax_bp
      from sale s
      join units u on u.idx = s.slots[s.slot]
      join baskets items on items.n = s.basket
    ),
    amounts as (
      select p.*,
        round((p.subtotal - p.discount) * p.tax_bp / 10000.0)::int as tax,
        case when p.method in ('CARD_PRESENT', 'ROOM_CHARGE') and p.tip_roll < 55
             then round((p.subtotal - p.discount) * (case when p.tip_roll < 20 then 0.10 when p.tip_roll < 45 then 0.15 else 0.20 end))::int
             else 0 end as tip,
        case when p.kind in ('SALES', 'VOID_REFUND') then 1 else -1 end as sign,
        case p.kind
          when 'REFUND' then least(p.sold_at + make_interval(mins => (20 + p.h7 % 1200)::int), ${now.toISOString()}::timestamptz - interval '2 minutes')
          when 'VOID_SALES' then p.sold_at + make_interval(mins => (1 + p.h7 % 9)::int)
          when 'VOID_REFUND' then least(p.sold_at + make_interval(mins => (20 + p.h7 % 1200)::int), ${now.toISOString()}::timestamptz - interval '2 minutes') + interval '1 minute'
          else p.sold_at end as occurred_at
      from priced p
    )
    insert into transactions (
      uuid, org_uuid, ou_uuid, occurred_at, check_number, table_number, guests, employee, payment_method_type, payment_type, currency,
      subtotal_minor, discount_minor, tax_minor, tip_minor, total_minor, items, discounts, taxes,
      card_brand, card_last4, room_number, guest_name, pms_posting_status, related_uuid, receipt_number
    )
    select
      overlay(overlay(md5(${salt} || a.i) placing '4' from 13) placing '8' from 17)::uuid,
      ${orgUuid}::uuid,
      a.ou_uuid,
      a.occurred_at,
      1001 + (a.k * 37) % 9000,
      case when a.tables then (1 + a.h6 % 40)::text end,
      case when a.tables then (1 + a.h7 % 6)::int end,
      a.employees[1 + (a.h6 % array_length(a.employees, 1))::int],
      a.method,
      a.kind,
      a.currency,
      a.sign * a.subtotal,
      a.sign * a.discount,
      a.sign * a.tax,
      a.sign * a.tip,
      a.sign * (a.subtotal - a.discount + a.tax + a.tip),
      case when a.sign = 1 then a.items else a.negated end,
      case when a.discount = 0 then '[]'::jsonb else jsonb_build_array(jsonb_build_object('name', 'Happy hour 10%', 'amountMinor', a.sign * a.discount)) end,
      jsonb_build_array(jsonb_build_object('name', a.tax_name, 'rateBasisPoints', a.tax_bp, 'amountMinor', a.sign * a.tax)),
      case when a.method = 'CARD_PRESENT' then a.brands[1 + (a.h7 % array_length(a.brands, 1))::int] end,
      case when a.method = 'CARD_PRESENT' then lpad((a.h6 % 10000)::text, 4, '0') end,
      case when a.method = 'ROOM_CHARGE' then ((1 + a.h6 % 6) * 100 + 1 + a.h7 % 30)::text end,
      case when a.method = 'ROOM_CHARGE' then a.firsts[1 + (a.h7 % array_length(a.firsts, 1))::int] || ' ' || a.guests[1 + (a.h6 % array_length(a.guests, 1))::int] end,
      case
        when a.method = 'ROOM_CHARGE' then (case when a.h7 % 50 = 0 then 'FAILED' when a.occurred_at > ${now.toISOString()}::timestamptz - interval '2 hours' then 'PENDING' else 'POSTED' end)
        when a.pms and a.method in ('CARD_PRESENT', 'CASH') then (case when a.h7 % 40 = 0 then 'NOT_POSTED' else 'POSTED' end)
        else null end,
      case when a.related is null then null else overlay(overlay(md5(${salt} || a.related) placing '4' from 13) placing '8' from 17)::uuid end,
      'R' || to_char(a.occurred_at at time zone 'UTC', 'YYMMDD') || '-' || lpad(a.i::text, 6, '0')
    from amounts a
  `;
}

/** Fresh planner statistics (and, outside a transaction, the visibility map index-only scans need). */
export async function analyzeTransactions(executor: Executor, vacuum: boolean): Promise<void> {
  await executor.execute(sql.raw(vacuum ? 'vacuum analyze transactions' : 'analyze transactions'));
}

const figure = (n: number) => n.toLocaleString('en');

/** The demo history in the seed's transaction, with its progress lines (seed.ts's seedDemo calls it). */
export async function seedDemoHistory(tx: Executor, orgUuid: string, options: Pick<SeedOptions, 'demoTransactions' | 'report' | 'now'>): Promise<void> {
  const count = options.demoTransactions ?? DEMO_TRANSACTIONS_DEFAULT;
  if (count <= 0) return;
  const started = performance.now();
  options.report?.(`Seeding demo history: ${figure(count)} transactions …`);
  await seedDemoTransactions(tx, orgUuid, count, options.now ?? new Date());
  // planner statistics now, so the first searches after the commit already pick the indexes
  await analyzeTransactions(tx, false);
  options.report?.(`Seeded demo history: ${figure(count)} transactions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * After the seed's transaction commits: VACUUM (which cannot run inside a transaction) sets the
 * visibility map, so counting a search's matches reads the covering index alone.
 */
export async function afterDemoHistory(db: Executor): Promise<void> {
  await analyzeTransactions(db, true);
}

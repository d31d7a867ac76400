/**
 * Transactions (issue 18; spec sections 6, 7 "Transactions and reporting" and 9):
 * - GET /transaction/v1/transactions/search: a page of the transactions of the named units (and the
 *   units below them unless includeDescendants=FALSE), newest first in a stable order (occurred_at,
 *   then uuid, both descending), with the whole result's count and totals per currency and the
 *   page's own totals; a unit the caller may not read (or that does not exist) answers 403;
 * - GET /transaction/v1/transactions/{uuid}: one transaction with its items, discounts, taxes,
 *   payment (card brand and last 4 digits only), the sale it belongs to or the refunds and voids of
 *   it, the unit's locale and time zone; a transaction of a unit the caller may not read answers 404
 *   like an unknown one, so its existence never leaks.
 * Who may read which unit is decided on every request from the caller's current grants
 * (server/services/business-scope.ts). Money stays integer minor units, signed by payment type.
 */
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CurrencyTotal, LinkedTransaction, Transaction, TransactionSearchQuery, TransactionSummary } from '../../src/domain/index';
import {
  PAYMENT_METHOD_TYPES,
  PAYMENT_TYPES,
  resolveUnitAttributes,
  TRANSACTION_MESSAGES,
  transactionSchema,
  transactionSearchQuerySchema,
  transactionSearchResponseSchema,
} from '../../src/domain/index';
import type { Executor } from '../db/client';
import { organizationalUnits, organizations, transactionDayTotals, transactionMonthTotals, transactions } from '../db/schema';
import { notFound, unauthenticated } from '../http-error';
import { caller } from '../plugins/auth';
import { BEARER } from '../plugins/swagger';
import { UUID } from '../resources/define-resource';
import { loadBusinessScope } from '../services/business-scope';
import { callerGrantee, type Grantee } from '../services/directory';
import { errorResponses } from './schemas';

type TransactionRow = typeof transactions.$inferSelect;

/** The filters of a search, with the units already resolved and authorized. */
export interface TransactionFilter {
  ouUuids: readonly string[];
  after?: string;
  before?: string;
  paymentMethodTypes: readonly string[];
  paymentTypes: readonly string[];
  checkNumber?: number;
  roomNumber?: string;
}

/** The search's filters with the spec's defaults (section 9) for the type lists. */
export function filterOf(query: TransactionSearchQuery, ouUuids: readonly string[]): TransactionFilter {
  return {
    ouUuids,
    after: query.after,
    before: query.before,
    paymentMethodTypes: query.paymentMethodTypes ?? PAYMENT_METHOD_TYPES,
    paymentTypes: query.paymentTypes ?? PAYMENT_TYPES,
    checkNumber: query.checkNumber,
    roomNumber: query.roomNumber,
  };
}

/** The WHERE of a search (see the transactions table's note for the index that serves each filter). */
export function whereOf(filter: TransactionFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inArray(transactions.ouUuid, [...filter.ouUuids])];
  if (filter.after) conditions.push(gte(transactions.occurredAt, new Date(filter.after)));
  if (filter.before) conditions.push(lt(transactions.occurredAt, new Date(filter.before)));
  // the full default lists filter nothing: left out, so the planner keeps the narrowest index
  if (!sameSet(filter.paymentMethodTypes, PAYMENT_METHOD_TYPES)) conditions.push(inArray(transactions.paymentMethodType, [...filter.paymentMethodTypes] as (typeof PAYMENT_METHOD_TYPES)[number][]));
  if (!sameSet(filter.paymentTypes, PAYMENT_TYPES)) conditions.push(inArray(transactions.paymentType, [...filter.paymentTypes] as (typeof PAYMENT_TYPES)[number][]));
  if (filter.checkNumber !== undefined) conditions.push(eq(transactions.checkNumber, filter.checkNumber));
  if (filter.roomNumber !== undefined) conditions.push(eq(transactions.roomNumber, filter.roomNumber));
  return and(...conditions);
}

const sameSet = (given: readonly string[], all: readonly string[]) => all.every((value) => given.includes(value));

const summaryColumns = {
  uuid: transactions.uuid,
  ouUuid: transactions.ouUuid,
  ouName: organizationalUnits.name,
  occurredAt: transactions.occurredAt,
  checkNumber: transactions.checkNumber,
  tableNumber: transactions.tableNumber,
  employee: transactions.employee,
  paymentMethodType: transactions.paymentMethodType,
  paymentType: transactions.paymentType,
  currency: transactions.currency,
  totalMinor: transactions.totalMinor,
  roomNumber: transactions.roomNumber,
  cardBrand: transactions.cardBrand,
  cardLast4: transactions.cardLast4,
};

/** Per currency, in currency order: how many rows and the sum of their signed totals. */
export function totalsOf(rows: readonly { currency: string; totalMinor: number }[]): CurrencyTotal[] {
  const byCurrency = new Map<string, CurrencyTotal>();
  for (const row of rows) {
    const total = byCurrency.get(row.currency) ?? { currency: row.currency, count: 0, totalMinor: 0 };
    total.count += 1;
    total.totalMinor += row.totalMinor;
    byCurrency.set(row.currency, total);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

export interface SearchPage {
  data: TransactionSummary[];
  totalCount: number;
  totals: CurrencyTotal[];
  pageTotals: CurrencyTotal[];
}

/** A stretch of time [from, to) in epoch milliseconds; an end left out is open. */
export interface Span {
  from?: number;
  to?: number;
}

/**
 * Where the count and totals of a search over [after, before) are read from (docs/adr/0028): whole
 * UTC months from transaction_month_totals, whole UTC days of the partial months from
 * transaction_day_totals, and the partial days at the two ends from transactions itself — so the
 * cost is about the same whatever the range, and exact whatever the caller's time zone.
 */
export interface TotalsPlan {
  rows: Span[];
  days: Span[];
  months: Span[];
}

const DAY_MS = 86_400_000;
const floorDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const ceilDay = (ms: number) => Math.ceil(ms / DAY_MS) * DAY_MS;
const floorMonth = (ms: number) => {
  const at = new Date(ms);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
};
const ceilMonth = (ms: number) => {
  const floor = floorMonth(ms);
  if (floor === ms) return ms;
  const at = new Date(floor);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
};

export function totalsPlan(after: number | undefined, before: number | undefined): TotalsPlan {
  const dayFrom = after === undefined ? undefined : ceilDay(after);
  const dayTo = before === undefined ? undefined : floorDay(before);
  // no whole day inside: the rows themselves (less than two days of them)
  if (dayFrom !== undefined && dayTo !== undefined && dayFrom >= dayTo) return { rows: [{ from: after, to: before }], days: [], months: [] };
  const plan: TotalsPlan = { rows: [], days: [], months: [] };
  if (after !== undefined && dayFrom !== undefined && after < dayFrom) plan.rows.push({ from: after, to: dayFrom });
  if (before !== undefined && dayTo !== undefined && dayTo < before) plan.rows.push({ from: dayTo, to: before });
  const monthFrom = dayFrom === undefined ? undefined : ceilMonth(dayFrom);
  const monthTo = dayTo === undefined ? undefined : floorMonth(dayTo);
  if (monthFrom !== undefined && monthTo !== undefined && monthFrom >= monthTo) {
    plan.days.push({ from: dayFrom, to: dayTo });
    return plan;
  }
  plan.months.push({ from: monthFrom, to: monthTo });
  if (dayFrom !== undefined && monthFrom !== undefined && dayFrom < monthFrom) plan.days.push({ from: dayFrom, to: monthFrom });
  if (dayTo !== undefined && monthTo !== undefined && monthTo < dayTo) plan.days.push({ from: monthTo, to: dayTo });
  return plan;
}

const isoOf = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Per currency, how many rows and the sum of their totals, of the rows matching `where`. */
async function rowTotals(db: Executor, where: SQL | undefined): Promise<CurrencyTotal[]> {
  return db
    .select({
      currency: transactions.currency,
      count: sql<number>`count(*)`.mapWith(Number),
      totalMinor: sql<number>`coalesce(sum(${transactions.totalMinor}), 0)`.mapWith(Number),
    })
    .from(transactions)
    .where(where)
    .groupBy(transactions.currency);
}

type Rollup = typeof transactionDayTotals | typeof transactionMonthTotals;

/** Per currency, the rollup's counts and totals of the filter's units and types over whole days or months. */
async function rollupTotals(db: Executor, rollup: Rollup, filter: TransactionFilter, span: Span): Promise<CurrencyTotal[]> {
  const at = 'day' in rollup ? rollup.day : rollup.month;
  const conditions: (SQL | undefined)[] = [inArray(rollup.ouUuid, [...filter.ouUuids])];
  if (span.from !== undefined) conditions.push(gte(at, dateOf(span.from)));
  if (span.to !== undefined) conditions.push(lt(at, dateOf(span.to)));
  if (!sameSet(filter.paymentMethodTypes, PAYMENT_METHOD_TYPES)) conditions.push(inArray(rollup.paymentMethodType, [...filter.paymentMethodTypes] as (typeof PAYMENT_METHOD_TYPES)[number][]));
  if (!sameSet(filter.paymentTypes, PAYMENT_TYPES)) conditions.push(inArray(rollup.paymentType, [...filter.paymentTypes] as (typeof PAYMENT_TYPES)[number][]));
  return db
    .select({
      currency: rollup.currency,
      count: sql<number>`coalesce(sum(${rollup.count}), 0)`.mapWith(Number),
      totalMinor: sql<number>`coalesce(sum(${rollup.totalMinor}), 0)`.mapWith(Number),
    })
    .from(rollup as typeof transactionDayTotals)
    .where(and(...conditions))
    .groupBy(rollup.currency);
}

/**
 * The whole result's count and totals per currency, in currency order. A search by check or room
 * number is selective and reads the rows through their indexes; any other (units, range, payment
 * method and payment types) adds up the rollups and the partial days at its two ends (totalsPlan).
 */
export async function searchTotals(db: Executor, filter: TransactionFilter): Promise<CurrencyTotal[]> {
  let parts: CurrencyTotal[][];
  if (filter.checkNumber !== undefined || filter.roomNumber !== undefined) parts = [await rowTotals(db, whereOf(filter))];
  else {
    const plan = totalsPlan(filter.after === undefined ? undefined : Date.parse(filter.after), filter.before === undefined ? undefined : Date.parse(filter.before));
    parts = await Promise.all([
      ...plan.rows.map((span) => rowTotals(db, whereOf({ ...filter, after: isoOf(span.from), before: isoOf(span.to) }))),
      ...plan.days.map((span) => rollupTotals(db, transactionDayTotals, filter, span)),
      ...plan.months.map((span) => rollupTotals(db, transactionMonthTotals, filter, span)),
    ]);
  }
  const byCurrency = new Map<string, CurrencyTotal>();
  for (const part of parts)
    for (const { currency, count, totalMinor } of part) {
      const total = byCurrency.get(currency) ?? { currency, count: 0, totalMinor: 0 };
      total.count += count;
      total.totalMinor += totalMinor;
      byCurrency.set(currency, total);
    }
  return [...byCurrency.values()].filter((total) => total.count !== 0).sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}

/** One page of a search and the whole result's count and totals (the route's and the bench's code path). */
export async function searchTransactions(db: Executor, filter: TransactionFilter, page: number, pageSize: number): Promise<SearchPage> {
  const where = whereOf(filter);
  const totals = await searchTotals(db, filter);
  const totalCount = totals.reduce((sum, total) => sum + total.count, 0);
  const offset = page * pageSize;
  const rows =
    offset >= totalCount
      ? []
      : await db
          .select(summaryColumns)
          .from(transactions)
          .innerJoin(organizationalUnits, eq(organizationalUnits.uuid, transactions.ouUuid))
          .where(where)
          // NULLS LAST as the indexes are made (drizzle-kit writes DESC NULLS LAST): the planner reads
          // the time index backwards only for that exact order; the bare DESC (NULLS FIRST) sorted
          // every match (the columns are NOT NULL, so the rows are the same)
          .orderBy(sql`${transactions.occurredAt} desc nulls last`, sql`${transactions.uuid} desc nulls last`)
          .limit(pageSize)
          .offset(offset);
  const data = rows.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() }));
  return { data, totalCount, totals, pageTotals: totalsOf(data) };
}

const linkedOf = (row: Pick<TransactionRow, 'uuid' | 'paymentType' | 'occurredAt' | 'totalMinor'>): LinkedTransaction => ({
  uuid: row.uuid,
  paymentType: row.paymentType,
  occurredAt: row.occurredAt.toISOString(),
  totalMinor: row.totalMinor,
});

/** The unit's LOCALE and TIME_ZONE, resolved over its ancestors and organization. */
async function regionalOf(db: Executor, orgUuid: string, ouUuid: string): Promise<{ locale: string; timeZone: string }> {
  const [org] = await db.select().from(organizations).where(eq(organizations.uuid, orgUuid));
  const units = await db.select().from(organizationalUnits).where(eq(organizationalUnits.orgUuid, orgUuid));
  const effective = org ? resolveUnitAttributes({ uuid: org.uuid, name: org.name, attributes: org.attributes, units }, ouUuid) : null;
  return { locale: effective?.LOCALE?.value ?? 'en-GB', timeZone: effective?.TIME_ZONE?.value ?? 'UTC' };
}

const searchQueryDoc = transactionSearchQuerySchema;
const detailParams = z.object({ uuid: z.string().max(64).describe('Transaction uuid') });

export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.lobby;
  const common = { tags: ['transactions'], security: BEARER };

  async function me(request: Parameters<typeof caller>[0]): Promise<Grantee> {
    const grantee = await callerGrantee(request);
    if (!grantee) throw unauthenticated();
    return grantee;
  }

  app.get(
    '/transaction/v1/transactions/search',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Search the transactions of units, a page at a time',
        description: [
          'Needs VIEW_TRANSACTIONS with a BUSINESS_DATA membership on the units (or an omnipresent BUSINESS_DATA membership); a named unit the caller may not read, or that does not exist, answers 403.',
          'ouUuids (repeated or comma-separated) names the units; includeDescendants=TRUE (default) adds every unit below them.',
          'after (inclusive) and before (exclusive) are ISO 8601 instants with an offset; after must be before before.',
          `paymentMethodTypes default ${PAYMENT_METHOD_TYPES.join(', ')}; paymentTypes default ${PAYMENT_TYPES.join(', ')}; checkNumber and roomNumber match exactly.`,
          'Rows are newest first (occurredAt, then uuid, descending). page counts from 0; pageSize is 1 to 100 (default 10); rows beyond 100,000 are not served (400: narrow the filters). A page past the end answers no rows with the right totalCount.',
          'totals are the whole result’s per currency, pageTotals the page’s; amounts are signed integer minor units (a refund or a void of a sale takes away).',
        ].join(' '),
        querystring: searchQueryDoc,
        response: { 200: transactionSearchResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const grants = await me(request);
      const query = request.query;
      const scope = await loadBusinessScope(db, grants);
      const units = scope.resolve(query.ouUuids ?? [], query.includeDescendants);
      const result = await searchTransactions(db, filterOf(query, units), query.page, query.pageSize);
      return { ...result, page: query.page, pageSize: query.pageSize };
    },
  );

  app.get(
    '/transaction/v1/transactions/:uuid',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'One transaction, with its items, payment and linked refunds or voids',
        description:
          "Needs the right to read the transaction's unit (as for the search); otherwise 404, as for an unknown transaction. The payment shows a card's brand and last 4 digits only; a ROOM_CHARGE its room number, guest name and PMS posting status. relatedTo is the transaction a refund or void belongs to; linked lists the refunds and voids of this one, oldest first. locale and timeZone are the unit's, resolved over its ancestors and organization; currency is the transaction's.",
        params: detailParams,
        response: { 200: transactionSchema, ...errorResponses(401, 404) },
      },
    },
    async (request): Promise<Transaction> => {
      const grants = await me(request);
      const uuid = request.params.uuid.toLowerCase();
      const missing = () => notFound(TRANSACTION_MESSAGES.notFound);
      if (!UUID.test(uuid)) throw missing();
      const [found] = await db
        .select({ row: transactions, ouName: organizationalUnits.name })
        .from(transactions)
        .innerJoin(organizationalUnits, eq(organizationalUnits.uuid, transactions.ouUuid))
        .where(eq(transactions.uuid, uuid));
      const scope = await loadBusinessScope(db, grants);
      if (!found || !scope.readable.has(found.row.ouUuid)) throw missing();
      const { row, ouName } = found;
      const [related] = row.relatedUuid === null ? [] : await db.select().from(transactions).where(eq(transactions.uuid, row.relatedUuid));
      const linked = await db.select().from(transactions).where(eq(transactions.relatedUuid, row.uuid)).orderBy(asc(transactions.occurredAt), asc(transactions.uuid));
      const regional = await regionalOf(db, row.orgUuid, row.ouUuid);
      return {
        uuid: row.uuid,
        orgUuid: row.orgUuid,
        ouUuid: row.ouUuid,
        ouName,
        occurredAt: row.occurredAt.toISOString(),
        checkNumber: row.checkNumber,
        tableNumber: row.tableNumber,
        guests: row.guests,
        employee: row.employee,
        paymentMethodType: row.paymentMethodType,
        paymentType: row.paymentType,
        currency: row.currency,
        totalMinor: row.totalMinor,
        roomNumber: row.roomNumber,
        cardBrand: row.cardBrand,
        cardLast4: row.cardLast4,
        items: row.items,
        discounts: row.discounts,
        taxes: row.taxes,
        subtotalMinor: row.subtotalMinor,
        discountMinor: row.discountMinor,
        taxMinor: row.taxMinor,
        tipMinor: row.tipMinor,
        payment: {
          methodType: row.paymentMethodType,
          cardBrand: row.paymentMethodType === 'CARD_PRESENT' ? row.cardBrand : null,
          cardLast4: row.paymentMethodType === 'CARD_PRESENT' ? row.cardLast4 : null,
          roomNumber: row.paymentMethodType === 'ROOM_CHARGE' ? row.roomNumber : null,
          guestName: row.paymentMethodType === 'ROOM_CHARGE' ? row.guestName : null,
          pmsPostingStatus: row.pmsPostingStatus,
        },
        locale: regional.locale,
        timeZone: regional.timeZone,
        receiptNumber: row.receiptNumber,
        // linked rows are of the same unit; read only what the caller may read all the same
        relatedTo: related && scope.readable.has(related.ouUuid) ? linkedOf(related) : null,
        linked: linked.filter((other) => scope.readable.has(other.ouUuid)).map(linkedOf),
      };
    },
  );
};

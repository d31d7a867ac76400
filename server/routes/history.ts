/**
 * Reading the change history (issue 21, docs/adr/0029-change-history.md):
 * GET /organization/{org}/history/{kind}/{uuid}: a record's entries, newest first;
 * GET /organization/{org}/activity: the organization's entries newest first, filtered by unit, user,
 * kind and time, a page at a time (limit, offset) with the count of the whole result.
 *
 * Who may read: organization setup reads every entry of the organization; unit setup reads the
 * entries of the units it sets up (a manager of one hotel reads that hotel's records). Entries of
 * no unit (the organization's own records, users) need organization setup. A record of another
 * organization, or one the caller may not read, answers 404, as an unknown one does.
 */
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityQuerySchema, canSetupOrganization, ERROR_CODES, HISTORY_KIND_PATTERN, historyPageSchema, recordHistoryQuerySchema, type HistoryPage } from '../../src/domain/index';
import type { Executor } from '../db/client';
import { historyEntries, users } from '../db/schema';
import { HttpError, notFound, unauthenticated } from '../http-error';
import { caller } from '../plugins/auth';
import { BEARER } from '../plugins/swagger';
import { UUID } from '../resources/define-resource';
import { callerGrantee } from '../services/directory';
import { hotelSetupRule } from '../services/hotels';
import { readableOrganizationTree, unitsOf } from '../services/units';
import { errorResponses } from './schemas';

export const HISTORY_MESSAGES = {
  forbidden: "You don't have permission to view the history of this organization",
  forbiddenUnit: "You don't have permission to view the history of this unit",
  notFound: 'No history of this record',
} as const;

const common = { tags: ['history'], security: BEARER };
const orgParams = z.object({ org: z.string().max(64).describe('Organization uuid') });

/** What the caller reads of the organization's entries: a condition, and a rule per unit; 403 when nothing. */
async function readScope(db: Executor, request: Parameters<typeof caller>[0], org: string): Promise<{ orgUuid: string; where: SQL; mayRead(unitUuid: string): boolean }> {
  const me = await callerGrantee(request);
  if (!me) throw unauthenticated();
  const { org: found } = await readableOrganizationTree(db, me, org);
  const byOrg = eq(historyEntries.orgUuid, found.uuid);
  // organization setup itself, not the unit-setup rule's null (placing a unit under the organization,
  // which SETUP_OU with a MANAGEMENT membership listing the organization may): the entries of no unit
  // are the organization's own records (PMS connections, contracts, users), set up by organization setup only
  if (canSetupOrganization(me, found.uuid)) return { orgUuid: found.uuid, where: byOrg, mayRead: () => true };
  const rule = await hotelSetupRule(me, found.uuid, db);
  const units = (await unitsOf(db, found.uuid)).map((row) => row.uuid).filter((uuid) => rule(uuid));
  if (units.length === 0) throw HttpError.of(403, ERROR_CODES.forbidden, HISTORY_MESSAGES.forbidden);
  const readable = new Set(units);
  return { orgUuid: found.uuid, where: and(byOrg, inArray(historyEntries.unitUuid, units)) as SQL, mayRead: (uuid) => readable.has(uuid) };
}

/** One page of the entries passing `where`, newest applied first, with the whole result's count. */
export async function historyPage(db: Executor, where: SQL, limit: number, offset: number): Promise<HistoryPage> {
  const [total] = await db.select({ n: count() }).from(historyEntries).where(where);
  const totalCount = total?.n ?? 0;
  const rows =
    totalCount <= offset
      ? []
      : await db
          .select({ entry: historyEntries, userEmail: users.email })
          .from(historyEntries)
          .leftJoin(users, eq(users.uuid, historyEntries.userUuid))
          .where(where)
          .orderBy(desc(historyEntries.appliedAt), desc(historyEntries.uuid))
          .limit(limit)
          .offset(offset);
  return {
    data: rows.map(({ entry, userEmail }) => ({
      ...entry,
      userEmail: userEmail ?? '',
      madeAt: entry.madeAt.toISOString(),
      appliedAt: entry.appliedAt.toISOString(),
    })),
    totalCount,
    limit,
    offset,
  };
}

export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.lobby;

  app.get(
    '/organization/:org/history/:kind/:uuid',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "A record's change history, newest first",
        description:
          'Each entry: who, what (fields with their values before and after; a secret such as a password only marked as changed; a bulk change such as a CSV import as counts and a sample), ' +
          'madeAt (when the operator made it, from the outbox), appliedAt (when the gateway applied it) and offline (it came from a replay after being offline). ' +
          'kind as the resource names it (pms-package, rate-code, unit, user…); the bulk entries of a hotel (a rate-code import) are under the hotel\'s uuid. ' +
          '`limit` (1 to 200, default 50) from `offset`. Needs organization setup, or setup of the record\'s unit; a record of another organization, or one the caller may not read, answers 404.',
        params: orgParams.extend({ kind: z.string().regex(HISTORY_KIND_PATTERN).describe('The kind of record, e.g. pms-package'), uuid: z.string().max(64).describe('Record uuid') }),
        querystring: recordHistoryQuerySchema,
        response: { 200: historyPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = await readScope(db, request, request.params.org);
      const recordUuid = request.params.uuid.toLowerCase();
      if (!UUID.test(recordUuid)) throw notFound(HISTORY_MESSAGES.notFound);
      const where = and(scope.where, eq(historyEntries.kind, request.params.kind), eq(historyEntries.recordUuid, recordUuid)) as SQL;
      const page = await historyPage(db, where, request.query.limit, request.query.offset);
      if (page.totalCount === 0) throw notFound(HISTORY_MESSAGES.notFound);
      return page;
    },
  );

  app.get(
    '/organization/:org/activity',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "An organization's changes, newest first",
        description:
          'The history entries of the organization the caller may read, newest applied first, `limit` (1 to 200, default 50) from `offset`, with `totalCount`. ' +
          'Filters: `unitUuid` (records of that unit), `userUuid` (who made them), `kind`, `after` (inclusive) and `before` (exclusive) on the applied time, ISO 8601 with an offset. ' +
          'Needs organization setup (every entry) or unit setup (the entries of those units); 403 otherwise, and for a unitUuid the caller may not set up.',
        params: orgParams,
        querystring: activityQuerySchema,
        response: { 200: historyPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = await readScope(db, request, request.params.org);
      const { unitUuid, userUuid, kind, after, before, limit, offset } = request.query;
      if (unitUuid !== undefined && !scope.mayRead(unitUuid)) throw HttpError.of(403, ERROR_CODES.forbidden, HISTORY_MESSAGES.forbiddenUnit, 'unitUuid');
      const filters: SQL[] = [scope.where];
      if (unitUuid !== undefined) filters.push(eq(historyEntries.unitUuid, unitUuid));
      if (userUuid !== undefined) filters.push(eq(historyEntries.userUuid, userUuid));
      if (kind !== undefined) filters.push(eq(historyEntries.kind, kind));
      if (after !== undefined) filters.push(gte(historyEntries.appliedAt, new Date(after)));
      if (before !== undefined) filters.push(lt(historyEntries.appliedAt, new Date(before)));
      return historyPage(db, and(...filters) as SQL, limit, offset);
    },
  );
};

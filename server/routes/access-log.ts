/**
 * The access log (issue 18): who was let in, or refused, at the doors and gates of an
 * organization's hotels.
 * GET /access-control/v1/access-control/find?orgUuid=…: entries newest first (occurred_at, then
 * uuid, both descending, so pages never shuffle), a page at a time (limit, offset) with the count of
 * the whole result.
 *
 * Who may read it is the business-data rule of the transactions (server/services/business-scope.ts):
 * omnipresent BUSINESS_DATA, or VIEW_TRANSACTIONS with BUSINESS_DATA on the units. Without ouUuids
 * the answer covers every unit of the organization the caller may read; a named unit the caller may
 * not read (or that does not exist) is refused with 403 as a whole, never quietly dropped, and an
 * organization where the caller reads nothing is refused too. Entries belong to hotels, so
 * includeDescendants only matters when a hotel sits below a named unit.
 */
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessLogQuerySchema, accessLogResponseSchema, ERROR_CODES, type AccessLogEntry, type AccessLogQuery, type AccessLogResponse } from '../../src/domain/index';
import type { Executor } from '../db/client';
import { accessControlServices, accessLogEntries, organizationalUnits } from '../db/schema';
import { HttpError, unauthenticated } from '../http-error';
import { caller } from '../plugins/auth';
import { BEARER } from '../plugins/swagger';
import { loadBusinessScope } from '../services/business-scope';
import { callerGrantee } from '../services/directory';
import { errorResponses } from './schemas';

export const ACCESS_LOG_MESSAGES = {
  forbiddenOrganization: "You don't have permission to view the access log of this organization",
  forbiddenUnits: "You don't have permission to view the access log of these hotels",
  otherOrganization: 'ouUuids must be units of the organization in orgUuid',
} as const;

/** The hotels whose entries a request reads: named (and below them) or every readable one, always of orgUuid. */
async function unitsToRead(db: Executor, request: Parameters<typeof caller>[0], query: AccessLogQuery): Promise<string[]> {
  const grants = await callerGrantee(request);
  if (!grants) throw unauthenticated();
  const scope = await loadBusinessScope(db, grants);
  const ofOrg = scope.unitsOf(query.orgUuid);
  if (ofOrg.length === 0) throw HttpError.of(403, ERROR_CODES.forbidden, ACCESS_LOG_MESSAGES.forbiddenOrganization, 'orgUuid');
  if (query.ouUuids === undefined) return ofOrg;
  const named = query.ouUuids.map((uuid) => uuid.toLowerCase());
  if (named.some((uuid) => !scope.readable.has(uuid))) throw HttpError.of(403, ERROR_CODES.forbidden, ACCESS_LOG_MESSAGES.forbiddenUnits, 'ouUuids');
  if (named.some((uuid) => scope.orgOf.get(uuid) !== query.orgUuid)) throw HttpError.of(400, ERROR_CODES.validation, ACCESS_LOG_MESSAGES.otherOrganization, 'ouUuids');
  return scope.resolve(named, query.includeDescendants);
}

/** One page of the entries of these hotels that pass the query's filters, with the whole result's count. */
export async function findAccessLog(db: Executor, hotels: readonly string[], query: AccessLogQuery): Promise<AccessLogResponse> {
  const filters: SQL[] = [inArray(accessLogEntries.hotelUuid, [...hotels])];
  if (query.after) filters.push(gte(accessLogEntries.occurredAt, new Date(query.after)));
  if (query.before) filters.push(lt(accessLogEntries.occurredAt, new Date(query.before)));
  if (query.room) filters.push(eq(accessLogEntries.room, query.room));
  if (query.identificationMethods) filters.push(inArray(accessLogEntries.identificationMethod, query.identificationMethods as AccessLogEntry['identificationMethod'][]));
  if (query.serviceUuids) filters.push(inArray(accessLogEntries.serviceUuid, query.serviceUuids.map((uuid) => uuid.toLowerCase())));
  const where = and(...filters);
  const [total] = await db.select({ n: count() }).from(accessLogEntries).where(where);
  const totalCount = total?.n ?? 0;
  const rows =
    totalCount <= query.offset
      ? []
      : await db
          .select({
            uuid: accessLogEntries.uuid,
            occurredAt: accessLogEntries.occurredAt,
            hotelUuid: accessLogEntries.hotelUuid,
            hotelName: organizationalUnits.name,
            serviceUuid: accessLogEntries.serviceUuid,
            // the service's current name; the name it had when the entry was written once it is removed
            serviceName: sql<string>`coalesce(${accessControlServices.name}, ${accessLogEntries.serviceName})`,
            room: accessLogEntries.room,
            identificationMethod: accessLogEntries.identificationMethod,
            granted: accessLogEntries.granted,
            deviceAlias: accessLogEntries.deviceAlias,
          })
          .from(accessLogEntries)
          .innerJoin(organizationalUnits, eq(organizationalUnits.uuid, accessLogEntries.hotelUuid))
          .leftJoin(accessControlServices, eq(accessControlServices.uuid, accessLogEntries.serviceUuid))
          .where(where)
          .orderBy(desc(accessLogEntries.occurredAt), desc(accessLogEntries.uuid))
          .limit(query.limit)
          .offset(query.offset);
  return {
    data: rows.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() })),
    totalCount,
    limit: query.limit,
    offset: query.offset,
  };
}

export const accessLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.lobby;

  app.get(
    '/access-control/v1/access-control/find',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['access-control'],
        security: BEARER,
        summary: "The access log of an organization's hotels, newest first",
        description:
          'Entries (time, hotel, service, room, identification method, granted or denied, device) newest first, `limit` (1 to 500, default 50) from `offset`, ' +
          'with `totalCount` of the whole result. Filters: `ouUuids` (default every unit of the organization the caller may read; with `includeDescendants` ' +
          'TRUE, the default, the units below them too), `after` (inclusive) and `before` (exclusive) as ISO 8601 instants with an offset, `room` (exact), ' +
          '`identificationMethods` and `serviceUuids` (repeated or comma-separated). Needs BUSINESS_DATA with VIEW_TRANSACTIONS on the units, or an ' +
          'omnipresent BUSINESS_DATA membership: 403 for an organization where the caller reads nothing and for a named unit the caller may not read ' +
          '(the whole request, whether or not the unit exists). 400 for a bad date, an inverted range, a limit over 500 or units of another organization.',
        querystring: accessLogQuerySchema,
        response: { 200: accessLogResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const hotels = await unitsToRead(db, request, request.query);
      return findAccessLog(db, hotels, request.query);
    },
  );
};

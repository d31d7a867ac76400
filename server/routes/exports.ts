/**
 * Transaction exports (issue 18; spec section 7 "Transactions and reporting"; ADR 0026):
 * - POST /reporting/v1/reporting/ous/{ou}/transactions/export and
 *   POST /reporting/ous/organization/{org}/transactions/export queue a job (202) whose CSV is
 *   written in the background (server/jobs/export-runner.ts) and whose link is mailed to `email`.
 *   The parameters are query parameters, as the spec lists them; the request has no body.
 * - GET /reporting/v1/reporting/exports/{job}: the job's status, for the user who asked for it.
 * - GET /reporting/v1/reporting/exports/{job}/download: the file, streamed from its chunks, for any
 *   signed-in user who may read every unit of the export now (checked at each download).
 * The units are decided when the job is queued: those named (with their descendants when asked) or
 * the caller's readable units of the organization, all units the caller may read.
 */
import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, EXPORT_LINK_DAYS, exportJobSchema, fileNameSlug, formatInZone, TRANSACTION_MESSAGES, transactionExportQuerySchema, type ExportJob, type TransactionExportQuery } from '../../src/domain/index';
import type { Database } from '../db/client';
import { exportChunks, exportJobs, organizationalUnits, organizations } from '../db/schema';
import { HttpError, notFound, unauthenticated } from '../http-error';
import { caller } from '../plugins/auth';
import { withMutation } from '../plugins/idempotency';
import { BEARER } from '../plugins/swagger';
import { UUID } from '../resources/define-resource';
import { loadBusinessScope, type BusinessScope } from '../services/business-scope';
import { callerGrantee } from '../services/directory';
import { errorResponses } from './schemas';

type JobRow = typeof exportJobs.$inferSelect;

export function presentExportJob(row: JobRow): ExportJob {
  return {
    uuid: row.uuid,
    status: row.status,
    email: row.email,
    rowCount: row.rowCount,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}

/** A file name of ASCII letters, digits and dashes: what the export covers and when. */
export function exportFileName(scopeName: string, job: Pick<JobRow, 'after' | 'before' | 'timeZone'>): string {
  const slug = fileNameSlug(scopeName, 'export');
  const day = (instant: Date) => formatInZone(instant, job.timeZone).slice(0, 10);
  return `transactions-${slug}-${day(job.after)}-to-${day(job.before)}.csv`;
}

/** The file's chunks in order, one read at a time: the download never holds more than one. */
function chunksOf(db: Database, jobUuid: string): Readable {
  async function* read() {
    for (let seq = 0; ; seq += 1) {
      const [chunk] = await db
        .select({ data: exportChunks.data })
        .from(exportChunks)
        .where(and(eq(exportChunks.jobUuid, jobUuid), eq(exportChunks.seq, seq)));
      if (!chunk) return;
      yield Buffer.from(chunk.data, 'utf8');
    }
  }
  return Readable.from(read(), { objectMode: false });
}

const unitParams = z.object({ ou: z.string().max(64).describe('Unit (organizational unit) uuid') });
const orgParams = z.object({ org: z.string().max(64).describe('Organization uuid') });
const jobParams = z.object({ job: z.string().max(64).describe('Export job uuid') });
const EXPORT_DESCRIPTION =
  'Queues a CSV export of the transactions in [after, before), times written in timeZone, and answers 202 with the job. ' +
  'The parameters are query parameters; the request has no body. When the file is ready a mail with its link goes to email; ' +
  `the link needs a signed-in user who may read every unit of the export, and works for ${EXPORT_LINK_DAYS} days. ` +
  'Needs VIEW_TRANSACTIONS on business-data units (or omnipresent BUSINESS_DATA). Honours Idempotency-Key.';

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.lobby;
  const common = { tags: ['transactions'], security: BEARER };

  async function scopeOf(request: FastifyRequest): Promise<BusinessScope> {
    const grantee = await callerGrantee(request);
    if (!grantee) throw unauthenticated();
    return loadBusinessScope(db, grantee);
  }

  const forbidden = () => HttpError.of(403, ERROR_CODES.forbidden, TRANSACTION_MESSAGES.forbidden);

  /** Queues the job in the request's transaction (Idempotency-Key) and wakes this gateway's runner once committed. */
  async function queue(request: FastifyRequest, reply: Parameters<typeof withMutation>[1], job: { orgUuid: string; scopeOuUuid: string | null; ouUuids: string[]; query: TransactionExportQuery }) {
    const { query } = job;
    const sent = await withMutation(request, reply, async (tx) => {
      const [row] = await tx
        .insert(exportJobs)
        .values({
          orgUuid: job.orgUuid,
          requestedBy: caller(request),
          scopeOuUuid: job.scopeOuUuid,
          ouUuids: job.ouUuids,
          includeDescendants: query.includeDescendants,
          after: new Date(query.after),
          before: new Date(query.before),
          timeZone: query.timeZone,
          email: query.email,
          createdAt: app.lobby.now(),
        })
        .returning();
      if (!row) throw new Error('export job not created');
      return { statusCode: 202, body: presentExportJob(row) };
    });
    app.lobby.exports.kick();
    return sent;
  }

  app.post(
    '/reporting/v1/reporting/ous/:ou/transactions/export',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "Export a unit's transactions as CSV (a background job; the link comes by mail)",
        description: `${EXPORT_DESCRIPTION} The unit must be readable (403 otherwise, also for a unit that does not exist); includeDescendants=TRUE (default) adds the units below it.`,
        params: unitParams,
        querystring: transactionExportQuerySchema,
        response: { 202: exportJobSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      const ou = request.params.ou.toLowerCase();
      const ouUuids = scope.resolve([ou], request.query.includeDescendants);
      const orgUuid = scope.orgOf.get(ou);
      if (!orgUuid) throw forbidden();
      return queue(request, reply, { orgUuid, scopeOuUuid: ou, ouUuids, query: request.query });
    },
  );

  app.post(
    '/reporting/ous/organization/:org/transactions/export',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "Export an organization's transactions as CSV (a background job; the link comes by mail)",
        description: `${EXPORT_DESCRIPTION} Covers the organization's units the caller may read (403 when none, also for an organization that does not exist).`,
        params: orgParams,
        querystring: transactionExportQuerySchema,
        response: { 202: exportJobSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      const org = request.params.org.toLowerCase();
      const ouUuids = UUID.test(org) ? scope.unitsOf(org) : [];
      if (ouUuids.length === 0) throw forbidden();
      return queue(request, reply, { orgUuid: org, scopeOuUuid: null, ouUuids, query: request.query });
    },
  );

  /** The job named by the path, or 404. */
  async function jobOf(id: string): Promise<JobRow> {
    const uuid = id.toLowerCase();
    const [row] = UUID.test(uuid) ? await db.select().from(exportJobs).where(eq(exportJobs.uuid, uuid)) : [];
    if (!row) throw notFound(TRANSACTION_MESSAGES.exportNotFound);
    return row;
  }

  app.get(
    '/reporting/v1/reporting/exports/:job',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'An export job: its status, rows and when its link expires',
        description: 'For the user who asked for the export (404 for anyone else).',
        params: jobParams,
        response: { 200: exportJobSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const job = await jobOf(request.params.job);
      if (job.requestedBy !== caller(request)) throw notFound(TRANSACTION_MESSAGES.exportNotFound);
      return presentExportJob(job);
    },
  );

  app.get(
    '/reporting/v1/reporting/exports/:job/download',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "An export's CSV file",
        description:
          'Streams the file (text/csv, UTF-8, RFC 4180, CRLF) to a signed-in user who may read every unit of the export now (403 otherwise; 404 for an unknown job). ' +
          `410 once the link expired (${EXPORT_LINK_DAYS} days after the file was ready), 409 while the file is being prepared or when the export failed.`,
        params: jobParams,
        produces: ['text/csv'],
        response: errorResponses(401, 403, 404, 409, 410),
      },
    },
    async (request, typedReply) => {
      // a plain reply: the 200 answers the file's bytes, which the zod response schemas don't describe
      const reply: FastifyReply = typedReply;
      const job = await jobOf(request.params.job);
      const scope = await scopeOf(request);
      if (!job.ouUuids.every((uuid) => scope.readable.has(uuid))) throw forbidden();
      if (job.status === 'FAILED') throw HttpError.of(409, ERROR_CODES.conflict, TRANSACTION_MESSAGES.exportFailed);
      if (job.status !== 'DONE') throw HttpError.of(409, ERROR_CODES.conflict, TRANSACTION_MESSAGES.exportNotReady);
      if (!job.expiresAt || app.lobby.now().getTime() >= job.expiresAt.getTime()) throw HttpError.of(410, ERROR_CODES.gone, TRANSACTION_MESSAGES.exportExpired);
      const [scopeName] = job.scopeOuUuid
        ? await db.select({ name: organizationalUnits.name }).from(organizationalUnits).where(inArray(organizationalUnits.uuid, [job.scopeOuUuid]))
        : await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.uuid, job.orgUuid));
      const fileName = exportFileName(scopeName?.name ?? '', job);
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`);
      return reply.send(chunksOf(db, job.uuid));
    },
  );
};

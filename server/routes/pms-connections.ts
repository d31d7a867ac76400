/**
 * PMS connections of an organization (spec section 7 "PMS"): list, read, create, update, delete
 * under /organization/{org}/pms-connection. Every request is authorized on the server with the
 * domain's organization-setup rule; creates keep a client uuid; updates and deletes honour
 * If-Match; every mutation runs through withMutation (Idempotency-Key, one transaction). A name is
 * unique in its organization, case and surrounding spaces ignored (isPmsConnectionNameTaken): creates
 * and renames of one organization take its row lock first, so two of them never both pass the check.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PmsConnection } from '../../src/domain/index';
import {
  apiErrorBodySchema,
  canSetupOrganization,
  ERROR_CODES,
  isPmsConnectionNameTaken,
  PMS_CONNECTION_MESSAGES,
  pmsConnectionCreateSchema,
  pmsConnectionInputSchema,
  pmsConnectionListResponseSchema,
  pmsConnectionNameKey,
  pmsConnectionSchema,
} from '../../src/domain/index';
import type { Executor } from '../db/client';
import { organizations, pmsConnections } from '../db/schema';
import { HttpError, notFound, unauthenticated } from '../http-error';
import { caller } from '../plugins/auth';
import { withMutation } from '../plugins/idempotency';
import { assertVersion } from '../plugins/if-match';
import { BEARER } from '../plugins/swagger';
import { loadGrantee } from '../services/directory';
import { errorResponses, noContent } from './schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_PERMISSION = "You don't have permissions to view this organization";
const CONNECTION_NOT_FOUND = 'PMS connection not found';
/**
 * A client uuid that is taken answers this, whether the record holding it is in this organization
 * or another one: nothing (not even that it is a PMS connection elsewhere) is learnt about another
 * organization, and no `current` record is sent.
 */
const uuidTaken = () =>
  new HttpError(409, [{ code: ERROR_CODES.conflict, message: 'This uuid cannot be used. Create the connection with a new uuid.', field: 'uuid' }]);

/** 422, like the other field refusals the outbox returns to their form (a 409 would read as an edit conflict). */
const nameTaken = () => HttpError.of(422, ERROR_CODES.validation, PMS_CONNECTION_MESSAGES.nameTaken, 'name');

const orgParams = z.object({ org: z.string().max(64).describe('Organization uuid') });
const connectionParams = orgParams.extend({ id: z.string().max(64).describe('PMS connection uuid') });
// Loose: Fastify replaces request.headers with the parsed value, so every other header must survive.
const ifMatchHeaders = z.looseObject({
  'if-match': z.string().max(64).optional().describe('"<version>": answer 412 with `current` when the connection changed meanwhile'),
  'idempotency-key': z.string().max(255).optional().describe('Applies the mutation once; a replay answers the stored response'),
});
const idempotencyHeaders = ifMatchHeaders.pick({ 'idempotency-key': true });
/** 412 answers the current record beside the errors, so the app can show both sides. */
const versionMismatchSchema = z.object({ ...apiErrorBodySchema.shape, current: pmsConnectionSchema.optional() });
const mutationErrors = { ...errorResponses(400, 401, 403, 404, 409, 422), 412: versionMismatchSchema };

type Row = typeof pmsConnections.$inferSelect;

function toConnection(row: Row): PmsConnection {
  return { uuid: row.uuid, orgUuid: row.orgUuid, name: row.name, type: row.type, host: row.host, port: row.port, version: row.version };
}

const etag = (version: number) => `"${version}"`;

export const pmsConnectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.lobby;

  /** 403 unless the caller may set the organization up, then 404 for an unknown organization. */
  async function authorize(request: FastifyRequest, org: string): Promise<string> {
    const me = await loadGrantee(db, caller(request));
    if (!me) throw unauthenticated();
    if (!canSetupOrganization(me, org.toLowerCase())) throw HttpError.of(403, ERROR_CODES.forbidden, NO_PERMISSION);
    if (!UUID.test(org)) throw notFound('Organization not found');
    const [found] = await db.select({ uuid: organizations.uuid }).from(organizations).where(eq(organizations.uuid, org));
    if (!found) throw notFound('Organization not found');
    return found.uuid;
  }

  async function findConnection(executor: Executor, orgUuid: string, id: string, forUpdate = false): Promise<Row> {
    if (!UUID.test(id)) throw notFound(CONNECTION_NOT_FOUND);
    const query = executor
      .select()
      .from(pmsConnections)
      .where(and(eq(pmsConnections.uuid, id), eq(pmsConnections.orgUuid, orgUuid)));
    const [row] = forUpdate ? await query.for('update') : await query;
    if (!row) throw notFound(CONNECTION_NOT_FOUND);
    return row;
  }

  /** Serializes the creates and renames of one organization's connections until the transaction ends. */
  async function lockOrganization(tx: Executor, orgUuid: string): Promise<void> {
    await tx.select({ uuid: organizations.uuid }).from(organizations).where(eq(organizations.uuid, orgUuid)).for('no key update');
  }

  /** 422 on `name` when another connection of the organization has this name (the organization locked first). */
  async function assertNameFree(tx: Executor, orgUuid: string, name: string, self: string): Promise<void> {
    const others = await tx.select({ uuid: pmsConnections.uuid, name: pmsConnections.name }).from(pmsConnections).where(eq(pmsConnections.orgUuid, orgUuid));
    if (isPmsConnectionNameTaken(name, others, self)) throw nameTaken();
  }

  app.get(
    '/organization/:org/pms-connection',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pms'],
        summary: 'PMS connections of an organization, sorted by name',
        description: 'Needs organization setup (SETUP_ORG and a MANAGEMENT membership of the organization, or omnipresence).',
        security: BEARER,
        params: orgParams,
        response: { 200: pmsConnectionListResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const orgUuid = await authorize(request, request.params.org);
      const rows = await db.select().from(pmsConnections).where(eq(pmsConnections.orgUuid, orgUuid));
      const data = rows
        .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.uuid.localeCompare(b.uuid))
        .map(toConnection);
      return { data };
    },
  );

  app.get(
    '/organization/:org/pms-connection/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pms'],
        summary: 'One PMS connection',
        description: 'Answers an ETag "<version>" to send back as If-Match.',
        security: BEARER,
        params: connectionParams,
        response: { 200: pmsConnectionSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const orgUuid = await authorize(request, request.params.org);
      const row = await findConnection(db, orgUuid, request.params.id);
      void reply.header('etag', etag(row.version));
      return toConnection(row);
    },
  );

  app.post(
    '/organization/:org/pms-connection',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pms'],
        summary: 'Create a PMS connection',
        description:
          'A client-generated uuid is kept (offline create chains); the nil uuid answers 400. A uuid already in use, in this organization or any other, answers the same 409 `conflict`. A name another connection of the organization has (case ignored) answers 422 `validation` on `name`.',
        security: BEARER,
        params: orgParams,
        headers: idempotencyHeaders,
        body: pmsConnectionCreateSchema,
        response: { 201: pmsConnectionSchema, ...mutationErrors },
      },
    },
    async (request, reply) => {
      const orgUuid = await authorize(request, request.params.org);
      const { uuid, ...input } = request.body;
      return withMutation(request, reply, async (tx) => {
        await lockOrganization(tx, orgUuid);
        const now = request.server.lobby.now();
        const [row] = await tx
          .insert(pmsConnections)
          .values({ ...(uuid === undefined ? {} : { uuid }), orgUuid, ...input, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: pmsConnections.uuid })
          .returning();
        if (!row) throw uuidTaken();
        // the insert is undone with the refusal (withMutation's transaction)
        await assertNameFree(tx, orgUuid, row.name, row.uuid);
        return { statusCode: 201, body: toConnection(row) };
      });
    },
  );

  app.put(
    '/organization/:org/pms-connection/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pms'],
        summary: 'Update a PMS connection',
        description:
          'Answers the record with its version increased. With If-Match, a stale version answers 412 with `current`. A new name another connection of the organization has (case ignored) answers 422 `validation` on `name`; keeping its own name is always allowed.',
        security: BEARER,
        params: connectionParams,
        headers: ifMatchHeaders,
        body: pmsConnectionInputSchema,
        response: { 200: pmsConnectionSchema, ...mutationErrors },
      },
    },
    async (request, reply) => {
      const orgUuid = await authorize(request, request.params.org);
      return withMutation(request, reply, async (tx) => {
        await lockOrganization(tx, orgUuid);
        const current = await findConnection(tx, orgUuid, request.params.id, true);
        assertVersion(request, current, { currentBody: toConnection(current) });
        if (pmsConnectionNameKey(request.body.name) !== pmsConnectionNameKey(current.name)) await assertNameFree(tx, orgUuid, request.body.name, current.uuid);
        const [row] = await tx
          .update(pmsConnections)
          .set({ ...request.body, version: current.version + 1, updatedAt: request.server.lobby.now() })
          .where(eq(pmsConnections.uuid, current.uuid))
          .returning();
        if (!row) throw notFound(CONNECTION_NOT_FOUND);
        return { statusCode: 200, body: toConnection(row) };
      });
    },
  );

  app.delete(
    '/organization/:org/pms-connection/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pms'],
        summary: 'Delete a PMS connection',
        description: 'With If-Match, a stale version answers 412 with `current`.',
        security: BEARER,
        params: connectionParams,
        headers: ifMatchHeaders,
        response: { 204: noContent, ...mutationErrors },
      },
    },
    async (request, reply) => {
      const orgUuid = await authorize(request, request.params.org);
      return withMutation(request, reply, async (tx) => {
        const current = await findConnection(tx, orgUuid, request.params.id, true);
        assertVersion(request, current, { currentBody: toConnection(current) });
        await tx.delete(pmsConnections).where(eq(pmsConnections.uuid, current.uuid));
        return { statusCode: 204 };
      });
    },
  );
};

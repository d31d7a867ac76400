/**
 * PMS connection routes beside the resource (server/routes/pms-connections.ts): the web app's list
 * and create by organization in the body (web-bff), the PMS operator's read of one connection by
 * uuid alone, and the pairing of an OPERA IFC8 XML agent with a one-time code.
 *
 * Authorization is the domain's organization-setup rule, as on the resource. A route addressed by
 * a connection uuid alone answers a connection of an organization the caller may not set up exactly
 * like an unknown one (404), so a uuid tells nothing about other organizations.
 *
 * A pairing code is 8 characters of an unambiguous alphabet, valid 10 minutes and once. Only its
 * SHA-256 is stored (one per connection: a new code replaces the old one). The plain code is in the
 * 201 answer only: never logged, never stored, not even in the idempotency table (the route does
 * not go through withMutation), and the answer is `Cache-Control: no-store`.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PmsConnectionType } from '../../src/domain/index';
import {
  canSetupOrganization,
  ERROR_CODES,
  PMS_CONNECTION_TYPE_LABELS,
  pmsConnectionCreateSchema,
  pmsConnectionListResponseSchema,
  pmsConnectionSchema,
} from '../../src/domain/index';
import { sha256 } from '../auth/secrets';
import type { Executor } from '../db/client';
import { agentPairingCodes, organizations, pmsConnections } from '../db/schema';
import { HttpError, notFound, unauthenticated } from '../http-error';
import { withMutation } from '../plugins/idempotency';
import { BEARER } from '../plugins/swagger';
import { etag, fieldRefusal, idempotencyHeaders, NIL_UUID, UUID } from '../resources/define-resource';
import { organizationScope } from '../resources/scopes';
import { callerGrantee } from '../services/directory';
import { pmsConnectionResource } from './pms-connections';
import { errorResponses } from './schemas';

/** The only connection type an agent pairs with. */
export const AGENT_CONNECTION_TYPE: PmsConnectionType = 'OPERA_IFC8_XML_AGENT';
/** No 0/O and no 1/I, so a code read aloud or typed from a screen is not mistaken. */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_CODE_TTL_MS = 10 * 60_000;

export const PAIRING_MESSAGES = {
  agentOnly: `A pairing code exists only for ${PMS_CONNECTION_TYPE_LABELS.OPERA_IFC8_XML_AGENT} connections`,
  invalid: 'This pairing code is not valid',
} as const;

const CONNECTION_NOT_FOUND = pmsConnectionResource.messages.notFound;

/** A new random code (crypto.randomInt: uniform over the alphabet). */
export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i += 1) code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
  return code;
}

/** The stored form of a code, as typed: surrounding spaces and case ignored. */
export function pairingCodeHash(code: string): string {
  return sha256(code.trim().toUpperCase());
}

const orgParams = z.object({ org: z.string().max(64).describe(organizationScope.description) });
const idParams = z.object({ id: z.string().max(64).describe('PMS connection uuid') });
const createBody = pmsConnectionCreateSchema.extend({
  orgUuid: z.string().uuid().toLowerCase().describe('The organization the connection belongs to'),
});
const pairingCodeResponse = z.object({
  code: z.string().describe('The code to enter in the agent: shown once, never stored in clear'),
  expiresAt: z.string().describe('ISO time after which the code no longer pairs'),
});
const pairBody = z.object({ code: z.string().min(1).max(64).describe('The pairing code shown in the web app') });
const pairResponse = z.object({ connectionUuid: z.string().uuid(), orgUuid: z.string().uuid() });

const common = { tags: ['pms'], security: BEARER };
const forbiddenOrganization = () => HttpError.of(403, ERROR_CODES.forbidden, organizationScope.forbidden);
const pairingInvalid = () => HttpError.of(400, ERROR_CODES.validation, PAIRING_MESSAGES.invalid);
const uuidTaken = () => HttpError.of(409, ERROR_CODES.conflict, pmsConnectionResource.messages.uuidTaken, 'uuid');

type ConnectionRow = typeof pmsConnections.$inferSelect;

export const pmsExtraRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, limits } = app.lobby;

  async function setupRule(request: FastifyRequest): Promise<(orgUuid: string) => boolean> {
    const me = await callerGrantee(request);
    if (!me) throw unauthenticated();
    return (orgUuid) => canSetupOrganization(me, orgUuid.toLowerCase());
  }

  /** 403 unless the caller may set up the organization, then 404 for an unknown one: its stored uuid. */
  async function authorizeOrganization(request: FastifyRequest, raw: string): Promise<string> {
    const allowed = await setupRule(request);
    if (!allowed(raw)) throw forbiddenOrganization();
    if (!UUID.test(raw)) throw notFound(organizationScope.notFound);
    const [found] = await db.select({ uuid: organizations.uuid }).from(organizations).where(eq(organizations.uuid, raw));
    if (!found) throw notFound(organizationScope.notFound);
    return found.uuid;
  }

  /**
   * The connection, if the caller may set up its organization (`allowed`, from setupRule: loaded
   * before any transaction, as PGlite has one connection); 404 alike for unknown and not allowed.
   */
  async function authorizedConnection(allowed: (orgUuid: string) => boolean, executor: Executor, id: string, lock = false): Promise<ConnectionRow> {
    if (!UUID.test(id)) throw notFound(CONNECTION_NOT_FOUND);
    const query = executor.select().from(pmsConnections).where(eq(pmsConnections.uuid, id));
    const [row] = lock ? await query.for('key share') : await query;
    if (!row || !allowed(row.orgUuid)) throw notFound(CONNECTION_NOT_FOUND);
    return row;
  }

  app.get(
    '/web-bff/v1/web/:org/pms-connections',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'PMS connections of an organization, sorted by name (web app)',
        description: 'The same records as GET /organization/{org}/pms-connection. Needs organization setup.',
        params: orgParams,
        response: { 200: pmsConnectionListResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const orgUuid = await authorizeOrganization(request, request.params.org);
      const rows = await db.select().from(pmsConnections).where(eq(pmsConnections.orgUuid, orgUuid));
      return { data: rows.map(pmsConnectionResource.toRecord).sort(pmsConnectionResource.compare) };
    },
  );

  app.post(
    '/web-bff/v1/web/pms-connections',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Create a PMS connection in the organization named in the body (web app)',
        description:
          'The rules of POST /organization/{org}/pms-connection: a client uuid is kept, the nil uuid answers 400, a uuid in use anywhere 409 `conflict`, ' +
          'a name another connection of the organization has (case ignored) 422 `validation` on `name`.',
        headers: idempotencyHeaders,
        body: createBody,
        response: { 201: pmsConnectionSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { orgUuid: rawOrg, uuid, ...input } = request.body;
      const orgUuid = await authorizeOrganization(request, rawOrg);
      const me = await callerGrantee(request);
      if (!me) throw unauthenticated();
      if (uuid === NIL_UUID) throw HttpError.of(400, ERROR_CODES.validation, pmsConnectionResource.messages.nilUuid ?? 'The nil uuid cannot identify a record', 'uuid');
      return withMutation(request, reply, async (tx) => {
        // serializes the creates and updates of the organization, so two never both pass the name check
        await tx.select({ uuid: organizations.uuid }).from(organizations).where(eq(organizations.uuid, orgUuid)).for('no key update');
        const now = request.server.lobby.now();
        const [row] = await tx
          .insert(pmsConnections)
          .values({ ...(uuid === undefined ? {} : { uuid }), orgUuid, ...input, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: pmsConnections.uuid })
          .returning();
        if (!row) throw uuidTaken();
        if (pmsConnectionResource.validate) {
          const refusal = fieldRefusal(await pmsConnectionResource.validate(tx, { parent: orgUuid, params: { org: orgUuid }, caller: me }, input, { uuid: row.uuid, before: null }));
          if (refusal) throw refusal;
        }
        return { statusCode: 201, body: pmsConnectionResource.toRecord(row) };
      });
    },
  );

  app.get(
    '/pms-operator/v1/pms-connections/:id',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'One PMS connection by uuid',
        description:
          'Any organization the caller may set up. A connection of another organization answers the same 404 as an unknown one. Answers an ETag "<version>".',
        params: idParams,
        response: { 200: pmsConnectionSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const row = await authorizedConnection(await setupRule(request), db, request.params.id);
      return reply.header('etag', etag(row.version)).send(pmsConnectionResource.toRecord(row));
    },
  );

  app.post(
    '/agent/v1/agents/otp-code/:id',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'A new pairing code for an OPERA IFC8 XML AGENT connection',
        description:
          'The code pairs one agent with the connection within 10 minutes, once; a new code replaces the previous one. ' +
          'It is shown in this answer only (`Cache-Control: no-store`, no Idempotency-Key: a retry makes a new code). ' +
          'A connection of another type answers 422 `validation`; one of an organization the caller may not set up, 404 like an unknown one.',
        params: idParams,
        response: { 201: pairingCodeResponse, ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const now = request.server.lobby.now();
      const expiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_MS);
      const allowed = await setupRule(request);
      const code = await db.transaction(async (tx) => {
        // key share: the connection cannot be deleted before the code row refers to it
        const connection = await authorizedConnection(allowed, tx, request.params.id, true);
        if (connection.type !== AGENT_CONNECTION_TYPE) throw HttpError.of(422, ERROR_CODES.validation, PAIRING_MESSAGES.agentOnly);
        let fresh = newPairingCode();
        // a live code of another connection with the same hash would make pairing ambiguous: draw again
        // (one chance in about 10^12 per live code)
        for (;;) {
          const [clash] = await tx
            .select({ uuid: agentPairingCodes.connectionUuid })
            .from(agentPairingCodes)
            .where(and(eq(agentPairingCodes.codeHash, pairingCodeHash(fresh)), isNull(agentPairingCodes.usedAt), gt(agentPairingCodes.expiresAt, now)));
          if (!clash || clash.uuid === connection.uuid) break;
          fresh = newPairingCode();
        }
        const values = { codeHash: pairingCodeHash(fresh), expiresAt, usedAt: null, createdAt: now };
        await tx
          .insert(agentPairingCodes)
          .values({ connectionUuid: connection.uuid, ...values })
          .onConflictDoUpdate({ target: agentPairingCodes.connectionUuid, set: values });
        return fresh;
      });
      return reply.code(201).header('cache-control', 'no-store').send({ code, expiresAt: expiresAt.toISOString() });
    },
  );

  app.post(
    '/agent/v1/agents/pair',
    {
      config: { rateLimit: { max: limits.publicRequestsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['pms'],
        summary: 'Pair an agent with its connection by a pairing code',
        description:
          'No user: the code is the credential. A valid code is used up; a wrong, expired or used code answers the same 400 `validation`.',
        body: pairBody,
        response: { 200: pairResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const now = request.server.lobby.now();
      const agentConnections = db.select({ uuid: pmsConnections.uuid }).from(pmsConnections).where(eq(pmsConnections.type, AGENT_CONNECTION_TYPE));
      const paired = await db.transaction(async (tx) => {
        // one statement: of two requests with the same code, only one finds it unused
        const [used] = await tx
          .update(agentPairingCodes)
          .set({ usedAt: now })
          .where(
            and(
              eq(agentPairingCodes.codeHash, pairingCodeHash(request.body.code)),
              isNull(agentPairingCodes.usedAt),
              gt(agentPairingCodes.expiresAt, now),
              inArray(agentPairingCodes.connectionUuid, agentConnections),
            ),
          )
          .returning({ connectionUuid: agentPairingCodes.connectionUuid });
        if (!used) return null;
        const [connection] = await tx
          .select({ connectionUuid: pmsConnections.uuid, orgUuid: pmsConnections.orgUuid })
          .from(pmsConnections)
          .where(eq(pmsConnections.uuid, used.connectionUuid));
        return connection ?? null;
      });
      if (!paired) throw pairingInvalid();
      return reply.code(200).send(paired);
    },
  );
};

/**
 * Organizations (spec section 7, "Organization and units"): the list the caller may see, create,
 * one organization with its ous tree (inheritAttributes=TRUE resolves every unit's values), and
 * update. An organization's own attributes are the root every unit inherits from; they are
 * validated by the attribute registry like a unit's.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Organization, OrganizationDetail, Unit } from '../../src/domain/index';
import {
  apiErrorBodySchema,
  buildUnitTree,
  canCreateOrganization,
  canSetupOrganization,
  ERROR_CODES,
  ORGANIZATION_KIND,
  ORGANIZATION_MESSAGES,
  organizationCreateSchema,
  organizationDetailSchema,
  organizationInputSchema,
  organizationListResponseSchema,
  organizationSchema,
  visibleOrganizationUuids,
  visibleUnitUuids,
} from '../../src/domain/index';
import { memberships, organizations } from '../db/schema';
import { HttpError, notFound, unauthenticated } from '../http-error';
import { organizationFields, recordChange, recordHistory } from '../services/history';
import { withMutation } from '../plugins/idempotency';
import { assertVersion } from '../plugins/if-match';
import { BEARER } from '../plugins/swagger';
import { etag, fieldRefusal, idempotencyHeaders, ifMatchHeaders } from '../resources/define-resource';
import { callerGrantee, loadTreeFor } from '../services/directory';
import type { OrganizationRow } from '../services/units';
import { attributeReferenceErrors, presentUnits, queryFlag, readableOrganizationTree, treeOf, unitsOf } from '../services/units';
import { storedAttributes } from '../../src/domain/index';
import { errorResponses } from './schemas';
import { compareText } from '../../src/domain/text-order';

const common = { tags: ['organization'], security: BEARER };
const orgParams = z.object({ org: z.string().max(64).describe('Organization uuid') });
const mutationErrors = { ...errorResponses(400, 401, 403, 404, 409, 422), 412: z.object({ ...apiErrorBodySchema.shape, current: organizationSchema.optional() }) };

const toOrganization = (row: OrganizationRow): Organization => ({ uuid: row.uuid, name: row.name, legalCompanyName: row.legalCompanyName, status: row.status, version: row.version });

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.lobby;

  app.get(
    '/organization/v1/organization',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Organizations visible to the caller, sorted by name',
        description: 'Omnipresent memberships see all; otherwise organizations and units of the memberships, with descendants.',
        response: { 200: organizationListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = await callerGrantee(request);
      if (!me) throw unauthenticated();
      // an omnipresent membership sees every organization: no units need reading to know which
      const visible = me.memberships.some((membership) => membership.omnipresence) ? null : visibleOrganizationUuids(me.memberships, await loadTreeFor(db, me));
      // the visible organizations' rows alone, not every tenant's
      const rows = visible === null ? await db.select().from(organizations) : visible.size === 0 ? [] : await db.select().from(organizations).where(inArray(organizations.uuid, [...visible]));
      const data = rows
        .sort((a, b) => compareText(a.name, b.name) || a.uuid.localeCompare(b.uuid))
        .map(toOrganization);
      return { data };
    },
  );

  app.post(
    '/organization/v1/organization',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Create an organization',
        description:
          'Needs CREATE_ORG (or an omnipresent MANAGEMENT membership). Its name is set from legalCompanyName. A creator without omnipresence becomes a MANAGEMENT member of it, so it can see and set it up. A client uuid is kept; one in use answers 409.',
        headers: idempotencyHeaders,
        body: organizationCreateSchema,
        response: { 201: organizationDetailSchema, ...mutationErrors },
      },
    },
    async (request, reply) => {
      const me = await callerGrantee(request);
      if (!me) throw unauthenticated();
      if (!canCreateOrganization(me)) throw HttpError.of(403, ERROR_CODES.forbidden, ORGANIZATION_MESSAGES.createForbidden);
      const { uuid, legalCompanyName, status, attributes = {} } = request.body;
      return withMutation(request, reply, async (tx) => {
        const now = request.server.lobby.now();
        const [row] = await tx
          .insert(organizations)
          .values({ ...(uuid ? { uuid } : {}), name: legalCompanyName, legalCompanyName, status, attributes: storedAttributes(attributes), createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: organizations.uuid })
          .returning();
        if (!row) throw new HttpError(409, [{ code: ERROR_CODES.conflict, message: ORGANIZATION_MESSAGES.uuidTaken, field: 'uuid' }]);
        const refusal = fieldRefusal(await attributeReferenceErrors(tx, row.uuid, attributes, { publicUrl: request.server.lobby.config.publicUrl }));
        if (refusal) throw refusal;
        if (!me.memberships.some((m) => m.membershipType === 'MANAGEMENT' && m.omnipresence)) {
          await tx.insert(memberships).values({ userUuid: me.user.uuid, membershipType: 'MANAGEMENT', omnipresence: false, orgs: [row.uuid], ous: [] });
        }
        await recordHistory(tx, request, recordChange({ kind: ORGANIZATION_KIND, recordUuid: row.uuid, orgUuid: row.uuid, unitUuid: null }, null, organizationFields(row)));
        const detail: OrganizationDetail = { ...toOrganization(row), attributes: row.attributes, ous: [] };
        return { statusCode: 201, body: detail };
      });
    },
  );

  app.get(
    '/organization/:org',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'One organization with its ous tree',
        description:
          'The tree holds the units the caller may see (a unit whose parent is hidden sits at the top). With inheritAttributes=TRUE every unit also answers `effective`: each value it has and where it comes from. Answers an ETag "<version>" to send back as If-Match.',
        params: orgParams,
        querystring: z.object({ inheritAttributes: queryFlag }),
        response: { 200: organizationDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const me = await callerGrantee(request);
      if (!me) throw unauthenticated();
      const { tree, org } = await readableOrganizationTree(db, me, request.params.org);
      const rows = await unitsOf(db, org.uuid);
      const visible = visibleUnitUuids(me.memberships, treeOf(org, rows), tree);
      const presented = presentUnits(org, rows, { inherit: request.query.inheritAttributes });
      const units = rows.filter((row) => visible.has(row.uuid)).map((row) => presented.get(row.uuid) as Unit);
      // a unit whose parent the caller cannot see is shown at the top of what it can see
      const shown = units.map((unit) => (unit.parentUuid !== null && !visible.has(unit.parentUuid) ? { ...unit, parentUuid: null } : unit));
      const detail: OrganizationDetail = { ...toOrganization(org), attributes: org.attributes, ous: buildUnitTree(shown) };
      return reply.header('etag', etag(org.version)).send(detail);
    },
  );

  app.put(
    '/organization/:org',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Update an organization',
        description:
          'Needs organization setup. Its name follows legalCompanyName; the attributes sent replace its own (a key left out is not set). With If-Match, a stale version answers 412 with `current`.',
        params: orgParams,
        headers: ifMatchHeaders,
        body: organizationInputSchema,
        response: { 200: organizationDetailSchema, ...mutationErrors },
      },
    },
    async (request, reply) => {
      const me = await callerGrantee(request);
      if (!me) throw unauthenticated();
      const { legalCompanyName, status, attributes } = request.body;
      return withMutation(request, reply, async (tx) => {
        const { org: before } = await readableOrganizationTree(tx, me, request.params.org, true);
        if (!canSetupOrganization(me, before.uuid)) throw HttpError.of(403, ERROR_CODES.forbidden, ORGANIZATION_MESSAGES.viewForbidden);
        assertVersion(request, before, { currentBody: toOrganization(before) });
        const next = attributes === undefined ? before.attributes : storedAttributes(attributes);
        const refusal = fieldRefusal(await attributeReferenceErrors(tx, before.uuid, next, { publicUrl: request.server.lobby.config.publicUrl, before: before.attributes }));
        if (refusal) throw refusal;
        const [row] = await tx
          .update(organizations)
          .set({ name: legalCompanyName, legalCompanyName, status, attributes: next, version: before.version + 1, updatedAt: request.server.lobby.now() })
          .where(eq(organizations.uuid, before.uuid))
          .returning();
        if (!row) throw notFound(ORGANIZATION_MESSAGES.notFound);
        await recordHistory(tx, request, recordChange({ kind: ORGANIZATION_KIND, recordUuid: row.uuid, orgUuid: row.uuid, unitUuid: null }, organizationFields(before), organizationFields(row)));
        const rows = await unitsOf(tx, row.uuid);
        const presented = [...presentUnits(row, rows, { inherit: true }).values()];
        const detail: OrganizationDetail = { ...toOrganization(row), attributes: row.attributes, ous: buildUnitTree(presented) };
        return { statusCode: 200, body: detail };
      });
    },
  );
};

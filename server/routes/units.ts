/**
 * Units of an organization (spec section 7, "Organization and units"): the tree of hotels, venues
 * and revenue centers under /organization/{org}/ous, the same shape for /venues and /hotels (their
 * type fixed by the path), one unit by uuid and the units of a user under /organization/v1.
 *
 * A unit is a tree resource, so it uses the pieces of the resource pattern (withMutation,
 * If-Match, client uuids, field refusals) around what a flat resource has not: placement in the
 * tree (no cycles, a revenue center under a venue or hotel, no removal with children), attributes
 * validated by the registry and resolved by inheritance, and authorization per unit (a user of one
 * hotel sets up that hotel and what sits below it). Every write holds the organization's row lock,
 * so two moves can never make a cycle together.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Grants, TreeOrganization, Unit, UnitType } from '../../src/domain/index';
import {
  apiErrorBodySchema,
  canSetupUnit,
  descendantsOf,
  ERROR_CODES,
  removalProblem,
  storedUnitAttributes,
  UNIT_KIND,
  UNIT_MESSAGES,
  unitCreateSchema,
  unitInputSchema,
  unitListResponseSchema,
  unitNameOf,
  unitSchema,
  visibleUnitUuids,
} from '../../src/domain/index';
import type { Transaction } from '../db/client';
import { organizationalUnits, organizations } from '../db/schema';
import { HttpError, notFound, unauthenticated } from '../http-error';
import { caller } from '../plugins/auth';
import { withMutation } from '../plugins/idempotency';
import { assertVersion } from '../plugins/if-match';
import { BEARER } from '../plugins/swagger';
import { etag, fieldRefusal, idempotencyHeaders, ifMatchHeaders } from '../resources/define-resource';
import { callerGrantee, loadGrantee, loadTree, loadTreeFor } from '../services/directory';
import { recordChange, recordHistory, unitFields } from '../services/history';
import type { OrganizationRow, UnitRow } from '../services/units';
import { attributeKeyList, presentUnits, queryFlag, readableOrganization, readableOrganizationTree, treeOf, unitsOf, unitWriteErrors, type UnitWrite } from '../services/units';
import { UUID } from '../resources/define-resource';
import { errorResponses, noContent } from './schemas';
import { compareText } from '../../src/domain/text-order';
import { groupBy } from '../../src/domain/group-by';

const orgParams = z.object({ org: z.string().max(64).describe('Organization uuid') });
const unitParams = orgParams.extend({ id: z.string().max(64).describe('Unit uuid') });
const readQuery = z.object({
  inheritAttributes: queryFlag.describe('TRUE: each unit also answers `effective`, every value it has and where it comes from'),
  attributeKeys: attributeKeyList.describe('Comma-separated attribute keys to answer (default: all)'),
});
const listQuery = readQuery.extend({
  parentUuid: z.string().max(64).optional().describe('Only the units directly under this unit (with includeDescendants: every unit below it)'),
  includeDescendants: queryFlag.describe('TRUE: the units at every depth, not only the first level'),
});
const mutationErrors = { ...errorResponses(400, 401, 403, 404, 409, 422), 412: z.object({ ...apiErrorBodySchema.shape, current: unitSchema.optional() }) };
const common = { tags: ['organization'], security: BEARER };

const saveForbidden = () => HttpError.of(403, ERROR_CODES.forbidden, UNIT_MESSAGES.saveForbidden);
const uuidTaken = () => new HttpError(409, [{ code: ERROR_CODES.conflict, message: UNIT_MESSAGES.uuidTaken, field: 'uuid' }]);

interface Context {
  me: Grants;
  tree: TreeOrganization[];
  org: OrganizationRow;
}

/** The unit routes of one path: /ous (any type, given in the body) or /venues and /hotels (type fixed). */
function unitRoutesAt(segment: string, fixedType: UnitType | null): FastifyPluginAsyncZod {
  const path = `/organization/:org/${segment}`;
  const itemPath = `${path}/:id`;
  const what = fixedType === null ? 'unit' : fixedType === 'HOTEL' ? 'hotel' : 'venue';
  const createBody = fixedType === null ? unitCreateSchema : unitCreateSchema.omit({ type: true });
  const ofType = (row: UnitRow) => fixedType === null || row.type === fixedType;

  return async (app) => {
    const { db } = app.lobby;

    async function context(request: FastifyRequest, forUpdate: Transaction | null = null): Promise<Context> {
      // inside a mutation every read goes through its transaction (PGlite has one connection)
      const executor = forUpdate ?? db;
      const me = await loadGrantee(executor, caller(request));
      if (!me) throw unauthenticated();
      const { tree, org } = await readableOrganizationTree(executor, me, (request.params as { org: string }).org, forUpdate !== null);
      return { me, tree, org };
    }

    function findUnit(rows: readonly UnitRow[], id: string, visible: ReadonlySet<string>): UnitRow {
      const row = UUID.test(id) ? rows.find((unit) => unit.uuid === id.toLowerCase()) : undefined;
      // a unit the caller cannot see is answered as one that does not exist
      if (!row || !ofType(row) || !visible.has(row.uuid)) throw notFound(UNIT_MESSAGES.notFound);
      return row;
    }

    const writeErrors = (tx: Transaction, ctx: Context, rows: readonly UnitRow[], unit: UnitWrite) => unitWriteErrors(tx, ctx.org.uuid, rows, unit, app.lobby.config.publicUrl);

    function answer(ctx: Context, rows: readonly UnitRow[], row: UnitRow): Unit {
      return presentUnits(ctx.org, rows, { inherit: true }).get(row.uuid) as Unit;
    }

    app.get(
      path,
      {
        onRequest: app.authenticate,
        schema: {
          ...common,
          summary: `The ${what}s of an organization the caller may see`,
          description: 'Without parentUuid: the units directly under the organization, or with includeDescendants=TRUE every unit. Sorted by name.',
          params: orgParams,
          querystring: listQuery,
          response: { 200: unitListResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const ctx = await context(request);
        const rows = await unitsOf(db, ctx.org.uuid);
        const visible = visibleUnitUuids(ctx.me.memberships, treeOf(ctx.org, rows), ctx.tree);
        const { parentUuid, includeDescendants, inheritAttributes, attributeKeys } = request.query;
        let chosen: Set<string>;
        if (parentUuid !== undefined) {
          const parent = findUnit(rows, parentUuid, visible);
          chosen = includeDescendants ? descendantsOf(rows, parent.uuid) : new Set(rows.filter((row) => row.parentUuid === parent.uuid).map((row) => row.uuid));
        } else {
          chosen = new Set(rows.filter((row) => includeDescendants || row.parentUuid === null).map((row) => row.uuid));
        }
        const presented = presentUnits(ctx.org, rows, { inherit: inheritAttributes, keys: attributeKeys });
        const data = rows
          .filter((row) => chosen.has(row.uuid) && visible.has(row.uuid) && ofType(row))
          .map((row) => presented.get(row.uuid) as Unit)
          .sort((a, b) => compareText(a.name, b.name) || a.uuid.localeCompare(b.uuid));
        return { data };
      },
    );

    app.get(
      itemPath,
      {
        onRequest: app.authenticate,
        schema: {
          ...common,
          summary: `One ${what}`,
          description: 'Answers an ETag "<version>" to send back as If-Match.',
          params: unitParams,
          querystring: readQuery,
          response: { 200: unitSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const ctx = await context(request);
        const rows = await unitsOf(db, ctx.org.uuid);
        const row = findUnit(rows, request.params.id, visibleUnitUuids(ctx.me.memberships, treeOf(ctx.org, rows), ctx.tree));
        const unit = presentUnits(ctx.org, rows, { inherit: request.query.inheritAttributes, keys: request.query.attributeKeys }).get(row.uuid) as Unit;
        return reply.header('etag', etag(row.version)).send(unit);
      },
    );

    app.post(
      path,
      {
        onRequest: app.authenticate,
        schema: {
          ...common,
          summary: `Create a ${what}`,
          description:
            'The body is the unit attributes (NAME required) and where it sits (parentUuid, null: under the organization). A client-generated uuid is kept, so a unit created offline can parent another; a uuid in use answers 409. Refused with 422: a revenue center not under a venue or hotel, a parent of another organization, a reference to a record of another organization. An unknown attribute key or a value of the wrong kind answers 400 naming the key.',
          params: orgParams,
          headers: idempotencyHeaders,
          body: createBody,
          response: { 201: unitSchema, ...mutationErrors },
        },
      },
      async (request, reply) => {
        const body = request.body as z.infer<typeof unitCreateSchema>;
        const type = fixedType ?? body.type;
        // every check runs on the locked organization, inside the mutation: a refusal stores nothing
        return withMutation(request, reply, async (tx) => {
          const ctx = await context(request, tx);
          const rows = await unitsOf(tx, ctx.org.uuid);
          if (!canSetupUnit(ctx.me, treeOf(ctx.org, rows), ctx.tree, body.parentUuid)) throw saveForbidden();
          const refusal = fieldRefusal(await writeErrors(tx, ctx, rows, { uuid: null, type, parentUuid: body.parentUuid, attributes: body.attributes }));
          if (refusal) throw refusal;
          const attributes = storedUnitAttributes(body.attributes, type);
          const now = request.server.lobby.now();
          const [row] = await tx
            .insert(organizationalUnits)
            .values({ ...(body.uuid ? { uuid: body.uuid } : {}), orgUuid: ctx.org.uuid, parentUuid: body.parentUuid, type, name: unitNameOf(attributes) ?? '', attributes, createdAt: now, updatedAt: now })
            .onConflictDoNothing({ target: organizationalUnits.uuid })
            .returning();
          if (!row) throw uuidTaken();
          await recordHistory(tx, request, recordChange({ kind: UNIT_KIND, recordUuid: row.uuid, orgUuid: ctx.org.uuid, unitUuid: row.uuid }, null, unitFields(row)));
          return { statusCode: 201, body: answer(ctx, [...rows, row], row) };
        });
      },
    );

    app.put(
      itemPath,
      {
        onRequest: app.authenticate,
        schema: {
          ...common,
          summary: `Update a ${what}`,
          description:
            'The attributes sent replace the unit\'s own (a key left out or null is inherited again); parentUuid moves it. Its type cannot change. With If-Match, a stale version answers 412 with `current`. Answers the unit with its effective attributes.',
          params: unitParams,
          headers: ifMatchHeaders,
          body: unitInputSchema,
          response: { 200: unitSchema, ...mutationErrors },
        },
      },
      async (request, reply) => {
        const body = request.body;
        return withMutation(request, reply, async (tx) => {
          const ctx = await context(request, tx);
          const rows = await unitsOf(tx, ctx.org.uuid);
          const tree = treeOf(ctx.org, rows);
          const before = findUnit(rows, request.params.id, visibleUnitUuids(ctx.me.memberships, tree, ctx.tree));
          if (!canSetupUnit(ctx.me, tree, ctx.tree, before.uuid)) throw saveForbidden();
          if (body.parentUuid !== before.parentUuid && !canSetupUnit(ctx.me, tree, ctx.tree, body.parentUuid)) throw saveForbidden();
          assertVersion(request, before, { currentBody: answer(ctx, rows, before) });
          const refusal = fieldRefusal(await writeErrors(tx, ctx, rows, { uuid: before.uuid, type: before.type, parentUuid: body.parentUuid, attributes: body.attributes }));
          if (refusal) throw refusal;
          if (body.attributes.TYPE != null && body.attributes.TYPE !== before.type) throw HttpError.of(422, ERROR_CODES.validation, UNIT_MESSAGES.typeFixed, 'attributes.TYPE');
          const attributes = storedUnitAttributes(body.attributes, before.type);
          const [row] = await tx
            .update(organizationalUnits)
            .set({ parentUuid: body.parentUuid, attributes, name: unitNameOf(attributes) ?? before.name, version: before.version + 1, updatedAt: request.server.lobby.now() })
            .where(and(eq(organizationalUnits.uuid, before.uuid), eq(organizationalUnits.orgUuid, ctx.org.uuid)))
            .returning();
          if (!row) throw notFound(UNIT_MESSAGES.notFound);
          await recordHistory(tx, request, recordChange({ kind: UNIT_KIND, recordUuid: row.uuid, orgUuid: ctx.org.uuid, unitUuid: row.uuid }, unitFields(before), unitFields(row)));
          return { statusCode: 200, body: answer(ctx, rows.map((unit) => (unit.uuid === row.uuid ? row : unit)), row) };
        });
      },
    );

    app.delete(
      itemPath,
      {
        onRequest: app.authenticate,
        schema: {
          ...common,
          summary: `Remove a ${what}`,
          description: 'A unit with units under it is refused with 422 saying so. With If-Match, a stale version answers 412 with `current`.',
          params: unitParams,
          headers: ifMatchHeaders,
          response: { 204: noContent, ...mutationErrors },
        },
      },
      async (request, reply) => {
        return withMutation(request, reply, async (tx) => {
          const ctx = await context(request, tx);
          const rows = await unitsOf(tx, ctx.org.uuid);
          const tree = treeOf(ctx.org, rows);
          const before = findUnit(rows, request.params.id, visibleUnitUuids(ctx.me.memberships, tree, ctx.tree));
          if (!canSetupUnit(ctx.me, tree, ctx.tree, before.uuid)) throw saveForbidden();
          assertVersion(request, before, { currentBody: answer(ctx, rows, before) });
          const problem = removalProblem(rows, before.uuid);
          if (problem) throw HttpError.of(422, ERROR_CODES.validation, problem);
          await tx.delete(organizationalUnits).where(eq(organizationalUnits.uuid, before.uuid));
          await recordHistory(tx, request, recordChange({ kind: UNIT_KIND, recordUuid: before.uuid, orgUuid: ctx.org.uuid, unitUuid: before.uuid }, unitFields(before), null));
          return { statusCode: 204 };
        });
      },
    );
  };
}

/** /organization/v1: one unit by its uuid, and the units of a user. */
const unitLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.lobby;

  app.get(
    '/organization/v1/ous/:uuid',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'One unit by its uuid, in whichever organization it is',
        description: 'With parentUuid, a unit not directly under that parent answers 404.',
        params: z.object({ uuid: z.string().max(64) }),
        querystring: readQuery.extend({ parentUuid: z.string().max(64).optional() }),
        response: { 200: unitSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const me = await callerGrantee(request);
      if (!me) throw unauthenticated();
      const id = request.params.uuid.toLowerCase();
      const [found] = UUID.test(id) ? await db.select().from(organizationalUnits).where(eq(organizationalUnits.uuid, id)) : [];
      if (!found) throw notFound(UNIT_MESSAGES.notFound);
      const tree = await loadTree(db, found.orgUuid);
      const org = await readableOrganization(db, me, tree, found.orgUuid).catch(() => {
        throw notFound(UNIT_MESSAGES.notFound);
      });
      const rows = await unitsOf(db, org.uuid);
      const visible = visibleUnitUuids(me.memberships, treeOf(org, rows), tree);
      const { parentUuid, inheritAttributes, attributeKeys } = request.query;
      if (!visible.has(found.uuid) || (parentUuid !== undefined && found.parentUuid !== parentUuid.toLowerCase())) throw notFound(UNIT_MESSAGES.notFound);
      const unit = presentUnits(org, rows, { inherit: inheritAttributes, keys: attributeKeys }).get(found.uuid) as Unit;
      return reply.header('etag', etag(found.version)).send(unit);
    },
  );

  app.get(
    '/organization/v1/users/:uuid/ous',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "The units a user's memberships reach",
        description:
          'The caller\'s own units, or any user\'s for an omnipresent MANAGEMENT member. Without includeDescendants=TRUE only the units the memberships name (or, for a whole organization, the units directly under it); attributes=KEY,KEY picks the attributes answered.',
        params: z.object({ uuid: z.string().max(64) }),
        querystring: z.object({ includeDescendants: queryFlag, attributes: attributeKeyList, inheritAttributes: queryFlag }),
        response: { 200: unitListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = await callerGrantee(request);
      if (!me) throw unauthenticated();
      const target = request.params.uuid.toLowerCase();
      const omnipresent = me.memberships.some((m) => m.membershipType === 'MANAGEMENT' && m.omnipresence);
      if (target !== me.user.uuid && !omnipresent) throw HttpError.of(403, ERROR_CODES.forbidden, "You don't have permissions to view this user's units");
      const subject = target === me.user.uuid ? me : UUID.test(target) ? await loadGrantee(db, target) : null;
      if (!subject) throw notFound('User not found');
      const tree = await loadTreeFor(db, subject);
      const { includeDescendants, attributes: keys, inheritAttributes } = request.query;
      // the units each organization shows the user: the rules look at that organization alone
      const reachedIn = new Map<string, Set<string>>();
      for (const node of tree) {
        const reached = visibleUnitUuids(subject.memberships, node, [node]);
        if (reached.size > 0) reachedIn.set(node.uuid, reached);
      }
      if (reachedIn.size === 0) return { data: [] };
      // the organizations and units in two reads, not two per organization (an omnipresent user reaches every one)
      const everywhere = subject.memberships.some((m) => m.omnipresence);
      const orgUuids = [...reachedIn.keys()];
      const orgRows = await db.select().from(organizations).where(everywhere ? undefined : inArray(organizations.uuid, orgUuids));
      const unitRows = await db.select().from(organizationalUnits).where(everywhere ? undefined : inArray(organizationalUnits.orgUuid, orgUuids));
      const unitsIn = groupBy(unitRows, (row) => row.orgUuid);
      const named = new Set(subject.memberships.flatMap((m) => m.ous));
      const data: Unit[] = [];
      for (const org of orgRows) {
        const reached = reachedIn.get(org.uuid);
        if (reached === undefined) continue;
        const rows = unitsIn.get(org.uuid) ?? [];
        const wholeOrg = subject.memberships.some((m) => m.omnipresence || m.orgs.includes(org.uuid));
        const presented = presentUnits(org, rows, { inherit: inheritAttributes, keys });
        for (const row of rows) {
          if (!reached.has(row.uuid)) continue;
          const first = wholeOrg ? row.parentUuid === null : named.has(row.uuid);
          if (includeDescendants || first) data.push(presented.get(row.uuid) as Unit);
        }
      }
      return { data: data.sort((a, b) => compareText(a.name, b.name) || a.uuid.localeCompare(b.uuid)) };
    },
  );
};

export const unitRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(unitRoutesAt('ous', null));
  await app.register(unitRoutesAt('venues', 'VENUE'));
  await app.register(unitRoutesAt('hotels', 'HOTEL'));
  await app.register(unitLookupRoutes);
};

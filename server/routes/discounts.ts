/**
 * A unit's discounts (issue 17): CRUD on the resource pattern under unitScope at
 * /discount/v1/organizations/{org}/ous/{ou}/discounts[/{id}] (name unique in the unit, case
 * ignored; value an integer: hundredths of a percent or minor units), and the unit's selector at
 * /discount/v1/organizations/{org}/ous/{ou}/discount/selected: GET its options with `enabled`, PUT
 * the uuids it offers (replaces them). Everything needs organization setup or setup of that unit.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  compareByName,
  DISCOUNT_MESSAGES,
  discountCreateSchema,
  discountInputSchema,
  discountListResponseSchema,
  discountSchema,
  discountSelectorResponseSchema,
  ERROR_CODES,
  isNameTaken,
  selectedDiscountsSchema,
  selectionProblems,
  uniqueNameKey,
  type Discount,
  DISCOUNT_KIND,
  UNIT_KIND,
} from '../../src/domain/index';
import type { Executor } from '../db/client';
import { discounts } from '../db/schema';
import { HttpError, unauthenticated } from '../http-error';
import { caller } from '../plugins/auth';
import { withMutation } from '../plugins/idempotency';
import { BEARER } from '../plugins/swagger';
import { caseIgnoredName } from '../resources/batch-rules';
import { defineResource, idempotencyHeaders } from '../resources/define-resource';
import { unitScope } from '../resources/scopes';
import { callerGrantee } from '../services/directory';
import { recordChange, recordHistory } from '../services/history';
import { authorizeUnit, findUnit, lockUnit } from '../services/unit-scope';
import { errorResponses } from './schemas';

const BASE = '/discount/v1/organizations/:org/ous/:ou';
const SETUP = 'Needs organization setup, or setup of this unit (a manager of one hotel sets up that hotel and what is below it).';

type DiscountRow = typeof discounts.$inferSelect;
const discountRecord = ({ uuid, orgUuid, ouUuid, name, label, type, value, status, enabled, version }: DiscountRow): Discount => ({ uuid, orgUuid, ouUuid, name, label, type, value, status, enabled, version });

export const discountResource = defineResource({
  path: `${BASE}/discounts`,
  kind: DISCOUNT_KIND,
  parent: unitScope,
  table: discounts,
  parentKey: 'ouUuid',
  scopeKeys: { orgUuid: 'org' },
  schemas: { record: discountSchema, create: discountCreateSchema, update: discountInputSchema, list: discountListResponseSchema },
  authorize: authorizeUnit,
  toRecord: discountRecord,
  // whether the unit offers it is the selector's (PUT …/discount/selected)
  toValues: ({ name, label, type, value, status }) => ({ name, label, type, value, status }),
  compare: compareByName,
  async validate(tx, { parent }, input, { uuid, before }) {
    if (before && uniqueNameKey(before.name) === uniqueNameKey(input.name)) return [];
    const others = await tx.select({ uuid: discounts.uuid, name: discounts.name }).from(discounts).where(eq(discounts.ouUuid, parent));
    return isNameTaken(input.name, others, uuid) ? [{ field: 'name', message: DISCOUNT_MESSAGES.nameTaken }] : [];
  },
  batch: { uniqueKey: caseIgnoredName(discounts.name, uniqueNameKey) },
  messages: { notFound: DISCOUNT_MESSAGES.notFound, uuidTaken: DISCOUNT_MESSAGES.uuidTaken },
  docs: {
    tag: 'discounts',
    list: { summary: "A unit's discounts, by name", description: SETUP },
    get: { summary: 'One discount' },
    create: {
      summary: 'Create a discount',
      description:
        "type PERCENTAGE: value in hundredths of a percent, 1 to 10000 (1500 = 15 %); type AMOUNT: value in minor units of the unit's currency. A name another discount of the unit has (case ignored) answers 422 on `name`. enabled is set by PUT …/discount/selected.",
    },
    update: { summary: 'Update a discount', description: 'Deactivating an enabled discount keeps it enabled (the selector shows it disabled).' },
    delete: { summary: 'Remove a discount' },
  },
});

const unitParams = z.object({ org: z.string().max(64).describe('Organization uuid'), ou: z.string().max(64).describe('Unit (organizational unit) uuid') });

const selectorOf = async (executor: Executor, ouUuid: string) =>
  (await executor.select().from(discounts).where(eq(discounts.ouUuid, ouUuid)))
    .map(({ uuid, name, label, type, value, status, enabled }) => ({ uuid, name, label, type, value, status, enabled }))
    .sort(compareByName);

const selectorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.lobby;
  const common = { tags: ['discounts'], security: BEARER };
  async function scope(request: { params: { org: string; ou: string } } & Parameters<typeof caller>[0]) {
    const me = await callerGrantee(request);
    if (!me) throw unauthenticated();
    return findUnit(db, me, request.params.org, request.params.ou);
  }

  app.get(
    `${BASE}/discount/selected`,
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "The unit's discount selector: every discount of the unit, enabled when the unit offers it",
        description: `The chips of spec section 3; a DEACTIVATED discount is shown disabled. ${SETUP}`,
        params: unitParams,
        response: { 200: discountSelectorResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { ouUuid } = await scope(request);
      return { data: await selectorOf(db, ouUuid) };
    },
  );

  app.put(
    `${BASE}/discount/selected`,
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Set the discounts the unit offers',
        description: `The body is the uuids of the discounts to enable; every other discount of the unit is disabled. A uuid that is not a discount of the unit, or a DEACTIVATED discount not enabled before, answers 422 (one error per uuid) and changes nothing. A discount changed this way has its version raised. ${SETUP}`,
        params: unitParams,
        headers: idempotencyHeaders,
        body: selectedDiscountsSchema,
        response: { 200: discountSelectorResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { ouUuid, orgUuid } = await scope(request);
      const selected = request.body;
      return withMutation(request, reply, async (tx) => {
        await lockUnit(tx, ouUuid);
        const rows = await tx.select().from(discounts).where(eq(discounts.ouUuid, ouUuid));
        const problems = selectionProblems(selected, rows);
        if (problems.length > 0) throw new HttpError(422, problems.map(({ uuid, message }) => ({ code: ERROR_CODES.validation, message, field: `selected.${uuid}` })));
        const wanted = new Set(selected);
        const now = request.server.lobby.now();
        for (const row of rows) {
          const enabled = wanted.has(row.uuid);
          if (row.enabled === enabled) continue;
          await tx.update(discounts).set({ enabled, version: row.version + 1, updatedAt: now }).where(eq(discounts.uuid, row.uuid));
        }
        // one entry on the unit: the discounts it offers, by name, before and after (none when the same)
        const offered = (isOn: (row: (typeof rows)[number]) => boolean) => rows.filter(isOn).map((row) => row.name).sort((a, b) => a.localeCompare(b));
        await recordHistory(tx, request, recordChange({ kind: UNIT_KIND, recordUuid: ouUuid, orgUuid, unitUuid: ouUuid }, { discounts: offered((row) => row.enabled) }, { discounts: offered((row) => wanted.has(row.uuid)) }));
        return { statusCode: 200, body: { data: await selectorOf(tx, ouUuid) } };
      });
    },
  );
};

export const discountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(discountResource.routes);
  await app.register(selectorRoutes);
};

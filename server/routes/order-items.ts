/**
 * A unit's menu (issue 17), each a declaration on the resource pattern under unitScope:
 * - /order-item/v1/org/{org}/ou/{ou}/categories[/{id}]: categories with their group (name unique in the unit, case ignored);
 * - /order-item/v1/org/{org}/ou/{ou}/tags[/{id}]: tags (name unique in the unit, case ignored);
 * - /order-item/v1/org/{org}/ou/{ou}/order-item-definitions[/{id}]: items, priced in integer minor units;
 * and beside them GET and PUT …/order-item-definitions/favorites (the favourites in order, replaced whole).
 * Everything needs organization setup or setup of that unit.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryCreateSchema,
  categoryInputSchema,
  categoryListResponseSchema,
  categorySchema,
  compareByName,
  compareCategories,
  compareFavorites,
  ERROR_CODES,
  favoritePlaces,
  favoritesSchema,
  isNameTaken,
  ORDER_ITEM_MESSAGES,
  orderItemCreateSchema,
  orderItemInputSchema,
  orderItemListResponseSchema,
  orderItemSchema,
  tagCreateSchema,
  tagInputSchema,
  tagListResponseSchema,
  tagSchema,
  uniqueNameKey,
  unknownFavorites,
  type OrderItem,
  CATEGORY_KIND,
  TAG_KIND,
  ORDER_ITEM_KIND,
  UNIT_KIND,
} from '../../src/domain/index';
import type { Executor } from '../db/client';
import { orderItemCategories, orderItemDefinitions, orderItemTags } from '../db/schema';
import { HttpError, unauthenticated } from '../http-error';
import { caller } from '../plugins/auth';
import { withMutation } from '../plugins/idempotency';
import { BEARER } from '../plugins/swagger';
import type { FieldError } from '../resources/define-resource';
import { defineResource, idempotencyHeaders } from '../resources/define-resource';
import { unitScope } from '../resources/scopes';
import { callerGrantee } from '../services/directory';
import { recordChange, recordHistory } from '../services/history';
import { IMAGE_KEY, missingImageKeys } from '../services/images';
import { authorizeUnit, findUnit, lockUnit } from '../services/unit-scope';
import { errorResponses } from './schemas';

const BASE = '/order-item/v1/org/:org/ou/:ou';
const SETUP = 'Needs organization setup, or setup of this unit (a manager of one hotel sets up that hotel and what is below it).';

type CategoryRow = typeof orderItemCategories.$inferSelect;
type TagRow = typeof orderItemTags.$inferSelect;
type ItemRow = typeof orderItemDefinitions.$inferSelect;

const categoryRecord = ({ uuid, orgUuid, ouUuid, name, group, version }: CategoryRow) => ({ uuid, orgUuid, ouUuid, name, group, version });
const tagRecord = ({ uuid, orgUuid, ouUuid, name, version }: TagRow) => ({ uuid, orgUuid, ouUuid, name, version });
export const itemRecord = ({ uuid, orgUuid, ouUuid, name, priceMinor, categoryUuid, tagUuids, image, slu, favorite, favoriteOrder, status, version }: ItemRow): OrderItem => ({
  uuid,
  orgUuid,
  ouUuid,
  name,
  priceMinor,
  categoryUuid,
  tagUuids,
  image,
  slu,
  favorite,
  favoriteOrder,
  status,
  version,
});

/** A new name must not be another record's of the unit (case ignored); a record keeps its own name. */
async function nameErrors(others: readonly { uuid: string; name: string }[], name: string, uuid: string, before: { name: string } | null, message: string): Promise<FieldError[]> {
  if (before && uniqueNameKey(before.name) === uniqueNameKey(name)) return [];
  return isNameTaken(name, others, uuid) ? [{ field: 'name', message }] : [];
}

export const categoryResource = defineResource({
  path: `${BASE}/categories`,
  kind: CATEGORY_KIND,
  parent: unitScope,
  table: orderItemCategories,
  parentKey: 'ouUuid',
  scopeKeys: { orgUuid: 'org' },
  schemas: { record: categorySchema, create: categoryCreateSchema, update: categoryInputSchema, list: categoryListResponseSchema },
  authorize: authorizeUnit,
  toRecord: categoryRecord,
  compare: compareCategories,
  async validate(tx, { parent }, input, { uuid, before }) {
    const others = await tx.select({ uuid: orderItemCategories.uuid, name: orderItemCategories.name }).from(orderItemCategories).where(eq(orderItemCategories.ouUuid, parent));
    return nameErrors(others, input.name, uuid, before, ORDER_ITEM_MESSAGES.categoryNameTaken);
  },
  messages: { notFound: ORDER_ITEM_MESSAGES.categoryNotFound, uuidTaken: ORDER_ITEM_MESSAGES.uuidTaken },
  docs: {
    tag: 'order-items',
    list: { summary: "A unit's item categories, by group then name", description: SETUP },
    get: { summary: 'One item category' },
    create: { summary: 'Create an item category', description: 'A name another category of the unit has (case ignored) answers 422 on `name`.' },
    update: { summary: 'Update an item category' },
    delete: { summary: 'Remove an item category', description: 'Its items keep existing, without a category.' },
  },
});

export const tagResource = defineResource({
  path: `${BASE}/tags`,
  kind: TAG_KIND,
  parent: unitScope,
  table: orderItemTags,
  parentKey: 'ouUuid',
  scopeKeys: { orgUuid: 'org' },
  schemas: { record: tagSchema, create: tagCreateSchema, update: tagInputSchema, list: tagListResponseSchema },
  authorize: authorizeUnit,
  toRecord: tagRecord,
  compare: compareByName,
  async validate(tx, { parent }, input, { uuid, before }) {
    const others = await tx.select({ uuid: orderItemTags.uuid, name: orderItemTags.name }).from(orderItemTags).where(eq(orderItemTags.ouUuid, parent));
    return nameErrors(others, input.name, uuid, before, ORDER_ITEM_MESSAGES.tagNameTaken);
  },
  messages: { notFound: ORDER_ITEM_MESSAGES.tagNotFound, uuidTaken: ORDER_ITEM_MESSAGES.uuidTaken },
  docs: {
    tag: 'order-items',
    list: { summary: "A unit's item tags, by name", description: SETUP },
    get: { summary: 'One item tag' },
    create: { summary: 'Create an item tag', description: 'A name another tag of the unit has (case ignored) answers 422 on `name`.' },
    update: { summary: 'Update an item tag' },
    delete: { summary: 'Remove an item tag', description: 'Items naming it no longer list it.' },
  },
});

/** Items as answered: tags removed since are left out. */
async function withLiveTags(executor: Executor, records: OrderItem[], ouUuid: string): Promise<OrderItem[]> {
  if (!records.some((record) => record.tagUuids.length > 0)) return records;
  const live = new Set((await executor.select({ uuid: orderItemTags.uuid }).from(orderItemTags).where(eq(orderItemTags.ouUuid, ouUuid))).map((row) => row.uuid));
  return records.map((record) => ({ ...record, tagUuids: record.tagUuids.filter((uuid) => live.has(uuid)) }));
}

/** What a foreign key cannot say clearly: the category and tags must be the unit's, the image one of the organization's. */
async function itemReferenceErrors(tx: Executor, orgUuid: string, ouUuid: string, input: { categoryUuid?: string | null; tagUuids?: string[]; image?: string | null }): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (input.categoryUuid) {
    const [found] = await tx
      .select({ uuid: orderItemCategories.uuid })
      .from(orderItemCategories)
      .where(and(eq(orderItemCategories.uuid, input.categoryUuid), eq(orderItemCategories.ouUuid, ouUuid)));
    if (!found) errors.push({ field: 'categoryUuid', message: ORDER_ITEM_MESSAGES.categoryMissing });
  }
  const tags = input.tagUuids ?? [];
  if (tags.length > 0) {
    const found = await tx
      .select({ uuid: orderItemTags.uuid })
      .from(orderItemTags)
      .where(and(eq(orderItemTags.ouUuid, ouUuid), inArray(orderItemTags.uuid, tags)));
    if (found.length !== new Set(tags).size) errors.push({ field: 'tagUuids', message: ORDER_ITEM_MESSAGES.tagMissing });
  }
  if (input.image) {
    if (!IMAGE_KEY.test(input.image)) errors.push({ field: 'image', message: ORDER_ITEM_MESSAGES.imageInvalid });
    else if ((await missingImageKeys(tx, orgUuid, [input.image])).length > 0) errors.push({ field: 'image', message: ORDER_ITEM_MESSAGES.imageMissing });
  }
  return errors;
}

export const orderItemResource = defineResource({
  path: `${BASE}/order-item-definitions`,
  kind: ORDER_ITEM_KIND,
  parent: unitScope,
  table: orderItemDefinitions,
  parentKey: 'ouUuid',
  scopeKeys: { orgUuid: 'org' },
  schemas: { record: orderItemSchema, create: orderItemCreateSchema, update: orderItemInputSchema, list: orderItemListResponseSchema },
  authorize: authorizeUnit,
  toRecord: itemRecord,
  // the favourite place is the favourites list's: an item's own write never sets it
  toValues: ({ name, priceMinor, categoryUuid, tagUuids, image, slu, status }) => ({ name, priceMinor, categoryUuid, tagUuids, image, slu, status }),
  decorate: (executor, records, { parent }) => withLiveTags(executor, records, parent),
  compare: compareByName,
  precheck: (tx, { parent, params }, input) => itemReferenceErrors(tx, params.org ?? '', parent, input),
  messages: { notFound: ORDER_ITEM_MESSAGES.itemNotFound, uuidTaken: ORDER_ITEM_MESSAGES.uuidTaken },
  docs: {
    tag: 'order-items',
    list: { summary: "A unit's order item definitions, by name", description: SETUP },
    get: { summary: 'One order item definition' },
    create: {
      summary: 'Create an order item definition',
      description:
        "priceMinor is an integer of minor units of the unit's currency (1250 = 12.50 EUR). categoryUuid and tagUuids must be the unit's, image the key of an image uploaded to the organization (POST /images); otherwise 422 on that field. favorite and favoriteOrder are set by PUT …/order-item-definitions/favorites.",
    },
    update: { summary: 'Update an order item definition', description: 'The favourite place is kept.' },
    delete: { summary: 'Remove an order item definition' },
  },
});

const unitParams = z.object({ org: z.string().max(64).describe('Organization uuid'), ou: z.string().max(64).describe('Unit (organizational unit) uuid') });

/** GET and PUT of a unit's favourites. */
const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.lobby;
  const common = { tags: ['order-items'], security: BEARER };

  async function scope(request: { params: { org: string; ou: string } } & Parameters<typeof caller>[0]) {
    const me = await callerGrantee(request);
    if (!me) throw unauthenticated();
    return findUnit(db, me, request.params.org, request.params.ou);
  }
  const favoritesOf = async (executor: Executor, ouUuid: string) =>
    withLiveTags(executor, (await executor.select().from(orderItemDefinitions).where(and(eq(orderItemDefinitions.ouUuid, ouUuid), eq(orderItemDefinitions.favorite, true)))).map(itemRecord).sort(compareFavorites), ouUuid);

  app.get(
    `${BASE}/order-item-definitions/favorites`,
    {
      onRequest: app.authenticate,
      schema: { ...common, summary: "A unit's favourite items, in their order", description: SETUP, params: unitParams, response: { 200: orderItemListResponseSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request) => {
      const { ouUuid } = await scope(request);
      return { data: await favoritesOf(db, ouUuid) };
    },
  );

  app.put(
    `${BASE}/order-item-definitions/favorites`,
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "Replace a unit's favourites",
        description: `The body is the favourite items' uuids in order; every other item of the unit stops being a favourite. An item changed this way has its version raised. A uuid that is not an item of the unit answers 422 and changes nothing. ${SETUP}`,
        params: unitParams,
        headers: idempotencyHeaders,
        body: favoritesSchema,
        response: { 200: orderItemListResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { ouUuid, orgUuid } = await scope(request);
      const favorites = request.body;
      return withMutation(request, reply, async (tx) => {
        await lockUnit(tx, ouUuid);
        const items = await tx.select().from(orderItemDefinitions).where(eq(orderItemDefinitions.ouUuid, ouUuid));
        const unknown = unknownFavorites(items, favorites);
        if (unknown.length > 0) throw HttpError.of(422, ERROR_CODES.validation, ORDER_ITEM_MESSAGES.favoritesUnknown.replace('{uuids}', unknown.join(', ')), 'favorites');
        const places = favoritePlaces(items, favorites);
        const now = request.server.lobby.now();
        // one entry on the unit: its favourites, by name in their order, before and after (none when the same)
        const byOrder = (order: (item: (typeof items)[number]) => number | null) =>
          items
            .filter((item) => order(item) !== null)
            .sort((a, b) => (order(a) ?? 0) - (order(b) ?? 0))
            .map((item) => item.name);
        await recordHistory(
          tx,
          request,
          recordChange({ kind: UNIT_KIND, recordUuid: ouUuid, orgUuid, unitUuid: ouUuid }, { favorites: byOrder((item) => (item.favorite ? item.favoriteOrder : null)) }, { favorites: byOrder((item) => places.get(item.uuid) ?? null) }),
        );
        for (const item of items) {
          const place = places.get(item.uuid) ?? null;
          if (item.favoriteOrder === place && item.favorite === (place !== null)) continue;
          await tx
            .update(orderItemDefinitions)
            .set({ favorite: place !== null, favoriteOrder: place, version: item.version + 1, updatedAt: now })
            .where(eq(orderItemDefinitions.uuid, item.uuid));
        }
        return { statusCode: 200, body: { data: await favoritesOf(tx, ouUuid) } };
      });
    },
  );
};

export const orderItemRoutes: FastifyPluginAsyncZod = async (app) => {
  // the favourites' static path before the items' /:id (Fastify prefers the static segment either way)
  await app.register(favoriteRoutes);
  await app.register(categoryResource.routes);
  await app.register(tagResource.routes);
  await app.register(orderItemResource.routes);
};

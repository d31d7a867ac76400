/**
 * A unit's menu (issue 17): categories (with a category group), tags, and order item definitions
 * with a price in integer minor units of the unit's currency, a category, tags, an image, an SLU
 * (screen look-up group), a status, and a favourite place set by the favourites list.
 */
import { z } from 'zod';
import { PRICE_MINOR_MAX } from './money';
import { clientUuidSchema, duplicatesOf } from './names';
import { compareText } from './text-order';

export const ORDER_ITEM_KIND = 'order-item';
export const CATEGORY_KIND = 'order-item-category';
export const TAG_KIND = 'order-item-tag';

export const ITEM_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const CATALOG_NAME_MAX = 100;
export const SLU_MAX = 50;
export const ITEM_TAGS_MAX = 20;
export const FAVORITES_MAX = 200;

export const ORDER_ITEM_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name can have at most ${CATALOG_NAME_MAX} characters`,
  groupTooLong: `Group can have at most ${CATALOG_NAME_MAX} characters`,
  sluTooLong: `SLU can have at most ${SLU_MAX} characters`,
  price: `Price must be a whole number of minor units from 0 to ${PRICE_MINOR_MAX}`,
  tooManyTags: `An item can have at most ${ITEM_TAGS_MAX} tags`,
  duplicateTags: 'A tag is listed twice',
  categoryNameTaken: 'Another category of this unit already has this name',
  tagNameTaken: 'Another tag of this unit already has this name',
  categoryMissing: 'The category is not a category of this unit',
  tagMissing: 'A tag is not a tag of this unit',
  imageMissing: 'image must be the key of an image uploaded to this organization',
  imageInvalid: 'image must be the key of an uploaded image',
  categoryNotFound: 'Category not found',
  tagNotFound: 'Tag not found',
  itemNotFound: 'Order item not found',
  uuidTaken: 'This uuid cannot be used. Create the record with a new uuid.',
  favoritesDuplicate: 'An item is listed twice',
  favoritesUnknown: 'Not an item of this unit: {uuids}',
  tooManyFavorites: `At most ${FAVORITES_MAX} favourites`,
} as const;

const nameSchema = z.string({ error: ORDER_ITEM_MESSAGES.nameRequired }).trim().min(1, ORDER_ITEM_MESSAGES.nameRequired).max(CATALOG_NAME_MAX, ORDER_ITEM_MESSAGES.nameTooLong);

/** A price in minor units of the unit's currency: an integer, never a fraction. */
export const priceMinorSchema = z.number({ error: ORDER_ITEM_MESSAGES.price }).int(ORDER_ITEM_MESSAGES.price).min(0, ORDER_ITEM_MESSAGES.price).max(PRICE_MINOR_MAX, ORDER_ITEM_MESSAGES.price);

// categories
export const categoryInputSchema = z.object({
  name: nameSchema,
  group: z.string().trim().max(CATALOG_NAME_MAX, ORDER_ITEM_MESSAGES.groupTooLong).default(''),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;
export const categoryCreateSchema = categoryInputSchema.extend({ uuid: clientUuidSchema() });
export const categorySchema = z.object({ uuid: z.string().uuid(), orgUuid: z.string().uuid(), ouUuid: z.string().uuid(), name: z.string(), group: z.string(), version: z.number().int() });
export type Category = z.infer<typeof categorySchema>;
export const categoryListResponseSchema = z.object({ data: z.array(categorySchema) });

// tags
export const tagInputSchema = z.object({ name: nameSchema });
export type TagInput = z.input<typeof tagInputSchema>;
export const tagCreateSchema = tagInputSchema.extend({ uuid: clientUuidSchema() });
export const tagSchema = z.object({ uuid: z.string().uuid(), orgUuid: z.string().uuid(), ouUuid: z.string().uuid(), name: z.string(), version: z.number().int() });
export type Tag = z.infer<typeof tagSchema>;
export const tagListResponseSchema = z.object({ data: z.array(tagSchema) });

// order item definitions
export const orderItemInputSchema = z.object({
  name: nameSchema,
  priceMinor: priceMinorSchema,
  categoryUuid: z.string().uuid().toLowerCase().nullable().default(null),
  tagUuids: z
    .array(z.string().uuid().toLowerCase())
    .max(ITEM_TAGS_MAX, ORDER_ITEM_MESSAGES.tooManyTags)
    .default([])
    .refine((uuids) => duplicatesOf(uuids).length === 0, ORDER_ITEM_MESSAGES.duplicateTags),
  /** key of an image uploaded to the organization (POST /images), or null */
  image: z.string().max(128).nullable().default(null),
  slu: z.string().trim().max(SLU_MAX, ORDER_ITEM_MESSAGES.sluTooLong).default(''),
  status: z.enum(ITEM_STATUSES).default('ACTIVE'),
});
export type OrderItemInput = z.input<typeof orderItemInputSchema>;
export type OrderItemValues = z.output<typeof orderItemInputSchema>;
export const orderItemCreateSchema = orderItemInputSchema.extend({ uuid: clientUuidSchema() });
export const orderItemSchema = z.object({
  uuid: z.string().uuid(),
  orgUuid: z.string().uuid(),
  ouUuid: z.string().uuid(),
  name: z.string(),
  priceMinor: z.number().int(),
  categoryUuid: z.string().uuid().nullable(),
  tagUuids: z.array(z.string().uuid()),
  image: z.string().nullable(),
  slu: z.string(),
  /** set by the favourites list (PUT …/order-item-definitions/favorites), not by an item's own write */
  favorite: z.boolean(),
  /** its place among the favourites, from 0; null when not a favourite */
  favoriteOrder: z.number().int().nullable(),
  status: z.enum(ITEM_STATUSES),
  version: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;
export const orderItemListResponseSchema = z.object({ data: z.array(orderItemSchema) });

/** PUT …/order-item-definitions/favorites: the favourites in order (replaces them). */
export const favoritesSchema = z
  .array(z.string().uuid().toLowerCase())
  .max(FAVORITES_MAX, ORDER_ITEM_MESSAGES.tooManyFavorites)
  .refine((uuids) => duplicatesOf(uuids).length === 0, ORDER_ITEM_MESSAGES.favoritesDuplicate);

/** The favourite place of every item after a favourites PUT: index in the list, or null. */
export function favoritePlaces(items: readonly { uuid: string }[], favorites: readonly string[]): Map<string, number | null> {
  const order = new Map(favorites.map((uuid, index) => [uuid, index] as const));
  return new Map(items.map((item) => [item.uuid, order.get(item.uuid) ?? null]));
}

/** The uuids a favourites list names that are not items of the unit, each once. */
export function unknownFavorites(items: readonly { uuid: string }[], favorites: readonly string[]): string[] {
  const known = new Set(items.map((item) => item.uuid));
  return [...new Set(favorites.filter((uuid) => !known.has(uuid)))];
}

export const compareByName = <T extends { name: string; uuid: string }>(a: T, b: T) => compareText(a.name, b.name) || a.uuid.localeCompare(b.uuid);
/** Favourites in their order (then the rest by name). */
export const compareFavorites = (a: OrderItem, b: OrderItem) => (a.favoriteOrder ?? Number.MAX_SAFE_INTEGER) - (b.favoriteOrder ?? Number.MAX_SAFE_INTEGER) || compareByName(a, b);
export const compareCategories = (a: Category, b: Category) => compareText(a.group, b.group) || compareByName(a, b);

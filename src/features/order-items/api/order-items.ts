/**
 * A unit's menu as client resources (issue 17): categories, tags and order item definitions under
 * /order-item/v1/org/{org}/ou/{ou}, and the favourites (read in order; replaced whole through the
 * outbox). Prices are integers of minor units (`priceMinor`) end to end.
 */
import {
  CATEGORY_KIND,
  categoryListResponseSchema,
  categorySchema,
  compareByName,
  compareCategories,
  compareFavorites,
  ORDER_ITEM_KIND,
  orderItemListResponseSchema,
  orderItemSchema,
  TAG_KIND,
  tagListResponseSchema,
  tagSchema,
  type Category,
  type ItemStatus,
  type OrderItem,
  type Tag,
  unitScopeOf,
  type UnitScope,
} from '../../../domain';
import { t } from '../../../i18n';
import { enqueue, type OutboxEntry } from '../../../offline';
import { defineClientResource, type ResourceRow } from '../../../offline/resource';

export { CATEGORY_KIND, ORDER_ITEM_KIND, TAG_KIND };
export { unitScopeOf, type UnitScope };
/** The outbox collection of favourites lists. */
export const FAVORITES_KIND = 'order-item-favorites';

export const orderItemBase = ({ org, ou }: UnitScope) => `/order-item/v1/org/${org}/ou/${ou}`;
export const favoritesPath = (scope: UnitScope) => `${orderItemBase(scope)}/order-item-definitions/favorites`;

export interface CategoryFormInput {
  name: string;
  group: string;
}
export interface TagFormInput {
  name: string;
}
export interface OrderItemFormInput {
  name: string;
  /** minor units of the unit's currency */
  priceMinor: number;
  categoryUuid: string | null;
  tagUuids: string[];
  image: string | null;
  slu: string;
  status: ItemStatus;
}

export const categories = defineClientResource<Category, CategoryFormInput, UnitScope>({
  kind: CATEGORY_KIND,
  queryKey: 'order-item-categories',
  path: (scope) => `${orderItemBase(scope)}/categories`,
  record: categorySchema,
  list: categoryListResponseSchema,
  inputOf: ({ name, group }) => ({ name, group }),
  blank: ({ org, ou }) => ({ orgUuid: org, ouUuid: ou, name: '', group: '' }),
  compare: compareCategories,
  labels: {
    create: (input) => t('orderItems.label.categoryCreate', { name: input.name }),
    update: (input) => t('orderItems.label.categoryUpdate', { name: input.name }),
    delete: (category) => t('orderItems.label.categoryDelete', { name: category.name }),
  },
});

export const tags = defineClientResource<Tag, TagFormInput, UnitScope>({
  kind: TAG_KIND,
  queryKey: 'order-item-tags',
  path: (scope) => `${orderItemBase(scope)}/tags`,
  record: tagSchema,
  list: tagListResponseSchema,
  inputOf: ({ name }) => ({ name }),
  blank: ({ org, ou }) => ({ orgUuid: org, ouUuid: ou, name: '' }),
  compare: compareByName,
  labels: {
    create: (input) => t('orderItems.label.tagCreate', { name: input.name }),
    update: (input) => t('orderItems.label.tagUpdate', { name: input.name }),
    delete: (tag) => t('orderItems.label.tagDelete', { name: tag.name }),
  },
});

export const orderItemInputOf = ({ name, priceMinor, categoryUuid, tagUuids, image, slu, status }: OrderItem): OrderItemFormInput => ({ name, priceMinor, categoryUuid, tagUuids, image, slu, status });

export const orderItems = defineClientResource<OrderItem, OrderItemFormInput, UnitScope>({
  kind: ORDER_ITEM_KIND,
  queryKey: 'order-items',
  path: (scope) => `${orderItemBase(scope)}/order-item-definitions`,
  record: orderItemSchema,
  list: orderItemListResponseSchema,
  inputOf: orderItemInputOf,
  blank: ({ org, ou }) => ({ orgUuid: org, ouUuid: ou, name: '', priceMinor: 0, categoryUuid: null, tagUuids: [], image: null, slu: '', favorite: false, favoriteOrder: null, status: 'ACTIVE' }),
  compare: compareByName,
  labels: {
    create: (input) => t('orderItems.label.itemCreate', { name: input.name }),
    update: (input) => t('orderItems.label.itemUpdate', { name: input.name }),
    delete: (item) => t('orderItems.label.itemDelete', { name: item.name }),
  },
});

/** GET …/order-item-definitions/favorites: the favourites in order (read only; queueFavorites replaces them). */
export const favoriteItems = defineClientResource<OrderItem, OrderItemFormInput, UnitScope>({
  ...orderItems.declaration,
  kind: FAVORITES_KIND,
  queryKey: 'order-item-favorites',
  path: favoritesPath,
  compare: compareFavorites,
});

export type CategoryRow = ResourceRow<Category>;
export type TagRow = ResourceRow<Tag>;
export type OrderItemRow = ResourceRow<OrderItem>;
export const useCategoryRows = categories.useRows;
export const useTagRows = tags.useRows;
export const useOrderItemRows = orderItems.useRows;
export const useFavoriteItems = favoriteItems.useList;

/** Queue PUT …/order-item-definitions/favorites: `uuids` (items of the unit) become its favourites, in this order. */
export function queueFavorites(scope: UnitScope, userUuid: string, uuids: readonly string[]): Promise<OutboxEntry> {
  return enqueue({
    method: 'PUT',
    path: favoritesPath(scope),
    body: [...uuids],
    userUuid,
    orgUuid: scope.org,
    label: t('orderItems.label.favorites', { count: uuids.length }),
    recordUuid: scope.ou,
    collection: FAVORITES_KIND,
  });
}

/**
 * A unit's discounts as client resources (issue 17): CRUD under
 * /discount/v1/organizations/{org}/ous/{ou}/discounts, and the unit's selector (every discount with
 * `enabled`), whose set is replaced whole through the outbox. Values are integers: hundredths of a
 * percent (PERCENTAGE) or minor units (AMOUNT).
 */
import {
  compareByName,
  DISCOUNT_KIND,
  discountListResponseSchema,
  discountSchema,
  discountSelectorOptionSchema,
  discountSelectorResponseSchema,
  type Discount,
  type DiscountSelectorOption,
  type DiscountStatus,
  type DiscountType,
  unitScopeOf,
  type UnitScope,
} from '../../../domain';
import { t } from '../../../i18n';
import { enqueue, type OutboxEntry } from '../../../offline';
import { defineClientResource, type ResourceRow } from '../../../offline/resource';

export { DISCOUNT_KIND };
export { unitScopeOf, type UnitScope };
/** The outbox collection of a unit's discount selection. */
export const DISCOUNT_SELECTION_KIND = 'discount-selection';

export const discountBase = ({ org, ou }: UnitScope) => `/discount/v1/organizations/${org}/ous/${ou}`;
export const selectedDiscountsPath = (scope: UnitScope) => `${discountBase(scope)}/discount/selected`;

export interface DiscountFormInput {
  name: string;
  label: string;
  type: DiscountType;
  /** PERCENTAGE: hundredths of a percent (1500 = 15 %); AMOUNT: minor units */
  value: number;
  status: DiscountStatus;
}

export const discountInputOf = ({ name, label, type, value, status }: Discount): DiscountFormInput => ({ name, label, type, value, status });

export const discounts = defineClientResource<Discount, DiscountFormInput, UnitScope>({
  kind: DISCOUNT_KIND,
  queryKey: 'discounts',
  path: (scope) => `${discountBase(scope)}/discounts`,
  record: discountSchema,
  list: discountListResponseSchema,
  inputOf: discountInputOf,
  blank: ({ org, ou }) => ({ orgUuid: org, ouUuid: ou, name: '', label: '', type: 'PERCENTAGE', value: 0, status: 'ACTIVE', enabled: false }),
  compare: compareByName,
  labels: {
    create: (input) => t('discounts.label.create', { name: input.name }),
    update: (input) => t('discounts.label.update', { name: input.name }),
    delete: (discount) => t('discounts.label.delete', { name: discount.name }),
  },
});

/** The selector's option as a record (a version is not part of it: the selection is replaced whole). */
type SelectorRecord = DiscountSelectorOption & { version: number };
const selectorRecord = discountSelectorOptionSchema.extend({ version: discountSchema.shape.version.default(0) });
const selectorList = discountSelectorResponseSchema.transform(({ data }) => ({ data: data.map((option) => ({ ...option, version: 0 })) }));

/** GET …/discount/selected: every discount of the unit, `enabled` when the unit offers it (DEACTIVATED ones shown disabled). */
export const discountSelector = defineClientResource<SelectorRecord, Pick<DiscountFormInput, 'name'>, UnitScope>({
  kind: DISCOUNT_SELECTION_KIND,
  queryKey: 'discount-selector',
  path: selectedDiscountsPath,
  record: selectorRecord,
  list: selectorList,
  inputOf: ({ name }) => ({ name }),
  blank: () => ({ name: '', label: '', type: 'PERCENTAGE', value: 0, status: 'ACTIVE', enabled: false }),
  compare: compareByName,
  labels: {
    create: (input) => t('discounts.label.create', { name: input.name }),
    update: (input) => t('discounts.label.update', { name: input.name }),
    delete: (option) => t('discounts.label.delete', { name: option.name }),
  },
});

export type DiscountRow = ResourceRow<Discount>;
export const useDiscountRows = discounts.useRows;
export const useDiscountSelector = discountSelector.useList;

/**
 * Queue PUT …/discount/selected: `uuids` become the discounts the unit offers (the set is replaced
 * whole). A DEACTIVATED discount not enabled before, or an unknown uuid, comes back refused (422).
 */
export function queueSelectedDiscounts(scope: UnitScope, userUuid: string, uuids: readonly string[]): Promise<OutboxEntry> {
  return enqueue({
    method: 'PUT',
    path: selectedDiscountsPath(scope),
    body: [...uuids],
    userUuid,
    orgUuid: scope.org,
    label: t('discounts.label.selected', { count: uuids.length }),
    recordUuid: scope.ou,
    collection: DISCOUNT_SELECTION_KIND,
  });
}

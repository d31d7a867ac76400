/**
 * A unit's discounts (issue 17; spec section 3, the discount selector): a PERCENTAGE discount's value
 * is in hundredths of a percent (1500 = 15 %), an AMOUNT discount's in minor units of the unit's
 * currency; both are integers. A unit enables the discounts its terminals offer; a DEACTIVATED one
 * cannot be newly enabled.
 */
import { z } from 'zod';
import { CHIP_MESSAGES, DEACTIVATED_STATUS, formatChipProblem } from './chip-entries';
import { PRICE_MINOR_MAX } from './money';
import { clientUuidSchema, duplicatesOf } from './names';

export const DISCOUNT_KIND = 'discount';
export const DISCOUNT_TYPES = ['PERCENTAGE', 'AMOUNT'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_STATUSES = ['ACTIVE', DEACTIVATED_STATUS] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];
/** 100 % in hundredths of a percent. */
export const PERCENT_MAX = 10_000;
export const DISCOUNT_NAME_MAX = 100;
export const DISCOUNT_LABEL_MAX = 20;
export const SELECTED_DISCOUNTS_MAX = 200;

export const DISCOUNT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name can have at most ${DISCOUNT_NAME_MAX} characters`,
  labelTooLong: `Label can have at most ${DISCOUNT_LABEL_MAX} characters`,
  nameTaken: 'Another discount of this unit already has this name',
  percentage: `A percentage is a whole number of hundredths of a percent from 1 to ${PERCENT_MAX} (1500 = 15 %)`,
  amount: `An amount is a whole number of minor units from 1 to ${PRICE_MINOR_MAX}`,
  value: 'Value must be a whole number',
  notFound: 'Discount not found',
  uuidTaken: 'This uuid cannot be used. Create the discount with a new uuid.',
  duplicate: 'A discount is listed twice',
  tooMany: `At most ${SELECTED_DISCOUNTS_MAX} discounts`,
} as const;

export const discountInputSchema = z
  .object({
    name: z.string({ error: DISCOUNT_MESSAGES.nameRequired }).trim().min(1, DISCOUNT_MESSAGES.nameRequired).max(DISCOUNT_NAME_MAX, DISCOUNT_MESSAGES.nameTooLong),
    label: z.string().trim().max(DISCOUNT_LABEL_MAX, DISCOUNT_MESSAGES.labelTooLong).default(''),
    type: z.enum(DISCOUNT_TYPES),
    value: z.number({ error: DISCOUNT_MESSAGES.value }).int(DISCOUNT_MESSAGES.value),
    status: z.enum(DISCOUNT_STATUSES).default('ACTIVE'),
  })
  .superRefine((input, ctx) => {
    const problem = discountValueProblem(input.type, input.value);
    if (problem !== null) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  });
export type DiscountInput = z.input<typeof discountInputSchema>;
export const discountCreateSchema = discountInputSchema.safeExtend({ uuid: clientUuidSchema() });
export const discountSchema = z.object({
  uuid: z.string().uuid(),
  orgUuid: z.string().uuid(),
  ouUuid: z.string().uuid(),
  name: z.string(),
  label: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  value: z.number().int(),
  status: z.enum(DISCOUNT_STATUSES),
  /** the unit offers it (its selector lists it as added) */
  enabled: z.boolean(),
  version: z.number().int(),
});
export type Discount = z.infer<typeof discountSchema>;
export const discountListResponseSchema = z.object({ data: z.array(discountSchema) });

/** GET …/discount/selected: the selector's options (spec section 3), enabled when the unit added it. */
export const discountSelectorOptionSchema = z.object({
  uuid: z.string().uuid(),
  name: z.string(),
  label: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  value: z.number().int(),
  status: z.enum(DISCOUNT_STATUSES),
  enabled: z.boolean(),
});
export type DiscountSelectorOption = z.infer<typeof discountSelectorOptionSchema>;
export const discountSelectorResponseSchema = z.object({ data: z.array(discountSelectorOptionSchema) });

/** PUT …/discount/selected: the uuids of the discounts the unit offers (replaces them). */
export const selectedDiscountsSchema = z
  .array(z.string().uuid().toLowerCase())
  .max(SELECTED_DISCOUNTS_MAX, DISCOUNT_MESSAGES.tooMany)
  .refine((uuids) => duplicatesOf(uuids).length === 0, DISCOUNT_MESSAGES.duplicate);

/** What is wrong with a discount's value for its type, or null. */
export function discountValueProblem(type: DiscountType, value: number): string | null {
  if (!Number.isSafeInteger(value)) return DISCOUNT_MESSAGES.value;
  if (type === 'PERCENTAGE') return value >= 1 && value <= PERCENT_MAX ? null : DISCOUNT_MESSAGES.percentage;
  return value >= 1 && value <= PRICE_MINOR_MAX ? null : DISCOUNT_MESSAGES.amount;
}

/**
 * The discount taken off `amountMinor` in minor units, rounded half up to a whole minor unit with
 * integers only (a percentage of 1500 on 999 is 149.85 → 150); never more than the amount.
 */
export function discountMinor(discount: { type: DiscountType; value: number }, amountMinor: number): number {
  if (discount.type === 'AMOUNT') return Math.min(discount.value, amountMinor);
  return Math.min(amountMinor, Math.floor((amountMinor * discount.value + PERCENT_MAX / 2) / PERCENT_MAX));
}

/**
 * Why a selection is refused, one message per uuid in the spec's chip words: a uuid that is not a
 * discount of the unit, or a DEACTIVATED discount not enabled before. Empty when it may be saved.
 */
export function selectionProblems(selected: readonly string[], discounts: readonly { uuid: string; name: string; status: string; enabled: boolean }[]): { uuid: string; message: string }[] {
  const byUuid = new Map(discounts.map((discount) => [discount.uuid, discount]));
  const problems: { uuid: string; message: string }[] = [];
  for (const uuid of selected) {
    const discount = byUuid.get(uuid);
    if (!discount) problems.push({ uuid, message: formatChipProblem({ message: 'discountUnknown', params: { name: uuid } }) });
    else if (discount.status === DEACTIVATED_STATUS && !discount.enabled) problems.push({ uuid, message: formatChipProblem({ message: 'discountDeactivated', params: { name: discount.name } }) });
  }
  return problems;
}

export const DISCOUNT_SELECTION_MESSAGES = { unknown: CHIP_MESSAGES.discountUnknown, deactivated: CHIP_MESSAGES.discountDeactivated } as const;

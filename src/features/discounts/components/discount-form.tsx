import { Group, Select, TextInput } from '@mantine/core';
import { z } from 'zod';
import { DISCOUNT_STATUSES, DISCOUNT_TYPES, discountInputSchema, minorDigits, PERCENT_MAX, type Discount, type DiscountStatus, type DiscountType, type UnitScope } from '../../../domain';
import { t } from '../../../i18n';
import { formatMinor, formatPercent, issueProblems, minorToInput, parseMinorInput, parsePercentInput, percentToInput, priceExample, RecordForm, useResourceForm, type FieldProblems, type FormValueDeclaration, type ResourceFormProps, type UnitMoney } from '../../../ui';
import { discounts, type DiscountFormInput } from '../api/discounts';

/** What the form holds while typing: the value as typed (a percentage, or an amount in the unit's money). */
const valueSchema = z.object({ name: z.string(), label: z.string(), type: z.enum(DISCOUNT_TYPES), value: z.string(), status: z.enum(DISCOUNT_STATUSES) });
type Value = z.output<typeof valueSchema>;
const FIELDS = ['name', 'label', 'type', 'value', 'status'] as const;

export const discountTypeLabel = (type: DiscountType) => t(`discount.type.${type}`);
export const discountStatusLabel = (status: DiscountStatus) => t(`discount.status.${status}`);
/** A discount's value as the list shows it: '15 %', or an amount in the unit's money. */
export const discountValueText = ({ type, value }: Pick<Discount, 'type' | 'value'>, money: UnitMoney) => (type === 'PERCENTAGE' ? formatPercent(value, money.locale) : formatMinor(value, money));

/** The typed value in integers: hundredths of a percent or minor units; null when it cannot be read. */
const typedValue = (value: Value, money: UnitMoney) => (value.type === 'PERCENTAGE' ? parsePercentInput(value.value, money.locale, PERCENT_MAX) : parseMinorInput(value.value, money));

/** Where the form starts: blank, or the record's value as it is typed in the unit's locale. */
const valueOf = (money: UnitMoney): FormValueDeclaration<Discount, Value> => ({
  blank: { name: '', label: '', type: 'PERCENTAGE', value: '', status: 'ACTIVE' },
  fromRecord: ({ name, label, type, value, status }) => ({ name, label, type, status, value: type === 'PERCENTAGE' ? percentToInput(value, money.locale) : minorToInput(value, money) }),
  schema: valueSchema,
});

export function checkDiscount(value: Value, money: UnitMoney): { problems: FieldProblems; input: DiscountFormInput | null } {
  const typed = typedValue(value, money);
  const parsed = discountInputSchema.safeParse({ ...value, value: typed ?? 0 });
  const problems: FieldProblems = parsed.success ? {} : issueProblems(parsed.error.issues, FIELDS);
  if (typed === null || problems.value !== undefined) {
    problems.value =
      value.type === 'PERCENTAGE'
        ? t('discount.form.percentInvalid')
        : t('discount.form.amountInvalid', { currency: money.currency, digits: minorDigits(money.currency), example: priceExample(money) });
  }
  return { problems, input: parsed.success && typed !== null ? parsed.data : null };
}

/**
 * Add or edit a discount: name, label, type, value (a percentage, or an amount typed in the unit's
 * currency and locale, kept as integers) and status — deactivating and reactivating is an edit.
 */
export function DiscountForm({ scope, money, ...props }: ResourceFormProps<Discount> & { scope: UnitScope; money: UnitMoney }) {
  const form = useResourceForm(discounts, scope, props, valueOf(money), (value) => checkDiscount(value, money));
  const { value } = form;
  const errors = form.attempted ? form.checked.problems : {};
  const typed = typedValue(value, money);
  const hint = value.type === 'PERCENTAGE' ? t('discount.form.percentDescription') : t('discount.form.amountDescription', { currency: money.currency, example: priceExample(money) });
  return (
    <RecordForm form={form} errorTitle={t('menu.errorMessage')} cancelLabel={t('discount.form.cancel')} saveLabel={t('discount.form.save')}>
      <TextInput ref={form.firstField} data-autofocus label={t('discount.form.name')} required {...form.text('name', errors.name)} />
      <TextInput label={t('discount.form.label')} {...form.text('label', errors.label)} />
      <Group grow align="flex-start">
        <Select
          label={t('discount.form.type')}
          data={DISCOUNT_TYPES.map((type) => ({ value: type, label: discountTypeLabel(type) }))}
          {...form.choice('type', errors.type)}
        />
        <TextInput
          label={t('discount.form.value')}
          required
          inputMode="decimal"
          description={typed !== null ? discountValueText({ type: value.type, value: typed }, money) : hint}
          {...form.text('value', errors.value)}
        />
      </Group>
      <Select
        label={t('discount.form.status')}
        description={t('discount.form.statusDescription')}
        data={DISCOUNT_STATUSES.map((status) => ({ value: status, label: discountStatusLabel(status) }))}
        {...form.choice('status', errors.status)}
      />
    </RecordForm>
  );
}

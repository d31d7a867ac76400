/**
 * The chip lists of spec sections 3 to 5, each with its entry rule from src/domain/chip-entries.ts:
 * email list, tip percentages, package list and the discount selector.
 */
import { useMemo } from 'react';
import { discountEntry, discountOptions, emailEntry, packageEntry, tipPercentageEntry, type ChipOption, type DiscountOption } from '../../domain';
import { t } from '../../i18n';
import { ChipsInput, type ChipsInputProps } from './chips-input';

type ListProps = Omit<ChipsInputProps, 'accept' | 'options' | 'optionLabel' | 'inputMode'>;

/** Email addresses: '{value} is not a valid email address.', '{value} has already been added.' */
export function EmailListInput(props: ListProps) {
  return <ChipsInput placeholder={t('inputs.chips.emailPlaceholder')} inputMode="email" {...props} accept={emailEntry} />;
}

/** Tip percentages: non-negative decimals, '{value} is not a number.', '{value} has already been added.' */
export function TipPercentagesInput(props: ListProps) {
  return <ChipsInput placeholder={t('inputs.chips.tipPlaceholder')} inputMode="decimal" {...props} accept={tipPercentageEntry} />;
}

/**
 * Packages by their ID, among `packages` (value: the package's id or localId, label: its ID as
 * typed): '{value} is not a available package'; one already there is silently ignored.
 */
export function PackageListInput({ packages, ...props }: ListProps & { packages: readonly ChipOption[] }) {
  return <ChipsInput placeholder={t('inputs.chips.packagePlaceholder')} {...props} options={packages} accept={(entry, current) => packageEntry(entry, current, packages)} />;
}

/**
 * Discounts by name, case ignored: '{name} has already been added.', "{name} doesn't exist"; a
 * DEACTIVATED discount is offered disabled and cannot be added. The value is the discounts' uuids.
 */
export function DiscountChipsInput({ discounts, ...props }: ListProps & { discounts: readonly DiscountOption[] }) {
  const options = useMemo(() => discountOptions(discounts), [discounts]);
  return (
    <ChipsInput
      placeholder={t('inputs.chips.discountPlaceholder')}
      {...props}
      options={options}
      optionLabel={(option) => (option.disabled ? t('inputs.chips.deactivatedOption', { name: option.label }) : option.label)}
      accept={(entry, current) => discountEntry(entry, current, discounts)}
    />
  );
}

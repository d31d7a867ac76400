import type { ReactNode } from 'react';
import { Fieldset, Stack } from '@mantine/core';
import { regionalChoice, regionalShown, REGIONAL_KEYS, type RegionalInherited, type RegionalKey, type RegionalOwn } from '../../domain';
import { t } from '../../i18n';
import { CurrencySelect, LocaleSelect, TimeZoneSelect, type RegionalSelectProps } from './regional-selects';

const SELECTS: Record<RegionalKey, (props: RegionalSelectProps) => ReactNode> = {
  LOCALE: LocaleSelect,
  CURRENCY: CurrencySelect,
  TIME_ZONE: TimeZoneSelect,
};

export interface RegionalFieldsProps {
  /** the unit's own values (a key left out inherits, '' was cleared) */
  own: RegionalOwn;
  /** what it inherits from where it sits */
  inherited: RegionalInherited;
  /** a key's own value after a choice: null inherits again, '' is cleared */
  onChange(key: RegionalKey, own: string | null): void;
  /** say that an empty field must be chosen (once the operator tried to go on) */
  showErrors: boolean;
  disabled?: boolean;
}

/**
 * The regional information of a new unit (spec sections 2 and 5; the venue and hotel create
 * wizards): LOCALE, CURRENCY and TIME_ZONE, each prefilled with what the unit inherits and saying
 * where from while unchanged, all three required. Choosing the inherited value again inherits it.
 */
export function RegionalFields({ own, inherited, onChange, showErrors, disabled = false }: RegionalFieldsProps) {
  return (
    <Fieldset legend={t('venue.regional.title')}>
      <Stack gap="md">
        {REGIONAL_KEYS.map((key) => {
          const RegionalSelect = SELECTS[key];
          const { value, from } = regionalShown(own, inherited, key);
          return (
            <RegionalSelect
              key={key}
              required
              clearable
              clearButtonProps={{ 'aria-label': t('attributeSettings.clearLabel', { label: t(`unitAttribute.${key}`) }), 'aria-hidden': false, tabIndex: 0 }}
              value={value}
              disabled={disabled}
              description={from !== null ? t('attributeSettings.inheritedFrom', { name: from }) : undefined}
              error={value === null && showErrors ? t('venue.regional.required') : undefined}
              onChange={(chosen) => onChange(key, regionalChoice(chosen, inherited, key))}
            />
          );
        })}
      </Stack>
    </Fieldset>
  );
}

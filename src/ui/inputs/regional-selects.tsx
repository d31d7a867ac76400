import { useMemo } from 'react';
import { Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { COUNTRY_CODES, CURRENCIES, DROPDOWN_MAX_HEIGHT, LOCALES, TIME_ZONES, timeZoneEntry } from '../../domain';
import { getLanguage, t } from '../../i18n';

export type RegionalSelectProps = Omit<SelectProps, 'data' | 'searchable' | 'maxDropdownHeight' | 'label'> & {
  /** the field's label; each selector has its own by default */
  label?: string;
};

/** Names of codes in the interface language ('Euro', 'Portugal', 'German (Germany)'); null where the runtime has none. */
function namesOf(type: Intl.DisplayNamesType): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([getLanguage()], { type, languageDisplay: 'standard', fallback: 'none' });
  } catch {
    return null;
  }
}

/** The options, with a stored value the list does not offer (a zone such as Asia/Kolkata) kept as an option of its own. */
function withValue(data: ComboboxItem[], value: string | null | undefined): ComboboxItem[] {
  return value && !data.some((item) => item.value === value) ? [{ value, label: value }, ...data] : data;
}

/** A searchable Select whose list is at most 220 px high (spec section 9). */
function RegionalSelect({ data, ...props }: Omit<SelectProps, 'data' | 'label'> & { data: ComboboxItem[]; label: string }) {
  return (
    <Select
      searchable
      maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
      nothingFoundMessage={t('inputs.select.nothingFound')}
      {...props}
      data={withValue(data, props.value)}
    />
  );
}

/** The currencies offered (spec section 9): 'EUR — Euro'. */
export function CurrencySelect({ label = t('inputs.currency.label'), ...props }: RegionalSelectProps) {
  const data = useMemo(() => {
    const names = namesOf('currency');
    return CURRENCIES.map((code) => ({ value: code, label: t('inputs.currency.option', { code, name: names?.of(code) ?? code }) }));
  }, []);
  return <RegionalSelect label={label} data={data} {...props} />;
}

/** Every ISO 3166-1 country, named in the interface language and sorted by name; the value is the alpha-2 code. */
export function CountrySelect({ label = t('inputs.country.label'), ...props }: RegionalSelectProps) {
  const data = useMemo(() => {
    const names = namesOf('region');
    const collator = new Intl.Collator(getLanguage());
    return COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort((a, b) => collator.compare(a.label, b.label));
  }, []);
  return <RegionalSelect label={label} data={data} {...props} />;
}

/**
 * The time-zone list, GMT-12 to GMT+13: '(GMT+01:00) Paris', the value an IANA zone. A stored zone
 * the list does not offer (Europe/Lisbon, Asia/Kolkata) is labelled alike, '(GMT+00:00) Lisbon', in
 * its place by offset, so no zone ever shows as a bare value.
 */
export function TimeZoneSelect({ label = t('inputs.timeZone.label'), ...props }: RegionalSelectProps) {
  const value = props.value;
  const data = useMemo(() => {
    const zones = [...TIME_ZONES];
    const extra = value && !zones.some((zone) => zone.value === value) ? timeZoneEntry(value) : null;
    if (extra) {
      const at = zones.findIndex((zone) => zone.offsetMinutes > extra.offsetMinutes);
      zones.splice(at === -1 ? zones.length : at, 0, extra);
    }
    return zones.map((zone) => ({ value: zone.value, label: zone.label }));
  }, [value]);
  return <RegionalSelect label={label} data={data} {...props} />;
}

/** The locales offered, named in the interface language: 'English (United Kingdom)'. */
export function LocaleSelect({ label = t('inputs.locale.label'), ...props }: RegionalSelectProps) {
  const data = useMemo(() => {
    const names = namesOf('language');
    return LOCALES.map((locale) => ({ value: locale.value, label: names?.of(locale.value) ?? locale.label }));
  }, []);
  return <RegionalSelect label={label} data={data} {...props} />;
}

import { MultiSelect, Stack, Switch } from '@mantine/core';
import type { Unit } from '../../domain';
import { DROPDOWN_MAX_HEIGHT } from '../../domain';
import { t } from '../../i18n';

interface UnitPickerProps {
  /** the units offered: those the user may read */
  units: readonly Unit[];
  value: string[];
  onChange: (value: string[]) => void;
  includeDescendants: boolean;
  onIncludeDescendants: (value: boolean) => void;
  label: string;
  /** what choosing none means ('All units you may view') */
  allLabel: string;
}

/**
 * Units of the organization's tree, limited to those the user may read; none chosen means all of
 * them. The 'Include descendants' switch adds every unit below a chosen one.
 */
export function UnitPicker({ units, value, onChange, includeDescendants, onIncludeDescendants, label, allLabel }: UnitPickerProps) {
  return (
    <Stack gap={6}>
      <MultiSelect
        label={label}
        placeholder={value.length === 0 ? allLabel : undefined}
        data={units.map((unit) => ({ value: unit.uuid, label: unit.name }))}
        value={value}
        onChange={onChange}
        searchable
        clearable
        maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
        nothingFoundMessage={t('inputs.select.nothingFound')}
      />
      <Switch label={t('filters.includeDescendants')} checked={includeDescendants} onChange={(event) => onIncludeDescendants(event.currentTarget.checked)} />
    </Stack>
  );
}

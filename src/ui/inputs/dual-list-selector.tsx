import { useId, useState } from 'react';
import { Button, Grid, Stack, Text } from '@mantine/core';
import { addToSelection, DUAL_LIST_COLUMNS, filterByLabel, isPickable, removeFromSelection, splitItems, type DualListItem } from '../../domain';
import { t } from '../../i18n';
import { DualListPanel } from './dual-list-panel';

export interface DualListSelectorProps {
  /** the selector's name, read before its lists */
  label: string;
  items: readonly DualListItem[];
  /** the selected values */
  value: readonly string[];
  onChange: (value: string[]) => void;
  availableTitle?: string;
  selectedTitle?: string;
  disabled?: boolean;
}

const [LEFT, MIDDLE, RIGHT] = DUAL_LIST_COLUMNS;

/**
 * The dual-list selector (spec section 2): available items on the left, selected on the right
 * (columns 5/2/5, lists at least 210 px high), each sorted by label with its own search; the
 * middle buttons add or remove the highlighted items, or all items shown. A deactivated item is
 * shown but can never be added; one already selected can be removed. A selected value no item has
 * shows as '(Not found)'.
 */
export function DualListSelector({ label, items, value, onChange, availableTitle = t('inputs.dualList.available'), selectedTitle = t('inputs.dualList.selected'), disabled }: DualListSelectorProps) {
  const labelId = `${useId()}-label`;
  const { available, chosen } = splitItems(items, value);
  const [highlightedAvailable, setHighlightedAvailable] = useState<string[]>([]);
  const [highlightedSelected, setHighlightedSelected] = useState<string[]>([]);
  const [availableQuery, setAvailableQuery] = useState('');
  const [selectedQuery, setSelectedQuery] = useState('');

  const availableShown = filterByLabel(available, availableQuery).filter((item) => isPickable(item, 'available'));
  const selectedShown = filterByLabel(chosen, selectedQuery);
  // a highlight of an item that has moved meanwhile (the value changed from outside) counts for nothing
  const toAdd = highlightedAvailable.filter((item) => available.some((candidate) => candidate.value === item));
  const toRemove = highlightedSelected.filter((item) => value.includes(item));

  const add = (values: readonly string[]) => {
    const next = addToSelection(items, value, values);
    setHighlightedAvailable([]);
    if (next.length !== value.length) onChange(next);
  };
  const remove = (values: readonly string[]) => {
    setHighlightedSelected([]);
    if (values.length > 0) onChange(removeFromSelection(value, values));
  };

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <Text id={labelId} fw={500} size="sm">
        {label}
      </Text>
      <Grid align="center">
        <Grid.Col span={{ base: 12, sm: LEFT }}>
          <DualListPanel
            list="available"
            title={availableTitle}
            searchLabel={t('inputs.dualList.searchAvailable')}
            emptyText={t('inputs.dualList.noItems')}
            items={available}
            query={availableQuery}
            onQueryChange={setAvailableQuery}
            highlighted={toAdd}
            onHighlight={setHighlightedAvailable}
            onMove={add}
            disabled={disabled}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: MIDDLE }}>
          <Stack gap="xs" role="group" aria-label={t('inputs.dualList.moves')}>
            <Button variant="default" size="xs" fullWidth disabled={disabled || toAdd.length === 0} onClick={() => add(toAdd)}>
              {t('inputs.dualList.add')}
            </Button>
            <Button variant="default" size="xs" fullWidth disabled={disabled || availableShown.length === 0} onClick={() => add(availableShown.map((item) => item.value))}>
              {t('inputs.dualList.addAll')}
            </Button>
            <Button variant="default" size="xs" fullWidth disabled={disabled || toRemove.length === 0} onClick={() => remove(toRemove)}>
              {t('inputs.dualList.remove')}
            </Button>
            <Button variant="default" size="xs" fullWidth disabled={disabled || selectedShown.length === 0} onClick={() => remove(selectedShown.map((item) => item.value))}>
              {t('inputs.dualList.removeAll')}
            </Button>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: RIGHT }}>
          <DualListPanel
            list="selected"
            title={selectedTitle}
            searchLabel={t('inputs.dualList.searchSelected')}
            emptyText={t('inputs.dualList.noSelected')}
            items={chosen}
            query={selectedQuery}
            onQueryChange={setSelectedQuery}
            highlighted={toRemove}
            onHighlight={setHighlightedSelected}
            onMove={remove}
            disabled={disabled}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

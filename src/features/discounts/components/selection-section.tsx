import { useEffect, useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { UnitScope } from '../../../domain';
import { t } from '../../../i18n';
import { DiscountChipsInput, notify, useQueuedSet } from '../../../ui';
import { queueSelectedDiscounts, selectedDiscountsPath, useDiscountSelector } from '../api/discounts';

/**
 * "Discounts offered": the unit's selection as chips over the selector's options (by name, case
 * ignored; a DEACTIVATED one shown disabled; a deleted one '(Not found)'). Save queues the uuids
 * (PUT …/discount/selected) through the outbox; a queued selection shows, marked waiting, until the
 * gateway has applied it.
 */
export function SelectionSection({ scope, userUuid }: { scope: UnitScope; userUuid: string | null }) {
  const selector = useDiscountSelector(scope);
  const queued = useQueuedSet(selectedDiscountsPath(scope));
  const options = selector.data ?? null;
  const offered = queued.queued ?? (options ?? []).filter((option) => option.enabled).map((option) => option.uuid);
  const key = offered.join();
  const [value, setValue] = useState<string[]>(offered);
  const [dirty, setDirty] = useState(false);
  // what the gateway (or a queued save) says is offered, until the operator changes it
  useEffect(() => {
    if (!dirty) setValue(key === '' ? [] : key.split(','));
  }, [key, dirty]);

  const save = async () => {
    if (!userUuid) return;
    await queueSelectedDiscounts(scope, userUuid, value);
    setDirty(false);
    notify(t('selection.saved'));
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="discount-selection-title">
      <Group justify="space-between">
        <Title order={2} fz="h3" id="discount-selection-title">
          {t('selection.title')} {queued.waiting && !dirty && <Badge color="yellow" variant="light">{t('selection.waiting')}</Badge>}
        </Title>
        <Button onClick={() => void save()} disabled={!dirty || userUuid === null}>
          {t('selection.save')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        {t('selection.intro')}
      </Text>
      {options !== null && (
        <DiscountChipsInput
          label={t('selection.label')}
          discounts={options}
          value={value}
          onChange={(next) => {
            setValue(next);
            setDirty(true);
          }}
        />
      )}
    </Stack>
  );
}

import { Stack, Text } from '@mantine/core';
import type { UnitScope } from '../../../domain';
import { t } from '../../../i18n';
import { DiscountChipsInput, notify, QueuedSetTitle, useQueuedSet } from '../../../ui';
import { queueSelectedDiscounts, selectedDiscountsPath, useDiscountSelector } from '../api/discounts';

/**
 * "Discounts offered": the unit's selection as chips over the selector's options (by name, case
 * ignored; a DEACTIVATED one shown disabled; a deleted one '(Not found)'). Save queues the uuids
 * (PUT …/discount/selected) through the outbox; a queued selection shows, marked waiting, until the
 * gateway has applied it.
 */
export function SelectionSection({ scope, userUuid }: { scope: UnitScope; userUuid: string | null }) {
  const selector = useDiscountSelector(scope);
  const options = selector.data ?? null;
  const set = useQueuedSet(selectedDiscountsPath(scope), options && options.filter((option) => option.enabled).map((option) => option.uuid));
  const save = async () => {
    if (!userUuid) return;
    await set.save((uuids) => queueSelectedDiscounts(scope, userUuid, uuids));
    notify(t('selection.saved'));
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="discount-selection-title">
      <QueuedSetTitle set={set} id="discount-selection-title" saveLabel={t('selection.save')} canSave={userUuid !== null} onSave={() => void save()}>
        {t('selection.title')}
      </QueuedSetTitle>
      <Text c="dimmed" size="sm">
        {t('selection.intro')}
      </Text>
      {options !== null && <DiscountChipsInput label={t('selection.label')} discounts={options} value={set.value} onChange={set.change} />}
    </Stack>
  );
}

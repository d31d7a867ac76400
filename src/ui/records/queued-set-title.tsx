import { Badge, Button, Group, Title } from '@mantine/core';
import { t } from '../../i18n';
import type { QueuedSet } from './use-queued-set';

/** A set's heading (a section's, order 2) with its waiting mark and its Save button, offered once it was changed. */
export function QueuedSetTitle({ set, id, saveLabel, canSave = true, onSave, children }: { set: QueuedSet; id?: string; saveLabel: string; canSave?: boolean; onSave(): void; children: string }) {
  return (
    <Group justify="space-between">
      <Title order={2} fz="h3" id={id}>
        {children}{' '}
        {set.waiting && !set.dirty && (
          <Badge color="yellow" variant="light">
            {t('list.pendingSync')}
          </Badge>
        )}
      </Title>
      <Button onClick={onSave} disabled={!set.dirty || !canSave}>
        {saveLabel}
      </Button>
    </Group>
  );
}

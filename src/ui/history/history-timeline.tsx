import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import type { HistoryChange, HistoryEntry } from '../../domain';
import { formatDateTime, t, type MessageKey } from '../../i18n';
import { recordFieldLabel, recordValueLabel } from '../record-labels';

/** What a kind of record is called where no form names it ('pms-package' → 'Pms package'). */
export function kindLabel(kind: string): string {
  const words = kind.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One field's change as the operator reads it: label: from → to (a secret only as changed). */
export function changeText(kind: string, change: HistoryChange): string {
  const field = recordFieldLabel(kind, change.field);
  if (change.secret) return `${field}: ${t('history.secretChanged')}`;
  return t('history.change', { field, from: recordValueLabel(kind, change.field, change.before), to: recordValueLabel(kind, change.field, change.after) });
}

/** A bulk entry (an import) as counts and its first records. */
export function bulkText(entry: HistoryEntry): string {
  if (!entry.bulk) return '';
  const counts = Object.entries(entry.bulk.counts)
    .map(([what, count]) => t('history.bulk.count', { count: String(count), what }))
    .join(', ');
  const sample = entry.bulk.sample.map((item) => String(item.name ?? item.uuid ?? '')).filter(Boolean).join(', ');
  return sample ? t('history.bulk', { counts, sample }) : counts;
}

interface HistoryTimelineProps {
  entries: readonly HistoryEntry[];
  /** offers Restore on a field change this returns true for (the form can take its earlier value) */
  canRestore?: (change: HistoryChange) => boolean;
  onRestore?: (change: HistoryChange) => void;
}

/** The entries of a record, newest first: who did what, each field from → to, made at / arrived at, and the offline mark. */
export function HistoryTimeline({ entries, canRestore, onRestore }: HistoryTimelineProps) {
  return (
    <List listStyleType="none" spacing="sm" aria-label={t('history.title')}>
      {entries.map((entry) => (
        <List.Item key={entry.uuid}>
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {t('history.by', { action: t(`history.action.${entry.action}` as MessageKey), user: entry.userEmail || t('history.unknownUser') })}
              </Text>
              {entry.offline && (
                <Badge variant="light" color="orange" size="sm">
                  {t('history.madeOffline')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {t('history.madeAt', { time: formatDateTime(entry.madeAt) })}, {t('history.arrivedAt', { time: formatDateTime(entry.appliedAt) })}
            </Text>
            {entry.bulk && <Text size="sm">{bulkText(entry)}</Text>}
            {entry.action === 'changed' &&
              entry.changes.map((change) => (
                <Group key={change.field} gap="xs" wrap="nowrap">
                  <Text size="sm">{changeText(entry.kind, change)}</Text>
                  {onRestore && !change.secret && canRestore?.(change) && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={t('history.restoreLabel', { field: recordFieldLabel(entry.kind, change.field), value: recordValueLabel(entry.kind, change.field, change.before) })}
                      onClick={() => onRestore(change)}
                    >
                      {t('history.restore')}
                    </Button>
                  )}
                </Group>
              ))}
          </Stack>
        </List.Item>
      ))}
    </List>
  );
}

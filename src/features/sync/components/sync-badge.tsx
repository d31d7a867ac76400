import { Link } from 'react-router-dom';
import { Badge, Group, UnstyledButton } from '@mantine/core';
import { useConnectivity, useSession } from '../../../api';
import { plural, t } from '../../../i18n';
import { useOutboxCounts, type OutboxCounts } from '../../../offline';
import { useAnyUnsavedWork } from '../../../ui';

/**
 * Header badge: pending / failed / conflict counts and an offline indicator, leading to /sync. Its
 * name is the words it shows (WCAG 2.5.3, label in name: 'All changes saved', 'Offline 2 pending');
 * the full status, every count, is its description and tooltip ('Sync status: 2 pending, 0 failed, 0 conflicts').
 * Edits on screen that are neither saved nor queued count: while a form holds some, the badge says
 * 'Unsaved changes', never 'All changes saved'. Until the queue is first read, it claims nothing.
 */
/** what the count badges show while the queue is not read yet: none */
const NONE_SHOWN: OutboxCounts = { pending: 0, failed: 0, conflict: 0 };

export function SyncBadge() {
  const session = useSession();
  const counts = useOutboxCounts(session?.uuid ?? null);
  const connection = useConnectivity();
  // until the queue is read, nothing is claimed: no 'All changes saved', no counts
  const known = counts ?? NONE_SHOWN;
  const status = counts === undefined ? t('sync.badge.reading') : t('sync.badge.label', { pending: known.pending, failed: known.failed, conflicts: plural('sync.badge.conflict', known.conflict) });
  const unsaved = useAnyUnsavedWork();
  const nothing = counts !== undefined && known.pending === 0 && known.failed === 0 && known.conflict === 0 && !unsaved;
  return (
    <UnstyledButton component={Link} to="/sync" title={status} miw={0}>
      <Group gap={6} wrap="wrap" justify="flex-end">
        {!connection.reachable && (
          <Badge color="orange" variant="filled" data-testid="offline-indicator">
            {t('sync.offline')}
          </Badge>
        )}
        {nothing && (
          <Badge color="gray" variant="light">
            {t('sync.badge.synced')}
          </Badge>
        )}
        {unsaved && (
          <Badge color="orange" variant="light">
            {t('sync.badge.unsaved')}
          </Badge>
        )}
        {known.pending > 0 && (
          <Badge color="blue" variant="filled">
            {t('sync.badge.pending', { count: known.pending })}
          </Badge>
        )}
        {known.failed > 0 && (
          <Badge color="red" variant="filled">
            {t('sync.badge.failed', { count: known.failed })}
          </Badge>
        )}
        {known.conflict > 0 && (
          <Badge color="yellow" variant="filled">
            {plural('sync.badge.conflict', known.conflict)}
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

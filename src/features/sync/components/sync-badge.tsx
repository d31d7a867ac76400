import { Link } from 'react-router-dom';
import { Badge, Group, UnstyledButton } from '@mantine/core';
import { useConnectivity, useSession } from '../../../api';
import { plural, t } from '../../../i18n';
import { useOutboxCounts } from '../../../offline';

/** Header badge: pending / failed / conflict counts and an offline indicator, leading to /sync. */
export function SyncBadge() {
  const session = useSession();
  const counts = useOutboxCounts(session?.uuid ?? null);
  const connection = useConnectivity();
  const label = t('sync.badge.label', { pending: counts.pending, failed: counts.failed, conflicts: plural('sync.badge.conflict', counts.conflict) });
  const nothing = counts.pending === 0 && counts.failed === 0 && counts.conflict === 0;
  return (
    <UnstyledButton component={Link} to="/sync" aria-label={label} title={label}>
      <Group gap={6} wrap="nowrap">
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
        {counts.pending > 0 && (
          <Badge color="blue" variant="filled">
            {t('sync.badge.pending', { count: counts.pending })}
          </Badge>
        )}
        {counts.failed > 0 && (
          <Badge color="red" variant="filled">
            {t('sync.badge.failed', { count: counts.failed })}
          </Badge>
        )}
        {counts.conflict > 0 && (
          <Badge color="yellow" variant="filled">
            {plural('sync.badge.conflict', counts.conflict)}
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

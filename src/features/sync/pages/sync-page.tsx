import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useSession } from '../../../api';
import { t } from '../../../i18n';
import {
  describeOutboxError,
  describeOutcome,
  discardEntry,
  dismissOutcome,
  requestSync,
  retryEntry,
  useOutboxEntries,
  useOutcomes,
  useSyncStatus,
  type OutboxEntry,
  type OutboxStatus,
} from '../../../offline';
import { usePageTitle } from '../../../ui';
import { ConflictView } from '../components/conflict-view';
import { formatAge } from '../components/format-age';

const STATUS_COLOR: Record<OutboxStatus, string> = { pending: 'blue', sending: 'cyan', failed: 'red', conflict: 'yellow' };

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function confirmDiscard(entry: OutboxEntry) {
  modals.openConfirmModal({
    title: t('sync.discardTitle'),
    children: <Text size="sm">{t('sync.discardText', { label: entry.label })}</Text>,
    labels: { confirm: t('sync.discardConfirm'), cancel: t('sync.cancel') },
    confirmProps: { color: 'red' },
    onConfirm: () => void discardEntry(entry.seq),
  });
}

/**
 * /sync: every queued change of the signed-in user with its status, age and error; Retry, Discard
 * (asks first), Resolve. Below, recent outcomes: changes that left the queue otherwise than as
 * sent (a removal the gateway had already done), until dismissed.
 */
export function SyncPage() {
  usePageTitle(t('sync.title'));
  const session = useSession();
  const entries = useOutboxEntries(session?.uuid ?? null);
  const outcomes = useOutcomes(session?.uuid ?? null);
  const status = useSyncStatus();
  const now = useNow(5_000);
  const [resolving, setResolving] = useState<number | null>(null);
  const conflict = entries.find((entry) => entry.seq === resolving && entry.status === 'conflict') ?? null;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {t('sync.title')}
        </Title>
        <Button onClick={() => requestSync()} loading={status.draining}>
          {t('sync.now')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        {t('sync.intro')}
      </Text>
      {!status.online && (
        <Alert color="orange" title={t('sync.offline')}>
          {status.retryAt !== null && t('sync.retryAt', { time: new Date(status.retryAt).toLocaleTimeString() })}
        </Alert>
      )}
      {entries.length === 0 ? (
        <Text>{t('sync.empty')}</Text>
      ) : (
        <Table striped withTableBorder aria-label={t('sync.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sync.column.change')}</Table.Th>
              <Table.Th w={120}>{t('sync.column.status')}</Table.Th>
              <Table.Th w={80}>{t('sync.column.age')}</Table.Th>
              <Table.Th>{t('sync.column.attempts')}</Table.Th>
              <Table.Th>{t('sync.column.error')}</Table.Th>
              <Table.Th>{t('sync.column.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.seq}>
                <Table.Td>{entry.label}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[entry.status]} variant="light">
                    {t(`sync.status.${entry.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatAge(entry.created, now)}</Table.Td>
                <Table.Td>{entry.attempts}</Table.Td>
                <Table.Td>{describeOutboxError(entry) ?? ''}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {entry.status === 'conflict' && (
                      <Button size="xs" onClick={() => setResolving(entry.seq)}>
                        {t('sync.resolve')}
                      </Button>
                    )}
                    {entry.status === 'failed' && (
                      <Button size="xs" variant="light" onClick={() => void retryEntry(entry.seq)}>
                        {t('sync.retry')}
                      </Button>
                    )}
                    {entry.status !== 'sending' && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => confirmDiscard(entry)}>
                        {t('sync.discard')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {outcomes.length > 0 && (
        <Stack gap="xs">
          <Title order={2} fz="h4">
            {t('sync.outcomes.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('sync.outcomes.intro')}
          </Text>
          <Table striped withTableBorder aria-label={t('sync.outcomes.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sync.column.change')}</Table.Th>
                <Table.Th>{t('sync.column.outcome')}</Table.Th>
                <Table.Th w={80}>{t('sync.column.when')}</Table.Th>
                <Table.Th>{t('sync.column.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outcomes.map((outcome) => (
                <Table.Tr key={outcome.id}>
                  <Table.Td>{outcome.label}</Table.Td>
                  <Table.Td>{describeOutcome(outcome.kind)}</Table.Td>
                  <Table.Td>{formatAge(outcome.at, now)}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" aria-label={t('sync.outcomes.dismissLabel', { label: outcome.label })} onClick={() => void dismissOutcome(outcome.id)}>
                      {t('sync.outcomes.dismiss')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      <Modal opened={conflict !== null} onClose={() => setResolving(null)} title={t('conflict.title')} size={700}>
        {conflict && <ConflictView entry={conflict} onDone={() => setResolving(null)} />}
      </Modal>
    </Stack>
  );
}

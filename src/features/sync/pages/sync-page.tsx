import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useConnectivity, useSession } from '../../../api';
import { formatDateTime, formatRelativeTime, formatTime, t } from '../../../i18n';
import {
  describeOutboxError,
  describeOutcome,
  discardEntry,
  dismissOutcome,
  retryEntry,
  useOutboxEntries,
  useOutcomes,
  useSyncStatus,
  type OutboxEntry,
  type OutboxStatus,
} from '../../../offline';
import { AppModal, confirmRemoval, focusTargetAfterRemoval, notify, TableFrame, usePageTitle } from '../../../ui';
import { ConflictView } from '../components/conflict-view';
import { syncNowAndReport } from '../components/sync-now';

const STATUS_COLOR: Record<OutboxStatus, string> = { pending: 'blue', sending: 'cyan', failed: 'red', conflict: 'yellow' };

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** How long ago, in words ('2 minutes ago'), with the date and time itself on hover and for machines. */
function Age({ at, now }: { at: number; now: number }) {
  return (
    <time dateTime={new Date(at).toISOString()} title={formatDateTime(at)}>
      {formatRelativeTime(at, now)}
    </time>
  );
}

/**
 * /sync: every queued change of the signed-in user with its status, age and error; Retry, Discard
 * (asks first), Resolve. Below, recent outcomes: changes that left the queue otherwise than as
 * sent (a removal the gateway had already done), until dismissed. 'Sync now', a discard and a
 * resolved conflict each say what they did in a notice; when a change leaves the list, focus goes
 * to the next change's first action, or to the heading when none is left.
 */
export function SyncPage() {
  usePageTitle(t('sync.title'));
  const session = useSession();
  const userUuid = session?.uuid ?? null;
  const entries = useOutboxEntries(userUuid);
  const outcomes = useOutcomes(userUuid);
  const status = useSyncStatus();
  const connection = useConnectivity();
  const now = useNow(5_000);
  const heading = useRef<HTMLHeadingElement>(null);
  const [resolving, setResolving] = useState<number | null>(null);
  /** the conflict was dealt with (not just closed): focus moves on as after a removal */
  const resolved = useRef(false);
  const conflict = entries.find((entry) => entry.seq === resolving && entry.status === 'conflict') ?? null;

  const confirmDiscard = (entry: OutboxEntry) =>
    confirmRemoval({
      title: t('sync.discardTitle'),
      message: t('sync.discardText', { label: entry.label }),
      confirmLabel: t('sync.discardConfirm'),
      cancelLabel: t('sync.cancel'),
      fallbackFocus: () => heading.current,
      onConfirm: () => void discardEntry(entry.seq).then(() => notify(t('sync.discarded', { label: entry.label }))),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} fz="h2" ref={heading} tabIndex={-1}>
          {t('sync.title')}
        </Title>
        <Button onClick={() => void syncNowAndReport(userUuid)} loading={status.draining}>
          {t('sync.now')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        {t('sync.intro')}
      </Text>
      {!connection.reachable && (
        <Alert color="orange" title={t('sync.offline')}>
          {status.retryAt !== null && t('sync.retryAt', { time: formatTime(status.retryAt) })}
        </Alert>
      )}
      {entries.length === 0 ? (
        <Text>{t('sync.empty')}</Text>
      ) : (
        <TableFrame label={t('sync.title')}>
          <Table striped withTableBorder aria-label={t('sync.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sync.column.change')}</Table.Th>
                <Table.Th w={120}>{t('sync.column.status')}</Table.Th>
                <Table.Th w={150}>{t('sync.column.age')}</Table.Th>
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
                  <Table.Td>
                    <Age at={entry.created} now={now} />
                  </Table.Td>
                  <Table.Td>{entry.attempts}</Table.Td>
                  <Table.Td>{describeOutboxError(entry) ?? ''}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {entry.status === 'conflict' && (
                        <Button
                          size="xs"
                          onClick={() => {
                            resolved.current = false;
                            setResolving(entry.seq);
                          }}
                        >
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
        </TableFrame>
      )}
      {outcomes.length > 0 && (
        <Stack gap="xs">
          <Title order={2} fz="h4">
            {t('sync.outcomes.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('sync.outcomes.intro')}
          </Text>
          <TableFrame label={t('sync.outcomes.title')}>
            <Table striped withTableBorder aria-label={t('sync.outcomes.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sync.column.change')}</Table.Th>
                  <Table.Th>{t('sync.column.outcome')}</Table.Th>
                  <Table.Th w={150}>{t('sync.column.when')}</Table.Th>
                  <Table.Th>{t('sync.column.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outcomes.map((outcome) => (
                  <Table.Tr key={outcome.id}>
                    <Table.Td>{outcome.label}</Table.Td>
                    <Table.Td>{describeOutcome(outcome.kind)}</Table.Td>
                    <Table.Td>
                      <Age at={outcome.at} now={now} />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        aria-label={t('sync.outcomes.dismissLabel', { label: outcome.label })}
                        onClick={(event) => {
                          const next = focusTargetAfterRemoval(event.currentTarget, heading.current);
                          void dismissOutcome(outcome.id).then(() => next?.focus());
                        }}
                      >
                        {t('sync.outcomes.dismiss')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableFrame>
        </Stack>
      )}
      <AppModal
        opened={conflict !== null}
        onClose={() => setResolving(null)}
        title={t('conflict.title')}
        size={700}
        // resolved: its row's Resolve button goes, so focus moves on; closed without a choice: back to Resolve
        focusOnClose={(opener) => (resolved.current ? focusTargetAfterRemoval(opener, heading.current) : opener)}
      >
        {conflict && (
          <ConflictView
            entry={conflict}
            onDone={() => {
              resolved.current = true;
              setResolving(null);
            }}
          />
        )}
      </AppModal>
    </Stack>
  );
}

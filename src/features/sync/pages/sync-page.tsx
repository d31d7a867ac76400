import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useConnectivity, useSession } from '../../../api';
import { formatDateTime, formatRelativeTime, formatTime, t } from '../../../i18n';
import {
  describeOutboxError,
  describeOutcome,
  discardEntry,
  dismissOutcome,
  retryEntry,
  useOutboxRead,
  useOutcomes,
  useSyncStatus,
  type OutboxEntry,
  type OutboxStatus,
  type OutcomeRecord,
} from '../../../offline';
import { AppModal, confirmRemoval, IntroducedTitle, focusTargetAfterRemoval, notify, StaticTable, usePageTitle, type StaticTableColumn } from '../../../ui';
import { describeChangeSummary } from '../components/change-summary';
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

/** A queued change's status, in its colour. */
function StatusBadge({ status }: { status: OutboxStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {t(`sync.status.${status}`)}
    </Badge>
  );
}

/** A queued change: its label, and under it what it carries (its summary, stored when it was queued). */
function ChangeCell({ entry }: { entry: OutboxEntry }) {
  const lines = describeChangeSummary(entry.collection, entry.summary);
  if (lines.length === 0) return <>{entry.label}</>;
  return (
    <Stack gap={2}>
      <Text size="sm">
        {entry.label}
      </Text>
      {lines.map((line) => (
        <Text key={line} size="xs" c="dimmed">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** A queued change's actions: Resolve a conflict, Retry a refused change, Discard one not on its way. */
function EntryActions({ entry, onResolve, onDiscard }: { entry: OutboxEntry; onResolve(entry: OutboxEntry): void; onDiscard(entry: OutboxEntry): void }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {entry.status === 'conflict' && (
        <Button size="xs" onClick={() => onResolve(entry)}>
          {t('sync.resolve')}
        </Button>
      )}
      {entry.status === 'failed' && (
        <Button size="xs" variant="light" onClick={() => void retryEntry(entry.seq)}>
          {t('sync.retry')}
        </Button>
      )}
      {entry.status !== 'sending' && (
        <Button size="xs" variant="subtle" color="red" onClick={() => onDiscard(entry)}>
          {t('sync.discard')}
        </Button>
      )}
    </Group>
  );
}

const NO_ENTRIES: OutboxEntry[] = [];

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
  const read = useOutboxRead(userUuid);
  const entries = read ?? NO_ENTRIES;
  const outcomes = useOutcomes(userUuid);
  const status = useSyncStatus();
  const connection = useConnectivity();
  const now = useNow(5_000);
  const heading = useRef<HTMLHeadingElement>(null);
  const [resolving, setResolving] = useState<number | null>(null);
  /** the conflict was dealt with (not just closed): focus moves on as after a removal */
  const resolved = useRef(false);
  const conflict = entries.find((entry) => entry.seq === resolving && entry.status === 'conflict') ?? null;

  const resolve = (entry: OutboxEntry) => {
    resolved.current = false;
    setResolving(entry.seq);
  };
  const confirmDiscard = (entry: OutboxEntry) =>
    confirmRemoval({
      title: t('sync.discardTitle'),
      message: t('sync.discardText', { label: entry.label }),
      confirmLabel: t('sync.discardConfirm'),
      cancelLabel: t('sync.cancel'),
      fallbackFocus: () => heading.current,
      onConfirm: () => void discardEntry(entry.seq).then(() => notify(t('sync.discarded', { label: entry.label }))),
    });

  const entryColumns: StaticTableColumn<OutboxEntry>[] = [
    { key: 'change', header: t('sync.column.change'), cell: (entry) => <ChangeCell entry={entry} /> },
    { key: 'status', header: t('sync.column.status'), width: 120, cell: (entry) => <StatusBadge status={entry.status} /> },
    { key: 'age', header: t('sync.column.age'), width: 150, cell: (entry) => <Age at={entry.created} now={now} /> },
    { key: 'attempts', header: t('sync.column.attempts'), cell: (entry) => entry.attempts },
    { key: 'error', header: t('sync.column.error'), cell: (entry) => describeOutboxError(entry) ?? '' },
    { key: 'actions', header: t('sync.column.actions'), cell: (entry) => <EntryActions entry={entry} onResolve={resolve} onDiscard={confirmDiscard} /> },
  ];
  const outcomeColumns: StaticTableColumn<OutcomeRecord>[] = [
    { key: 'change', header: t('sync.column.change'), cell: (outcome) => outcome.label },
    { key: 'outcome', header: t('sync.column.outcome'), cell: (outcome) => describeOutcome(outcome.kind) },
    { key: 'when', header: t('sync.column.when'), width: 150, cell: (outcome) => <Age at={outcome.at} now={now} /> },
    {
      key: 'actions',
      header: t('sync.column.actions'),
      cell: (outcome) => (
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
      ),
    },
  ];

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
      {read === undefined ? (
        <Text c="dimmed">{t('sync.reading')}</Text>
      ) : entries.length === 0 ? (
        <Text>{t('sync.empty')}</Text>
      ) : (
        <StaticTable label={t('sync.title')} named rows={entries} rowKey={(entry) => entry.seq} columns={entryColumns} />
      )}
      {outcomes.length > 0 && (
        <Stack gap="xs">
          <IntroducedTitle order={2} intro={t('sync.outcomes.intro')}>
            {t('sync.outcomes.title')}
          </IntroducedTitle>
          <StaticTable label={t('sync.outcomes.title')} named rows={outcomes} rowKey={(outcome) => outcome.id} columns={outcomeColumns} />
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

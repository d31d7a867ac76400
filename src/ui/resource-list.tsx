/**
 * What every list of a resource shows of the outbox (docs/architecture.md "Resources"): a row
 * waiting to sync or to be removed, the one Remove button that turns into Undo while the removal
 * waits, the removal asked first and its outcome told, and the removals the gateway refused with
 * Retry and Dismiss. A screen gives its words; the behaviour is this one.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { t } from '../i18n';
import { discardEntry, retryEntry, whenSettled, type DraftRecord, type OutboxEntry } from '../offline';
import { confirmRemoval } from './confirm';
import { notify } from './notify';
import { SAVE_VERDICT_WAIT_MS, showRemovalOutcome, type RemovalTexts } from './save-outcome';

/** A row as a resource's list gives it (src/offline/resource.ts ResourceRow). */
export interface QueuedRowState {
  uuid: string;
  pending: boolean;
  removal: { seq: number; sending: boolean } | null;
}

/** A row's name, struck through with 'Waiting to be removed' while its removal waits, or marked 'Waiting to sync'. */
export function QueuedRowName({ row, children }: { row: QueuedRowState; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text span inherit td={row.removal ? 'line-through' : undefined}>
        {children}
      </Text>
      {row.removal ? (
        <Badge size="xs" variant="light" color="red">
          {t('list.removing')}
        </Badge>
      ) : (
        row.pending && (
          <Badge size="xs" variant="light" color="blue">
            {t('list.pendingSync')}
          </Badge>
        )
      )}
    </Group>
  );
}

/** One button for both, so focus stays on it when Remove turns into Undo and back. */
export function RemoveOrUndoButton({ row, label, removeLabel, undoLabel, onRemove, onUndo }: { row: QueuedRowState; label: string; removeLabel: string; undoLabel: string; onRemove(): void; onUndo(): void }) {
  return (
    <Button size="xs" variant="subtle" color={row.removal ? 'gray' : 'red'} aria-label={row.removal ? undoLabel : removeLabel} disabled={row.removal?.sending === true} onClick={() => (row.removal ? onUndo() : onRemove())}>
      {row.removal ? t('list.undoRemove') : label}
    </Button>
  );
}

/** A refused removal: the status of the answer (500 without one) and its first message (`fallback` without one). */
export function removalFailure(entry: OutboxEntry, fallback: string): string {
  return t('list.removalFailed', { status: entry.lastStatus ?? 500, message: entry.errorMessages[0] ?? fallback });
}

/** The removals the gateway refused, each with Retry and Dismiss (spec section 8: status and first message). */
export function FailedRemovals({ entries, title, fallback }: { entries: readonly OutboxEntry[]; title: string; fallback: string }) {
  return entries.map((entry) => (
    <Alert key={entry.seq} color="red" role="alert" title={title}>
      <Group justify="space-between" wrap="nowrap">
        <span>{removalFailure(entry, fallback)}</span>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => void retryEntry(entry.seq)}>
            {t('list.retry')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => void discardEntry(entry.seq)}>
            {t('list.discardFailed')}
          </Button>
        </Group>
      </Group>
    </Alert>
  ));
}

export interface QueuedRemovalOptions<Row extends QueuedRowState> {
  /** queue the removal (null: no session, nothing queued) */
  queue(row: Row): Promise<OutboxEntry> | null;
  /** the confirmation's words */
  confirm(row: Row): { title: string; message: string; confirmLabel: string; cancelLabel: string };
  /** the outcome's words */
  texts(row: Row): RemovalTexts;
  /** the notice once a waiting removal was taken back */
  undone(row: Row): string;
  /** the list's markUndone: the row comes back at once */
  markUndone(uuid: string): void;
  /** where focus goes when the row it was on leaves */
  fallbackFocus(): HTMLElement | null;
}

/** Remove (asked first, queued, its outcome told) and Undo (a removal still waiting is taken back). */
export function useQueuedRemoval<Row extends QueuedRowState>(options: QueuedRemovalOptions<Row>) {
  const navigate = useNavigate();
  const remove = (row: Row) =>
    confirmRemoval({
      ...options.confirm(row),
      fallbackFocus: options.fallbackFocus,
      onConfirm: () => {
        const queued = options.queue(row);
        if (!queued) return;
        void queued.then((entry) => whenSettled(entry.seq, SAVE_VERDICT_WAIT_MS)).then((outcome) => showRemovalOutcome(outcome, options.texts(row), () => void navigate('/sync')));
      },
    });
  const undo = (row: Row) => {
    if (!row.removal || row.removal.sending) return;
    options.markUndone(row.uuid);
    void discardEntry(row.removal.seq).then(() => notify(options.undone(row)));
  };
  return { remove, undo };
}

/**
 * Unsaved work comes back: once the list and the drafts are read (after a reload, say), the form
 * of the latest draft opens again: a new record's ('new') or a listed record's. `elsewhere`: drafts
 * of another form of the same page; when one of them is newer, that form reopens instead (one form
 * at a time).
 */
export function useReopenLatestDraft<Row extends { uuid: string }>(
  rows: readonly Row[] | null,
  drafts: readonly DraftRecord[] | undefined,
  open: (record: Row | null) => void,
  options: { busy: boolean; elsewhere?: readonly DraftRecord[] | undefined; newRecordId?: string } = { busy: false },
) {
  const reopened = useRef(false);
  const { busy, elsewhere = [], newRecordId = 'new' } = options;
  const elsewhereRead = options.elsewhere !== undefined || !('elsewhere' in options);
  useEffect(() => {
    if (reopened.current || rows === null || drafts === undefined || !elsewhereRead) return;
    reopened.current = true;
    const latest = drafts[0];
    if (!latest || busy) return;
    if ((elsewhere[0]?.updatedAt ?? -Infinity) > latest.updatedAt) return;
    if (latest.recordId === newRecordId) open(null);
    else {
      const record = rows.find((row) => row.uuid === latest.recordId);
      if (record) open(record);
    }
  }, [rows, drafts, elsewhere, elsewhereRead, busy, open, newRecordId]);
}

import { useCallback, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Alert, Button } from '@mantine/core';
import { useSession } from '../../api';
import { useDraftList, type OutboxEntry } from '../../offline';
import { DataTable, type DataTableColumn } from '../data-table';
import { FormModal } from '../form-modal';
import { PageLoader } from '../page-loader';
import { FailedRemovals, QueuedRowName, RemoveOrUndoButton, useQueuedRemoval, useReopenLatestDraft, type QueuedRowState } from '../resource-list';
import type { LoadFailure, RecordListWords, RemovalWords } from './record-words';

/** A list as a resource gives it (src/offline/resource.ts useRows), or as a screen puts it together. */
export interface RecordListSource<Row> {
  query: { isPending: boolean; error: unknown };
  rows: Row[] | null;
  failedDeletes?: readonly OutboxEntry[];
  markUndone?(uuid: string): void;
}

export interface RecordListDeclaration<Row extends QueuedRowState> {
  list: RecordListSource<Row>;
  /** where the form's drafts are kept: the organization (null: none) and the draft kind */
  drafts: { org: string | null; kind: string; elsewhereKind?: string; /** the draft id of a new record here (newRecordIdOf its scope); 'new' by default */ newRecordId?: string };
  /** the row's name in the words and the first column, which carries the queued marks */
  name(row: Row): string;
  nameColumn: { header: string; cell?(row: Row): ReactNode };
  /** the columns after the name; Edit and Remove follow them */
  columns(actions: { open(row: Row | null): void }): DataTableColumn<Row>[];
  searchText(row: Row): string;
  words: RecordListWords;
  /** rows are removed (asked first, with Undo): how to queue it, and its words */
  removal?: { queue(row: Row, userUuid: string): Promise<OutboxEntry>; words: RemovalWords };
  /** why the list could not be read; null when it could */
  failure: LoadFailure | null;
  /** the form, for a new record (null) or a listed one; none: the list is read only (no Add, no Edit) */
  form?(record: Row | null, context: { userUuid: string; close(): void }): ReactNode;
  modalSize?: number;
  /** what else the screen says about its list, between its status and the table */
  notices?: ReactNode;
  /** the form can open (what it offers is read); the Edit column and its reopening wait till then */
  formReady?: boolean;
  /** no Edit column: the screen's own columns open the form */
  ownEditColumn?: boolean;
  minWidth?: number;
}

export interface RecordList<Row> {
  userUuid: string | null;
  /** the heading focus goes to when the row it was on leaves */
  heading: RefObject<HTMLHeadingElement | null>;
  open(record: Row | null): void;
  /** the Add button, once the list is read */
  addButton: ReactNode;
  /** failed removals, loading, failure, the table and the form modal */
  body: ReactNode;
}

/**
 * A record list screen's behaviour, once (docs/adr/0025): the table searched and paged, queued rows
 * marked, Remove asked and undone, refused removals with Retry, the failure to read said, the
 * form opened for a new or a listed record in its FormModal, and the latest draft's form opened
 * again after a reload. A screen declares its list, columns and words; its header is its own.
 */
export function useRecordList<Row extends QueuedRowState>(declaration: RecordListDeclaration<Row>): RecordList<Row> {
  const { list, drafts: where, name, words, removal, failure, modalSize, formReady = true } = declaration;
  const session = useSession();
  const userUuid = session?.uuid ?? null;
  const drafts = useDraftList(userUuid, where.org, where.kind);
  const elsewhere = useDraftList(where.elsewhereKind === undefined ? null : userUuid, where.org, where.elsewhereKind ?? '');
  const [editing, setEditing] = useState<{ record: Row | null } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = list.rows;

  const open = useCallback((record: Row | null) => setEditing({ record }), []);
  const close = () => setEditing(null);
  // Unsaved work comes back: the latest draft's form opens again; another form's newer draft is reopened by its own list.
  const reopenOptions = { busy: editing !== null, newRecordId: where.newRecordId ?? 'new' };
  useReopenLatestDraft(formReady && declaration.form ? rows : null, drafts, open, where.elsewhereKind === undefined ? reopenOptions : { ...reopenOptions, elsewhere });

  const { remove, undo } = useQueuedRemoval<Row>({
    queue: (row) => (userUuid && removal ? removal.queue(row, userUuid) : null),
    confirm: (row) => removal!.words.confirm(name(row)),
    texts: (row) => removal!.words.outcome(name(row)),
    undone: (row) => removal!.words.undone(name(row)),
    markUndone: (uuid) => list.markUndone?.(uuid),
    fallbackFocus: () => heading.current,
  });

  const { header, cell = name } = declaration.nameColumn;
  const columns: DataTableColumn<Row>[] = [{ key: 'name', header, cell: (row) => <QueuedRowName row={row}>{cell(row)}</QueuedRowName>, sort: name }, ...declaration.columns({ open })];
  const form = declaration.form;
  if (!declaration.ownEditColumn && form) {
    columns.push({
      key: 'edit',
      header: words.editColumn,
      // a record on its way out is not edited: Undo first
      cell: (row) =>
        row.removal ? null : (
          <Button size="xs" variant="light" aria-label={words.edit(name(row))} onClick={() => open(row)}>
            {words.editColumn}
          </Button>
        ),
    });
  }
  if (removal) {
    columns.push({
      key: 'remove',
      header: removal.words.column,
      cell: (row) => (
        <RemoveOrUndoButton row={row} label={removal.words.column} removeLabel={removal.words.remove(name(row))} undoLabel={removal.words.undo(name(row))} onRemove={() => remove(row)} onUndo={() => undo(row)} />
      ),
    });
  }

  const body = (
    <>
      {removal && <FailedRemovals entries={list.failedDeletes ?? []} title={removal.words.failedTitle} fallback={removal.words.failedFallback} />}
      <RecordListStatus pending={list.query.isPending} loading={words.loading} failure={failure} />
      {declaration.notices}
      {rows !== null && (
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(row) => row.uuid}
          searchText={declaration.searchText}
          searchPlaceholder={words.searchPlaceholder}
          emptyText={words.empty}
          label={words.tableLabel}
          minWidth={declaration.minWidth}
        />
      )}
      {form && (
        <FormModal opened={editing !== null && userUuid !== null && formReady} onClose={close} title={editing?.record ? words.editTitle : words.createTitle} size={modalSize}>
          {editing !== null && userUuid !== null && formReady && form(editing.record, { userUuid, close })}
        </FormModal>
      )}
    </>
  );
  const addButton = rows !== null && form && (
    <Button onClick={() => open(null)} disabled={!formReady}>
      {words.add}
    </Button>
  );
  return { userUuid, heading, open, addButton, body };
}

/** A list being read, or why it could not be. */
export function RecordListStatus({ pending, loading, failure }: { pending: boolean; loading: string; failure: LoadFailure | null }) {
  return (
    <>
      {pending && <PageLoader label={loading} />}
      {failure && (
        <Alert color="red" role="alert" title={failure.title}>
          {failure.text}
        </Alert>
      )}
    </>
  );
}

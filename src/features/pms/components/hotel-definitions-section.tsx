import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { HOTEL_DEFINITION_KIND, PMS_CONNECTION_KIND, type HotelDefinition } from '../../../domain';
import { describeError, isForbiddenError } from '../../../api';
import { t } from '../../../i18n';
import { useDraftList } from '../../../offline';
import { DataTable, FailedRemovals, FormModal, PageLoader, QueuedRowName, RemoveOrUndoButton, useQueuedRemoval, useReopenLatestDraft, type DataTableColumn } from '../../../ui';
import { hotelDefinitions, type HotelDefinitionRow } from '../api/hotel-resources';
import { usePmsConnectionRows } from '../api/pms-connections';
import { HotelDefinitionForm } from './hotel-definition-form';

type Editing = { record: HotelDefinition | null } | null;

interface HotelDefinitionsSectionProps {
  org: string;
  userUuid: string | null;
}

/**
 * The organization's PMS hotel definitions on the PMS page (spec section 2): a table searched by
 * name, 10 rows a page, with each definition's Property ID and PMS connection; add and edit in a
 * form modal (drafts kept and reopened after a reload, as for connections), removal asked first,
 * waiting struck through with Undo, and a removal the gateway refused shown titled 'Unable to
 * Remove PMS Connection' (spec section 8) with its status and first message.
 */
export function HotelDefinitionsSection({ org, userUuid }: HotelDefinitionsSectionProps) {
  const { query, rows, failedDeletes, markUndone } = hotelDefinitions.useRows(org);
  const { rows: connections } = usePmsConnectionRows(org);
  const drafts = useDraftList(userUuid, org, HOTEL_DEFINITION_KIND);
  const connectionDrafts = useDraftList(userUuid, org, PMS_CONNECTION_KIND);
  const [editing, setEditing] = useState<Editing>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const connectionNames = useMemo(() => new Map((connections ?? []).map((connection) => [connection.uuid, connection.name])), [connections]);

  // Unsaved work comes back after a reload, as for connections; of the two, the page reopens the newer draft's form.
  const reopen = useCallback((record: HotelDefinitionRow | null) => setEditing({ record }), []);
  useReopenLatestDraft(rows, drafts, reopen, { busy: editing !== null, elsewhere: connectionDrafts });

  const { remove, undo: undoRemoval } = useQueuedRemoval<HotelDefinitionRow>({
    queue: (row) => (userUuid ? hotelDefinitions.queueDelete(org, userUuid, row) : null),
    confirm: (row) => ({
      title: t('hotelDefinitions.removeTitle'),
      message: t('hotelDefinitions.removeText', { name: row.name }),
      confirmLabel: t('hotelDefinitions.removeConfirm'),
      cancelLabel: t('hotelDefinitions.form.cancel'),
    }),
    texts: (row) => ({
      removed: t('hotelDefinitions.removed', { name: row.name }),
      queued: t('hotelDefinitions.removeQueued', { name: row.name }),
      waiting: t('hotelDefinitions.removeWaiting', { name: row.name }),
      refused: (message) => t('hotelDefinitions.removeRefused', { name: row.name, message }),
      fallback: t('pms.deleteFailedDefault'),
      conflict: t('hotelDefinitions.removeConflict', { name: row.name }),
    }),
    undone: (row) => t('hotelDefinitions.removeUndone', { name: row.name }),
    markUndone,
    fallbackFocus: () => heading.current,
  });

  const connectionName = (row: HotelDefinitionRow) => {
    if (row.pmsConnectionUuid === null) return t('hotelDefinitions.noConnection');
    return connectionNames.get(row.pmsConnectionUuid) ?? t('hotelDefinitions.connectionNotFound');
  };

  const columns: DataTableColumn<HotelDefinitionRow>[] = [
    {
      key: 'name',
      header: t('hotelDefinitions.column.name'),
      cell: (row) => <QueuedRowName row={row}>{row.name}</QueuedRowName>,
    },
    { key: 'propertyId', header: t('hotelDefinitions.column.propertyId'), cell: (row) => row.externalId },
    { key: 'connection', header: t('hotelDefinitions.column.connection'), cell: connectionName },
    {
      key: 'edit',
      header: t('hotelDefinitions.column.edit'),
      cell: (row) =>
        row.removal ? null : (
          <Button size="xs" variant="light" aria-label={t('hotelDefinitions.edit', { name: row.name })} onClick={() => setEditing({ record: row })}>
            {t('hotelDefinitions.column.edit')}
          </Button>
        ),
    },
    {
      key: 'remove',
      header: t('hotelDefinitions.column.remove'),
      cell: (row) => (
        <RemoveOrUndoButton
          row={row}
          label={t('hotelDefinitions.column.remove')}
          removeLabel={t('hotelDefinitions.remove', { name: row.name })}
          undoLabel={t('hotelDefinitions.undoRemoveLabel', { name: row.name })}
          onRemove={() => remove(row)}
          onUndo={() => undoRemoval(row)}
        />
      ),
    },
  ];

  const failure = query.isError
    ? isForbiddenError(query.error)
      ? { title: t('pms.permissionError'), text: t('pms.forbidden') }
      : // spec section 8: errors of the PMS API are labelled 'Error Message'
        { title: t('pms.errorMessage'), text: describeError(query.error) }
    : null;

  return (
    <Stack gap="lg" component="section" aria-labelledby="hotel-definitions-heading">
      <Group justify="space-between">
        <Title order={2} fz="h3" id="hotel-definitions-heading" ref={heading} tabIndex={-1}>
          {t('hotelDefinitions.title')}
        </Title>
        {rows !== null && <Button onClick={() => setEditing({ record: null })}>{t('hotelDefinitions.add')}</Button>}
      </Group>
      <Text c="dimmed" size="sm">
        {t('hotelDefinitions.intro')}
      </Text>
      <FailedRemovals entries={failedDeletes} title={t('hotelDefinitions.removeFailedTitle')} fallback={t('pms.deleteFailedDefault')} />
      {query.isPending && <PageLoader label={t('hotelDefinitions.loading')} />}
      {failure && (
        <Alert color="red" role="alert" title={failure.title}>
          {failure.text}
        </Alert>
      )}
      {rows !== null && (
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(row) => row.uuid}
          searchText={(row) => row.name}
          searchPlaceholder={t('hotelDefinitions.search')}
          emptyText={t('hotelDefinitions.empty')}
          label={t('hotelDefinitions.title')}
        />
      )}
      <FormModal
        opened={editing !== null && userUuid !== null}
        onClose={() => setEditing(null)}
        title={editing?.record ? t('hotelDefinitions.form.editTitle') : t('hotelDefinitions.form.createTitle')}
        size={600}
      >
        {editing !== null && userUuid !== null && <HotelDefinitionForm org={org} userUuid={userUuid} record={editing.record} onClose={() => setEditing(null)} />}
      </FormModal>
    </Stack>
  );
}

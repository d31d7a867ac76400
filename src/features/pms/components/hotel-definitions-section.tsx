import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { HOTEL_DEFINITION_KIND, PMS_CONNECTION_KIND, type HotelDefinition } from '../../../domain';
import { describeError, isForbiddenError } from '../../../api';
import { t } from '../../../i18n';
import { discardEntry, retryEntry, useDraftList, whenSettled, type OutboxEntry } from '../../../offline';
import { confirmRemoval, DataTable, FormModal, notify, PageLoader, type DataTableColumn } from '../../../ui';
import { SAVE_VERDICT_WAIT_MS, showRemovalOutcome } from '../../../ui/save-outcome';
import { hotelDefinitions, type HotelDefinitionRow } from '../api/hotel-resources';
import { usePmsConnectionRows } from '../api/pms-connections';
import { HotelDefinitionForm } from './hotel-definition-form';

type Editing = { record: HotelDefinition | null } | null;

/** Spec section 8: status from the error details (default 500), first message (default 'An error occurred'). */
function deleteFailure(entry: OutboxEntry): string {
  return t('pms.deleteFailed', { status: entry.lastStatus ?? 500, message: entry.errorMessages[0] ?? t('pms.deleteFailedDefault') });
}

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
  const navigate = useNavigate();
  const { query, rows, failedDeletes, markUndone } = hotelDefinitions.useRows(org);
  const { rows: connections } = usePmsConnectionRows(org);
  const drafts = useDraftList(userUuid, org, HOTEL_DEFINITION_KIND);
  const connectionDrafts = useDraftList(userUuid, org, PMS_CONNECTION_KIND);
  const [editing, setEditing] = useState<Editing>(null);
  const reopened = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const connectionNames = useMemo(() => new Map((connections ?? []).map((connection) => [connection.uuid, connection.name])), [connections]);

  // Unsaved work comes back after a reload, as for connections; of the two, the page reopens the newer draft's form.
  useEffect(() => {
    if (reopened.current || rows === null || drafts === undefined || connectionDrafts === undefined) return;
    reopened.current = true;
    const latest = drafts[0];
    if (!latest || editing !== null) return;
    if ((connectionDrafts[0]?.updatedAt ?? -Infinity) > latest.updatedAt) return;
    if (latest.recordId === 'new') setEditing({ record: null });
    else {
      const record = rows.find((row) => row.uuid === latest.recordId);
      if (record) setEditing({ record });
    }
  }, [rows, drafts, connectionDrafts, editing]);

  const remove = (row: HotelDefinitionRow) =>
    confirmRemoval({
      title: t('hotelDefinitions.removeTitle'),
      message: t('hotelDefinitions.removeText', { name: row.name }),
      confirmLabel: t('hotelDefinitions.removeConfirm'),
      cancelLabel: t('hotelDefinitions.form.cancel'),
      fallbackFocus: () => heading.current,
      onConfirm: () => {
        if (!userUuid) return;
        void hotelDefinitions
          .queueDelete(org, userUuid, row)
          .then((queued) => whenSettled(queued.seq, SAVE_VERDICT_WAIT_MS))
          .then((outcome) =>
            showRemovalOutcome(
              outcome,
              {
                removed: t('hotelDefinitions.removed', { name: row.name }),
                queued: t('hotelDefinitions.removeQueued', { name: row.name }),
                waiting: t('hotelDefinitions.removeWaiting', { name: row.name }),
                refused: (message) => t('hotelDefinitions.removeRefused', { name: row.name, message }),
                fallback: t('pms.deleteFailedDefault'),
                conflict: t('hotelDefinitions.removeConflict', { name: row.name }),
              },
              () => void navigate('/sync'),
            ),
          );
      },
    });

  const undoRemoval = (row: HotelDefinitionRow) => {
    if (!row.removal || row.removal.sending) return;
    markUndone(row.uuid);
    void discardEntry(row.removal.seq).then(() => notify(t('hotelDefinitions.removeUndone', { name: row.name })));
  };

  const connectionName = (row: HotelDefinitionRow) => {
    if (row.pmsConnectionUuid === null) return t('hotelDefinitions.noConnection');
    return connectionNames.get(row.pmsConnectionUuid) ?? t('hotelDefinitions.connectionNotFound');
  };

  const columns: DataTableColumn<HotelDefinitionRow>[] = [
    {
      key: 'name',
      header: t('hotelDefinitions.column.name'),
      cell: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Text span inherit td={row.removal ? 'line-through' : undefined}>
            {row.name}
          </Text>
          {row.removal ? (
            <Badge size="xs" variant="light" color="red">
              {t('pms.removing')}
            </Badge>
          ) : (
            row.pending && (
              <Badge size="xs" variant="light" color="blue">
                {t('pms.pendingSync')}
              </Badge>
            )
          )}
        </Group>
      ),
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
        <Button
          size="xs"
          variant="subtle"
          color={row.removal ? 'gray' : 'red'}
          aria-label={row.removal ? t('hotelDefinitions.undoRemoveLabel', { name: row.name }) : t('hotelDefinitions.remove', { name: row.name })}
          disabled={row.removal?.sending === true}
          onClick={() => (row.removal ? undoRemoval(row) : remove(row))}
        >
          {row.removal ? t('pms.undoRemove') : t('hotelDefinitions.column.remove')}
        </Button>
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
      {failedDeletes.map((entry) => (
        <Alert key={entry.seq} color="red" role="alert" title={t('hotelDefinitions.removeFailedTitle')}>
          <Group justify="space-between" wrap="nowrap">
            <span>{deleteFailure(entry)}</span>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="light" onClick={() => void retryEntry(entry.seq)}>
                {t('pms.retry')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => void discardEntry(entry.seq)}>
                {t('pms.discardFailed')}
              </Button>
            </Group>
          </Group>
        </Alert>
      ))}
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

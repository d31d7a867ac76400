import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert, Anchor, Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { PMS_CONNECTION_TYPE_LABELS, type PmsConnection } from '../../../domain';
import { describeError, isApiError, useSession } from '../../../api';
import { t } from '../../../i18n';
import { discardEntry, retryEntry, useDraftList, type OutboxEntry } from '../../../offline';
import { DataTable, OfflineNotice, PageLoader, usePageTitle, type DataTableColumn } from '../../../ui';
import { PMS_CONNECTION_KIND, pmsConnectionsPath, queueDelete, usePmsConnectionRows, type PmsConnectionRow } from '../api/pms-connections';
import { PmsConnectionForm } from '../components/pms-connection-form';

type Editing = { record: PmsConnection | null } | null;

/** Spec section 8: status from the error details (default 500), first message (default 'An error occurred'). */
function deleteFailure(entry: OutboxEntry): string {
  return t('pms.deleteFailed', { status: entry.lastStatus ?? 500, message: entry.errorMessages[0] ?? t('pms.deleteFailedDefault') });
}

function confirmRemove(connection: PmsConnectionRow, onConfirm: () => void) {
  modals.openConfirmModal({
    title: t('pms.removeTitle'),
    children: <Text size="sm">{t('pms.removeText', { name: connection.name })}</Text>,
    labels: { confirm: t('pms.removeConfirm'), cancel: t('pms.form.cancel') },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/** /organization/:uuid/pms: the organization's PMS connections (hotel definitions come with the PMS area). */
export function PmsPage() {
  usePageTitle(t('pms.title'));
  const { uuid: org = '' } = useParams();
  const session = useSession();
  const userUuid = session?.uuid ?? null;
  const { query, rows, failedDeletes } = usePmsConnectionRows(org);
  const drafts = useDraftList(userUuid, org, PMS_CONNECTION_KIND);
  const [editing, setEditing] = useState<Editing>(null);
  const reopened = useRef(false);

  // Unsaved work comes back: when the page opens (after a reload, say), the latest draft's form opens again.
  useEffect(() => {
    if (reopened.current || rows === null || drafts === undefined) return;
    reopened.current = true;
    const latest = drafts[0];
    if (!latest || editing !== null) return;
    if (latest.recordId === 'new') setEditing({ record: null });
    else {
      const record = rows.find((row) => row.uuid === latest.recordId);
      if (record) setEditing({ record });
    }
  }, [rows, drafts, editing]);

  const columns: DataTableColumn<PmsConnectionRow>[] = [
    {
      key: 'name',
      header: t('pms.column.name'),
      cell: (row) => (
        <Group gap="xs" wrap="nowrap">
          <span>{row.name}</span>
          {row.pending && (
            <Badge size="xs" variant="light" color="blue">
              {t('pms.pendingSync')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'type', header: t('pms.column.type'), cell: (row) => PMS_CONNECTION_TYPE_LABELS[row.type] },
    { key: 'host', header: t('pms.column.host'), cell: (row) => row.host },
    { key: 'port', header: t('pms.column.port'), cell: (row) => row.port },
    {
      key: 'edit',
      header: t('pms.column.edit'),
      cell: (row) => (
        <Button size="xs" variant="light" aria-label={t('pms.edit', { name: row.name })} onClick={() => setEditing({ record: row })}>
          {t('pms.column.edit')}
        </Button>
      ),
    },
    {
      key: 'remove',
      header: t('pms.column.remove'),
      cell: (row) => (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          aria-label={t('pms.remove', { name: row.name })}
          onClick={() => confirmRemove(row, () => userUuid && void queueDelete(org, userUuid, row))}
        >
          {t('pms.column.remove')}
        </Button>
      ),
    },
  ];

  const forbidden = isApiError(query.error) && query.error.status === 403;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/organization/${org}`} size="sm">
        {t('pms.backToOrganization')}
      </Anchor>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {t('pms.title')}
        </Title>
        {rows !== null && <Button onClick={() => setEditing({ record: null })}>{t('pms.add')}</Button>}
      </Group>
      <Text c="dimmed" size="sm">
        {t('pms.intro')}
      </Text>
      <OfflineNotice path={pmsConnectionsPath(org)} />
      {failedDeletes.map((entry) => (
        <Alert key={entry.seq} color="red" role="alert" title={t('pms.errorMessage')}>
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
      {query.isPending && <PageLoader label={t('pms.loading')} />}
      {query.isError && (
        <Alert color="red" role="alert" title={forbidden ? t('pms.permissionError') : t('pms.loadFailed')}>
          {forbidden ? t('pms.forbidden') : describeError(query.error)}
        </Alert>
      )}
      {rows !== null && (
        <DataTable rows={rows} columns={columns} rowKey={(row) => row.uuid} searchText={(row) => `${row.name} ${row.host}`} emptyText={t('pms.empty')} label={t('pms.title')} />
      )}
      <Modal
        opened={editing !== null && userUuid !== null}
        onClose={() => setEditing(null)}
        title={editing?.record ? t('pms.form.editTitle') : t('pms.form.createTitle')}
        size={500}
      >
        {editing !== null && userUuid !== null && <PmsConnectionForm org={org} userUuid={userUuid} record={editing.record} onClose={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}

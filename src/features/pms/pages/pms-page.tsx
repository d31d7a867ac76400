import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { HOTEL_DEFINITION_KIND, type PmsConnection } from '../../../domain';
import { describeError, isApiError, isForbiddenError, useSession } from '../../../api';
import { t } from '../../../i18n';
import { useDraftList } from '../../../offline';
import {
  DataTable,
  FailedRemovals,
  FormModal,
  OfflineNotice,
  PageLoader,
  pmsConnectionTypeLabel,
  QueuedRowName,
  RemoveOrUndoButton,
  usePageTitle,
  useQueuedRemoval,
  useReopenLatestDraft,
  type DataTableColumn,
} from '../../../ui';
import { PMS_CONNECTION_KIND, pmsConnectionsPath, queueDelete, useOrganizationName, usePmsConnectionRows, type PmsConnectionRow } from '../api/pms-connections';
import { canPair } from '../api/pairing-code';
import { HotelDefinitionsSection } from '../components/hotel-definitions-section';
import { PairingCodeModal } from '../components/pairing-code';
import { PmsConnectionForm } from '../components/pms-connection-form';

type Editing = { record: PmsConnection | null } | null;

/** Why the list could not be shown: its alert's title and text. */
function loadFailure(error: unknown): { title: string; text: string; notFound: boolean } {
  if (isForbiddenError(error)) return { title: t('pms.permissionError'), text: t('pms.forbidden'), notFound: false };
  if (isApiError(error) && error.status === 404) return { title: t('pms.notFoundTitle'), text: t('pms.notFound'), notFound: true };
  // spec section 8: errors of the PMS API are labelled 'Error Message'
  return { title: t('pms.errorMessage'), text: describeError(error), notFound: false };
}

/**
 * /organization/:uuid/pms, "PMS connections and hotel definitions" (spec section 2): the
 * organization's PMS connections, named after the organization in the heading and the page title,
 * with the pairing code of agent connections; below them its PMS hotel definitions (once the
 * connections are listed: a definition names its connection). A removal asks first,
 * says what became of it, and while it waits for the gateway the row stays, struck through, with
 * Undo; focus moves to the next row (or the heading) once the row is confirmed gone.
 */
export function PmsPage() {
  const { uuid: org = '' } = useParams();
  const organization = useOrganizationName(org);
  usePageTitle(organization ? t('pms.pageTitle', { organization }) : t('pms.title'));
  const session = useSession();
  const userUuid = session?.uuid ?? null;
  const { query, rows, failedDeletes, markUndone } = usePmsConnectionRows(org);
  const drafts = useDraftList(userUuid, org, PMS_CONNECTION_KIND);
  const definitionDrafts = useDraftList(userUuid, org, HOTEL_DEFINITION_KIND);
  const [editing, setEditing] = useState<Editing>(null);
  const [pairing, setPairing] = useState<PmsConnectionRow | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** the names a connection's name must differ from: those not on their way out */
  const others = useMemo(() => (rows ?? []).filter((row) => row.removal === null), [rows]);

  // Unsaved work comes back: when the page opens (after a reload, say), the latest draft's form opens
  // again; a hotel definition's newer draft is reopened by its section instead, one form at a time.
  const reopen = useCallback((record: PmsConnectionRow | null) => setEditing({ record }), []);
  useReopenLatestDraft(rows, drafts, reopen, { busy: editing !== null, elsewhere: definitionDrafts });

  const { remove, undo: undoRemoval } = useQueuedRemoval<PmsConnectionRow>({
    queue: (row) => (userUuid ? queueDelete(org, userUuid, row) : null),
    confirm: (row) => ({ title: t('pms.removeTitle'), message: t('pms.removeText', { name: row.name }), confirmLabel: t('pms.removeConfirm'), cancelLabel: t('pms.form.cancel') }),
    texts: (row) => ({
      removed: t('pms.removed', { name: row.name }),
      queued: t('pms.removeQueued', { name: row.name }),
      waiting: t('pms.removeWaiting', { name: row.name }),
      refused: (message) => t('pms.removeRefused', { name: row.name, message }),
      fallback: t('pms.deleteFailedDefault'),
      conflict: t('pms.removeConflict', { name: row.name }),
    }),
    undone: (row) => t('pms.removeUndone', { name: row.name }),
    markUndone,
    fallbackFocus: () => heading.current,
  });

  const columns: DataTableColumn<PmsConnectionRow>[] = [
    {
      key: 'name',
      header: t('pms.column.name'),
      cell: (row) => <QueuedRowName row={row}>{row.name}</QueuedRowName>,
    },
    { key: 'type', header: t('pms.column.type'), cell: (row) => pmsConnectionTypeLabel(row.type) },
    { key: 'host', header: t('pms.column.host'), cell: (row) => row.host },
    { key: 'port', header: t('pms.column.port'), cell: (row) => row.port },
    {
      key: 'pairing',
      header: t('pairing.column'),
      // only an OPERA IFC8 XML AGENT connection pairs with an agent; not one on its way out
      cell: (row) =>
        canPair(row) && !row.removal ? (
          <Button size="xs" variant="light" aria-label={t('pairing.actionLabel', { name: row.name })} onClick={() => setPairing(row)}>
            {t('pairing.action')}
          </Button>
        ) : null,
    },
    {
      key: 'edit',
      header: t('pms.column.edit'),
      // a connection on its way out is not edited: Undo first
      cell: (row) =>
        row.removal ? null : (
          <Button size="xs" variant="light" aria-label={t('pms.edit', { name: row.name })} onClick={() => setEditing({ record: row })}>
            {t('pms.column.edit')}
          </Button>
        ),
    },
    {
      key: 'remove',
      header: t('pms.column.remove'),
      // one button for both, so focus stays on it when Remove turns into Undo and back
      cell: (row) => (
        <RemoveOrUndoButton
          row={row}
          label={t('pms.column.remove')}
          removeLabel={t('pms.remove', { name: row.name })}
          undoLabel={t('pms.undoRemoveLabel', { name: row.name })}
          onRemove={() => remove(row)}
          onUndo={() => undoRemoval(row)}
        />
      ),
    },
  ];

  const failure = query.isError ? loadFailure(query.error) : null;

  return (
    <Stack gap="lg">
      {failure?.notFound ? (
        <Anchor component={Link} to="/organizations" size="sm">
          {t('pms.toOrganizations')}
        </Anchor>
      ) : (
        <Anchor component={Link} to={`/organization/${org}`} size="sm">
          {t('pms.backToOrganization')}
        </Anchor>
      )}
      <Group justify="space-between">
        <Title order={1} fz="h2" ref={heading} tabIndex={-1}>
          {organization ? t('pms.heading', { organization }) : t('pms.title')}
        </Title>
        {rows !== null && <Button onClick={() => setEditing({ record: null })}>{t('pms.add')}</Button>}
      </Group>
      <Text c="dimmed" size="sm">
        {t('pms.intro')}
      </Text>
      <OfflineNotice path={pmsConnectionsPath(org)} />
      <FailedRemovals entries={failedDeletes} title={t('pms.errorMessage')} fallback={t('pms.deleteFailedDefault')} />
      {query.isPending && <PageLoader label={t('pms.loading')} />}
      {failure && (
        <Alert color="red" role="alert" title={failure.title}>
          {failure.text}
        </Alert>
      )}
      {rows !== null && (
        <DataTable rows={rows} columns={columns} rowKey={(row) => row.uuid} searchText={(row) => `${row.name} ${row.host}`} emptyText={t('pms.empty')} label={t('pms.title')} />
      )}
      <FormModal
        opened={editing !== null && userUuid !== null}
        onClose={() => setEditing(null)}
        title={editing?.record ? t('pms.form.editTitle') : t('pms.form.createTitle')}
        size={500}
      >
        {editing !== null && userUuid !== null && (
          <PmsConnectionForm org={org} userUuid={userUuid} record={editing.record} others={others} onClose={() => setEditing(null)} />
        )}
      </FormModal>
      <PairingCodeModal connection={pairing} onClose={() => setPairing(null)} />
      {rows !== null && <HotelDefinitionsSection org={org} userUuid={userUuid} />}
    </Stack>
  );
}

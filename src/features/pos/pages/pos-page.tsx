import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { Badge, Button, Group } from '@mantine/core';
import { isCatalogPending } from '../../../domain';
import { useOrganizationUnits } from '../../../api/units';
import { formatDateTime, t } from '../../../i18n';
import { loadFailureOf, RecordListPage, useQueuedAction, useRecordList, usePageTitle, type QueuedActionWords, type RecordListWords } from '../../../ui';
import { posInstallations, posInstallationsPath, queueCatalogReset, usePosInstallationRows, type PosInstallationRow } from '../api/pos';

/** The list's words; installations are neither added nor edited here, so those words go unread. */
const listWords = (): RecordListWords => ({
  add: '',
  empty: t('pos.empty'),
  loading: t('pos.loading'),
  tableLabel: t('pos.tableLabel'),
  searchPlaceholder: t('pos.search'),
  createTitle: '',
  editTitle: '',
  editColumn: '',
  edit: () => '',
});

const resetWords = (name: string): QueuedActionWords => ({
  confirm: { title: t('pos.resetTitle'), message: t('pos.resetText', { name }), confirmLabel: t('pos.resetConfirm'), cancelLabel: t('pos.resetCancel'), destructive: true },
  outcome: {
    removed: t('pos.resetDone', { name }),
    queued: t('pos.resetQueued', { name }),
    waiting: t('pos.resetWaiting', { name }),
    refused: (message) => t('pos.resetRefused', { name, message }),
    fallback: t('pos.errorMessage'),
    conflict: t('pos.resetWaiting', { name }),
  },
});

/**
 * /organization/:uuid/pos, "POS configuration" (issue 17): the POS installations of the units the
 * user sets up, with their unit, devices, catalogue version and last sync, "pending" while a
 * catalogue reset waits for the installation's sync. "Reset catalog" asks first and goes through
 * the outbox; the row shows pending (and waiting) at once.
 */
export function PosPage() {
  const { uuid: org = '' } = useParams();
  usePageTitle(t('pos.title'));
  const list = usePosInstallationRows(org);
  const units = useOrganizationUnits(org);
  const unitNames = useMemo(() => new Map((units.data ?? []).map((unit) => [unit.uuid, unit.name])), [units.data]);
  const unitOf = (row: PosInstallationRow) => unitNames.get(row.ouUuid) ?? '';
  const act = useQueuedAction();
  const failure = list.query.isError
    ? loadFailureOf(list.query.error, { title: t('pos.errorMessage'), forbidden: [t('devices.permissionError'), t('devices.forbidden')], notFound: [t('devices.notFoundTitle'), t('devices.notFound')] })
    : null;

  const { heading, body, userUuid } = useRecordList<PosInstallationRow>({
    // shown once the units are read too (or could not be): the Unit column is never blank for a moment
    list: { ...list, rows: units.isPending ? null : list.rows },
    drafts: { org: null, kind: posInstallations.declaration.kind },
    name: (row) => row.name,
    nameColumn: {
      header: t('pos.column.name'),
      cell: (row) => (
        <Group gap="xs" wrap="nowrap">
          {row.name}
          {/* the row's own `pending` says a change is queued; the catalogue's is read from its versions */}
          {isCatalogPending(row) && (
            <Badge variant="light" color="orange" title={t('pos.pendingLabel', { version: row.catalogVersion })}>
              {t('pos.pending')}
            </Badge>
          )}
        </Group>
      ),
    },
    columns: () => [
      { key: 'unit', header: t('pos.column.unit'), cell: unitOf, sort: unitOf },
      { key: 'devices', header: t('pos.column.devices'), cell: (row) => row.deviceAliases.join(', ') || t('pos.noDevices') },
      { key: 'catalog', header: t('pos.column.catalogVersion'), cell: (row) => row.catalogVersion, sort: (row) => row.catalogVersion },
      { key: 'lastSync', header: t('pos.column.lastSync'), cell: (row) => (row.lastSync === null ? t('pos.neverSynced') : formatDateTime(row.lastSync)), sort: (row) => row.lastSync },
      {
        key: 'reset',
        header: t('pos.column.reset'),
        cell: (row) => (
          <Button size="xs" variant="light" aria-label={t('pos.resetLabel', { name: row.name })} onClick={() => act(resetWords(row.name), () => (userUuid ? queueCatalogReset(org, userUuid, row) : null))}>
            {t('pos.reset')}
          </Button>
        ),
      },
    ],
    searchText: (row) => `${row.name} ${unitOf(row)} ${row.deviceAliases.join(' ')}`,
    words: listWords(),
    failure,
    minWidth: 820,
  });

  return (
    <RecordListPage back={{ to: `/organization/${org}`, label: t('pos.backToOrganization') }} heading={heading} title={t('pos.title')} intro={t('pos.intro')} offlinePath={posInstallationsPath(org)}>
      {body}
    </RecordListPage>
  );
}

import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { DEVICE_KIND } from '../../../domain';
import { useSetupRights } from '../../../api/units';
import { formatDateTime, t } from '../../../i18n';
import { loadFailureOf, RecordListPage, sectionWords, StatusBadge, useRecordList, usePageTitle } from '../../../ui';
import { devicesPath, organizationDevicesScopeOf, queueUnassignDevice, UNIT_DEVICES_KIND, useOrganizationDeviceRows, type DeviceRow } from '../api/devices';
import { DeviceForm } from '../components/device-form';
import { UnitDevicesSection } from '../components/unit-devices-section';

const words = () =>
  sectionWords('devices', 'alias', {
    tableLabel: t('devices.tableLabel'),
    failedTitle: t('devices.errorMessage'),
    failedFallback: t('devices.unassignFailedDefault'),
    searchPlaceholder: t('devices.search'),
  });

/**
 * /organization/:uuid/devices, "Devices" (issue 17): the organization's devices, searched and paged;
 * organization setup assigns an unassigned device under an alias, renames and unassigns (asked
 * first, with Undo while queued); the units the user sets up get their devices with the dual list.
 * Every change goes through the outbox; a 403 reading the list says the user may not view the organization.
 */
export function DevicesPage() {
  const { uuid: org = '' } = useParams();
  usePageTitle(t('devices.title'));
  const rights = useSetupRights(org);
  // organization setup also reads the devices of no organization, to assign them
  const scope = organizationDevicesScopeOf(org, rights.organization);
  const list = useOrganizationDeviceRows(scope, rights.known);
  // shown once the units are read too: a row never flashes a unit's uuid for its name
  const listed = useMemo(() => (list.rows === null || !rights.unitsRead ? null : list.rows.filter((row) => row.orgUuid === org)), [list.rows, org, rights.unitsRead]);
  const unassigned = useMemo(() => (list.rows ?? []).filter((row) => row.orgUuid === null && !row.pending), [list.rows]);
  const others = useMemo(() => (listed ?? []).filter((row) => row.removal === null), [listed]);
  const unitNames = useMemo(() => new Map((rights.all ?? []).map((unit) => [unit.uuid, unit.name])), [rights.all]);
  const [unitOpen, setUnitOpen] = useState<string | null | undefined>(undefined);
  const { list: listWords, removal } = words();
  const failure = list.query.isError
    ? loadFailureOf(list.query.error, { title: t('devices.errorMessage'), forbidden: [t('devices.permissionError'), t('devices.forbidden')], notFound: [t('devices.notFoundTitle'), t('devices.notFound')] })
    : null;

  const { heading, addButton, body, userUuid } = useRecordList<DeviceRow>({
    list: { ...list, rows: listed },
    // a unit's refused device set reopens from its own section instead, one form at a time
    drafts: { org, kind: DEVICE_KIND, elsewhereKind: UNIT_DEVICES_KIND },
    name: (row) => row.alias,
    nameColumn: { header: t('devices.column.alias') },
    columns: () => [
      { key: 'serial', header: t('devices.column.serial'), cell: (row) => row.serial, sort: (row) => row.serial },
      { key: 'model', header: t('devices.column.model'), cell: (row) => row.model, sort: (row) => row.model },
      {
        key: 'status',
        header: t('devices.column.status'),
        sort: (row) => t(`devices.status.${row.status}`),
        cell: (row) => <StatusBadge on={row.status === 'ONLINE'}>{t(`devices.status.${row.status}`)}</StatusBadge>,
      },
      { key: 'units', header: t('devices.column.units'), cell: (row) => row.ouUuids.map((ou) => unitNames.get(ou) ?? ou).join(', ') || t('devices.noUnits') },
      { key: 'lastSeen', header: t('devices.column.lastSeen'), cell: (row) => (row.lastSeen === null ? t('devices.neverSeen') : formatDateTime(row.lastSeen)), sort: (row) => row.lastSeen },
    ],
    searchText: (row) => `${row.alias} ${row.serial} ${row.model} ${row.ouUuids.map((ou) => unitNames.get(ou) ?? '').join(' ')}`,
    words: listWords,
    // renaming and unassigning are organization setup's (the gateway refuses anyone else)
    ownEditColumn: !rights.organization,
    removal: rights.organization ? { queue: (row, user) => queueUnassignDevice(org, user, row), words: removal } : undefined,
    failure,
    form: (record, { userUuid: user, close }) => <DeviceForm org={org} userUuid={user} record={record} unassigned={unassigned} others={others} onClose={close} />,
    modalSize: 500,
    minWidth: 860,
  });

  return (
    <RecordListPage
      back={failure?.notFound ? { to: '/organizations', label: t('devices.toOrganizations') } : { to: `/organization/${org}`, label: t('devices.backToOrganization') }}
      heading={heading}
      title={t('devices.title')}
      add={rights.organization ? addButton : null}
      intro={t('devices.intro')}
      offlinePath={`${devicesPath(org)}?includeUnassigned=${scope.unassigned}`}
    >
      {body}
      {listed !== null && userUuid !== null && (
        <UnitDevicesSection org={org} userUuid={userUuid} units={rights.units ?? []} devices={listed} opened={unitOpen} onOpen={setUnitOpen} />
      )}
    </RecordListPage>
  );
}

import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, Stack } from '@mantine/core';
import { HOTEL_DEFINITION_KIND } from '../../../domain';
import { t } from '../../../i18n';
import { OfflineNotice, pmsConnectionTypeLabel, sectionWords, usePageTitle, OrganizationBackLink, RecordListTitle, useRecordList } from '../../../ui';
import type { RoutePrefetch } from '../../../api/prefetch';
import { prefetchPmsSetup } from '../api/pms-setup-prefetch';
import { PMS_CONNECTION_KIND, pmsConnectionsPath, queueDelete, useOrganizationName, usePmsConnectionRows, type PmsConnectionRow } from '../api/pms-connections';
import { canPair } from '../api/pairing-code';
import { HotelDefinitionsSection } from '../components/hotel-definitions-section';
import { pmsListDeclaration } from '../components/pms-record-list';
import { PairingCodeModal } from '../components/pairing-code';
import { PmsConnectionForm } from '../components/pms-connection-form';

const words = () => sectionWords('pms', 'name', { tableLabel: t('pms.title'), failedTitle: t('pms.errorMessage'), failedFallback: t('pms.deleteFailedDefault') });

/** What the page reads first, asked for by its route: the organization's PMS connections and hotel definitions, for who may read them. */
export const prefetchPms: RoutePrefetch = (queryClient, userUuid, { uuid: org = '' }) => {
  if (org !== '') void prefetchPmsSetup(queryClient, userUuid, org);
};

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
  const list = usePmsConnectionRows(org);
  const [pairing, setPairing] = useState<PmsConnectionRow | null>(null);
  /** the names a connection's name must differ from: those not on their way out */
  const others = useMemo(() => (list.rows ?? []).filter((row) => row.removal === null), [list.rows]);
  const declaration = pmsListDeclaration(org, {
    list,
    // a hotel definition's newer draft is reopened by its section instead, one form at a time
    kind: PMS_CONNECTION_KIND,
    elsewhereKind: HOTEL_DEFINITION_KIND,
    nameHeader: t('pms.column.name'),
    words: words(),
    queueDelete: (userUuid, row) => queueDelete(org, userUuid, row),
    notFound: [t('pms.notFoundTitle'), t('pms.notFound')],
  });
  const { failure } = declaration;

  const { heading, addButton, body } = useRecordList<PmsConnectionRow>({
    ...declaration,
    columns: () => [
      { key: 'type', header: t('pms.column.type'), cell: (row) => pmsConnectionTypeLabel(row.type), sort: (row) => pmsConnectionTypeLabel(row.type) },
      { key: 'host', header: t('pms.column.host'), cell: (row) => row.host, sort: (row) => row.host },
      { key: 'port', header: t('pms.column.port'), cell: (row) => row.port, sort: (row) => row.port },
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
    ],
    searchText: (row) => `${row.name} ${row.host}`,
    form: (record, { userUuid: user, close }) => <PmsConnectionForm org={org} userUuid={user} record={record} others={others} onClose={close} />,
    modalSize: 500,
  });

  return (
    <Stack gap="lg">
      <OrganizationBackLink org={org} notFound={failure?.notFound === true} back={t('pms.backToOrganization')} toOrganizations={t('pms.toOrganizations')} />
      <RecordListTitle heading={heading} add={addButton} intro={t('pms.intro')}>
        {organization ? t('pms.heading', { organization }) : t('pms.title')}
      </RecordListTitle>
      <OfflineNotice path={pmsConnectionsPath(org)} />
      {body}
      <PairingCodeModal connection={pairing} onClose={() => setPairing(null)} />
      {list.rows !== null && <HotelDefinitionsSection org={org} />}
    </Stack>
  );
}

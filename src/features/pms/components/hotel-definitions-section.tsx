import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import { HOTEL_DEFINITION_KIND, PMS_CONNECTION_KIND } from '../../../domain';
import { t } from '../../../i18n';
import { sectionWords, RecordListTitle, useRecordList } from '../../../ui';
import { hotelDefinitions, type HotelDefinitionRow } from '../api/hotel-resources';
import { usePmsConnectionRows } from '../api/pms-connections';
import { HotelDefinitionForm } from './hotel-definition-form';
import { pmsListDeclaration } from './pms-record-list';


const words = () =>
  sectionWords('hotelDefinitions', 'name', {
    tableLabel: t('hotelDefinitions.title'),
    searchPlaceholder: t('hotelDefinitions.search'),
    failedTitle: t('hotelDefinitions.removeFailedTitle'),
    failedFallback: t('pms.deleteFailedDefault'),
  });

/**
 * The organization's PMS hotel definitions on the PMS page (spec section 2): a table searched by
 * name, 10 rows a page, with each definition's Property ID and PMS connection; add and edit in a
 * form modal (drafts kept and reopened after a reload, as for connections), removal asked first,
 * waiting struck through with Undo, and a removal the gateway refused shown titled 'Unable to
 * Remove PMS Connection' (spec section 8) with its status and first message.
 */
export function HotelDefinitionsSection({ org }: { org: string }) {
  const list = hotelDefinitions.useRows(org);
  const { rows: connections } = usePmsConnectionRows(org);
  const connectionNames = useMemo(() => new Map((connections ?? []).map((connection) => [connection.uuid, connection.name])), [connections]);

  const connectionName = (row: HotelDefinitionRow) => {
    if (row.pmsConnectionUuid === null) return t('hotelDefinitions.noConnection');
    return connectionNames.get(row.pmsConnectionUuid) ?? t('hotelDefinitions.connectionNotFound');
  };

  const { heading, addButton, body } = useRecordList<HotelDefinitionRow>({
    // of the two lists of the page, the newer draft's form reopens
    ...pmsListDeclaration(org, {
      list,
      kind: HOTEL_DEFINITION_KIND,
      elsewhereKind: PMS_CONNECTION_KIND,
      nameHeader: t('hotelDefinitions.column.name'),
      words: words(),
      queueDelete: (userUuid, row) => hotelDefinitions.queueDelete(org, userUuid, row),
    }),
    columns: () => [
      { key: 'propertyId', header: t('hotelDefinitions.column.propertyId'), cell: (row) => row.externalId, sort: (row) => row.externalId },
      { key: 'connection', header: t('hotelDefinitions.column.connection'), cell: connectionName, sort: connectionName },
    ],
    searchText: (row) => row.name,
    form: (record, { userUuid, close }) => <HotelDefinitionForm org={org} userUuid={userUuid} record={record} onClose={close} />,
    modalSize: 600,
  });

  return (
    <Stack gap="lg" component="section" aria-labelledby="hotel-definitions-heading">
      <RecordListTitle heading={heading} order={2} id="hotel-definitions-heading" add={addButton} intro={t('hotelDefinitions.intro')}>
        {t('hotelDefinitions.title')}
      </RecordListTitle>
      {body}
    </Stack>
  );
}

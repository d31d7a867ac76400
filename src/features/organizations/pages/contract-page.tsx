import { useParams } from 'react-router-dom';
import { Stack } from '@mantine/core';
import { CONTRACT_KIND, type Contract } from '../../../domain';
import { isForbiddenError } from '../../../api';
import { formatDate, t } from '../../../i18n';
import { type ResourceRow } from '../../../offline/resource';
import { ForbiddenRedirect, loadFailureOf, OfflineNotice, sectionWords, usePageTitle, OrganizationBackLink, RecordListTitle, useRecordList } from '../../../ui';
import { contracts } from '../api/units';
import { ContractForm, contractStatusLabel } from '../components/contract-form';

type ContractRow = ResourceRow<Contract>;

const words = () =>
  sectionWords('contract', 'reference', { tableLabel: t('contract.tableLabel'), failedTitle: t('contract.errorMessage'), failedFallback: t('contract.deleteFailedDefault') });

/**
 * /organization/:uuid/contract (spec section 2, "Contract"): the organization's customer contracts,
 * the newest first, with a form to add and edit them. Only organization setup may use it; others
 * read the gateway's 403 in the catalogue's words. Changes go through the outbox: a queued one is
 * marked as waiting, and a removal asks first, then waits struck through, with Undo, until the
 * gateway has done it.
 */
export function ContractPage() {
  const { uuid: org = '' } = useParams();
  usePageTitle(t('contract.title'));
  const list = contracts.useRows(org);
  /** the references a contract's reference must differ from: those not on their way out */
  const others = (list.rows ?? []).filter((row) => row.removal === null);
  const { list: listWords, removal } = words();
  const failure = list.query.isError ? loadFailureOf(list.query.error, { title: t('contract.errorMessage'), notFound: [t('contract.notFoundTitle'), t('contract.notFound')] }) : null;

  const { heading, addButton, body } = useRecordList<ContractRow>({
    list,
    drafts: { org, kind: CONTRACT_KIND },
    name: (row) => row.reference,
    nameColumn: { header: t('contract.column.reference') },
    columns: () => [
      { key: 'start', header: t('contract.column.startDate'), cell: (row) => formatDate(row.startDate), sort: (row) => row.startDate },
      { key: 'end', header: t('contract.column.endDate'), cell: (row) => (row.endDate === null ? t('contract.noEndDate') : formatDate(row.endDate)), sort: (row) => row.endDate },
      { key: 'plan', header: t('contract.column.plan'), cell: (row) => row.plan, sort: (row) => row.plan },
      { key: 'status', header: t('contract.column.status'), cell: (row) => contractStatusLabel(row.status), sort: (row) => contractStatusLabel(row.status) },
    ],
    searchText: (row) => `${row.reference} ${row.plan} ${contractStatusLabel(row.status)}`,
    words: listWords,
    removal: { queue: (row, user) => contracts.queueDelete(org, user, row), words: removal },
    failure,
    form: (record, { userUuid, close }) => <ContractForm org={org} userUuid={userUuid} record={record} others={others} onClose={close} />,
    modalSize: 500,
  });

  // only organization setup may see contracts (the gateway decides): a direct link from anyone else is the 403 page
  if (isForbiddenError(list.query.error)) return <ForbiddenRedirect reason={t('organization.notInList')} />;

  return (
    <Stack gap="lg">
      <OrganizationBackLink org={org} notFound={failure?.notFound === true} back={t('contract.backToOrganization')} toOrganizations={t('contract.toOrganizations')} />
      <RecordListTitle heading={heading} add={addButton} intro={t('contract.intro')}>
        {t('contract.title')}
      </RecordListTitle>
      <OfflineNotice path={contracts.path(org)} />
      {body}
    </Stack>
  );
}

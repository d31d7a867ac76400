import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Anchor, Stack } from '@mantine/core';
import { DISCOUNT_KIND } from '../../../domain';
import { isForbiddenError } from '../../../api';
import { t } from '../../../i18n';
import { newRecordIdOf } from '../../../offline/resource';
import { ForbiddenRedirect, loadFailureOf, OfflineNotice, RecordListTitle, sectionWords, usePageTitle, useRecordList, useUnitMoney } from '../../../ui';
import { discounts, unitScopeOf, useDiscountRows, type DiscountRow } from '../api/discounts';
import { DiscountForm, discountStatusLabel, discountTypeLabel, discountValueText } from '../components/discount-form';
import { SelectionSection } from '../components/selection-section';

const words = () => sectionWords('discount', 'name', { tableLabel: t('discount.tableLabel'), failedTitle: t('menu.errorMessage'), failedFallback: t('menu.failedFallback'), searchPlaceholder: t('discount.search') });

/**
 * /organization/:uuid/ous/:ouUuid/discounts: a unit's discounts (value as '15 %' or in the unit's
 * money; deactivated and reactivated through an edit) and, below, the discounts its terminals
 * offer. Who may not set up the unit is sent to the 403 page; offline, the cached list shows with
 * the offline notice.
 */
export function DiscountsPage() {
  const { uuid: org = '', ouUuid: ou = '' } = useParams();
  const scope = useMemo(() => unitScopeOf(org, ou), [org, ou]);
  const unit = useUnitMoney(org, ou);
  usePageTitle(unit.name ? t('discount.pageTitle', { unit: unit.name }) : t('discount.title'));
  const list = useDiscountRows(scope);
  const { list: listWords, removal } = words();
  const failure = list.query.isError ? loadFailureOf(list.query.error, { title: t('menu.errorMessage'), forbidden: [t('errors.forbiddenTitle'), t('errors.forbidden')], notFound: [t('menu.notFoundTitle'), t('menu.notFound')] }) : null;
  const { money } = unit;

  const { heading, addButton, body, userUuid } = useRecordList<DiscountRow>({
    list,
    drafts: { org, kind: DISCOUNT_KIND, newRecordId: newRecordIdOf(scope) },
    name: (row) => row.name,
    nameColumn: { header: t('discount.column.name') },
    columns: () => [
      { key: 'label', header: t('discount.column.label'), cell: (row) => row.label, sort: (row) => row.label },
      { key: 'type', header: t('discount.column.type'), cell: (row) => discountTypeLabel(row.type), sort: (row) => discountTypeLabel(row.type) },
      { key: 'value', header: t('discount.column.value'), cell: (row) => discountValueText(row, money) },
      { key: 'status', header: t('discount.column.status'), cell: (row) => discountStatusLabel(row.status), sort: (row) => discountStatusLabel(row.status) },
    ],
    searchText: (row) => `${row.name} ${row.label}`,
    words: listWords,
    removal: { queue: (row, user) => discounts.queueDelete(scope, user, row), words: removal },
    failure,
    form: (record, { userUuid: user, close }) => <DiscountForm scope={scope} money={money} userUuid={user} record={record} onClose={close} />,
    modalSize: 560,
    minWidth: 640,
  });

  if (isForbiddenError(list.query.error) || isForbiddenError(unit.query.error)) return <ForbiddenRedirect reason={t('menu.forbidden')} />;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/organization/${org}/ous/${ou}`} size="sm">
        {t('menu.backToUnit')}
      </Anchor>
      <RecordListTitle heading={heading} add={addButton} intro={t('discount.intro')}>
        {unit.name ? t('discount.heading', { unit: unit.name }) : t('discount.title')}
      </RecordListTitle>
      <OfflineNotice path={discounts.path(scope)} />
      {body}
      {list.rows !== null && <SelectionSection scope={scope} userUuid={userUuid} />}
    </Stack>
  );
}

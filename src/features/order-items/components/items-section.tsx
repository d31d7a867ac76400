import { ORDER_ITEM_KIND, type UnitScope } from '../../../domain';
import { t } from '../../../i18n';
import { formatMinor, RecordListSection, useRecordList, type UnitMoney } from '../../../ui';
import { orderItems, type CategoryRow, type OrderItemRow, type TagRow, type useOrderItemRows } from '../api/order-items';
import { ItemForm, itemStatusLabel } from './item-form';
import { menuFailure, menuList, menuWords } from './menu-words';

interface ItemsSectionProps {
  scope: UnitScope;
  list: ReturnType<typeof useOrderItemRows>;
  money: UnitMoney;
  categories: readonly CategoryRow[];
  tags: readonly TagRow[];
  /** the favourites in order, a queued order included */
  favorites: readonly string[];
  /** the form waits for the categories and tags it offers */
  formReady: boolean;
}

/** A name among `named` by uuid; a deleted one shows as '(Not found)'. */
const nameOf = (named: readonly { uuid: string; name: string }[], uuid: string) => named.find((one) => one.uuid === uuid)?.name ?? t('item.notFound');

/** The unit's item definitions: searched and paged, with price in the unit's money, tags, status and favourite. */
export function ItemsSection({ scope, list, money, categories, tags, favorites, formReady }: ItemsSectionProps) {
  const { list: words, removal } = menuWords('item', t('item.tableLabel'), t('item.search'));
  const categoryOf = (row: OrderItemRow) => (row.categoryUuid === null ? '' : nameOf(categories, row.categoryUuid));
  const tagsOf = (row: OrderItemRow) => row.tagUuids.map((uuid) => nameOf(tags, uuid)).join(', ');
  const recordList = useRecordList<OrderItemRow>({
    ...menuList<OrderItemRow, typeof list>(scope, list, ORDER_ITEM_KIND),
    nameColumn: { header: t('item.column.name') },
    columns: () => [
      { key: 'category', header: t('item.column.category'), cell: categoryOf, sort: categoryOf },
      { key: 'price', header: t('item.column.price'), cell: (row) => formatMinor(row.priceMinor, money), sort: (row) => row.priceMinor },
      { key: 'tags', header: t('item.column.tags'), cell: tagsOf },
      { key: 'status', header: t('item.column.status'), cell: (row) => itemStatusLabel(row.status), sort: (row) => itemStatusLabel(row.status) },
      { key: 'favorite', header: t('item.column.favorite'), cell: (row) => (favorites.includes(row.uuid) ? t('item.favoriteYes') : '') },
    ],
    searchText: (row) => `${row.name} ${categoryOf(row)} ${tagsOf(row)} ${row.slu}`,
    words,
    removal: { queue: (row, user) => orderItems.queueDelete(scope, user, row), words: removal },
    failure: menuFailure(list.query),
    form: (record, { userUuid, close }) => (
      <ItemForm scope={scope} userUuid={userUuid} record={record} money={money} categories={categories} tags={tags} favorites={favorites} onClose={close} />
    ),
    modalSize: 620,
    formReady,
    minWidth: 760,
  });
  return (
    <RecordListSection list={recordList} title={t('item.title')} />
  );
}

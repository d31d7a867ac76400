import { TextInput } from '@mantine/core';
import { z } from 'zod';
import { ORDER_ITEM_MESSAGES, tagInputSchema, type Tag, type UnitScope } from '../../../domain';
import { t } from '../../../i18n';
import { RecordForm, RecordListSection, useRecordList, useResourceForm, type FormValueDeclaration, type ResourceFormProps } from '../../../ui';
import { TAG_KIND, tags, type TagRow, type useTagRows } from '../api/order-items';
import { menuFailure, menuList, menuWords, namedCheck } from './menu-words';

const valueSchema = z.object({ name: z.string() });
type Value = z.output<typeof valueSchema>;
const VALUE: FormValueDeclaration<Tag, Value> = { blank: { name: '' }, fromRecord: ({ name }) => ({ name }), schema: valueSchema };

/** Add or edit a tag: its name, unique in the unit. */
function TagForm({ scope, others, ...props }: ResourceFormProps<Tag> & { scope: UnitScope; others: readonly TagRow[] }) {
  const form = useResourceForm(tags, scope, props, VALUE, (value) =>
    namedCheck(tagInputSchema.safeParse(value), ['name'], value.name, others, props.record?.uuid ?? null, ORDER_ITEM_MESSAGES.tagNameTaken),
  );
  const errors = form.attempted ? form.checked.problems : {};
  return (
    <RecordForm form={form} errorTitle={t('menu.errorMessage')} cancelLabel={t('tag.form.cancel')} saveLabel={t('tag.form.save')}>
      <TextInput ref={form.firstField} data-autofocus label={t('tag.form.name')} required {...form.text('name', errors.name)} />
    </RecordForm>
  );
}

/** The unit's tags, added, renamed and removed. */
export function TagsSection({ scope, list }: { scope: UnitScope; list: ReturnType<typeof useTagRows> }) {
  const { list: words, removal } = menuWords('tag', t('tag.tableLabel'));
  const recordList = useRecordList<TagRow>({
    ...menuList<TagRow, typeof list>(scope, list, TAG_KIND),
    nameColumn: { header: t('tag.column.name') },
    columns: () => [],
    searchText: (row) => row.name,
    words,
    removal: { queue: (row, user) => tags.queueDelete(scope, user, row), words: removal },
    failure: menuFailure(list.query),
    form: (record, { userUuid, close }) => <TagForm scope={scope} userUuid={userUuid} record={record} others={list.rows ?? []} onClose={close} />,
    modalSize: 420,
  });
  return (
    <RecordListSection list={recordList} title={t('tag.title')} />
  );
}

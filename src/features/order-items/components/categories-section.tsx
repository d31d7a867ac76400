import { useMemo } from 'react';
import { Autocomplete, Group, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import { categoryInputSchema, ORDER_ITEM_MESSAGES, type Category, type UnitScope } from '../../../domain';
import { t } from '../../../i18n';
import { RecordForm, RecordListSection, useRecordList, useResourceForm, type FormValueDeclaration, type ResourceFormProps } from '../../../ui';
import { categories, CATEGORY_KIND, type CategoryRow, type useCategoryRows } from '../api/order-items';
import { menuFailure, menuList, menuWords, namedCheck } from './menu-words';

const valueSchema = z.object({ name: z.string(), group: z.string() });
type Value = z.output<typeof valueSchema>;
const VALUE: FormValueDeclaration<Category, Value> = { blank: { name: '', group: '' }, fromRecord: ({ name, group }) => ({ name, group }), schema: valueSchema };

type CategoryFormProps = ResourceFormProps<Category> & { scope: UnitScope; others: readonly CategoryRow[]; groups: readonly string[] };

/** Add or edit a category: its name (unique in the unit) and its group, one of those used or a new one. */
function CategoryForm({ scope, others, groups, ...props }: CategoryFormProps) {
  const form = useResourceForm(categories, scope, props, VALUE, (value) =>
    namedCheck(categoryInputSchema.safeParse(value), ['name', 'group'], value.name, others, props.record?.uuid ?? null, ORDER_ITEM_MESSAGES.categoryNameTaken),
  );
  const errors = form.attempted ? form.checked.problems : {};
  return (
    <RecordForm form={form} errorTitle={t('menu.errorMessage')} cancelLabel={t('category.form.cancel')} saveLabel={t('category.form.save')}>
      <TextInput ref={form.firstField} data-autofocus label={t('category.form.name')} required {...form.text('name', errors.name)} />
      <Autocomplete
        label={t('category.form.group')}
        description={t('category.form.groupDescription')}
        data={[...groups]}
        value={form.value.group}
        error={errors.group}
        disabled={!form.draft.ready}
        onChange={(group) => form.set({ group })}
      />
    </RecordForm>
  );
}

/** "Category groups": the unit's categories listed by group (the groups named above), added, edited and removed. */
export function CategoriesSection({ scope, list }: { scope: UnitScope; list: ReturnType<typeof useCategoryRows> }) {
  const groups = useMemo(() => [...new Set((list.rows ?? []).filter((row) => row.removal === null).map((row) => row.group).filter((group) => group !== ''))], [list.rows]);
  const { list: words, removal } = menuWords('category', t('category.tableLabel'));
  const recordList = useRecordList<CategoryRow>({
    ...menuList<CategoryRow, typeof list>(scope, list, CATEGORY_KIND),
    nameColumn: { header: t('category.column.name') },
    columns: () => [
      { key: 'group', header: t('category.column.group'), cell: (row) => row.group || t('category.noGroup'), sort: (row) => row.group },
    ],
    searchText: (row) => `${row.name} ${row.group}`,
    words,
    removal: { queue: (row, user) => categories.queueDelete(scope, user, row), words: removal },
    failure: menuFailure(list.query),
    form: (record, { userUuid, close }) => <CategoryForm scope={scope} userUuid={userUuid} record={record} others={list.rows ?? []} groups={groups} onClose={close} />,
    modalSize: 480,
  });
  return (
    <RecordListSection list={recordList} title={t('category.groups')}>
      {groups.length > 0 && (
        <Group gap="xs" aria-label={t('category.groups')} role="list">
          {groups.map((group) => (
            <Text key={group} role="listitem" size="sm" px="xs" bg="var(--mantine-color-gray-1)" style={{ borderRadius: 4 }}>
              {group}
            </Text>
          ))}
        </Group>
      )}
    </RecordListSection>
  );
}

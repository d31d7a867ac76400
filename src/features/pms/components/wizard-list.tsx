import { useRef, useState, type ReactNode, type Ref } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { t } from '../../../i18n';
import { ChangeMark, type ChangeMarks } from './change-mark';
import { CheckedForm, confirmRemoval, DataTable, FormModal, removalSelection, type ConfirmRemovalOptions, type DataTableColumn } from '../../../ui';

/** An item of a list the hotel wizard saves with the hotel: a local id, the gateway's uuid once saved, and its name. */
interface WizardItem {
  localId: string;
  uuid: string | null;
  name: string;
}

/** A wizard list's words: its title, search and empty text, its Edit and Remove columns, and its form's titles. */
export interface WizardListWords {
  title: string;
  search: string;
  empty: string;
  editColumn: string;
  edit(name: string): string;
  removeColumn: string;
  remove(name: string): string;
  editTitle: string;
  createTitle: string;
  confirm(name: string): Omit<ConfirmRemovalOptions, 'onConfirm' | 'fallbackFocus'>;
  /** the form's: what it names that is gone, Cancel and Save */
  missing: string;
  cancel: string;
  save: string;
}

/** The words of removing several items of a wizard list at once: the title and button name the count. */
export interface RemoveManyWords {
  title(count: number): string;
  text(names: readonly string[]): string;
  confirm(count: number): string;
}

/** The words of the wizard list `section` of the catalogue (its keys named alike: `rateCodes.title`, `accessControl.title`, …). */
export function wizardListWords(section: 'rateCodes' | 'accessControl'): WizardListWords {
  return {
    title: t(`${section}.title`),
    search: t(`${section}.search`),
    empty: t(`${section}.empty`),
    editColumn: t(`${section}.column.edit`),
    edit: (name) => t(`${section}.edit`, { name }),
    removeColumn: t(`${section}.column.remove`),
    remove: (name) => t(`${section}.remove`, { name }),
    editTitle: t(`${section}.form.editTitle`),
    createTitle: t(`${section}.form.createTitle`),
    confirm: (name) => ({ title: t(`${section}.removeTitle`, { name }), message: t(`${section}.removeText`, { name }), confirmLabel: t(`${section}.removeConfirm`), cancelLabel: t(`${section}.removeCancel`) }),
    missing: t(`${section}.missingPackages`),
    cancel: t(`${section}.form.cancel`),
    save: t(`${section}.form.save`),
  };
}

/**
 * A list of the hotel wizard's step 3 edited in place (the wizard saves it with the hotel): its
 * Edit and Remove columns, the table searched by name, and the form modal for a new item or a
 * listed one. Remove asks first; focus goes to the heading if no row is left to take it.
 */
export interface WizardListMarks {
  /** rows the last save added or changed, by name: marked beside their name, the first one's page opened */
  marked?: ChangeMarks;
  /** said in the removal question when the removal takes effect only once the hotel is saved */
  removalNote?: string;
}

export function useWizardList<Item extends WizardItem, Value extends object>(items: readonly Item[], onChange: (items: Item[]) => void, words: WizardListWords, { marked, removalNote }: WizardListMarks = {}) {
  const [editing, setEditing] = useState<{ item: Item | null } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const close = () => setEditing(null);
  const save = (item: Item | null, value: Value) => {
    if (item) onChange(items.map((other) => (other.localId === item.localId ? { ...other, ...value } : other)));
    else onChange([...items, { localId: crypto.randomUUID(), uuid: null, ...value } as unknown as Item]);
    close();
  };
  const remove = (item: Item) => {
    const question = words.confirm(item.name);
    confirmRemoval({
      ...question,
      message:
        removalNote === undefined ? (
          question.message
        ) : (
          <Stack gap="xs">
            <Text size="sm">{question.message}</Text>
            <Text size="sm">{removalNote}</Text>
          </Stack>
        ),
      fallbackFocus: () => heading.current,
      onConfirm: () => onChange(items.filter((other) => other.localId !== item.localId)),
    });
  };

  const editColumn: DataTableColumn<Item> = {
    key: 'edit',
    header: words.editColumn,
    cell: (item) => (
      <Button size="xs" variant="light" aria-label={words.edit(item.name)} onClick={() => setEditing({ item })}>
        {words.editColumn}
      </Button>
    ),
  };
  const removeColumn: DataTableColumn<Item> = {
    key: 'remove',
    header: words.removeColumn,
    cell: (item) => (
      <Button size="xs" variant="subtle" color="red" aria-label={words.remove(item.name)} onClick={() => remove(item)}>
        {words.removeColumn}
      </Button>
    ),
  };
  const revealKey = marked === undefined ? null : (items.find((item) => marked.has(item.name))?.localId ?? null);
  /** the first column (the name) carries the mark of a row the last save added or changed */
  const markFirst = (columns: DataTableColumn<Item>[]): DataTableColumn<Item>[] =>
    columns.map((column, index) =>
      index === 0 && marked !== undefined
        ? {
            ...column,
            cell: (item: Item) => (
              <Group gap="xs" wrap="nowrap">
                {column.cell(item)}
                <ChangeMark marks={marked} name={item.name} />
              </Group>
            ),
          }
        : column,
    );
  const removeMany = (chosen: readonly Item[]) => onChange(items.filter((other) => !chosen.some((item) => item.localId === other.localId)));
  /** the table; with `removeMany` words, several rows can be chosen and removed after one confirmation naming the count */
  const table = (columns: DataTableColumn<Item>[], options: { removeMany?: RemoveManyWords } = {}) => {
    const many = options.removeMany;
    return (
      <DataTable
        rows={items}
        revealKey={revealKey}
        columns={markFirst(columns)}
        rowKey={(item) => item.localId}
        searchText={(item) => item.name}
        searchPlaceholder={words.search}
        emptyText={words.empty}
        label={words.title}
        selection={
          many &&
          removalSelection<Item>({
            rowLabel: (item) => t('table.select', { name: item.name }),
            confirm: (chosen) => ({ title: many.title(chosen.length), message: many.text(chosen.map((item) => item.name)), confirmLabel: many.confirm(chosen.length) }),
            remove: removeMany,
            fallbackFocus: () => heading.current,
          })
        }
      />
    );
  };
  /** the list's heading (where focus goes when no row is left), with its buttons beside it */
  const header = (actions: ReactNode) => (
    <Group justify="space-between">
      <Title order={3} ref={heading} tabIndex={-1}>
        {words.title}
      </Title>
      {actions}
    </Group>
  );
  /** the form modal; `form` is given the item (null: a new one), what saves its value, and what closes it */
  const modal = (size: number, form: (item: Item | null, onSave: (value: Value) => void, onClose: () => void) => ReactNode) => (
    <FormModal opened={editing !== null} onClose={close} title={editing?.item ? words.editTitle : words.createTitle} size={size}>
      {editing !== null && form(editing.item, (value) => save(editing.item, value), close)}
    </FormModal>
  );
  return { add: () => setEditing({ item: null }), editColumn, removeColumn, header, table, modal };
}

interface WizardItemFormProps {
  formRef: Ref<HTMLFormElement>;
  words: WizardListWords;
  /** packages the item names are gone: it says so */
  missing: boolean;
  /** the item's name field, focused when the form opens */
  name: { label: string; value: string; error: string | undefined; onChange(value: string): void };
  onSave(): void;
  /** Cancel: asks first when something changed */
  onCancel(): void;
  /** the fields after the name */
  children: ReactNode;
}

/** The form of a wizard list's item: that packages it names are gone, its name, its other fields, Cancel and Save. */
export function WizardItemForm({ formRef, words, missing, name, onSave, onCancel, children }: WizardItemFormProps) {
  return (
    <CheckedForm formRef={formRef} onSubmit={onSave}>
      <Stack gap="md">
        {missing && (
          <Alert color="yellow" role="alert">
            {words.missing}
          </Alert>
        )}
        <TextInput data-autofocus label={name.label} required value={name.value} error={name.error} onChange={(event) => name.onChange(event.currentTarget.value)} />
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {words.cancel}
          </Button>
          <Button type="submit">{words.save}</Button>
        </Group>
      </Stack>
    </CheckedForm>
  );
}

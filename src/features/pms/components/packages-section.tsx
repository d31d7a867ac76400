import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { Badge, Button, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { CALCULATION_RULE_LABELS, TABLE_PAGE_SIZE, type CalculationRule } from '../../../domain';
import { t } from '../../../i18n';
import type { DraftScope } from '../../../offline';
import { AppModal, currentFocus, focusTargetAfterRemoval, TableFrame } from '../../../ui';
import { ChangeMark, type ChangeMarks } from './change-mark';
import { PackageFormModal } from './package-form-modal';

/** A package as the section shows and edits it (spec section 3: localId matches edits of packages without a uuid). */
export interface PackageItem {
  localId: string;
  uuid: string | null;
  externalId: string;
  calculationRule: CalculationRule;
  deleted: boolean;
  pending?: boolean;
}

/** What the package form hands back. */
export interface PackageFormValues {
  externalId: string;
  calculationRule: CalculationRule;
}

export interface PackagesSectionProps {
  items: readonly PackageItem[];
  /** add (localId null) or replace the item with that localId */
  onSave(localId: string | null, values: PackageFormValues): void | Promise<void>;
  onRemove(item: PackageItem): void | Promise<void>;
  /** heading level and whether to show the title/description block */
  headingOrder?: 2 | 3 | 4;
  readOnly?: boolean;
  /**
   * where the package form keeps its draft, for the package of that localId (null: a new one);
   * none or null: the form keeps no draft (the hotel wizard's state is a draft already)
   */
  draftScope?: (localId: string | null) => DraftScope | null;
  /** the packages the last save added or changed (by package ID): marked, the first one's page opened */
  marked?: ChangeMarks;
  /** said in the removal question when the removal takes effect only once the hotel is saved */
  removalNote?: string;
}

type Editing = { item: PackageItem | null } | null;
type Removing = { item: PackageItem; opener: HTMLElement | null } | null;

/**
 * The Room Packages section (spec sections 2, 4 and 8), controlled: the caller owns the packages
 * and says what Save and Remove do. Title and description (when `headingOrder` is given), the
 * 'ADD PACKAGE PMS' button, and a table of the packages not removed, 10 a page, filtered by
 * package ID. Add and Edit open the package form; Remove asks first, its main button cancelling.
 */
export function PackagesSection({ items, onSave, onRemove, headingOrder, readOnly = false, draftScope, marked, removalNote }: PackagesSectionProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Removing>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  // stable, so the table (which may hold 10,000 packages) does not render again when a modal opens
  const edit = useCallback((item: PackageItem) => setEditing({ item }), []);
  const askRemoval = useCallback((item: PackageItem) => setRemoving({ item, opener: currentFocus() }), []);
  const fallbackFocus = useCallback(() => heading.current ?? addButton.current, []);

  return (
    <Stack gap="md">
      {headingOrder !== undefined && (
        <Stack gap={4}>
          <Title order={headingOrder} ref={heading} tabIndex={-1}>
            {t('packages.section.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('packages.section.description')}
          </Text>
        </Stack>
      )}
      {!readOnly && (
        <Group justify="flex-end">
          <Button ref={addButton} onClick={() => setEditing({ item: null })}>
            {t('packages.add')}
          </Button>
        </Group>
      )}
      <PackagesTable items={items} readOnly={readOnly} onEdit={edit} onRemove={askRemoval} marked={marked} />
      {!readOnly && (
        <>
          <PackageFormModal
            opened={editing !== null}
            item={editing?.item ?? null}
            items={items}
            onClose={() => setEditing(null)}
            onSave={onSave}
            draftScope={editing !== null && draftScope ? draftScope(editing.item?.localId ?? null) : null}
          />
          <RemovePackageModal removing={removing} onClose={() => setRemoving(null)} onRemove={onRemove} fallbackFocus={fallbackFocus} note={removalNote} />
        </>
      )}
    </Stack>
  );
}

interface PackagesTableProps {
  items: readonly PackageItem[];
  readOnly: boolean;
  onEdit: (item: PackageItem) => void;
  onRemove: (item: PackageItem) => void;
  marked?: ChangeMarks;
}

/**
 * The packages table: its own filter and page, so typing in the filter renders only this. The
 * packages not removed, with their lowercase ID, are worked out once per list; a keystroke is one
 * pass over them, and only the 10 rows of the page are rendered.
 */
const PackagesTable = memo(function PackagesTable({ items, readOnly, onEdit, onRemove, marked }: PackagesTableProps) {
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);

  const shownItems = useMemo(() => items.filter((item) => !item.deleted).map((item) => ({ item, key: item.externalId.toLocaleLowerCase() })), [items]);
  // a package just saved is shown: its page opens (the filter cleared)
  const [revealed, setRevealed] = useState<ChangeMarks | undefined>(undefined);
  if (marked !== revealed) {
    setRevealed(marked);
    const index = marked === undefined ? -1 : shownItems.findIndex(({ item }) => marked.has(item.externalId));
    if (index >= 0) {
      setFilter('');
      setPage(Math.floor(index / TABLE_PAGE_SIZE) + 1);
    }
  }
  const needle = filter.trim().toLocaleLowerCase();
  const matching = useMemo(() => (needle === '' ? shownItems : shownItems.filter((entry) => entry.key.includes(needle))), [shownItems, needle]);

  const pages = Math.max(1, Math.ceil(matching.length / TABLE_PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = matching.slice((current - 1) * TABLE_PAGE_SIZE, current * TABLE_PAGE_SIZE);

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        aria-label={t('packages.filter')}
        placeholder={t('packages.filterPlaceholder')}
        value={filter}
        onChange={(event) => {
          setFilter(event.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <TableFrame label={t('packages.table')}>
        <Table striped highlightOnHover aria-label={t('packages.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('packages.column.id')}</Table.Th>
              <Table.Th>{t('packages.column.rule')}</Table.Th>
              {!readOnly && <Table.Th>{t('packages.column.remove')}</Table.Th>}
              {!readOnly && <Table.Th>{t('packages.column.edit')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ item }) => (
              <Table.Tr key={item.localId}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text span inherit>
                      {item.externalId}
                    </Text>
                    <ChangeMark marks={marked} name={item.externalId} />
                    {item.pending === true && (
                      <Badge size="xs" variant="light" color="blue">
                        {t('packages.pendingSync')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{CALCULATION_RULE_LABELS[item.calculationRule]}</Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <Button size="xs" variant="subtle" color="red" aria-label={t('packages.remove', { id: item.externalId })} onClick={() => onRemove(item)}>
                      {t('packages.column.remove')}
                    </Button>
                  </Table.Td>
                )}
                {!readOnly && (
                  <Table.Td>
                    <Button size="xs" variant="light" aria-label={t('packages.edit', { id: item.externalId })} onClick={() => onEdit(item)}>
                      {t('packages.column.edit')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableFrame>
      <div role="status">
        {rows.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            {shownItems.length > 0 && needle !== '' ? t('table.noMatch', { query: filter.trim() }) : t('packages.empty')}
          </Text>
        )}
      </div>
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            aria-label={t('table.pagination')}
            getItemProps={(number) => ({ 'aria-label': t('table.page', { page: number }) })}
            getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
          />
        </Group>
      )}
    </Stack>
  );
});

interface RemovePackageModalProps {
  /** the package asked about and the control that asked (its row's Remove button), or null (closed) */
  removing: Removing;
  onClose: () => void;
  onRemove: (item: PackageItem) => void | Promise<void>;
  /** where focus goes when no row is left to go to */
  fallbackFocus: () => HTMLElement | null;
  /** when the removal takes effect, if not at once */
  note?: string;
}

/**
 * The removal question of spec sections 4 and 8: the warning that it cannot be undone and touches
 * rate codes and package access; the main (filled) button cancels and is where the modal opens,
 * the secondary 'REMOVE PMS PACKAGE' removes. Once removed, focus goes to the next row (else the
 * previous one, else the section's heading or Add button); cancelled, back to the row's Remove.
 */
function RemovePackageModal({ removing, onClose, onRemove, fallbackFocus, note }: RemovePackageModalProps) {
  // what the modal shows stays while it closes
  const [shown, setShown] = useState<PackageItem | null>(removing?.item ?? null);
  if (removing !== null && removing.item !== shown) setShown(removing.item);
  /** where focus goes once removed: read before the row goes, while its neighbours are on the page */
  const afterRemoval = useRef<HTMLElement | null | undefined>(undefined);

  const remove = () => {
    if (removing === null) return;
    afterRemoval.current = focusTargetAfterRemoval(removing.opener, fallbackFocus());
    onClose();
    void onRemove(removing.item);
  };

  return (
    <AppModal
      opened={removing !== null}
      onClose={onClose}
      title={t('packages.removeTitle')}
      size={450}
      focusOnClose={(opener) => {
        const target = afterRemoval.current;
        afterRemoval.current = undefined;
        return target === undefined ? (removing?.opener ?? opener) : target;
      }}
    >
      {shown && (
        <Stack gap="md">
          <Text size="sm">{t('packages.removeText', { id: shown.externalId })}</Text>
          <Text size="sm" c="red.9">
            {t('packages.removeWarning')}
          </Text>
          {note !== undefined && <Text size="sm">{note}</Text>}
          <Group justify="flex-end">
            <Button variant="subtle" color="red" onClick={remove}>
              {t('packages.removeConfirm')}
            </Button>
            <Button variant="filled" data-autofocus onClick={onClose}>
              {t('packages.removeCancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}

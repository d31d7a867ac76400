import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { CALCULATION_RULE_LABELS, packageCsvText, type CalculationRule } from '../../../domain';
import { formatList, plural, t } from '../../../i18n';
import type { DraftScope } from '../../../offline';
import { AppModal, currentFocus, DataTable, focusTargetAfterRemoval, removalSelection, type DataTableColumn } from '../../../ui';
import { ChangeMark, type ChangeMarks } from './change-mark';
import { CsvExportButton } from './csv-export-button';
import { PackageFormModal } from './package-form-modal';
import { RateCodeImportModal } from './rate-code-import-modal';

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
  /** several packages chosen in the table removed at once (after one confirmation); each by onRemove when absent */
  onRemoveMany?(items: PackageItem[]): void | Promise<void>;
  /** the rate codes that include a package: the removal of several names them */
  usedBy?(item: PackageItem): readonly string[];
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
  /**
   * Export and Import as CSV (the hotel wizard): `target` the saved hotel (null before it is
   * created: Export makes the file from this list, Import is disabled); `onImported` after an import.
   */
  csv?: { target: { org: string; hotel: string } | null; onImported(): void };
}

type Editing = { item: PackageItem | null } | null;
type Removing = { item: PackageItem; opener: HTMLElement | null } | null;

/**
 * The Room Packages section (spec sections 2, 4 and 8), controlled: the caller owns the packages
 * and says what Save and Remove do. Title and description (when `headingOrder` is given), the
 * 'ADD PACKAGE PMS' button, and a table of the packages not removed, 10 a page, filtered by
 * package ID. Add and Edit open the package form; Remove asks first, its main button cancelling.
 */
export function PackagesSection({ items, onSave, onRemove, onRemoveMany, usedBy, headingOrder, readOnly = false, draftScope, marked, removalNote, csv }: PackagesSectionProps) {
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Removing>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  // stable, so the table (which may hold 10,000 packages) does not render again when a modal opens
  const edit = useCallback((item: PackageItem) => setEditing({ item }), []);
  const askRemoval = useCallback((item: PackageItem) => setRemoving({ item, opener: currentFocus() }), []);
  const fallbackFocus = useCallback(() => heading.current ?? addButton.current, []);
  // the caller's latest callbacks behind stable ones: the table does not render again when the caller does
  const latest = useRef({ onRemove, onRemoveMany, usedBy });
  useEffect(() => {
    latest.current = { onRemove, onRemoveMany, usedBy };
  });
  const removeMany = useCallback((chosen: PackageItem[]) => {
    const { onRemove: removeOne, onRemoveMany: removeAll } = latest.current;
    if (removeAll) void removeAll(chosen);
    else for (const item of chosen) void removeOne(item);
  }, []);
  const rateCodesOf = useCallback((item: PackageItem) => latest.current.usedBy?.(item) ?? [], []);

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
          {csv && (
            <>
              <Button variant="light" disabled={csv.target === null} onClick={() => setImporting(true)}>
                {t('packages.import')}
              </Button>
              <CsvExportButton kind="packages" label="packages.export" target={csv.target} local={() => packageCsvText(liveSorted(items))} />
            </>
          )}
          <Button ref={addButton} onClick={() => setEditing({ item: null })}>
            {t('packages.add')}
          </Button>
        </Group>
      )}
      <PackagesTable items={items} readOnly={readOnly} onEdit={edit} onRemove={askRemoval} onRemoveMany={removeMany} usedBy={rateCodesOf} fallbackFocus={fallbackFocus} marked={marked} />
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
          {csv?.target && importing && (
            <RateCodeImportModal kind="packages" opened onClose={() => setImporting(false)} target={csv.target} current={() => currentOf(items, rateCodesOf)} onImported={csv.onImported} />
          )}
        </>
      )}
    </Stack>
  );
}

/** The live packages by package ID, as the gateway's export writes them. */
function liveSorted(items: readonly PackageItem[]): PackageItem[] {
  return items.filter((item) => !item.deleted).sort((a, b) => a.externalId.localeCompare(b.externalId));
}

/** What the hotel holds now, for the worker's preview: the live packages, and the rate codes using each. */
function currentOf(items: readonly PackageItem[], usedBy: (item: PackageItem) => readonly string[]) {
  const codes = new Map<string, string[]>();
  const live = liveSorted(items);
  for (const item of live) {
    for (const name of usedBy(item)) {
      const list = codes.get(name);
      if (list) list.push(item.externalId);
      else codes.set(name, [item.externalId]);
    }
  }
  return { packages: live.map(({ externalId, calculationRule }) => ({ externalId, calculationRule })), rateCodes: [...codes].map(([name, packageExternalIds]) => ({ name, packageExternalIds })) };
}

interface PackagesTableProps {
  items: readonly PackageItem[];
  readOnly: boolean;
  onEdit: (item: PackageItem) => void;
  onRemove: (item: PackageItem) => void;
  /** several chosen packages removed at once, after one confirmation */
  onRemoveMany: (items: PackageItem[]) => void;
  usedBy?: ((item: PackageItem) => readonly string[]) | undefined;
  fallbackFocus: () => HTMLElement | null;
  marked?: ChangeMarks;
}

/**
 * The packages table (the shared DataTable): the packages not removed, filtered by package ID,
 * sorted by a column, 10 a page or as many as chosen; only the rows of the page are rendered, and
 * the table renders again only when the packages change, not when a modal opens.
 */
const PackagesTable = memo(function PackagesTable({ items, readOnly, onEdit, onRemove, onRemoveMany, usedBy, fallbackFocus, marked }: PackagesTableProps) {
  const shownItems = useMemo(() => items.filter((item) => !item.deleted), [items]);
  // a package just saved is shown: its page opens (the filter cleared)
  const revealKey = useMemo(() => (marked === undefined ? null : (shownItems.find((item) => marked.has(item.externalId))?.localId ?? null)), [marked, shownItems]);
  const columns = useMemo<DataTableColumn<PackageItem>[]>(() => {
    const listed: DataTableColumn<PackageItem>[] = [
      {
        key: 'id',
        header: t('packages.column.id'),
        sort: (item) => item.externalId,
        cell: (item) => (
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
        ),
      },
      { key: 'rule', header: t('packages.column.rule'), sort: (item) => CALCULATION_RULE_LABELS[item.calculationRule], cell: (item) => CALCULATION_RULE_LABELS[item.calculationRule] },
    ];
    if (readOnly) return listed;
    return [
      ...listed,
      {
        key: 'remove',
        header: t('packages.column.remove'),
        cell: (item) => (
          <Button size="xs" variant="subtle" color="red" aria-label={t('packages.remove', { id: item.externalId })} onClick={() => onRemove(item)}>
            {t('packages.column.remove')}
          </Button>
        ),
      },
      {
        key: 'edit',
        header: t('packages.column.edit'),
        cell: (item) => (
          <Button size="xs" variant="light" aria-label={t('packages.edit', { id: item.externalId })} onClick={() => onEdit(item)}>
            {t('packages.column.edit')}
          </Button>
        ),
      },
    ];
  }, [readOnly, onEdit, onRemove, marked]);
  const selection = useMemo(
    () =>
      readOnly
        ? undefined
        : removalSelection<PackageItem>({
            rowLabel: (item) => t('table.select', { name: item.externalId }),
            confirm: (chosen) => ({
              title: plural('packages.removeMany', chosen.length),
              message: <RemoveManyText chosen={chosen} usedBy={usedBy} />,
              confirmLabel: plural('packages.removeManyConfirm', chosen.length),
              cancelLabel: t('packages.removeCancel'),
            }),
            remove: onRemoveMany,
            fallbackFocus,
          }),
    [readOnly, usedBy, onRemoveMany, fallbackFocus],
  );

  return (
    <DataTable
      rows={shownItems}
      columns={columns}
      rowKey={rowKeyOf}
      searchText={externalIdOf}
      searchPlaceholder={t('packages.filterPlaceholder')}
      searchLabel={t('packages.filter')}
      emptyText={t('packages.empty')}
      label={t('packages.table')}
      selection={selection}
      revealKey={revealKey}
    />
  );
});

const rowKeyOf = (item: PackageItem) => item.localId;
const externalIdOf = (item: PackageItem) => item.externalId;

/** What removing the chosen packages does: which they are, and which rate codes include any of them. */
function RemoveManyText({ chosen, usedBy }: { chosen: readonly PackageItem[]; usedBy?: ((item: PackageItem) => readonly string[]) | undefined }) {
  const inUse = usedBy ? chosen.flatMap((item) => {
    const codes = usedBy(item);
    return codes.length === 0 ? [] : [{ item, codes }];
  }) : [];
  return (
    <Stack gap="xs">
      <Text size="sm">{t('packages.removeManyText', { ids: formatList(chosen.map((item) => item.externalId)) })}</Text>
      {inUse.length > 0 && (
        <>
          <Text size="sm" fw={600}>
            {t('packages.removeManyInUse')}
          </Text>
          <List size="sm">
            {inUse.map(({ item, codes }) => (
              <List.Item key={item.localId}>{t('packages.removeManyUsedBy', { id: item.externalId, codes: formatList(codes) })}</List.Item>
            ))}
          </List>
        </>
      )}
      <Text size="sm" c="red.9">
        {t('packages.removeManyWarning')}
      </Text>
    </Stack>
  );
}

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

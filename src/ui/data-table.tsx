import { memo, useMemo, useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, NativeSelect, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { TABLE_PAGE_SIZE } from '../domain';
import { t } from '../i18n';
import { ColumnsTable, type StaticTableColumn } from './static-table';
import { TableFrame } from './table-frame';
import { nextSort, sortRows, type TableSort } from './table-sort';

/** A column of a DataTable; with `sort`, its header sorts the rows by what it gives. */
export type DataTableColumn<Row> = StaticTableColumn<Row>;

/** The page sizes an operator chooses from; the first is the spec's 10. */
export const PAGE_SIZES = [TABLE_PAGE_SIZE, 25, 50, 100] as const;

/**
 * Rows that can be chosen, to act on them at once (remove several, say): a checkbox per row and one
 * for the whole page, and the actions over the chosen rows above the table while some are chosen.
 */
export interface DataTableSelection<Row> {
  /** the checkbox's accessible name for a row ('Select KIDS_SPA') */
  rowLabel(row: Row): string;
  /** what can be done with the chosen rows (their buttons); `clear` unchooses them */
  actions(selected: Row[], clear: () => void): ReactNode;
  /** a row that cannot be chosen (one on its way out, say) has no checkbox */
  selectable?(row: Row): boolean;
}

interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly DataTableColumn<Row>[];
  rowKey: (row: Row) => string;
  /** Text a row is searched by (case-insensitive, contains); no search field when absent. */
  searchText?: (row: Row) => string;
  searchPlaceholder?: string;
  /** the search field's accessible name; its placeholder when absent */
  searchLabel?: string;
  /** Shown when the list itself is empty (the spec's empty state); a search matching nothing says so instead. */
  emptyText: string;
  /** Accessible name of the table. */
  label: string;
  /** narrower than this, the table scrolls in its frame rather than squeeze its columns (a long list in a cell) */
  minWidth?: number;
  /** the rows can be chosen and acted on together */
  selection?: DataTableSelection<Row>;
  /** the key of a row to bring into view when it changes (a row just saved): its page opens, the search cleared */
  revealKey?: string | null;
}

/**
 * The generic table of the spec: a search field, 10 rows per page (or the 25, 50 or 100 the operator
 * chooses) and pagination. A column that declares `sort` sorts the rows when its header is pressed
 * (ascending, then descending; stable; text in the interface language's order, numbers as numbers).
 * With no rows it shows `emptyText`; when rows exist but the search matches none, it says that
 * nothing matches the search ('No results match "opera"'). Either is announced politely to screen
 * readers. With `selection`, rows can be chosen and acted on at once. On a narrow screen the table
 * scrolls inside its own frame (TableFrame), never the page.
 */
function DataTableOf<Row>({ rows, columns, rowKey, searchText, searchPlaceholder = t('table.search'), searchLabel = searchPlaceholder, emptyText, label, minWidth, selection, revealKey = null }: DataTableProps<Row>) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE_PAGE_SIZE);
  const [sort, setSort] = useState<TableSort>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const [revealed, setRevealed] = useState<string | null>(null);
  if (revealKey !== revealed) {
    setRevealed(revealKey);
    const index = revealKey === null ? -1 : rows.findIndex((row) => rowKey(row) === revealKey);
    if (index >= 0) {
      // the row just saved is shown where it is in the list: search and sort cleared, its page opened
      setQuery('');
      setSort(null);
      setPage(Math.floor(index / pageSize) + 1);
    }
  }

  const needle = query.trim().toLocaleLowerCase();
  const matching = useMemo(() => {
    if (!needle || !searchText) return rows;
    return rows.filter((row) => searchText(row).toLocaleLowerCase().includes(needle));
  }, [rows, needle, searchText]);

  const sortBy = sort === null ? undefined : columns.find((column) => column.key === sort.key)?.sort;
  const ordered = useMemo(() => (sort === null || sortBy === undefined ? matching : sortRows(matching, sortBy, sort.direction)), [matching, sortBy, sort]);

  const pages = Math.max(1, Math.ceil(ordered.length / pageSize));
  const current = Math.min(page, pages);
  const shown = ordered.slice((current - 1) * pageSize, current * pageSize);

  // the chosen rows still listed (one removed meanwhile is no longer chosen)
  const selected = useMemo(() => (chosen.size === 0 ? [] : rows.filter((row) => chosen.has(rowKey(row)))), [rows, chosen, rowKey]);
  const choose = (keys: readonly string[], on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      for (const key of keys) {
        if (on) next.add(key);
        else next.delete(key);
      }
      return next;
    });
  const clear = () => setChosen(new Set());

  let tableColumns = columns;
  if (selection) {
    const choosable = shown.filter((row) => selection.selectable?.(row) ?? true).map(rowKey);
    const chosenHere = choosable.filter((key) => chosen.has(key)).length;
    const selectColumn: DataTableColumn<Row> = {
      key: 'select',
      width: 48,
      header: (
        <Checkbox
          aria-label={t('table.selectPage')}
          checked={choosable.length > 0 && chosenHere === choosable.length}
          indeterminate={chosenHere > 0 && chosenHere < choosable.length}
          disabled={choosable.length === 0}
          onChange={(event) => choose(choosable, event.currentTarget.checked)}
        />
      ),
      cell: (row) =>
        (selection.selectable?.(row) ?? true) ? (
          <Checkbox aria-label={selection.rowLabel(row)} checked={chosen.has(rowKey(row))} onChange={(event) => choose([rowKey(row)], event.currentTarget.checked)} />
        ) : null,
    };
    tableColumns = [selectColumn, ...columns];
  }

  return (
    <Stack gap="md">
      {searchText && (
        <TextInput
          type="search"
          placeholder={searchPlaceholder}
          aria-label={searchLabel}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setPage(1);
          }}
          maw={360}
        />
      )}
      {selection && selected.length > 0 && (
        <Group gap="sm" role="group" aria-label={t('table.selectedActions')}>
          <Text size="sm" fw={600}>
            {t('table.selected', { count: selected.length })}
          </Text>
          {selection.actions(selected, clear)}
          <Button size="xs" variant="subtle" onClick={clear}>
            {t('table.clearSelection')}
          </Button>
        </Group>
      )}
      <TableFrame label={label} minWidth={minWidth}>
        <ColumnsTable
          striped
          highlightOnHover
          aria-label={label}
          rows={shown}
          rowKey={rowKey}
          columns={tableColumns}
          sorting={{
            sort,
            onSort: (key) => {
              setSort((previous) => nextSort(previous, key));
              setPage(1);
            },
          }}
        />
      </TableFrame>
      <div role="status">
        {shown.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            {rows.length > 0 && query.trim() !== '' ? t('table.noMatch', { query: query.trim() }) : emptyText}
          </Text>
        )}
      </div>
      {(pages > 1 || ordered.length > PAGE_SIZES[0]) && (
        <Group justify="space-between" align="flex-end">
          <NativeSelect
            label={t('table.pageSize')}
            size="xs"
            data={PAGE_SIZES.map(String)}
            value={String(pageSize)}
            onChange={(event) => {
              const size = Number(event.currentTarget.value);
              // the first row shown stays on the page shown
              setPage(Math.floor(((current - 1) * pageSize) / size) + 1);
              setPageSize(size);
            }}
            w={120}
          />
          {pages > 1 && (
            <Pagination
              total={pages}
              value={current}
              onChange={setPage}
              aria-label={t('table.pagination')}
              getItemProps={(page) => ({ 'aria-label': t('table.page', { page }) })}
              getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}

/** DataTable renders again only when what it is given changes (a list of 10,000 rows beside a form that re-renders per keystroke). */
export const DataTable = memo(DataTableOf) as typeof DataTableOf;

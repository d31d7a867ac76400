import { useMemo, useState, type ReactNode } from 'react';
import { Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { TABLE_PAGE_SIZE } from '../domain';
import { t } from '../i18n';
import { ColumnsTable } from './static-table';
import { TableFrame } from './table-frame';

export interface DataTableColumn<Row> {
  /** Stable id of the column. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
}

interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly DataTableColumn<Row>[];
  rowKey: (row: Row) => string;
  /** Text a row is searched by (case-insensitive, contains); no search field when absent. */
  searchText?: (row: Row) => string;
  searchPlaceholder?: string;
  /** Shown when the list itself is empty (the spec's empty state); a search matching nothing says so instead. */
  emptyText: string;
  /** Accessible name of the table. */
  label: string;
  /** narrower than this, the table scrolls in its frame rather than squeeze its columns (a long list in a cell) */
  minWidth?: number;
  /** the key of a row to bring into view when it changes (a row just saved): its page opens, the search cleared */
  revealKey?: string | null;
}

/**
 * The generic table of the spec: a search field, 10 rows per page and pagination. With no rows it
 * shows `emptyText`; when rows exist but the search matches none, it says that nothing matches the
 * search ('No results match "opera"'). Either is announced politely to screen readers. On a narrow
 * screen the table scrolls inside its own frame (TableFrame), never the page.
 */
export function DataTable<Row>({ rows, columns, rowKey, searchText, searchPlaceholder = t('table.search'), emptyText, label, minWidth, revealKey = null }: DataTableProps<Row>) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [revealed, setRevealed] = useState<string | null>(null);
  if (revealKey !== revealed) {
    setRevealed(revealKey);
    const index = revealKey === null ? -1 : rows.findIndex((row) => rowKey(row) === revealKey);
    if (index >= 0) {
      setQuery('');
      setPage(Math.floor(index / TABLE_PAGE_SIZE) + 1);
    }
  }

  const matching = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    if (!needle || !searchText) return rows;
    return rows.filter((row) => searchText(row).toLocaleLowerCase().includes(needle));
  }, [rows, query, searchText]);

  const pages = Math.max(1, Math.ceil(matching.length / TABLE_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = matching.slice((current - 1) * TABLE_PAGE_SIZE, current * TABLE_PAGE_SIZE);

  return (
    <Stack gap="md">
      {searchText && (
        <TextInput
          type="search"
          placeholder={searchPlaceholder}
          aria-label={searchPlaceholder}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setPage(1);
          }}
          maw={360}
        />
      )}
      <TableFrame label={label} minWidth={minWidth}>
        <ColumnsTable striped highlightOnHover aria-label={label} rows={shown} rowKey={rowKey} columns={columns} />
      </TableFrame>
      <div role="status">
        {shown.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            {rows.length > 0 && query.trim() !== '' ? t('table.noMatch', { query: query.trim() }) : emptyText}
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
            getItemProps={(page) => ({ 'aria-label': t('table.page', { page }) })}
            getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
          />
        </Group>
      )}
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { Table, UnstyledButton, type TableProps } from '@mantine/core';
import { t } from '../i18n';
import { TableFrame } from './table-frame';
import type { SortValue, TableSort } from './table-sort';

/**
 * A column of a StaticTable: its header (with a fixed width, in px, if any) and each row's cell.
 * With `sort`, a table that sorts (DataTable) offers to sort its rows by what it gives.
 */
export interface StaticTableColumn<Row> {
  key: string;
  header: ReactNode;
  width?: number;
  cell(row: Row): ReactNode;
  /** what the column sorts by: a number as a number, text as the interface language orders it */
  sort?(row: Row): SortValue;
}

/** How a table is sorted and what a press on a sortable header does (DataTable). */
export interface ColumnsSorting {
  sort: TableSort;
  onSort(key: string): void;
}

interface StaticTableProps<Row> {
  /** what the table is: its frame's name, and the table's own when `named` */
  label: string;
  named?: boolean;
  caption?: ReactNode;
  rows: readonly Row[];
  rowKey(row: Row): string | number;
  columns: readonly StaticTableColumn<Row>[];
}

/** A small table shown whole (no search, no pages), striped and bordered, in its TableFrame. */
export function StaticTable<Row>({ label, named = false, caption, rows, rowKey, columns }: StaticTableProps<Row>) {
  return (
    <TableFrame label={label}>
      <ColumnsTable striped withTableBorder aria-label={named ? label : undefined} caption={caption} rows={rows} rowKey={rowKey} columns={columns} />
    </TableFrame>
  );
}

/**
 * A table of columns: its header row, then a row of cells for each row (StaticTable, DataTable's
 * page of rows, and a gateway-paged result). With `onOpen` a click on a row opens it (a cell of the
 * row carries the link the keyboard uses).
 */
export function ColumnsTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  onOpen,
  sorting,
  ...table
}: Omit<StaticTableProps<Row>, 'label' | 'named'> & Omit<TableProps, 'children' | 'data'> & { onOpen?: (row: Row) => void; sorting?: ColumnsSorting }) {
  return (
    <Table {...table}>
      {caption !== undefined && <Table.Caption>{caption}</Table.Caption>}
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) =>
            sorting && column.sort ? (
              <SortableHeader key={column.key} column={column} sorting={sorting} />
            ) : (
              <Table.Th key={column.key} w={column.width}>
                {column.header}
              </Table.Th>
            ),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} onClick={onOpen ? () => onOpen(row) : undefined} style={onOpen ? { cursor: 'pointer' } : undefined}>
            {columns.map((column) => (
              <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** The sort mark: an arrow up (ascending) or down (descending), both faint while not sorted by the column; drawn, so it is no text. */
function SortMark({ direction }: { direction: 'asc' | 'desc' | null }) {
  return (
    <svg aria-hidden="true" width="10" height="14" viewBox="0 0 10 14" style={{ flex: 'none' }}>
      <path d="M5 1 9 6H1z" fill="currentColor" opacity={direction === 'asc' ? 1 : direction === null ? 0.35 : 0} />
      <path d="M5 13 1 8h8z" fill="currentColor" opacity={direction === 'desc' ? 1 : direction === null ? 0.35 : 0} />
    </svg>
  );
}

/**
 * A sortable column's header: a button (so a click, Enter and Space all sort) naming the column
 * and what pressing it does; the header cell says how the table is sorted by it (aria-sort).
 */
function SortableHeader<Row>({ column, sorting }: { column: StaticTableColumn<Row>; sorting: ColumnsSorting }) {
  const direction = sorting.sort?.key === column.key ? sorting.sort.direction : null;
  return (
    <Table.Th w={column.width} aria-sort={direction === null ? 'none' : ARIA_SORT[direction]} p={0}>
      <UnstyledButton
        onClick={() => sorting.onSort(column.key)}
        title={direction === 'asc' ? t('table.sortDescending') : t('table.sortAscending')}
        px="sm"
        py="xs"
        w="100%"
        fw="inherit"
        fz="inherit"
        style={{ display: 'flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}
      >
        <span>{column.header}</span>
        <SortMark direction={direction} />
      </UnstyledButton>
    </Table.Th>
  );
}

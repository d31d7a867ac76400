import type { ReactNode } from 'react';
import { Table, type TableProps } from '@mantine/core';
import { TableFrame } from './table-frame';

/** A column of a StaticTable: its header (with a fixed width, in px, if any) and each row's cell. */
export interface StaticTableColumn<Row> {
  key: string;
  header: ReactNode;
  width?: number;
  cell(row: Row): ReactNode;
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
  ...table
}: Omit<StaticTableProps<Row>, 'label' | 'named'> & Omit<TableProps, 'children' | 'data'> & { onOpen?: (row: Row) => void }) {
  return (
    <Table {...table}>
      {caption !== undefined && <Table.Caption>{caption}</Table.Caption>}
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} w={column.width}>
              {column.header}
            </Table.Th>
          ))}
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

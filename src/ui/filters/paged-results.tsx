import type { ReactNode } from 'react';
import { Group, Pagination, Stack, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { t } from '../../i18n';
import { ColumnsTable, type StaticTableColumn } from '../static-table';
import { TableFrame } from '../table-frame';

interface PagedResultsProps<Row> {
  rows: readonly Row[];
  columns: readonly StaticTableColumn<Row>[];
  rowKey: (row: Row) => string;
  /** accessible name of the table */
  label: string;
  /** the page shown, from 1, and how many the whole result has */
  page: number;
  pages: number;
  onPage: (page: number) => void;
  emptyText: string;
  /** a row opens its record on a click; its first cell carries the link for the keyboard */
  onOpen?: (row: Row) => void;
  minWidth?: number;
  /** under the table, before the pager (the totals) */
  footer?: ReactNode;
  /** the rows shown are the previous search's while the next is read: dimmed, and aria-busy */
  busy?: boolean;
}

/**
 * One page of a result the gateway pages (10 rows a page, spec section 9): the table, an empty
 * state announced politely, and the pager. Unlike DataTable, the rows are the gateway's page.
 */
export function PagedResults<Row>({ rows, columns, rowKey, label, page, pages, onPage, emptyText, onOpen, minWidth, footer, busy = false }: PagedResultsProps<Row>) {
  // a phone's width holds the pager on one line with fewer page numbers around the current one
  const { breakpoints } = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${breakpoints.xs})`, undefined, { getInitialValueInEffect: false });
  return (
    <Stack gap="md">
      <TableFrame label={label} minWidth={minWidth}>
        <ColumnsTable
          striped
          highlightOnHover
          aria-label={label}
          aria-busy={busy}
          style={busy ? { opacity: 0.6 } : undefined}
          rows={rows}
          rowKey={rowKey}
          columns={columns}
          onOpen={onOpen}
        />
      </TableFrame>
      <div role="status">
        {rows.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            {emptyText}
          </Text>
        )}
      </div>
      {footer}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPage}
            siblings={phone ? 0 : 1}
            boundaries={1}
            size={phone ? 'sm' : 'md'}
            gap={phone ? 4 : 8}
            aria-label={t('table.pagination')}
            getItemProps={(item) => ({ 'aria-label': t('table.page', { page: item }) })}
            getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
          />
        </Group>
      )}
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { t } from '../i18n';
import { openConfirm } from './confirm';
import type { DataTableSelection } from './data-table';

export interface RemovalSelectionOptions<Row> {
  /** the checkbox's accessible name for a row ('Select KIDS_SPA') */
  rowLabel(row: Row): string;
  /** a row that cannot be chosen has no checkbox */
  selectable?(row: Row): boolean;
  /** the one confirmation for all the chosen rows: its title names the count ('Remove 3 packages?') */
  confirm(rows: Row[]): { title: string; message: ReactNode; confirmLabel: string; cancelLabel?: string };
  /** remove them, once confirmed */
  remove(rows: Row[]): void;
  /** where focus goes once they are removed (the list's heading): their rows and the button are gone */
  fallbackFocus(): HTMLElement | null;
}

/**
 * A DataTable's selection for removing several rows at once: 'Remove selected' over the chosen
 * rows asks once, naming how many, and once confirmed the rows are unchosen and removed.
 */
export function removalSelection<Row>({ rowLabel, selectable, confirm, remove, fallbackFocus }: RemovalSelectionOptions<Row>): DataTableSelection<Row> {
  return {
    rowLabel,
    ...(selectable ? { selectable } : {}),
    actions: (selected, clear) => (
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() =>
          openConfirm({
            ...confirm(selected),
            destructive: true,
            focusAfterConfirm: () => fallbackFocus(),
            onConfirm: () => {
              clear();
              remove(selected);
            },
          })
        }
      >
        {t('table.removeSelected')}
      </Button>
    ),
  };
}

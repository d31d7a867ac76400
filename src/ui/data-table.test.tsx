import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { DataTable, type DataTableColumn } from './data-table';

interface Hotel {
  id: string;
  name: string;
}
const columns: DataTableColumn<Hotel>[] = [{ key: 'name', header: 'Name', cell: (hotel) => hotel.name }];

const table = (rows: Hotel[]) =>
  renderWithProviders(<DataTable rows={rows} columns={columns} rowKey={(hotel) => hotel.id} searchText={(hotel) => hotel.name} emptyText="There are no hotels yet" label="Hotels" />);

describe('DataTable', () => {
  it('says the list is empty with its own empty-state text', () => {
    table([]);
    expect(screen.getByRole('status').textContent).toBe('There are no hotels yet');
  });

  it('says that nothing matches a search, not that the list is empty, and shows the rows again when cleared', async () => {
    table([
      { id: '1', name: 'Grand Hotel' },
      { id: '2', name: 'Lake Lodge' },
    ]);
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'zurich');
    expect(screen.getByRole('status').textContent).toBe('No results match "zurich"');
    expect(screen.queryByText('There are no hotels yet')).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Hotels' })).queryAllByRole('row')).toHaveLength(1);

    await user.clear(search);
    await user.type(search, 'lake');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(within(screen.getByRole('table', { name: 'Hotels' })).getByText('Lake Lodge')).toBeTruthy();
  });
});

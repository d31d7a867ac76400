import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { DataTable, type DataTableColumn } from './data-table';
import { removalSelection } from './removal-selection';

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

interface Room {
  id: string;
  name: string;
  floor: number | null;
}
const roomColumns: DataTableColumn<Room>[] = [
  { key: 'name', header: 'Room', cell: (room) => room.name, sort: (room) => room.name },
  { key: 'floor', header: 'Floor', cell: (room) => room.floor ?? '', sort: (room) => room.floor },
  { key: 'note', header: 'Note', cell: () => 'ok' },
];
const rooms = (count: number): Room[] => Array.from({ length: count }, (_, index) => ({ id: String(index), name: `Room ${index + 1}`, floor: index % 3 }));
const roomsTable = (rows: Room[]) => renderWithProviders(<DataTable rows={rows} columns={roomColumns} rowKey={(room) => room.id} searchText={(room) => room.name} emptyText="No rooms" label="Rooms" />);
const names = () =>
  within(screen.getByRole('table', { name: 'Rooms' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const header = (name: string) => screen.getByRole('columnheader', { name });

describe('DataTable: sorting', () => {
  it('sorts by a column whose header is pressed, ascending then descending, saying so with aria-sort; other columns are not sortable', async () => {
    roomsTable([
      { id: 'a', name: 'Étoile', floor: 2 },
      { id: 'b', name: 'zenith', floor: 10 },
      { id: 'c', name: 'Room 10', floor: 1 },
      { id: 'd', name: 'Room 9', floor: 1 },
      { id: 'e', name: 'attic', floor: null },
    ]);
    const user = userEvent.setup();
    // in the order given until asked
    expect(names()).toEqual(['Étoile', 'zenith', 'Room 10', 'Room 9', 'attic']);
    expect(header('Room').getAttribute('aria-sort')).toBe('none');
    expect(within(header('Note')).queryByRole('button')).toBeNull();

    await user.click(within(header('Room')).getByRole('button', { name: 'Room' }));
    // the language's order: accents and case do not push a name to the end; numbers in text by value
    expect(names()).toEqual(['attic', 'Étoile', 'Room 9', 'Room 10', 'zenith']);
    expect(header('Room').getAttribute('aria-sort')).toBe('ascending');

    await user.click(within(header('Room')).getByRole('button', { name: 'Room' }));
    expect(names()).toEqual(['zenith', 'Room 10', 'Room 9', 'Étoile', 'attic']);
    expect(header('Room').getAttribute('aria-sort')).toBe('descending');

    // numbers as numbers (10 after 2), an empty value last either way, equal values in the order given (stable)
    await user.click(within(header('Floor')).getByRole('button', { name: 'Floor' }));
    expect(header('Room').getAttribute('aria-sort')).toBe('none');
    expect(header('Floor').getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Room 10', 'Room 9', 'Étoile', 'zenith', 'attic']);
    await user.click(within(header('Floor')).getByRole('button', { name: 'Floor' }));
    expect(names()).toEqual(['zenith', 'Étoile', 'Room 10', 'Room 9', 'attic']);
  });

  it('sorts from the keyboard: Tab to the header and Enter or Space', async () => {
    roomsTable([
      { id: 'a', name: 'B', floor: 1 },
      { id: 'b', name: 'A', floor: 2 },
    ]);
    const user = userEvent.setup();
    within(header('Room')).getByRole('button', { name: 'Room' }).focus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['A', 'B']);
    await user.keyboard(' ');
    expect(names()).toEqual(['B', 'A']);
    expect(header('Room').getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts the whole list, not the page: the first page holds the first rows of the sorted list', async () => {
    roomsTable(rooms(25));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(within(header('Room')).getByRole('button', { name: 'Room' }));
    await user.click(within(header('Room')).getByRole('button', { name: 'Room' }));
    // back on page 1, from the last room down
    expect(names().slice(0, 3)).toEqual(['Room 25', 'Room 24', 'Room 23']);
    expect(names()).toHaveLength(10);
  });
});

describe('DataTable: the page size', () => {
  it('shows 10 rows a page by default; a labelled choice shows 25, 50 or 100, keeping the first row shown on the page', async () => {
    roomsTable(rooms(60));
    const user = userEvent.setup();
    expect(names()).toHaveLength(10);
    const size = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect(size.value).toBe('10');
    expect(within(size).getAllByRole('option').map((option) => option.textContent)).toEqual(['10', '25', '50', '100']);

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(names()[0]).toBe('Room 21');
    await user.selectOptions(size, '25');
    // room 21 is on the first page of 25
    expect(names()).toHaveLength(25);
    expect(names()[0]).toBe('Room 1');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 4' })).toBeNull();

    await user.selectOptions(size, '100');
    expect(names()).toHaveLength(60);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    // the choice stays offered, to go back to smaller pages
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toBeTruthy();
  });

  it('offers no page size while every row fits on a page of 10', () => {
    roomsTable(rooms(10));
    expect(screen.queryByRole('combobox', { name: 'Rows per page' })).toBeNull();
  });
});

/** A list whose rows can be chosen and removed together. */
function RemovableRooms({ initial, onRemove }: { initial: Room[]; onRemove(rows: Room[]): void }) {
  const [rows, setRows] = useState(initial);
  return (
    <>
      <h2 tabIndex={-1} id="rooms-heading">
        Rooms
      </h2>
      <DataTable
        rows={rows}
        columns={roomColumns}
        rowKey={(room) => room.id}
        emptyText="No rooms"
        label="Rooms"
        selection={removalSelection<Room>({
          rowLabel: (room) => `Select ${room.name}`,
          confirm: (chosen) => ({ title: `Remove ${chosen.length} rooms?`, message: chosen.map((room) => room.name).join(', '), confirmLabel: `Remove ${chosen.length} rooms` }),
          remove: (chosen) => {
            onRemove(chosen);
            setRows((list) => list.filter((room) => !chosen.includes(room)));
          },
          fallbackFocus: () => document.getElementById('rooms-heading'),
        })}
      />
    </>
  );
}

describe('DataTable: choosing rows', () => {
  it('chooses rows by their named checkboxes (or the whole page) and removes them after one confirmation naming the count', async () => {
    const onRemove = vi.fn();
    renderWithProviders(<RemovableRooms initial={rooms(12)} onRemove={onRemove} />);
    const user = userEvent.setup();
    // nothing chosen: no actions yet
    expect(screen.queryByRole('button', { name: 'Remove selected' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select Room 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Room 5' }));
    const page = screen.getByRole('checkbox', { name: 'Select every row on this page' }) as HTMLInputElement;
    expect(page.checked).toBe(false);
    expect(screen.getByRole('group', { name: 'Selected rows' }).textContent).toContain('2 selected');

    // the keyboard: Space on a checkbox
    screen.getByRole('checkbox', { name: 'Select Room 7' }).focus();
    await user.keyboard(' ');
    expect(screen.getByText('3 selected')).toBeTruthy();

    // cancelling removes nothing and keeps the choice
    await user.click(screen.getByRole('button', { name: 'Remove selected' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove 3 rooms?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onRemove).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove selected' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove 3 rooms?' });
    expect(within(dialog).getByText('Room 2, Room 5, Room 7')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove 3 rooms' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(onRemove.mock.calls[0]?.[0].map((room: Room) => room.name)).toEqual(['Room 2', 'Room 5', 'Room 7']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('checkbox', { name: 'Select Room 2' })).toBeNull();
    // the choice is gone with its rows; focus is on the list's heading, not the page
    expect(screen.queryByRole('button', { name: 'Remove selected' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Rooms' })));

    // the page's checkbox chooses the rows of the page only
    await user.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByText('9 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText('9 selected')).toBeNull();
  });
});

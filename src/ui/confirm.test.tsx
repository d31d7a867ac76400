import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Table, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { renderWithProviders } from '../../test/render';
import { confirmRemoval } from './confirm';

afterEach(() => modals.closeAll());

/** A list whose rows each have Edit and Remove, as the screens' tables do. */
function Rooms({ initial }: { initial: string[] }) {
  const [rooms, setRooms] = useState(initial);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <Title order={1} ref={heading} tabIndex={-1}>
        Rooms
      </Title>
      <Table>
        <Table.Tbody>
          {rooms.map((room) => (
            <Table.Tr key={room}>
              <Table.Td>{room}</Table.Td>
              <Table.Td>
                <Button>{`Edit ${room}`}</Button>
              </Table.Td>
              <Table.Td>
                <Button
                  onClick={() =>
                    confirmRemoval({
                      title: `Remove ${room}?`,
                      message: 'This cannot be undone.',
                      confirmLabel: 'Remove',
                      fallbackFocus: () => heading.current,
                      onConfirm: () => setRooms((current) => current.filter((other) => other !== room)),
                    })
                  }
                >
                  {`Remove ${room}`}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

async function remove(room: string, choice: 'Remove' | 'Cancel') {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: `Remove ${room}` }));
  const dialog = await screen.findByRole('dialog', { name: `Remove ${room}?` });
  await user.click(within(dialog).getByRole('button', { name: choice }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('confirmRemoval', () => {
  it('opens on Cancel, the safe button, with a named close button, so Enter does not remove', async () => {
    renderWithProviders(<Rooms initial={['101', '102']} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove 101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove 101?' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Edit 101' })).toBeTruthy();
  });

  it('returns focus to the Remove button when cancelled', async () => {
    renderWithProviders(<Rooms initial={['101', '102']} />);
    await remove('101', 'Cancel');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove 101' })));
  });

  it("moves focus to the next row's action in the same column after a removal (its Remove), the previous row's for the last row, and the heading when none is left", async () => {
    renderWithProviders(<Rooms initial={['101', '102', '103']} />);
    await remove('101', 'Remove');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove 102' })));
    await remove('103', 'Remove');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove 102' })));
    await remove('102', 'Remove');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Rooms' })));
  });
});

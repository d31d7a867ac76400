import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, TextInput } from '@mantine/core';
import { renderWithProviders } from '../../test/render';
import { FormModal, useFormModalGuard } from './form-modal';

interface Spies {
  saved: (value: string) => void;
  discarded: () => void;
}

/** A form as the screens write one: it tells the modal whether it changed, and its Cancel asks the modal to close. */
function ThingForm({ onClose, saved, discarded }: Spies & { onClose: () => void }) {
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const { requestClose } = useFormModalGuard(
    {
      dirty: name !== '' || note !== '',
      discard: () => discarded(),
      save: () => {
        saved(name);
        onClose();
      },
    },
    onClose,
  );
  return (
    <form>
      <TextInput label="Name" data-autofocus value={name} onChange={(event) => setName(event.currentTarget.value)} />
      <TextInput label="Note" value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      <Button onClick={requestClose}>Cancel</Button>
    </form>
  );
}

function Screen(spies: Spies) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Add thing</Button>
      <FormModal opened={opened} onClose={() => setOpened(false)} title="Add thing">
        <ThingForm onClose={() => setOpened(false)} {...spies} />
      </FormModal>
    </>
  );
}

async function open() {
  const spies = { saved: vi.fn(), discarded: vi.fn() };
  renderWithProviders(<Screen {...spies} />);
  const user = userEvent.setup();
  const opener = screen.getByRole('button', { name: 'Add thing' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Add thing' });
  return { spies, user, opener, dialog };
}

describe('FormModal', () => {
  it('opens on its first field, not on the close button, and names its close button', async () => {
    const { dialog } = await open();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Name' })));
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('closes at once on Cancel without changes, and focus goes back to what opened it', async () => {
    const { user, opener, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('asks with the unsaved-changes modal on Cancel with changes; Discard forgets them and closes', async () => {
    const { spies, user, opener, dialog } = await open();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Lobby bar');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const question = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    expect(within(question).getByText('Are you sure you want to leave and discard changes?')).toBeTruthy();
    // it opens on Save changes, the choice that loses nothing
    await waitFor(() => expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Save changes' })));
    expect(within(question).getByRole('button', { name: 'Close' })).toBeTruthy();

    await user.click(within(question).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(spies.discarded).toHaveBeenCalledTimes(1);
    expect(spies.saved).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('saves from the unsaved-changes modal as the form saves', async () => {
    const { spies, user, dialog } = await open();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Spa');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'You have unsaved changes' })).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(spies.saved).toHaveBeenCalledWith('Spa');
    expect(spies.discarded).not.toHaveBeenCalled();
  });

  it('goes back to the form, where the operator was, when the question is closed without a choice', async () => {
    const { spies, user, dialog } = await open();
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    await user.type(note, 'x');
    // Escape on the form with changes asks too, and Escape on the question only closes the question
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    await waitFor(() => expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Save changes' })));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'You have unsaved changes' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Add thing' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(spies.discarded).not.toHaveBeenCalled();
    expect(spies.saved).not.toHaveBeenCalled();
  });
});

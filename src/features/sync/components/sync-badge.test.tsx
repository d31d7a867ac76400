import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../../test/render';
import { SaveBar, useUnsavedWork } from '../../../ui';
import { SyncBadge } from './sync-badge';

/** A form that holds unsaved edits once typed into, and is clean again once saved. */
function Form() {
  const [typed, setTyped] = useState('');
  const [saved, setSaved] = useState('');
  const dirty = typed !== saved;
  useUnsavedWork(dirty);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(typed);
      }}
    >
      <input aria-label="Name" value={typed} onChange={(event) => setTyped(event.currentTarget.value)} />
      <SaveBar dirty={dirty} saveLabel="Save changes" onDiscard={() => setTyped(saved)} />
    </form>
  );
}

function Screen() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <SyncBadge />
      <button type="button" onClick={() => setShown(false)}>
        Close the form
      </button>
      {shown && <Form />}
    </>
  );
}

describe('SyncBadge and the unsaved work on screen', () => {
  it('says "Unsaved changes" while a form on screen holds edits, never "All changes saved", until they are saved, discarded or gone', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Screen />);
    expect(await screen.findByRole('link', { name: 'All changes saved' })).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Sky Bar');
    expect(screen.getByRole('link', { name: 'Unsaved changes' })).toBeTruthy();
    expect(screen.queryByText('All changes saved')).toBeNull();
    // Save and Discard in view, in a named region
    expect(screen.getByRole('region', { name: 'Save or discard your changes' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByRole('link', { name: 'All changes saved' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Save or discard your changes' })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' Lounge');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByRole('link', { name: 'All changes saved' })).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), '!');
    expect(screen.getByRole('link', { name: 'Unsaved changes' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close the form' }));
    expect(screen.getByRole('link', { name: 'All changes saved' })).toBeTruthy();
  });
});

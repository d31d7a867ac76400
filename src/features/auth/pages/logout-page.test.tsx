import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_STORAGE_KEY } from '../../../api';
import { enqueue, listDrafts, listEntries, lobbyDb, LOGOUT_MARKER_KEY, saveDraft } from '../../../offline';
import { empty, makeSession } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders } from '../../../../test/render';
import { LogoutPage } from './logout-page';

const OTHER = '22222222-2222-4222-8222-222222222222';

function signedIn() {
  const session = makeSession();
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  localStorage.setItem('lobby.language', 'en');
  return session;
}

const render = () => renderWithProviders(<LogoutPage />, { url: '/logout', path: '/logout' });

afterEach(async () => {
  vi.unstubAllGlobals();
  const db = lobbyDb();
  await Promise.all([db.outbox.clear(), db.drafts.clear(), db.outcomes.clear(), db.meta.clear()]);
});

describe('LogoutPage', () => {
  it("says whose unsynced work it is, deletes only the user's own, and keeps other users' work and the language", async () => {
    const me = signedIn();
    fakeGateway(() => empty(204));
    await enqueue({ method: 'POST', path: '/a', body: {}, userUuid: me.uuid, label: 'mine' });
    await saveDraft({ userUuid: me.uuid, orgUuid: 'o', kind: 'pms-connection', recordId: 'new' }, { name: 'half typed' }, { baseVersion: null });
    // left by another user whose session ended without a logout
    await enqueue({ method: 'POST', path: '/b', body: {}, userUuid: OTHER, label: 'theirs 1' });
    await enqueue({ method: 'POST', path: '/c', body: {}, userUuid: OTHER, label: 'theirs 2' });
    render();

    const warning = await screen.findByRole('dialog', { name: 'Unsynced work' });
    // counts in their plural forms, zero parts left out
    expect(within(warning).getByText('Your 1 unsynced change and 1 unsaved draft are kept only in this browser. Logging out deletes them.')).toBeTruthy();
    expect(
      within(warning).getByText(
        'This browser also keeps 2 unsynced changes of other users. Logging out keeps them: each of those users finds theirs on the Sync page after signing in again.',
      ),
    ).toBeTruthy();
    // it opens on the safe choice, and its close button has a name
    await waitFor(() => expect(document.activeElement).toBe(within(warning).getByRole('button', { name: 'Stay and sync' })));
    expect(within(warning).getByRole('button', { name: 'Close' })).toBeTruthy();

    await userEvent.setup().click(within(warning).getByRole('button', { name: 'Log out anyway' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(await listEntries(me.uuid)).toEqual([]);
    expect(await listDrafts(me.uuid)).toEqual([]);
    expect((await listEntries(OTHER)).map((entry) => entry.label)).toEqual(['theirs 1', 'theirs 2']);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem('lobby.language')).toBe('en');
    expect(localStorage.length).toBe(1);
  });

  it('says one unsynced change in the singular, leaving out the drafts it does not have', async () => {
    const me = signedIn();
    fakeGateway(() => empty(204));
    await enqueue({ method: 'POST', path: '/a', body: {}, userUuid: me.uuid, label: 'mine' });
    render();
    const warning = await screen.findByRole('dialog', { name: 'Unsynced work' });
    expect(within(warning).getByText('Your 1 unsynced change is kept only in this browser. Logging out deletes it.')).toBeTruthy();
    expect(within(warning).queryByText(/other users|another user/)).toBeNull();
  });

  it('logs out without asking when only other users have work here', async () => {
    signedIn();
    fakeGateway(() => empty(204));
    await enqueue({ method: 'POST', path: '/b', body: {}, userUuid: OTHER, label: 'theirs' });
    render();
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await listEntries(OTHER)).toHaveLength(1);
  });

  it('shows the sign-in only once the browser is wiped, so a quick sign-in is not wiped by it', async () => {
    const me = signedIn();
    fakeGateway(() => empty(204));
    localStorage.setItem('lobby.leftover', 'x');
    // Cache Storage that answers only when told: the wipe is still running until then
    let finishWipe!: () => void;
    const gate = new Promise<void>((resolve) => (finishWipe = resolve));
    vi.stubGlobal('caches', {
      keys: async () => {
        await gate;
        return [`lobby-api-${me.uuid}`];
      },
      delete: async () => true,
    });
    render();

    expect(await screen.findByText('Logging out…')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(screen.queryByTestId('location')).toBeNull();
    expect(localStorage.getItem(LOGOUT_MARKER_KEY)).toContain(me.uuid);

    finishWipe();
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(localStorage.getItem('lobby.leftover')).toBeNull();
    expect(localStorage.getItem(LOGOUT_MARKER_KEY)).toBeNull();
  });
});

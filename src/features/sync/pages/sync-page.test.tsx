import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_STORAGE_KEY } from '../../../api';
import { drainOutbox, enqueue, listEntries, lobbyDb } from '../../../offline';
import { gatewayError, makeSession } from '../../../../test/fake-gateway';
import { renderWithProviders } from '../../../../test/render';
import { SyncPage } from './sync-page';

const OTHER = '22222222-2222-4222-8222-222222222222';

afterEach(async () => {
  const db = lobbyDb();
  await Promise.all([db.outbox.clear(), db.outcomes.clear()]);
});

function signedIn() {
  const session = makeSession();
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  return session;
}

/** One replay against a gateway answering `answer`, as the page's drainer would run it. */
const replay = (userUuid: string, answer: () => Promise<Response>) =>
  drainOutbox({ baseUrl: '/api', userUuid, token: async () => 'token', refresh: async () => null, fetch: answer });

describe('SyncPage', () => {
  it('shows a removal the gateway had already done as a recent outcome, not a failure to retry', async () => {
    const me = signedIn();
    await enqueue({ method: 'DELETE', path: '/organization/o/pms-connection/c1', ifMatch: 1, userUuid: me.uuid, label: 'Delete PMS connection "Opera Main"', recordUuid: 'c1' });
    await replay(me.uuid, async () => gatewayError(404, 'not_found', 'PMS connection not found'));
    renderWithProviders(<SyncPage />, { url: '/sync', path: '/sync' });

    expect(await screen.findByText('Every change has reached the gateway.')).toBeTruthy();
    const outcomes = await screen.findByRole('table', { name: 'Recent outcomes' });
    const row = within(outcomes).getByText('Delete PMS connection "Opera Main"').closest('tr') as HTMLElement;
    expect(within(row).getByText('Already removed on the gateway')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();

    await userEvent.setup().click(within(row).getByRole('button', { name: 'Dismiss Delete PMS connection "Opera Main"' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Recent outcomes' })).toBeNull());
  });

  it("says in the interface's words why a change is still waiting, and lists only the signed-in user's changes", async () => {
    const me = signedIn();
    await enqueue({ method: 'POST', path: '/a', body: {}, userUuid: me.uuid, label: 'Create PMS connection "Offline"' });
    await enqueue({ method: 'POST', path: '/b', body: {}, userUuid: OTHER, label: "Someone else's change" });
    await replay(me.uuid, () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await listEntries(me.uuid)).toMatchObject([{ lastError: null, problem: 'unreachable' }]);
    renderWithProviders(<SyncPage />, { url: '/sync', path: '/sync' });

    const table = await screen.findByRole('table', { name: 'Sync' });
    const row = within(table).getByText('Create PMS connection "Offline"').closest('tr') as HTMLElement;
    expect(within(row).getByText('The gateway could not be reached')).toBeTruthy();
    expect(within(table).queryByText("Someone else's change")).toBeNull();
  });
});

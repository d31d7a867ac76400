import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { SESSION_STORAGE_KEY } from '../../../api';
import { enqueue, listEntries, lobbyDb } from '../../../offline';
import { gatewayError, json, makeSession, type RecordedCall } from '../../../../test/fake-gateway';
import { fakeGateway, renderApp, renderWithProviders } from '../../../../test/render';
import { PmsPage } from './pms-page';

const ORG = '00000000-0000-4000-8000-000000000001';
const connection = { uuid: '00000000-0000-4000-8000-0000000000c1', orgUuid: ORG, name: 'Opera Main', type: 'OPERA_IFC8_XML', host: 'opera.local', port: 5010, version: 1 };

function signedIn() {
  const session = makeSession();
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  return session;
}

const render = () => renderWithProviders(<PmsPage />, { url: `/organization/${ORG}/pms`, path: '/organization/:uuid/pms' });

afterEach(async () => {
  // the notifications' store outlives a render: each test starts without the last one's notices
  notifications.clean();
  notifications.cleanQueue();
  await lobbyDb().outbox.clear();
  await lobbyDb().drafts.clear();
  await lobbyDb().meta.clear();
});

const profile = { uuid: '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11', email: 'ann@example.com', telephone: null, emailValidated: true, phoneValidated: false, image: null, permissions: [], memberships: [] };

/**
 * The whole app on the PMS page, its outbox replayed as in the browser; the gateway answers the
 * list and the profile, and `onChange` answers the change the form sends.
 */
async function editOperaHost(onChange: (call: RecordedCall) => Response | Promise<Response>) {
  signedIn();
  const gateway = fakeGateway((call) => {
    if (call.path.startsWith('/user-profile')) return json(200, profile);
    if (call.method === 'GET') return json(200, { data: [connection] });
    return onChange(call);
  });
  const app = renderApp(`/organization/${ORG}/pms`);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit Opera Main' }));
  const dialog = await screen.findByRole('dialog');
  const host = within(dialog).getByRole('textbox', { name: /Host/ });
  await user.clear(host);
  await user.type(host, 'opera2.local');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  return { gateway, app, user };
}

/** The notice after Save (Mantine notifications are alerts in the page). */
const notice = (text: string) => screen.findByText(text, {}, { timeout: 4_000 });

describe('PmsPage', () => {
  it('lists the connections with their type labels', async () => {
    signedIn();
    fakeGateway(() => json(200, { data: [connection] }));
    render();
    const table = await screen.findByRole('table', { name: 'PMS connections' });
    expect(within(table).getByText('OPERA IFC8 XML')).toBeTruthy();
    expect(within(table).getByText('opera.local')).toBeTruthy();
  });

  it("titles the list's error 'Permission Error' when the gateway answers 403", async () => {
    signedIn();
    fakeGateway((call) => (call.path.includes('/refresh') ? json(200, makeSession()) : gatewayError(403, 'forbidden', 'Forbidden')));
    render();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Permission Error')).toBeTruthy();
    expect(within(alert).getByText("You don't have permissions to view this organization")).toBeTruthy();
  });

  it("shows a refused delete with the status and first message, defaulting to 500 and 'An error occurred'", async () => {
    const session = signedIn();
    fakeGateway(() => json(200, { data: [connection] }));
    const base = { method: 'DELETE' as const, path: `/organization/${ORG}/pms-connection/x`, userUuid: session.uuid, orgUuid: ORG, collection: 'pms-connection', label: 'Delete' };
    const refused = await enqueue({ ...base, recordUuid: 'a' });
    const unexplained = await enqueue({ ...base, recordUuid: 'b' });
    await lobbyDb().outbox.update(refused.seq, { status: 'failed', lastStatus: 403, errorMessages: ['Forbidden', 'Second'], lastError: 'Forbidden, Second' });
    await lobbyDb().outbox.update(unexplained.seq, { status: 'failed', lastStatus: null, errorMessages: [], lastError: null });
    render();
    expect(await screen.findByText('403: Forbidden')).toBeTruthy();
    expect(await screen.findByText('500: An error occurred')).toBeTruthy();
    expect(screen.getAllByText('Error Message')).toHaveLength(2);
  });

  it('checks the form before queueing: required fields and the port range, nothing queued', async () => {
    signedIn();
    fakeGateway(() => json(200, { data: [] }));
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add PMS connection' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Port/ }), '70000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Host is required')).toBeTruthy();
    expect(within(dialog).getByText('Select a connection type')).toBeTruthy();
    expect(await lobbyDb().outbox.count()).toBe(0);
  });

  it('offers Save only once the form differs from the connection, so an unchanged form queues nothing', async () => {
    signedIn();
    fakeGateway(() => json(200, { data: [connection] }));
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Opera Main' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: /Host/ }) as HTMLInputElement).disabled).toBe(false));
    expect(save.disabled).toBe(true);
    await user.click(save);
    expect(await lobbyDb().outbox.count()).toBe(0);

    const host = within(dialog).getByRole('textbox', { name: /Host/ });
    await user.type(host, 'x');
    expect(save.disabled).toBe(false);
    await user.type(host, '{Backspace}');
    expect(save.disabled).toBe(true);
    await user.type(host, '{Enter}');
    expect(await lobbyDb().outbox.count()).toBe(0);
  });

  it("says 'Saved' when the gateway applied the change", async () => {
    const { gateway } = await editOperaHost(() => json(200, { ...connection, host: 'opera2.local', version: 2 }));
    expect(await notice('Saved')).toBeTruthy();
    expect(gateway.calls.some((call) => call.method === 'PUT' && (call.body as { host?: string }).host === 'opera2.local')).toBe(true);
  });

  it("gives the gateway's words when it refused the change, never 'Saved in this browser'", async () => {
    const { user } = await editOperaHost(() => gatewayError(422, 'validation', 'Host is not allowed', 'host'));
    expect(await notice('Not saved: the gateway refused this change: Host is not allowed. What you entered is kept in the form.')).toBeTruthy();
    expect(screen.queryByText(/Saved in this browser/)).toBeNull();
    // as it says: the form opens again with what was entered and why it was refused
    await user.click(screen.getByRole('button', { name: 'Edit Opera Main' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('The gateway refused this change: Host is not allowed')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /Host/ }) as HTMLInputElement).value).toBe('opera2.local');
  });

  it('says a conflicting change waits for a choice, with the way to the Sync page', async () => {
    const theirs = { ...connection, host: 'theirs.local', version: 2 };
    const { app, user } = await editOperaHost(() => json(412, { errors: [{ code: 'version_mismatch', message: 'Changed meanwhile' }], current: theirs }));
    expect(await notice('Not saved yet: someone else changed this record meanwhile. Choose what to keep on the Sync page.')).toBeTruthy();
    expect(screen.queryByText(/Saved in this browser/)).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Resolve on the Sync page' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sync'));
    expect(await screen.findByRole('button', { name: 'Resolve' })).toBeTruthy();
  });

  it('says the change is kept in this browser when the gateway cannot be reached', async () => {
    await editOperaHost(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await notice('Saved in this browser — it will be sent when the gateway is reachable')).toBeTruthy();
    expect(await listEntries(makeSession().uuid)).toMatchObject([{ status: 'pending', problem: 'unreachable' }]);
  });

  it('says the gateway has not confirmed yet when it is slow to answer, not that it is unreachable', async () => {
    let answer!: (response: Response) => void;
    await editOperaHost(() => new Promise<Response>((resolve) => (answer = resolve)));
    expect(await notice('Saved in this browser — the gateway has not confirmed it yet. The Sync page shows when it is applied.')).toBeTruthy();
    expect(screen.queryByText('Saved in this browser — it will be sent when the gateway is reachable')).toBeNull();
    answer(json(200, { ...connection, version: 2 }));
  });
});

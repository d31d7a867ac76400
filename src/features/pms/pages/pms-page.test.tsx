import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { SESSION_STORAGE_KEY } from '../../../api';
import { enqueue, flushAllDrafts, listEntries, lobbyDb } from '../../../offline';
import { gatewayError, json, makeSession, type RecordedCall } from '../../../../test/fake-gateway';
import { fakeGateway, renderApp, renderWithProviders, verdictWithoutWaiting } from '../../../../test/render';
import { PmsPage } from './pms-page';

const ORG = '00000000-0000-4000-8000-000000000001';
const connection = { uuid: '00000000-0000-4000-8000-0000000000c1', orgUuid: ORG, name: 'Opera Main', type: 'OPERA_IFC8_XML', host: 'opera.local', port: 5010, version: 1 };

function signedIn() {
  const session = makeSession();
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  return session;
}

const render = () => renderWithProviders(<PmsPage />, { url: `/organization/${ORG}/pms`, path: '/organization/:uuid/pms' });

const spa = { ...connection, uuid: '00000000-0000-4000-8000-0000000000c2', name: 'Spa Opera', host: 'spa.local', port: 5020 };
const organization = { uuid: ORG, name: 'Demo Hospitality Group', legalCompanyName: 'Demo Hospitality Group AG', status: 'ACTIVE', version: 1 };

/** The page lists the organization's PMS hotel definitions too: these tests' gateways have none. */
const isDefinitionList = (call: RecordedCall) => call.method === 'GET' && call.path.split('?')[0] === `/organization/${ORG}/hotel-definition`;

/** A gateway that knows the organization and lists `connections`; changes answer `onChange` (default: never answered). */
function gatewayWith(connections: object[], onChange: (call: RecordedCall) => Response | Promise<Response> = () => new Promise<Response>(() => undefined)) {
  return fakeGateway((call) => {
    if (isDefinitionList(call)) return json(200, { data: [] });
    if (call.path.startsWith('/organization/v1/organization')) return json(200, { data: [organization] });
    if (call.path.startsWith('/user-profile')) return json(200, profile);
    if (call.method === 'GET') return json(200, { data: connections });
    return onChange(call);
  });
}

/** Opens the add form (or the edit form of `name`) once the list is shown; the form is ready when its fields are. */
async function openForm(user: ReturnType<typeof userEvent.setup>, name?: string) {
  await user.click(await screen.findByRole('button', { name: name ? `Edit ${name}` : 'Add PMS connection' }));
  const dialog = await screen.findByRole('dialog', { name: name ? 'Edit PMS connection' : 'Add PMS connection' });
  await waitFor(() => expect((within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement).disabled).toBe(false));
  return dialog;
}

const draftCount = () => lobbyDb().drafts.count();

afterEach(async () => {
  // a form left open writes its draft as it unmounts: unmount and let it write before emptying the database
  cleanup();
  await flushAllDrafts();
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
    if (isDefinitionList(call)) return json(200, { data: [] });
    if (call.path.startsWith('/user-profile')) return json(200, profile);
    if (call.method === 'GET') return json(200, { data: [connection] });
    return onChange(call);
  });
  const app = renderApp(`/organization/${ORG}/pms`);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit Opera Main' }));
  const dialog = await screen.findByRole('dialog');
  const host = within(dialog).getByRole('textbox', { name: /Host/ }) as HTMLInputElement;
  // the fields wait for the form's draft to be read
  await waitFor(() => expect(host.disabled).toBe(false));
  await user.clear(host);
  await user.type(host, 'opera2.local');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  return { gateway, app, user };
}

/** The notice after Save (Mantine notifications are alerts in the page). */
const notice = (text: string) => screen.findByText(text);

describe('PmsPage', () => {
  it('lists the connections with their type labels', async () => {
    signedIn();
    fakeGateway((call) => json(200, { data: isDefinitionList(call) ? [] : [connection] }));
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
    fakeGateway((call) => json(200, { data: isDefinitionList(call) ? [] : [connection] }));
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

  it('offers Save at once; an unchanged form queues nothing and closes', async () => {
    signedIn();
    fakeGateway((call) => json(200, { data: isDefinitionList(call) ? [] : [connection] }));
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Opera Main' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: /Host/ }) as HTMLInputElement).disabled).toBe(false));
    expect(save.disabled).toBe(false);

    const host = within(dialog).getByRole('textbox', { name: /Host/ });
    await user.type(host, 'x');
    await user.type(host, '{Backspace}');
    await user.type(host, '{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
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
    // kept and waiting; a retry of the drainer may be under way at this moment ('sending'), and the
    // entry comes back to waiting when that retry finds no gateway either
    await waitFor(async () => expect(await listEntries(makeSession().uuid)).toMatchObject([{ status: 'pending', problem: 'unreachable' }]));
  });

  it('says the gateway has not confirmed yet when it is slow to answer, not that it is unreachable', async () => {
    verdictWithoutWaiting();
    let answer!: (response: Response) => void;
    await editOperaHost(() => new Promise<Response>((resolve) => (answer = resolve)));
    expect(await notice('Saved in this browser — the gateway has not confirmed it yet. The Sync page shows when it is applied.')).toBeTruthy();
    expect(screen.queryByText('Saved in this browser — it will be sent when the gateway is reachable')).toBeNull();
    answer(json(200, { ...connection, version: 2 }));
  });
});

describe('PmsPage: the organization, and what the list says', () => {
  it('names the organization in its heading and in the page title', async () => {
    signedIn();
    gatewayWith([connection]);
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'PMS connections of Demo Hospitality Group' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('PMS connections - Demo Hospitality Group - Lobby'));
  });

  it("says an unknown organization was not found, not 'Error Message'", async () => {
    signedIn();
    fakeGateway((call) => (call.path.startsWith('/organization/v1/organization') ? json(200, { data: [] }) : gatewayError(404, 'not_found', 'Organization not found')));
    render();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Organization not found')).toBeTruthy();
    expect(within(alert).getByText('There is no organization at this address: it may have been removed, or the link is wrong.')).toBeTruthy();
    expect(screen.queryByText('Error Message')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the organizations' }).getAttribute('href')).toBe('/organizations');
  });

  it('says a search that matches nothing matches nothing, and an empty list that there are none yet', async () => {
    signedIn();
    gatewayWith([connection]);
    const first = render();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'PMS connections' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'fidelio');
    expect(await screen.findByText('No results match "fidelio"')).toBeTruthy();
    expect(screen.queryByText('There are no PMS connections yet')).toBeNull();
    first.unmount();

    gatewayWith([]);
    render();
    expect(await screen.findByText('There are no PMS connections yet')).toBeTruthy();
  });
});

describe('PmsPage: the form', () => {
  it('opens on its Name field, with a named close button, and shows the type labels of the spec', async () => {
    signedIn();
    gatewayWith([]);
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: /Name/ })));
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /Type/ }));
    expect(screen.getByRole('option', { name: 'OPERA IFC8 XML AGENT' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'MOCK (for testing)' })).toBeTruthy();
  });

  it('closes at once on Cancel when nothing changed, focus back on the button that opened it', async () => {
    signedIn();
    gatewayWith([connection]);
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user, 'Opera Main');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Opera Main' })));
    expect(await draftCount()).toBe(0);
  });

  it('asks before Cancel drops changes; Discard removes the draft, so nothing comes back as restored', async () => {
    signedIn();
    gatewayWith([connection]);
    render();
    const user = userEvent.setup();
    let dialog = await openForm(user, 'Opera Main');
    await user.type(within(dialog).getByRole('textbox', { name: /Host/ }), '-new');
    await waitFor(async () => expect(await draftCount()).toBe(1));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const question = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    expect(within(question).getByText('Are you sure you want to leave and discard changes?')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await draftCount()).toBe(0);
    expect(await lobbyDb().outbox.count()).toBe(0);

    dialog = await openForm(user, 'Opera Main');
    expect((within(dialog).getByRole('textbox', { name: /Host/ }) as HTMLInputElement).value).toBe('opera.local');
    expect(within(dialog).queryByText(/Restored unsaved changes/)).toBeNull();
  });

  it('saves from the unsaved-changes modal as Save does', async () => {
    signedIn();
    gatewayWith([connection]);
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user, 'Opera Main');
    await user.type(within(dialog).getByRole('textbox', { name: /Host/ }), '-new');
    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('dialog', { name: 'You have unsaved changes' })).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await lobbyDb().outbox.toArray()).toMatchObject([{ method: 'PUT', body: { host: 'opera.local-new' } }]);
  });

  it.each(['80.5', '-5', '0', '70000', '5e3'])('keeps the port %s as typed and says why it is refused, queueing nothing', async (port) => {
    signedIn();
    gatewayWith([connection]);
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user, 'Opera Main');
    const field = within(dialog).getByRole('textbox', { name: /Port/ }) as HTMLInputElement;
    await user.clear(field);
    await user.type(field, port);
    expect(field.value).toBe(port);
    expect(within(dialog).getByText('Port must be a whole number from 1 to 65535')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await lobbyDb().outbox.count()).toBe(0);
    expect(document.activeElement).toBe(field);
  });

  it('refuses a name another connection of the organization has, case ignored, and lets a connection keep its own', async () => {
    signedIn();
    gatewayWith([connection, spa]);
    render();
    const user = userEvent.setup();
    let dialog = await openForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  opera MAIN ');
    await user.click(within(dialog).getByRole('combobox', { name: /Type/ }));
    await user.click(screen.getByRole('option', { name: 'MOCK (for testing)' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Host/ }), 'other.local');
    await user.type(within(dialog).getByRole('textbox', { name: /Port/ }), '7000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Another PMS connection of this organization already has this name')).toBeTruthy();
    expect(await lobbyDb().outbox.count()).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'You have unsaved changes' })).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // renaming Spa Opera to Opera Main is refused too; Opera Main keeps its name in another case
    dialog = await openForm(user, 'Opera Main');
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'OPERA MAIN');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit PMS connection' })).toBeNull());
    expect(await lobbyDb().outbox.toArray()).toMatchObject([{ method: 'PUT', body: { name: 'OPERA MAIN' } }]);
  });
});

describe('PmsPage: removing a connection', () => {
  async function confirmRemove(user: ReturnType<typeof userEvent.setup>, name: string) {
    await user.click(await screen.findByRole('button', { name: `Remove ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove PMS connection' });
    expect(within(dialog).getByText(`Are you sure you want to remove ${name}? Once the gateway has removed it, this cannot be undone.`)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }

  it("moves focus to the next row's action in the same column, or the previous row's after the last row", async () => {
    signedIn();
    gatewayWith([connection, spa]);
    render();
    const user = userEvent.setup();
    await confirmRemove(user, 'Opera Main');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Spa Opera' })));
    // Opera Main waits for the gateway (no replay runs here): its first action is now Undo
    await confirmRemove(user, 'Spa Opera');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo removal of Opera Main' })));
  });

  it('moves focus to the heading when no other row is left', async () => {
    signedIn();
    gatewayWith([connection]);
    render();
    await confirmRemove(userEvent.setup(), 'Opera Main');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'PMS connections of Demo Hospitality Group' })));
  });

  it('keeps a removal waiting for the gateway in the list, struck through, with Undo that discards the queued removal', async () => {
    verdictWithoutWaiting();
    signedIn();
    gatewayWith([connection, spa]);
    render();
    const user = userEvent.setup();
    await confirmRemove(user, 'Opera Main');

    const row = (await screen.findByText('Waiting to be removed')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Opera Main').style.textDecoration).toBe('line-through');
    expect(within(row).queryByRole('button', { name: 'Edit Opera Main' })).toBeNull();
    expect(await lobbyDb().outbox.toArray()).toMatchObject([{ method: 'DELETE', recordUuid: connection.uuid }]);
    // a removal that is only queued says it waits for the gateway
    expect(await notice('Removal of PMS connection "Opera Main" sent: the gateway has not confirmed it yet. The Sync page shows when it is applied.')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Undo removal of Opera Main' }));
    expect(await notice('Removal of PMS connection "Opera Main" undone')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Waiting to be removed')).toBeNull());
    expect(await lobbyDb().outbox.count()).toBe(0);
    expect(screen.getByRole('button', { name: 'Edit Opera Main' })).toBeTruthy();
  });

  it('says the connection was removed once the gateway removed it', async () => {
    signedIn();
    let removed = false;
    const gateway = fakeGateway((call) => {
      if (isDefinitionList(call)) return json(200, { data: [] });
      if (call.path.startsWith('/organization/v1/organization')) return json(200, { data: [organization] });
      if (call.path.startsWith('/user-profile')) return json(200, profile);
      if (call.method === 'DELETE') {
        removed = true;
        return new Response(null, { status: 204 });
      }
      return json(200, { data: removed ? [spa] : [connection, spa] });
    });
    renderApp(`/organization/${ORG}/pms`);
    const user = userEvent.setup();
    await confirmRemove(user, 'Opera Main');
    expect(await notice('PMS connection "Opera Main" removed')).toBeTruthy();
    expect(gateway.calls.some((call) => call.method === 'DELETE' && call.path.endsWith(connection.uuid))).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit Opera Main' })).toBeNull());
  });

  it('does not show a removed connection again while the list is fetched anew', async () => {
    signedIn();
    let removed = false;
    fakeGateway((call) => {
      if (isDefinitionList(call)) return json(200, { data: [] });
      if (call.path.startsWith('/organization/v1/organization')) return json(200, { data: [organization] });
      if (call.path.startsWith('/user-profile')) return json(200, profile);
      if (call.method === 'DELETE') {
        removed = true;
        return new Response(null, { status: 204 });
      }
      // once removed, the list answers late: the gateway's list still held the row when last read
      return removed ? new Promise<Response>((resolve) => setTimeout(() => resolve(json(200, { data: [spa] })), 1_500)) : json(200, { data: [connection, spa] });
    });
    renderApp(`/organization/${ORG}/pms`);
    const user = userEvent.setup();
    await confirmRemove(user, 'Opera Main');
    expect(await notice('PMS connection "Opera Main" removed')).toBeTruthy();
    expect(screen.queryByText('Opera Main')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Spa Opera' })).toBeTruthy();
  });

  it('says a removal waits when the gateway cannot be reached', async () => {
    signedIn();
    fakeGateway((call) => {
      if (isDefinitionList(call)) return json(200, { data: [] });
      if (call.path.startsWith('/organization/v1/organization')) return json(200, { data: [organization] });
      if (call.path.startsWith('/user-profile')) return json(200, profile);
      if (call.method === 'DELETE') return Promise.reject(new TypeError('Failed to fetch'));
      return json(200, { data: [connection, spa] });
    });
    renderApp(`/organization/${ORG}/pms`);
    await confirmRemove(userEvent.setup(), 'Opera Main');
    expect(await notice('PMS connection "Opera Main" will be removed when the gateway is reachable')).toBeTruthy();
    expect(screen.getByText('Waiting to be removed')).toBeTruthy();
  });
});

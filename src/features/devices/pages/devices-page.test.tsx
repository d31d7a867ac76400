import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { SESSION_STORAGE_KEY } from '../../../api';
import type { Device, UserProfile } from '../../../domain';
import { formatDateTime } from '../../../i18n';
import { flushAllDrafts, lobbyDb } from '../../../offline';
import { gatewayError, json, makeSession, type RecordedCall } from '../../../../test/fake-gateway';
import { fakeGateway, renderApp, renderWithProviders } from '../../../../test/render';
import { DevicesPage } from './devices-page';

const ORG = '00000000-0000-4000-8000-000000000001';
const ROOFTOP = '00000000-0000-4000-8000-0000000000a1';
const BEACH = '00000000-0000-4000-8000-0000000000a2';
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const device = (n: number, extra: Partial<Device> = {}): Device => ({
  uuid: uuidOf(100 + n), version: 1, alias: `Till ${String(n).padStart(2, '0')}`, serial: `SN-${n}`, model: n % 2 ? 'PAX A920' : 'Sunmi V2',
  status: n % 3 ? 'ONLINE' : 'OFFLINE', orgUuid: ORG, ouUuids: [], lastSeen: '2026-11-20T09:30:00Z', ...extra,
});
const own = Array.from({ length: 12 }, (_, i) => device(i + 1, i < 2 ? { ouUuids: [ROOFTOP] } : {}));
const loose = device(50, { alias: '', serial: 'SN-FREE', model: 'PAX A80', orgUuid: null, lastSeen: null });
const profile: UserProfile = {
  uuid: '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11', email: 'ann@example.com', telephone: null, emailValidated: true, phoneValidated: false, image: null,
  permissions: ['SETUP_ORG'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [ORG], ous: [], omnipresence: false }],
};
const units = [ROOFTOP, BEACH].map((uuid, i) => ({ uuid, orgUuid: ORG, parentUuid: null, type: 'VENUE', name: i ? 'Beach Club' : 'Rooftop Bar', attributes: {}, version: 1 }));

function signedIn() {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
}

/** The gateway of the demo: the profile, the units and the devices; a change answers `onChange` (default: never). */
function gatewayWith(onChange: (call: RecordedCall) => Response | Promise<Response> = () => new Promise<Response>(() => undefined), devices: Device[] = [...own, loose]) {
  return fakeGateway((call) => {
    const path = call.path.split('?')[0];
    if (call.method !== 'GET') return onChange(call);
    if (path?.startsWith('/user-profile/v1/user-profile')) return json(200, profile);
    if (path === `/organization/${ORG}/ous`) return json(200, { data: units });
    if (path === `/device/v1/organizations/${ORG}/devices`) return json(200, { devices });
    return gatewayError(404, 'not_found', 'Not found');
  });
}

const render = () => renderWithProviders(<DevicesPage />, { url: `/organization/${ORG}/devices`, path: '/organization/:uuid/devices' });
const table = () => screen.findByRole('table', { name: 'Devices' });
const bodyRows = (element: HTMLElement) => within(element).getAllByRole('row').slice(1);

afterEach(async () => {
  cleanup();
  await flushAllDrafts();
  notifications.clean();
  notifications.cleanQueue();
  await lobbyDb().outbox.clear();
  await lobbyDb().drafts.clear();
  await lobbyDb().meta.clear();
});

describe('DevicesPage: the list', () => {
  it("lists the organization's devices ten a page, searched, with their units and last seen time", async () => {
    signedIn();
    const gateway = gatewayWith();
    render();
    const list = await table();
    expect(bodyRows(list)).toHaveLength(10);
    const first = bodyRows(list)[0] as HTMLElement;
    expect(within(first).getByText('Till 01')).toBeTruthy();
    expect(within(first).getByText('SN-1')).toBeTruthy();
    expect(within(first).getByText('PAX A920')).toBeTruthy();
    expect(within(first).getByText('Online')).toBeTruthy();
    await waitFor(() => expect(within(first).getByText('Rooftop Bar')).toBeTruthy());
    expect(within(first).getByText(formatDateTime('2026-11-20T09:30:00Z'))).toBeTruthy();
    // the unassigned device is offered to assign, not listed
    expect(screen.queryByText('SN-FREE')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Devices - Lobby'));
    expect(gateway.calls.some((call) => call.path === `/device/v1/organizations/${ORG}/devices?includeUnassigned=TRUE`)).toBe(true);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(bodyRows(await table()).map((row) => (row as HTMLTableRowElement).cells[0]?.textContent)).toEqual(['Till 11', 'Till 12']);
    await user.type(screen.getByRole('searchbox', { name: 'Search devices' }), 'rooftop');
    expect(bodyRows(await table()).map((row) => (row as HTMLTableRowElement).cells[0]?.textContent)).toEqual(['Till 01', 'Till 02']);
  });

  it("says 'You don't have permissions to view this organization' when the devices answer 403", async () => {
    signedIn();
    fakeGateway((call) => (call.path.includes('/refresh') ? json(200, makeSession()) : call.path.startsWith('/device/') ? gatewayError(403, 'forbidden', 'Forbidden') : call.path.startsWith('/user-profile') ? json(200, profile) : json(200, { data: units })));
    render();
    expect((await screen.findByRole('alert')).textContent).toContain("You don't have permissions to view this organization");
  });
});

describe('DevicesPage: assigning and unassigning', () => {
  it('assigns an unassigned device under an alias: required, at most 50 characters, unique in the organization case ignored', async () => {
    signedIn();
    const gateway = gatewayWith();
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assign device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign device' });
    const alias = within(dialog).getByRole('textbox', { name: /Alias/ }) as HTMLInputElement;
    await waitFor(() => expect(alias.disabled).toBe(false));
    await user.type(alias, 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose a device')).toBeTruthy();
    await user.clear(alias);
    expect(within(dialog).getByText('Alias is required')).toBeTruthy();

    await user.click(within(dialog).getByRole('combobox', { name: /^Device/ }));
    await user.click(await screen.findByRole('option', { name: 'SN-FREE (PAX A80)' }));
    await user.type(alias, 'till 03');
    expect(within(dialog).getByText('Another device of this organization already has this alias')).toBeTruthy();
    await user.clear(alias);
    await user.type(alias, 'B'.repeat(51));
    expect(within(dialog).getByText('Alias can have at most 50 characters')).toBeTruthy();
    expect(await lobbyDb().outbox.count()).toBe(0);

    await user.clear(alias);
    await user.type(alias, 'Pool till');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await lobbyDb().outbox.count()).toBe(1));
    expect(await lobbyDb().outbox.toArray()).toMatchObject([
      { method: 'PUT', path: `/device/v1/organizations/${ORG}/devices/${loose.uuid}/assign`, body: { alias: 'Pool till', organizationUuid: ORG }, ifMatch: 1 },
    ]);
    expect(gateway.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    // queued: the device is listed at once, waiting
    await user.type(screen.getByRole('searchbox', { name: 'Search devices' }), 'pool');
    const row = bodyRows(await table())[0] as HTMLElement;
    expect(within(row).getByText('Pool till')).toBeTruthy();
    expect(within(row).getByText('Waiting to sync')).toBeTruthy();
  });

  it('unassigns a device only once confirmed', async () => {
    signedIn();
    gatewayWith();
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unassign Till 04' }));
    let dialog = await screen.findByRole('dialog', { name: 'Unassign device' });
    expect(within(dialog).getByText(/Are you sure you want to unassign device Till 04\?/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await lobbyDb().outbox.count()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Unassign Till 04' }));
    dialog = await screen.findByRole('dialog', { name: 'Unassign device' });
    await user.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    await waitFor(async () => expect(await lobbyDb().outbox.count()).toBe(1));
    expect(await lobbyDb().outbox.toArray()).toMatchObject([{ method: 'PUT', path: `/device/v1/organizations/${ORG}/devices/${uuidOf(104)}/unassign`, body: { alias: 'Till 04', organizationUuid: ORG } }]);
    // waiting for the gateway, the row stays with Undo in place of Unassign
    expect(await screen.findByRole('button', { name: 'Undo unassigning Till 04' })).toBeTruthy();
  });

  it('keeps an unassignment queued offline with Undo, which takes it back', async () => {
    signedIn();
    gatewayWith(() => Promise.reject(new TypeError('Failed to fetch')));
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unassign Till 04' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unassign device' })).getByRole('button', { name: 'Unassign' }));
    const undo = await screen.findByRole('button', { name: 'Undo unassigning Till 04' });
    await waitFor(() => expect((undo as HTMLButtonElement).disabled).toBe(false));
    await user.click(undo);
    expect(await screen.findByRole('button', { name: 'Unassign Till 04' })).toBeTruthy();
    await waitFor(async () => expect(await lobbyDb().outbox.count()).toBe(0));
  });
});

describe('DevicesPage: the devices of a unit', () => {
  it("replaces a unit's devices with the dual list, and says 'Error occured while updating devices' when the gateway refuses", async () => {
    signedIn();
    const gateway = gatewayWith(() => gatewayError(403, 'forbidden', 'Error occured while updating devices'));
    // the whole app: its sync scheduler sends the outbox
    renderApp(`/organization/${ORG}/devices`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assign devices to a unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign devices to a unit' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Unit/ }));
    await user.click(await screen.findByRole('option', { name: 'Rooftop Bar' }));
    const chosen = await within(dialog).findByRole('listbox', { name: 'Devices of the unit' });
    await waitFor(() => expect(within(chosen).getAllByRole('option').map((option) => option.textContent)).toEqual(['Till 01 (SN-1)', 'Till 02 (SN-2)']));
    const available = within(dialog).getByRole('listbox', { name: 'Devices of the organization' });
    await user.click(within(available).getByRole('option', { name: 'Till 05 (SN-5)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add selected' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(gateway.calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const [put] = gateway.calls.filter((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/device/v1/ous/${ROOFTOP}/devices/assign`);
    expect(put?.body).toEqual(['Till 01', 'Till 02', 'Till 05']);
    const refused = await screen.findByText('The devices of Rooftop Bar were not saved');
    expect(refused.closest('[role="alert"]')?.textContent).toContain('Error occured while updating devices');
    // the refused set comes back to its form, with the gateway's words
    await user.click(screen.getByRole('button', { name: 'Open the devices of Rooftop Bar' }));
    const again = await screen.findByRole('dialog', { name: 'Assign devices to a unit' });
    expect(await within(again).findByText(/Error occured while updating devices/)).toBeTruthy();
    const selected = within(again).getByRole('listbox', { name: 'Devices of the unit' });
    expect(within(selected).getAllByRole('option').map((option) => option.textContent)).toEqual(['Till 01 (SN-1)', 'Till 02 (SN-2)', 'Till 05 (SN-5)']);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { connectivity, SESSION_STORAGE_KEY } from '../../../api';
import { formatTime } from '../../../i18n';
import { enqueue, flushAllDrafts, lobbyDb, saveDraft } from '../../../offline';
import { gatewayError, json, makeSession, type RecordedCall } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders } from '../../../../test/render';
import { PmsPage } from './pms-page';

const ORG = '00000000-0000-4000-8000-000000000001';
const opera = { uuid: '00000000-0000-4000-8000-0000000000c1', orgUuid: ORG, name: 'Opera Main', type: 'OPERA_IFC8_XML', host: 'opera.local', port: 5010, version: 1 };
const agent = { ...opera, uuid: '00000000-0000-4000-8000-0000000000c2', name: 'Opera Agent', type: 'OPERA_IFC8_XML_AGENT', host: 'agent.local' };
const organization = { uuid: ORG, name: 'Demo Hospitality Group', legalCompanyName: 'Demo Hospitality Group AG', status: 'ACTIVE', version: 1 };
const profile = { uuid: '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11', email: 'ann@example.com', telephone: null, emailValidated: true, phoneValidated: false, image: null, permissions: [], memberships: [] };

const definition = (patch: object) => ({
  uuid: '00000000-0000-4000-8000-0000000000d1',
  orgUuid: ORG,
  hotelUuid: null,
  name: 'Harbour View',
  externalId: 'HV-01',
  pmsConnectionUuid: opera.uuid,
  isManualRoomEntryEnabled: true,
  isRoomCardReadingEnabled: false,
  magneticCardTrack: null,
  magneticCardType: null,
  contactlessCardType: null,
  contactlessCardSector: null,
  contactlessCardPassword: null,
  contactlessCardKeyId: null,
  version: 1,
  ...patch,
});
const harbour = definition({});
const seaside = definition({ uuid: '00000000-0000-4000-8000-0000000000d2', name: 'Seaside Lodge', externalId: 'SL-7', pmsConnectionUuid: null });
const orphan = definition({ uuid: '00000000-0000-4000-8000-0000000000d3', name: 'Old Mill', externalId: 'OM', pmsConnectionUuid: '00000000-0000-4000-8000-0000000000c9' });

const roomAccessBlank = { isManualRoomEntryEnabled: false, isRoomCardReadingEnabled: false, cardType: null, magneticCardTrack: 1, contactlessCardSector: 1, accessKey: 'INDEX', contactlessCardKeyId: 0, contactlessCardPassword: '' };

const LENGTH = 'It must contain exactly 12 characters.';
const HEX = 'Only hexadecimal characters are allowed (0-9, A-F).';

/** The gateway of these tests: the organization, its connections and hotel definitions; anything else answers `other`. */
function gatewayWith({ connections = [opera], definitions = [harbour] as object[], other }: { connections?: object[]; definitions?: object[]; other?: (call: RecordedCall) => Response | Promise<Response> } = {}) {
  return fakeGateway((call) => {
    const path = call.path.split('?')[0] ?? '';
    if (path.startsWith('/organization/v1/organization')) return json(200, { data: [organization] });
    if (path.startsWith('/user-profile')) return json(200, profile);
    if (call.method === 'GET' && path === `/organization/${ORG}/pms-connection`) return json(200, { data: connections });
    if (call.method === 'GET' && path === `/organization/${ORG}/hotel-definition`) return json(200, { data: definitions });
    if (other) return other(call);
    return call.method === 'GET' ? json(200, {}) : new Promise<Response>(() => undefined);
  });
}

function signedIn() {
  const session = makeSession();
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  return session;
}

const render = () => renderWithProviders(<PmsPage />, { url: `/organization/${ORG}/pms`, path: '/organization/:uuid/pms' });
const definitionsTable = () => screen.findByRole('table', { name: 'PMS hotel definitions' });

async function openAddForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add PMS hotel definition' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add PMS hotel definition' });
  await waitFor(() => expect((within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).disabled).toBe(false));
  return dialog;
}

async function choose(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, combobox: RegExp, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(async () => {
  cleanup();
  await flushAllDrafts();
  notifications.clean();
  notifications.cleanQueue();
  await lobbyDb().outbox.clear();
  await lobbyDb().drafts.clear();
  await lobbyDb().meta.clear();
  connectivity.reportSuccess();
});

describe('PMS page: hotel definitions', () => {
  it('lists the definitions with their Property ID and connection name', async () => {
    signedIn();
    gatewayWith({ definitions: [harbour, seaside, orphan] });
    render();
    const table = await definitionsTable();
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(within(row('Harbour View')).getByText('HV-01')).toBeTruthy();
    expect(within(row('Harbour View')).getByText('Opera Main')).toBeTruthy();
    expect(within(row('Seaside Lodge')).getByText('None')).toBeTruthy();
    expect(within(row('Old Mill')).getByText('(Not found)')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'PMS hotel definitions' })).toBeTruthy();

    // searched by name
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Find a hotel definition by name' }), 'sea');
    expect(within(table).queryByText('Harbour View')).toBeNull();
    expect(within(table).getByText('Seaside Lodge')).toBeTruthy();
  });

  it('says when there are none yet', async () => {
    signedIn();
    gatewayWith({ definitions: [] });
    render();
    expect(await screen.findByText('There are no PMS hotel definitions yet')).toBeTruthy();
  });

  it('queues a new definition with the normalised body: MIFARE Classic with Enter Password sends the password and no key index', async () => {
    signedIn();
    gatewayWith({ definitions: [] });
    render();
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    expect(within(dialog).getByText('The internal ID of the hotel in the PMS')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Harbour View');
    await user.type(within(dialog).getByRole('textbox', { name: /^Property ID/ }), 'HV-01');
    expect(within(dialog).getByRole('combobox', { name: /PMS connection/ }).getAttribute('placeholder')).toBe('Select a PMS Connection');
    await choose(user, dialog, /PMS connection/, 'Opera Main');
    await user.click(within(dialog).getByRole('switch', { name: 'Enable room card reading' }));
    await choose(user, dialog, /Card type/, 'MIFARE Classic');
    await choose(user, dialog, /Sector/, '5');
    await user.click(within(dialog).getByRole('radio', { name: 'Enter Password' }));
    await user.type(within(dialog).getByLabelText(/^Password/), 'a1b2c3d4e5f6');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const [entry, ...rest] = await lobbyDb().outbox.toArray();
    expect(rest).toHaveLength(0);
    expect(entry).toMatchObject({ method: 'POST', path: `/organization/${ORG}/hotel-definition`, collection: 'hotel-definition' });
    expect(entry?.body).toEqual({
      uuid: entry?.recordUuid,
      name: 'Harbour View',
      externalId: 'HV-01',
      pmsConnectionUuid: opera.uuid,
      hotelUuid: null,
      isManualRoomEntryEnabled: false,
      isRoomCardReadingEnabled: true,
      magneticCardTrack: null,
      magneticCardType: null,
      contactlessCardType: 'MIFARE_CLASSIC',
      contactlessCardSector: 5,
      contactlessCardPassword: 'A1B2C3D4E5F6',
      contactlessCardKeyId: null,
    });
    // the new definition shows at once, waiting for the gateway
    const row = (await within(await definitionsTable()).findByText('Harbour View')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Waiting to sync')).toBeTruthy();
  });

  it('shows both password checks under the field while typing, and refuses to queue a bad password', async () => {
    signedIn();
    gatewayWith({ definitions: [] });
    render();
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Harbour View');
    await user.click(within(dialog).getByRole('switch', { name: 'Enable room card reading' }));
    await choose(user, dialog, /Card type/, 'MIFARE Classic');
    await user.click(within(dialog).getByRole('radio', { name: 'Enter Password' }));
    const password = within(dialog).getByLabelText(/^Password/) as HTMLInputElement;
    await user.type(password, 'zz12');
    expect(password.value).toBe('ZZ12');
    expect(within(dialog).getByText(LENGTH)).toBeTruthy();
    expect(within(dialog).getByText(HEX)).toBeTruthy();
    await user.type(password, '34567890');
    expect(within(dialog).queryByText(LENGTH)).toBeNull();
    expect(within(dialog).getByText(HEX)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await lobbyDb().outbox.count()).toBe(0);
    expect(screen.getByRole('dialog', { name: 'Add PMS hotel definition' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(password));
  });

  it('refuses a definition without a name or with neither room entry nor card reading, queueing nothing', async () => {
    signedIn();
    gatewayWith({ definitions: [] });
    render();
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Property ID/ }), 'HV-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Turn on manual room entry or room card reading')).toBeTruthy();
    expect(await lobbyDb().outbox.count()).toBe(0);
  });

  it('cuts the name to 50 characters', async () => {
    signedIn();
    gatewayWith({ definitions: [] });
    render();
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    const name = within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement;
    await user.type(name, 'x'.repeat(60));
    expect(name.value).toHaveLength(50);
  });

  it('says there is no PMS connection to choose when the organization has none', async () => {
    signedIn();
    gatewayWith({ connections: [], definitions: [] });
    render();
    const dialog = await openAddForm(userEvent.setup());
    expect(within(dialog).getByText('No PMS connection found. You can create a new one on the PMS page and return later to select it.')).toBeTruthy();
  });

  it('opens the form again on its unsaved draft after a reload, the newer of a connection draft and a definition draft', async () => {
    const session = signedIn();
    const scope = (kind: string) => ({ userUuid: session.uuid, orgUuid: ORG, kind, recordId: 'new' });
    const draftValue = { name: 'Draft Hotel', externalId: 'DH', pmsConnectionUuid: null, roomAccess: { ...roomAccessBlank, isManualRoomEntryEnabled: true } };
    await saveDraft(scope('pms-connection'), { name: 'Older', type: '', host: '', port: '' }, { baseVersion: null, now: Date.now() - 60_000 });
    await saveDraft(scope('hotel-definition'), draftValue, { baseVersion: null });
    gatewayWith({ definitions: [] });
    render();
    const dialog = await screen.findByRole('dialog', { name: 'Add PMS hotel definition' });
    expect(await within(dialog).findByText(/^Restored unsaved changes from /)).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Draft Hotel');
    expect(screen.queryByRole('dialog', { name: 'Add PMS connection' })).toBeNull();
  });

  it('edits a definition: its room access read back, the change queued as a PUT over its version', async () => {
    signedIn();
    const mifare = definition({ isRoomCardReadingEnabled: true, contactlessCardType: 'MIFARE_CLASSIC', contactlessCardSector: 3, contactlessCardKeyId: 9, version: 4 });
    gatewayWith({ definitions: [mifare] });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit PMS hotel definition Harbour View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit PMS hotel definition' });
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).disabled).toBe(false));
    expect((within(dialog).getByRole('combobox', { name: /Sector/ }) as HTMLInputElement).value).toBe('3');
    expect((within(dialog).getByRole('combobox', { name: /Key index/ }) as HTMLInputElement).value).toBe('9');
    await choose(user, dialog, /Card type/, 'Magnetic Stripe Reader');
    await choose(user, dialog, /Track/, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await lobbyDb().outbox.toArray()).toMatchObject([
      {
        method: 'PUT',
        path: `/organization/${ORG}/hotel-definition/${mifare.uuid}`,
        ifMatch: 4,
        body: { magneticCardType: 'MICROS', magneticCardTrack: 2, contactlessCardType: null, contactlessCardSector: null, contactlessCardKeyId: null, contactlessCardPassword: null },
      },
    ]);
  });

  it('removes a definition after asking, struck through with Undo while it waits', async () => {
    signedIn();
    gatewayWith({ definitions: [harbour, seaside] });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove PMS hotel definition Harbour View' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove PMS hotel definition' });
    expect(within(confirm).getByText('Are you sure you want to remove Harbour View? Once the gateway has removed it, this cannot be undone.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(await lobbyDb().outbox.toArray()).toMatchObject([{ method: 'DELETE', recordUuid: harbour.uuid, collection: 'hotel-definition' }]);
    const row = (await screen.findByText('Waiting to be removed')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Harbour View').style.textDecoration).toBe('line-through');
    await user.click(within(row).getByRole('button', { name: 'Undo removal of PMS hotel definition Harbour View' }));
    expect(await screen.findByText('Removal of PMS hotel definition "Harbour View" undone')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Waiting to be removed')).toBeNull());
    expect(await lobbyDb().outbox.count()).toBe(0);
  });

  it("titles a refused removal 'Unable to Remove PMS Connection' with its status and first message, defaulting to 500 and 'An error occurred'", async () => {
    const session = signedIn();
    gatewayWith({ definitions: [harbour] });
    const base = { method: 'DELETE' as const, path: `/organization/${ORG}/hotel-definition/${harbour.uuid}`, userUuid: session.uuid, orgUuid: ORG, collection: 'hotel-definition', label: 'Delete' };
    const refused = await enqueue({ ...base, recordUuid: harbour.uuid });
    const unexplained = await enqueue({ ...base, recordUuid: seaside.uuid });
    await lobbyDb().outbox.update(refused.seq, { status: 'failed', lastStatus: 409, errorMessages: ['A hotel still uses this definition', 'Second'], lastError: 'A hotel still uses this definition, Second' });
    await lobbyDb().outbox.update(unexplained.seq, { status: 'failed', lastStatus: null, errorMessages: [], lastError: null });
    render();
    const first = (await screen.findByText('409: A hotel still uses this definition')).closest('[role="alert"]') as HTMLElement;
    expect(within(first).getByText('Unable to Remove PMS Connection')).toBeTruthy();
    const second = (await screen.findByText('500: An error occurred')).closest('[role="alert"]') as HTMLElement;
    expect(within(second).getByText('Unable to Remove PMS Connection')).toBeTruthy();
  });
});

describe('PMS page: pairing code', () => {
  const expiresAt = '2030-06-01T10:30:00.000Z';

  it('is offered only for OPERA IFC8 XML AGENT connections, and shows a code once, with its expiry', async () => {
    signedIn();
    const gateway = gatewayWith({
      connections: [opera, agent],
      other: (call) => (call.method === 'POST' && call.path === `/agent/v1/agents/otp-code/${agent.uuid}` ? json(201, { code: 'K7MP2QXZ', expiresAt }) : json(200, {})),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pairing code for Opera Agent' }));
    expect(screen.queryByRole('button', { name: 'Pairing code for Opera Main' })).toBeNull();

    let dialog = await screen.findByRole('dialog', { name: 'Pairing code for Opera Agent' });
    expect(within(dialog).getByText(/a new code replaces the previous one/)).toBeTruthy();
    expect(gateway.callsTo(`/agent/v1/agents/otp-code/${agent.uuid}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Get a pairing code' }));
    expect(await within(dialog).findByText('K7MP2QXZ')).toBeTruthy();
    expect(within(dialog).getByText(`Valid until ${formatTime(expiresAt)}`)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy code' })).toBeTruthy();
    expect(gateway.callsTo(`/agent/v1/agents/otp-code/${agent.uuid}`)).toMatchObject([{ method: 'POST' }]);

    // closed and opened again: the code is not shown again
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Pairing code for Opera Agent' }));
    dialog = await screen.findByRole('dialog', { name: 'Pairing code for Opera Agent' });
    expect(within(dialog).queryByText('K7MP2QXZ')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Get a pairing code' })).toBeTruthy();
  });

  it("labels the gateway's refusal 'Error Message'", async () => {
    signedIn();
    gatewayWith({ connections: [agent], other: (call) => (call.method === 'POST' ? gatewayError(404, 'not_found', 'PMS connection not found') : json(200, {})) });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pairing code for Opera Agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pairing code for Opera Agent' });
    await user.click(within(dialog).getByRole('button', { name: 'Get a pairing code' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Error Message')).toBeTruthy();
    expect(within(alert).getByText('PMS connection not found')).toBeTruthy();
  });

  it('says a pairing code needs the gateway when it cannot be reached', async () => {
    signedIn();
    gatewayWith({ connections: [agent], other: (call) => (call.method === 'POST' ? Promise.reject(new TypeError('Failed to fetch')) : json(200, {})) });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pairing code for Opera Agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pairing code for Opera Agent' });
    await user.click(within(dialog).getByRole('button', { name: 'Get a pairing code' }));
    expect(await within(dialog).findByText('A pairing code needs the gateway: it cannot be made offline. Try again when the gateway is reachable.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Get a pairing code' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { SESSION_STORAGE_KEY } from '../../../api';
import { flushAllDrafts, lobbyDb } from '../../../offline';
import { gatewayError, json, makeSession, type RecordedCall } from '../../../../test/fake-gateway';
import { fakeGateway, renderApp, renderWithProviders, verdictWithoutWaiting } from '../../../../test/render';
import { PackagesPage } from './packages-page';

const ORG = '00000000-0000-4000-8000-000000000001';
const HOTEL_A = '00000000-0000-4000-8000-0000000000a1';
const HOTEL_B = '00000000-0000-4000-8000-0000000000b1';
const VENUE = '00000000-0000-4000-8000-0000000000e1';
const organization = { uuid: ORG, name: 'Demo Hospitality Group', legalCompanyName: 'Demo Hospitality Group AG', status: 'ACTIVE', version: 1 };
const profile = { uuid: '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11', email: 'ann@example.com', telephone: null, emailValidated: true, phoneValidated: false, image: null, permissions: [], memberships: [] };

const unit = (uuid: string, name: string, type: 'HOTEL' | 'VENUE') => ({ uuid, orgUuid: ORG, parentUuid: null, type, name, attributes: { NAME: name }, version: 1 });
const hotelA = unit(HOTEL_A, 'Alpine Lodge', 'HOTEL');
const hotelB = unit(HOTEL_B, 'Beach Resort', 'HOTEL');
const venue = unit(VENUE, 'Lobby Bar', 'VENUE');

let counter = 0;
const pkg = (hotel: string, externalId: string, calculationRule = 'ADULT') => {
  counter += 1;
  return { uuid: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`, orgUuid: ORG, hotelUuid: hotel, name: externalId, externalId, calculationRule, deleted: false, version: 1 };
};

const packagesPath = (hotel: string) => `/organization/${ORG}/hotel/${hotel}/pms-package`;

function signedIn() {
  const session = makeSession();
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  return session;
}

/** A gateway that knows the organization, its units and each hotel's packages; changes are never answered (they wait in the outbox). */
function gatewayWith(units: object[], packages: Record<string, object[]>, onGet?: (call: RecordedCall) => Response | undefined) {
  return fakeGateway((call) => {
    const path = call.path.split('?')[0] ?? '';
    if (call.method !== 'GET') return new Promise<Response>(() => undefined);
    const answer = onGet?.(call);
    if (answer) return answer;
    if (path === '/organization/v1/organization') return json(200, { data: [organization] });
    if (path.startsWith('/user-profile')) return json(200, profile);
    if (path === `/organization/${ORG}/ous`) return json(200, { data: units });
    for (const [hotel, list] of Object.entries(packages)) if (path === packagesPath(hotel)) return json(200, { data: list });
    return gatewayError(404, 'not_found', 'Not found');
  });
}

const render = (search = `?ou=${HOTEL_A}`) => renderWithProviders(<PackagesPage />, { url: `/organization/${ORG}/packages${search}`, path: '/organization/:uuid/packages' });
const outbox = () => lobbyDb().outbox.toArray();
const table = () => screen.findByRole('table', { name: 'Packages' });
const idCells = (element: HTMLElement) =>
  within(element)
    .getAllByRole('row')
    .slice(1)
    // the first cell is the row's checkbox
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

const packageId = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /Package ID/ }) as HTMLInputElement;
/** Opens the add form (or the edit form of `id`); it is ready when its fields are (its draft was read). */
async function openForm(user: ReturnType<typeof userEvent.setup>, id?: string) {
  await user.click(await screen.findByRole('button', { name: id ? `Edit ${id}` : 'ADD PACKAGE PMS' }));
  const dialog = await screen.findByRole('dialog', { name: id ? 'Edit Pms Package Connection' : 'Add PMS Package' });
  await waitFor(() => expect(packageId(dialog).disabled).toBe(false));
  return dialog;
}

afterEach(async () => {
  cleanup();
  await flushAllDrafts();
  notifications.clean();
  notifications.cleanQueue();
  await lobbyDb().outbox.clear();
  await lobbyDb().drafts.clear();
  await lobbyDb().meta.clear();
});

describe('PackagesPage: the hotel', () => {
  it('names the organization in its heading and the page title, with the way back to it', async () => {
    signedIn();
    gatewayWith([hotelA], { [HOTEL_A]: [] });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Room packages of Demo Hospitality Group' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Room packages - Demo Hospitality Group - Lobby'));
    expect(screen.getByRole('link', { name: 'Back to the organization' }).getAttribute('href')).toBe(`/organization/${ORG}`);
  });

  it("shows the packages of the hotel named by ?ou, and choosing another hotel sets ?ou and shows that hotel's", async () => {
    signedIn();
    const gateway = gatewayWith([hotelB, venue, hotelA], { [HOTEL_A]: [pkg(HOTEL_A, 'ALPINE-BRKF')], [HOTEL_B]: [pkg(HOTEL_B, 'BEACH-BRKF')] });
    const { router } = render();
    expect(idCells(await table())).toEqual(['ALPINE-BRKF']);
    const select = screen.getByRole('combobox', { name: 'Hotel' }) as HTMLInputElement;
    expect(select.value).toBe('Alpine Lodge');
    const user = userEvent.setup();
    await user.click(select);
    // only the hotels of the organization are offered
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Alpine Lodge', 'Beach Resort']);
    await user.click(screen.getByRole('option', { name: 'Beach Resort' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?ou=${HOTEL_B}`));
    await waitFor(async () => expect(idCells(await table())).toEqual(['BEACH-BRKF']));
    expect(gateway.callsTo(packagesPath(HOTEL_B))).toHaveLength(1);
  });

  it('asks for a hotel when the address names none and there are several', async () => {
    signedIn();
    const gateway = gatewayWith([hotelA, hotelB], {});
    render('');
    expect(await screen.findByText('Choose the hotel whose packages to show.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(gateway.calls.some((call) => call.path.includes('/pms-package'))).toBe(false);
  });

  it('chooses the only hotel at once', async () => {
    signedIn();
    gatewayWith([venue, hotelA], { [HOTEL_A]: [pkg(HOTEL_A, 'BRKF')] });
    const { router } = render('');
    expect(idCells(await table())).toEqual(['BRKF']);
    expect(router.state.location.search).toBe(`?ou=${HOTEL_A}`);
  });

  it('says the organization has no hotel yet, with the way to its units', async () => {
    signedIn();
    gatewayWith([venue], {});
    render('');
    expect(await screen.findByText('This organization has no hotel yet. Packages belong to a hotel.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a hotel on the units page' }).getAttribute('href')).toBe(`/organization/${ORG}/ous`);
    expect(screen.queryByRole('combobox', { name: 'Hotel' })).toBeNull();
  });

  it("says so when the gateway answers 403: 'You don't have permissions to view this organization'", async () => {
    signedIn();
    fakeGateway((call) => (call.path.includes('/refresh') ? json(200, makeSession()) : gatewayError(403, 'forbidden', 'Forbidden')));
    render();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Permission Error')).toBeTruthy();
    expect(within(alert).getByText("You don't have permissions to view this organization")).toBeTruthy();
  });

  it('opens from its route in the app', async () => {
    signedIn();
    gatewayWith([hotelA], { [HOTEL_A]: [pkg(HOTEL_A, 'BRKF')] });
    renderApp(`/organization/${ORG}/packages?ou=${HOTEL_A}`);
    expect(idCells(await table())).toEqual(['BRKF']);
  });
});

describe('PackagesPage: packages through the outbox', () => {
  it('says there are no package definitions yet for a hotel without packages', async () => {
    signedIn();
    gatewayWith([hotelA], { [HOTEL_A]: [] });
    render();
    expect(await screen.findByText('There are no package definitions created yet')).toBeTruthy();
  });

  it("adds a package with the rule ADULT by default: a queued POST, its row 'Waiting to sync'", async () => {
    const session = signedIn();
    gatewayWith([hotelA], { [HOTEL_A]: [] });
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user);
    expect((within(dialog).getByRole('button', { name: 'ADD PACKAGE' }) as HTMLButtonElement).disabled).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: /Package ID/ }), 'BRKF');
    await user.click(within(dialog).getByRole('button', { name: 'ADD PACKAGE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const entries = await outbox();
    expect(entries).toMatchObject([{ method: 'POST', path: packagesPath(HOTEL_A), userUuid: session.uuid, orgUuid: ORG, collection: 'pms-package', body: { externalId: 'BRKF', calculationRule: 'ADULT' } }]);
    const row = (await screen.findByText('BRKF')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Waiting to sync')).toBeTruthy();
    expect(within(row).getByText('Adult')).toBeTruthy();
  });

  it("edits a package: 'Edit Pms Package Connection', 'UPDATE', a queued PUT over its version", async () => {
    signedIn();
    const brkf = pkg(HOTEL_A, 'BRKF');
    gatewayWith([hotelA], { [HOTEL_A]: [brkf] });
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user, 'BRKF');
    const update = within(dialog).getByRole('button', { name: 'UPDATE' }) as HTMLButtonElement;
    await user.click(within(dialog).getByRole('combobox', { name: /Calculation rule/ }));
    await user.click(screen.getByRole('option', { name: 'Person/flat rate/room' }));
    await user.click(update);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await outbox()).toMatchObject([{ method: 'PUT', path: `${packagesPath(HOTEL_A)}/${brkf.uuid}`, ifMatch: 1, body: { externalId: 'BRKF', calculationRule: 'PERSON' } }]);
    const row = (await screen.findByText('Person/flat rate/room')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Waiting to sync')).toBeTruthy();
  });

  it('removes several chosen packages with one confirmation naming the count and the rate codes that include them: queued DELETEs, one notice', async () => {
    verdictWithoutWaiting();
    signedIn();
    const brkf = pkg(HOTEL_A, 'BRKF');
    const kids = pkg(HOTEL_A, 'KIDS', 'CHILDREN');
    const spa = pkg(HOTEL_A, 'SPA');
    const code = { uuid: '00000000-0000-4000-8000-00000000c0de', orgUuid: ORG, hotelUuid: HOTEL_A, name: 'FAMILY', externalId: 'FAMILY', packages: [kids.uuid], version: 1 };
    gatewayWith([hotelA], { [HOTEL_A]: [brkf, kids, spa] }, (call) => (call.path.split('?')[0] === `/organization/${ORG}/hotel/${HOTEL_A}/pms-rate-code` ? json(200, { data: [code] }) : undefined));
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select BRKF' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select KIDS' }));
    await user.click(screen.getByRole('button', { name: 'Remove selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove 2 packages?' });
    expect(within(dialog).getByText('These packages will be removed: BRKF and KIDS.')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByText('KIDS: rate codes FAMILY')).toBeTruthy());
    await user.click(within(dialog).getByRole('button', { name: 'Remove 2 packages' }));
    await waitFor(async () => expect((await outbox()).map((entry) => [entry.method, entry.path])).toEqual([
      ['DELETE', `${packagesPath(HOTEL_A)}/${brkf.uuid}`],
      ['DELETE', `${packagesPath(HOTEL_A)}/${kids.uuid}`],
    ]));
    await waitFor(() => expect(idCells(screen.getByRole('table', { name: 'Packages' }))).toEqual(['SPA']));
    // one notice for both, not one per package
    expect(await screen.findByText(/^(2 packages will be removed when the gateway is reachable|Removal of 2 packages sent)/)).toBeTruthy();
  });

  it("shows a package's History (who, from → to, made / arrived, 'Made offline'), and Restore puts the earlier value back for UPDATE to queue", async () => {
    signedIn();
    const brkf = pkg(HOTEL_A, 'BRKF', 'PERSON');
    const entry = {
      uuid: '00000000-0000-4000-8000-00000000e001',
      kind: 'pms-package',
      recordUuid: brkf.uuid,
      orgUuid: ORG,
      unitUuid: HOTEL_A,
      userUuid: profile.uuid,
      userEmail: 'ann@example.com',
      action: 'changed',
      changes: [{ field: 'calculationRule', before: 'ADULT', after: 'PERSON' }],
      bulk: null,
      madeAt: '2025-03-01T09:00:00.000Z',
      appliedAt: '2025-03-01T09:30:00.000Z',
      offline: true,
    };
    gatewayWith([hotelA], { [HOTEL_A]: [brkf] }, (call) =>
      call.path.startsWith(`/organization/${ORG}/history/pms-package/${brkf.uuid}`) ? json(200, { data: [entry], totalCount: 1, limit: 20, offset: 0 }) : undefined,
    );
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user, 'BRKF');
    await user.click(within(dialog).getByRole('button', { name: 'Show history' }));
    const timeline = await within(dialog).findByRole('list', { name: 'History' });
    expect(within(timeline).getByText('Changed by ann@example.com')).toBeTruthy();
    expect(within(timeline).getByText('Made offline')).toBeTruthy();
    expect(within(timeline).getByText(/^Made at .*, arrived at /)).toBeTruthy();
    expect(within(timeline).getByText(/→/).textContent).toMatch(/Calculation rule.*: .+ → .+/);
    await user.click(within(timeline).getByRole('button', { name: /^Restore / }));
    expect(within(dialog).getByRole('status').textContent).toBe('The earlier value is back in the form: save to apply it.');
    await user.click(within(dialog).getByRole('button', { name: 'UPDATE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await outbox()).toMatchObject([{ method: 'PUT', path: `${packagesPath(HOTEL_A)}/${brkf.uuid}`, ifMatch: 1, body: { externalId: 'BRKF', calculationRule: 'ADULT' } }]);
  });

  it('refuses a package ID the hotel already has, saying so, and queues nothing', async () => {
    signedIn();
    gatewayWith([hotelA], { [HOTEL_A]: [pkg(HOTEL_A, 'BRKF')] });
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Package ID/ }), 'BRKF');
    await user.click(within(dialog).getByRole('button', { name: 'ADD PACKAGE' }));
    expect(within(dialog).getByText('Another package of this hotel already has this package ID')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add PMS Package' })).toBeTruthy();
    expect(await outbox()).toEqual([]);
  });

  it("removes only through 'REMOVE PMS PACKAGE': the filled button cancels; the removal is a queued DELETE and the row leaves", async () => {
    signedIn();
    const brkf = pkg(HOTEL_A, 'BRKF');
    gatewayWith([hotelA], { [HOTEL_A]: [brkf, pkg(HOTEL_A, 'KIDS', 'CHILDREN')] });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove BRKF' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove PMS package' });
    expect(within(dialog).getByText('This action cannot be undone and will impact Rate Codes and Package Access that include this package')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await outbox()).toEqual([]);
    expect(idCells(await table())).toEqual(['BRKF', 'KIDS']);

    await user.click(screen.getByRole('button', { name: 'Remove BRKF' }));
    dialog = screen.getByRole('dialog', { name: 'Remove PMS package' });
    await user.click(within(dialog).getByRole('button', { name: 'REMOVE PMS PACKAGE' }));
    await waitFor(async () => expect(await outbox()).toMatchObject([{ method: 'DELETE', path: `${packagesPath(HOTEL_A)}/${brkf.uuid}`, ifMatch: 1 }]));
    await waitFor(async () => expect(idCells(await table())).toEqual(['KIDS']));
  });

  it('filters by package ID (contains) and pages by 10', async () => {
    signedIn();
    const list = Array.from({ length: 23 }, (_, index) => pkg(HOTEL_A, `P${String(index).padStart(3, '0')}`));
    gatewayWith([hotelA], { [HOTEL_A]: list });
    render();
    const user = userEvent.setup();
    const element = await table();
    expect(idCells(element)).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(idCells(element)).toEqual(['P020', 'P021', 'P022']);
    await user.type(screen.getByRole('searchbox', { name: 'Package ID' }), '01');
    expect(idCells(element)).toEqual(['P001', 'P010', 'P011', 'P012', 'P013', 'P014', 'P015', 'P016', 'P017', 'P018']);
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeTruthy();
  });
});

describe('PackagesPage: the package form keeps a draft', () => {
  const drafts = () => lobbyDb().drafts.count();

  it('keeps a typed package ID across a reload, saying it was restored, and drops it once saved', async () => {
    signedIn();
    gatewayWith([hotelA], { [HOTEL_A]: [] });
    render();
    let user = userEvent.setup();
    let dialog = await openForm(user);
    await user.type(packageId(dialog), 'BRKF');
    await user.click(within(dialog).getByRole('combobox', { name: /Calculation rule/ }));
    await user.click(screen.getByRole('option', { name: 'Children' }));
    await waitFor(async () => expect(await drafts()).toBe(1));
    cleanup();
    await flushAllDrafts();

    render();
    user = userEvent.setup();
    dialog = await openForm(user);
    expect(packageId(dialog).value).toBe('BRKF');
    expect((within(dialog).getByRole('combobox', { name: /Calculation rule/ }) as HTMLInputElement).value).toBe('Children');
    expect(within(dialog).getByText(/^Restored unsaved changes from /)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'ADD PACKAGE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await outbox()).toMatchObject([{ method: 'POST', body: { externalId: 'BRKF', calculationRule: 'CHILDREN' } }]);
    expect(await drafts()).toBe(0);

    dialog = await openForm(user);
    expect(packageId(dialog).value).toBe('');
    expect(within(dialog).queryByText(/Restored unsaved changes/)).toBeNull();
  });

  it("keeps each package's edit apart from the new package's", async () => {
    signedIn();
    gatewayWith([hotelA], { [HOTEL_A]: [pkg(HOTEL_A, 'BRKF'), pkg(HOTEL_A, 'KIDS', 'CHILDREN')] });
    render();
    const user = userEvent.setup();
    let dialog = await openForm(user, 'BRKF');
    await user.type(packageId(dialog), '-2');
    await waitFor(async () => expect(await drafts()).toBe(1));
    cleanup();
    await flushAllDrafts();

    render();
    dialog = await openForm(user, 'KIDS');
    expect(packageId(dialog).value).toBe('KIDS');
    expect(within(dialog).queryByText(/Restored unsaved changes/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openForm(user);
    expect(packageId(dialog).value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openForm(user, 'BRKF');
    expect(packageId(dialog).value).toBe('BRKF-2');
    expect(within(dialog).getByText(/^Restored unsaved changes from /)).toBeTruthy();
  });

  it('forgets the draft when Cancel discards the changes', async () => {
    signedIn();
    gatewayWith([hotelA], { [HOTEL_A]: [] });
    render();
    const user = userEvent.setup();
    let dialog = await openForm(user);
    await user.type(packageId(dialog), 'BRKF');
    await waitFor(async () => expect(await drafts()).toBe(1));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'You have unsaved changes' })).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await drafts()).toBe(0);
    expect(await outbox()).toEqual([]);

    dialog = await openForm(user);
    expect(packageId(dialog).value).toBe('');
    expect(within(dialog).queryByText(/Restored unsaved changes/)).toBeNull();
  });

  it('keeps a package the gateway just created when the next list comes from the read cache, fetched before it (offline), so its edit is an UPDATE', async () => {
    signedIn();
    let created: Record<string, unknown> | null = null;
    // what the service worker serves offline: the list as fetched before the create, stamped so
    const before = new Date(Date.now() - 60_000).toISOString();
    let cachedReads = 0;
    fakeGateway((call) => {
      const path = call.path.split('?')[0] ?? '';
      if (call.method === 'POST' && path === packagesPath(HOTEL_A)) {
        created = { ...(call.body as Record<string, unknown>), orgUuid: ORG, hotelUuid: HOTEL_A, name: 'LATE', deleted: false, version: 1 };
        return json(201, created);
      }
      if (call.method !== 'GET') return new Promise<Response>(() => undefined);
      if (path.startsWith('/user-profile')) return json(200, profile);
      if (path === '/organization/v1/organization') return json(200, { data: [organization] });
      if (path === `/organization/${ORG}/ous`) return json(200, { data: [hotelA] });
      if (path === packagesPath(HOTEL_A)) {
        if (created === null) return json(200, { data: [] });
        cachedReads += 1;
        return new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'content-type': 'application/json', 'x-lobby-cached-at': before } });
      }
      return gatewayError(404, 'not_found', 'Not found');
    });
    renderApp(`/organization/${ORG}/packages?ou=${HOTEL_A}`);
    const user = userEvent.setup();
    let dialog = await openForm(user);
    await user.type(packageId(dialog), 'LATE');
    await user.click(within(dialog).getByRole('button', { name: 'ADD PACKAGE' }));
    await waitFor(async () => expect(await outbox()).toEqual([]));
    // the list was read again after the create, answered from the cache, and shown: the screen says
    // so (a click sent before that answer is drawn could land on the row it replaces)
    await waitFor(() => expect(cachedReads).toBeGreaterThan(0));
    expect(await screen.findByText(/^Offline — showing data from /)).toBeTruthy();
    dialog = await openForm(user, 'LATE');
    await user.click(within(dialog).getByRole('combobox', { name: /Calculation rule/ }));
    await user.click(screen.getByRole('option', { name: 'Children' }));
    await user.click(within(dialog).getByRole('button', { name: 'UPDATE' }));
    await waitFor(async () => expect(await outbox()).toMatchObject([{ method: 'PUT', path: `${packagesPath(HOTEL_A)}/${String(created?.uuid)}`, ifMatch: 1, body: { externalId: 'LATE', calculationRule: 'CHILDREN' } }]));
  });

  it('gives a package the gateway refused back to the form, with its words', async () => {
    signedIn();
    fakeGateway((call) => {
      const path = call.path.split('?')[0] ?? '';
      if (call.method === 'POST') return gatewayError(422, 'validation', 'Package ID is reserved', 'externalId');
      if (path.startsWith('/user-profile')) return json(200, profile);
      if (path === '/organization/v1/organization') return json(200, { data: [organization] });
      if (path === `/organization/${ORG}/ous`) return json(200, { data: [hotelA] });
      if (path === packagesPath(HOTEL_A)) return json(200, { data: [] });
      return gatewayError(404, 'not_found', 'Not found');
    });
    renderApp(`/organization/${ORG}/packages?ou=${HOTEL_A}`);
    const user = userEvent.setup();
    let dialog = await openForm(user);
    await user.type(packageId(dialog), 'BRKF');
    await user.click(within(dialog).getByRole('button', { name: 'ADD PACKAGE' }));
    expect(
      await screen.findByText('Not saved: the gateway refused package "BRKF": Package ID is reserved. What you entered is kept in the package form, and the Sync page lists the change.'),
    ).toBeTruthy();
    dialog = await openForm(user);
    expect(packageId(dialog).value).toBe('BRKF');
    expect(within(dialog).getByText('The gateway refused this change: Package ID is reserved')).toBeTruthy();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { SESSION_STORAGE_KEY } from '../../../api';
import { GRANTS_STORAGE_KEY } from '../../../api/profile';
import type { HotelSave } from '../../../domain';
import { flushAllDrafts, lobbyDb, unsyncedWork } from '../../../offline';
import { json, makeSession, type RecordedCall } from '../../../../test/fake-gateway';
import { fakeGateway, renderApp, renderWithProviders } from '../../../../test/render';
import { definitionUuidOfServices, prefetchHotelWizard } from '../api/hotel-wizard-data';
import { HotelCreatePage, HotelEditPage } from './hotel-wizard-page';

// the save's diff runs in a worker in the browser; here the same domain function runs in the test's thread
vi.mock('../../../offline/worker-jobs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../offline/worker-jobs')>();
  const { jobs } = await import('../../../../worker/jobs');
  return { ...actual, diffHotelInWorker: (...args: Parameters<typeof jobs.diffHotel>) => Promise.resolve(jobs.diffHotel(...args)) };
});

const ORG = '00000000-0000-4000-8000-000000000001';
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const PARENT = uuidOf(10);
const HOTEL = uuidOf(20);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const orgAdmin = { permissions: ['SETUP_ORG', 'SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [ORG], ous: [], omnipresence: false }] };
const hotelOnly = { permissions: ['SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [], ous: [HOTEL], omnipresence: false }] };
let grants: object = orgAdmin;
const profile = () => ({ uuid: '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11', email: 'ann@example.com', telephone: null, emailValidated: true, phoneValidated: false, image: null, ...grants });
const opera = { uuid: uuidOf(30), orgUuid: ORG, name: 'Opera Main', type: 'OPERA_IFC8_XML', host: 'opera.local', port: 5010, version: 1 };
const group = { uuid: PARENT, orgUuid: ORG, parentUuid: null, type: 'HOTEL', name: 'Alps Resort', attributes: { NAME: 'Alps Resort', LOCALE: 'de-CH' }, version: 1 };
// the organization's regional values: a zone the time-zone list does not offer among them
const organization = { uuid: ORG, name: 'Alps Group', legalCompanyName: 'Alps Group', status: 'ACTIVE', version: 1, attributes: { LOCALE: 'en-GB', CURRENCY: 'EUR', TIME_ZONE: 'Europe/Lisbon' }, ous: [] };
const hotel = { uuid: HOTEL, orgUuid: ORG, parentUuid: PARENT, type: 'HOTEL', name: 'Alpine Lodge', attributes: { NAME: 'Alpine Lodge', TYPE: 'HOTEL' }, version: 3 };
const definitionOf = (patch: object = {}) => ({
  uuid: uuidOf(40),
  orgUuid: ORG,
  hotelUuid: HOTEL,
  name: 'Alpine Lodge',
  externalId: 'AL-1',
  pmsConnectionUuid: opera.uuid,
  isManualRoomEntryEnabled: true,
  isRoomCardReadingEnabled: false,
  magneticCardTrack: null,
  magneticCardType: null,
  contactlessCardType: null,
  contactlessCardSector: null,
  contactlessCardPassword: null,
  contactlessCardKeyId: null,
  version: 2,
  ...patch,
});

function signedIn() {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
}

/** The gateway: the organization's units, PMS connections and hotel definitions, the hotel's empty lists; writes are never answered (they wait in the outbox). */
function gatewayWith({ connections = [opera] as object[], definitions = [] as object[], orgAttributes = organization.attributes as object } = {}) {
  return fakeGateway((call: RecordedCall) => {
    const path = call.path.split('?')[0] ?? '';
    if (call.method !== 'GET') return new Promise<Response>(() => undefined);
    if (path.startsWith('/user-profile')) return json(200, profile());
    if (path === `/organization/${ORG}`) return json(200, { ...organization, attributes: orgAttributes });
    if (path === `/organization/${ORG}/ous`) return json(200, { data: [group, hotel] });
    if (path === `/organization/${ORG}/pms-connection`) return json(200, { data: connections });
    if (path === `/organization/${ORG}/hotel-definition`) return json(200, { data: definitions });
    if (path.startsWith(`/organization/${ORG}/hotel/${HOTEL}/`)) return json(200, { data: [] });
    return json(404, { errors: [{ code: 'not_found', message: 'Not found' }] });
  });
}

const LIST = `/organization/${ORG}/ous`;
const renderCreate = () =>
  renderWithProviders(<HotelCreatePage />, { url: `${LIST}/hotel/create?name=Harbour%20View&parentOuUuid=${PARENT}`, path: '/organization/:uuid/ous/hotel/create' });
const renderEdit = () => renderWithProviders(<HotelEditPage />, { url: `${LIST}/hotel/${HOTEL}`, path: '/organization/:uuid/ous/hotel/:hotelUuid' });

function openCreate(options?: Parameters<typeof gatewayWith>[0]) {
  signedIn();
  gatewayWith(options);
  renderCreate();
  return userEvent.setup();
}

function openEdit(definition: object = definitionOf()) {
  signedIn();
  gatewayWith({ definitions: [definition] });
  renderEdit();
  return userEvent.setup();
}

const STEPS = ['PMS posting', 'Room access', 'Hotel definition', 'Access area'];
const CREATE_STEPS = ['PMS posting', 'Room access', 'Hotel definition', 'Regional information', 'Access area'];
/** A step's accordion control (its name may carry the 'Configuration Pending' badge). */
const stepControl = (title: string) => screen.getByRole('button', { name: new RegExp(`^${title}`) }) as HTMLButtonElement;
const expanded = (title: string) => stepControl(title).getAttribute('aria-expanded') === 'true';
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const textbox = (name: RegExp | string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const outbox = () => lobbyDb().outbox.toArray();

/** The wizard is ready once its steps can be opened (the draft was read). */
/** The wizard is there, and the hotel's lists with it (the access area is no longer loading them). */
async function ready() {
  await waitFor(() => expect(stepControl('PMS posting').disabled).toBe(false));
  await waitFor(() => expect(stepControl('Access area').getAttribute('aria-busy')).toBeNull());
}

async function chooseConnection(user: ReturnType<typeof userEvent.setup>, name = 'Opera Main') {
  await user.click(screen.getByRole('combobox', { name: 'PMS Hotel Definition' }));
  await user.click(await screen.findByRole('option', { name }));
}

afterEach(async () => {
  // a wizard left open writes its draft as it unmounts: unmount and let it write before emptying the database
  cleanup();
  await flushAllDrafts();
  notifications.clean();
  notifications.cleanQueue();
  await lobbyDb().outbox.clear();
  await lobbyDb().drafts.clear();
  await lobbyDb().meta.clear();
});

describe('HotelCreatePage: the steps in order', () => {
  it('opens on the PMS step, later steps disabled until reached, Next and Back moving between them', async () => {
    const user = openCreate();
    await ready();
    expect(screen.getByRole('heading', { level: 1, name: 'New hotel' })).toBeTruthy();
    expect(textbox('Hotel name').value).toBe('Harbour View');
    expect(screen.getByText('Placed under Alps Resort')).toBeTruthy();
    expect(expanded('PMS posting')).toBe(true);
    for (const title of CREATE_STEPS.slice(1)) expect(stepControl(title).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    // the three stages of spec section 2, the PMS connection's current
    const stages = within(screen.getByRole('list', { name: 'Stages of the hotel set-up' })).getAllByRole('listitem');
    expect(stages.map((stage) => stage.textContent)).toEqual(['1. PMS connection', '2. Regional information', '3. Packages, rate codes and access']);
    expect(stages.map((stage) => stage.getAttribute('aria-current'))).toEqual(['step', null, null]);

    await user.click(button('Next'));
    expect(expanded('Room access')).toBe(true);
    expect(expanded('PMS posting')).toBe(false);
    expect(stepControl('Room access').disabled).toBe(false);
    expect(stepControl('Hotel definition').disabled).toBe(true);

    await user.click(button('Back'));
    expect(expanded('PMS posting')).toBe(true);
    // a step once reached stays open to the operator
    expect(stepControl('Room access').disabled).toBe(false);
    await user.click(stepControl('Room access'));
    expect(expanded('Room access')).toBe(true);
  });

  it('offers Next on the PMS step with both the Property ID and the connection, or neither', async () => {
    const user = openCreate();
    await ready();
    const warning = 'Set both the Property ID and the PMS connection, or neither for now.';
    const pmsWarning = () => screen.queryByText(/full PMS functionality/i)?.textContent ?? null;
    expect(pmsWarning()).toBe(
      'Full PMS functionality (room charge, card and cash posting, access control) is not enabled until both the PMS connection and the Property ID are set. You can complete this step later.',
    );
    expect(button('Next').disabled).toBe(false);
    expect(screen.queryByText(warning)).toBeNull();

    await user.type(textbox(/^Property ID/), 'HV-01');
    expect(button('Next').disabled).toBe(true);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.getByText(warning)).toBeTruthy();
    // the warning names what is missing
    expect(pmsWarning()).toBe('The PMS connection is missing: full PMS functionality (room charge, card and cash posting, access control) is not enabled until it is set. You can complete this step later.');

    await chooseConnection(user);
    expect(button('Next').disabled).toBe(false);
    expect(screen.queryByText(warning)).toBeNull();
    // both set: nothing to warn of
    expect(pmsWarning()).toBeNull();

    await user.clear(textbox(/^Property ID/));
    expect(button('Next').disabled).toBe(true);
    expect(screen.getByText(warning)).toBeTruthy();
    expect(pmsWarning()).toMatch(/^The Property ID is missing: /);

    // the clear button is a button a keyboard reaches too
    await user.click(screen.getByRole('button', { name: 'Clear the PMS connection' }));
    expect((screen.getByRole('combobox', { name: 'PMS Hotel Definition' }) as HTMLInputElement).value).toBe('');
    expect(button('Next').disabled).toBe(false);
    expect(screen.queryByText(warning)).toBeNull();
  });

  it('says there is no PMS connection yet, with the way to the PMS page, when the organization has none', async () => {
    openCreate({ connections: [] });
    await ready();
    const link = screen.getByRole('link', { name: 'Go to the PMS page' });
    expect(link.getAttribute('href')).toBe(`/organization/${ORG}/pms`);
    expect(link.closest('p')?.textContent).toBe('No PMS connection found. You can create a new one on the PMS page and return later to select it. Go to the PMS page');
  });

  it('does not say so when the organization has a connection', async () => {
    openCreate();
    await ready();
    expect(screen.queryByRole('link', { name: 'Go to the PMS page' })).toBeNull();
    expect(screen.queryByText('No PMS connection found. You can create a new one on the PMS page and return later to select it.')).toBeNull();
  });

  it('offers Next on the room-access step only once a switch is on', async () => {
    const user = openCreate();
    await ready();
    await user.click(button('Next'));
    expect(button('Next').disabled).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Enable manual room entry' }));
    expect(button('Next').disabled).toBe(false);
    await user.click(screen.getByRole('switch', { name: 'Enable manual room entry' }));
    expect(button('Next').disabled).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Enable room card reading' }));
    expect(button('Next').disabled).toBe(false);
  });

  it('asks for the regional information, inherited and said so, and goes on only with all three set', async () => {
    signedIn();
    // the organization sets no time zone: nothing to inherit
    gatewayWith({ orgAttributes: { LOCALE: 'en-GB', CURRENCY: 'EUR' } });
    renderCreate();
    const user = userEvent.setup();
    await ready();
    await user.click(button('Next'));
    await user.click(screen.getByRole('switch', { name: 'Enable manual room entry' }));
    await user.click(button('Next'));
    await user.click(button('Next'));
    expect(expanded('Regional information')).toBe(true);
    expect(screen.getByRole('list', { name: 'Stages of the hotel set-up' }).querySelector('[aria-current="step"]')?.textContent).toBe('2. Regional information');
    const field = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
    expect(field('Locale').value).toBe('German (Switzerland)');
    expect(screen.getByText('Inherited from Alps Resort')).toBeTruthy();
    expect(field('Currency').value).toBe('EUR — Euro');
    expect(screen.getByText('Inherited from Alps Group')).toBeTruthy();
    expect(field('Time zone').value).toBe('');
    for (const name of ['Locale', 'Currency', 'Time zone']) expect(field(name).required).toBe(true);
    expect(screen.getByText('Choose a value to go on')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    expect(stepControl('Access area').disabled).toBe(true);

    await user.click(field('Time zone'));
    await user.click(await screen.findByRole('option', { name: '(GMT+01:00) Paris' }));
    expect(button('Next').disabled).toBe(false);
    // a cleared value is none: the stage may not be left forward again
    await user.click(screen.getByRole('button', { name: 'Clear Currency' }));
    expect(field('Currency').value).toBe('');
    expect(button('Next').disabled).toBe(true);
    await user.click(field('Currency'));
    await user.click(await screen.findByRole('option', { name: 'EUR — Euro' }));
    // the inherited value chosen again: inherited again
    expect(screen.getByText('Inherited from Alps Group')).toBeTruthy();
    await user.click(button('Next'));
    expect(expanded('Access area')).toBe(true);
    expect(screen.getByRole('list', { name: 'Stages of the hotel set-up' }).querySelector('[aria-current="step"]')?.textContent).toBe('3. Packages, rate codes and access');
    await user.click(button('Back'));
    expect(expanded('Regional information')).toBe(true);
  });

  it('shows an inherited time zone the list does not offer with a label', async () => {
    const user = openCreate();
    await ready();
    await user.click(button('Next'));
    await user.click(screen.getByRole('switch', { name: 'Enable manual room entry' }));
    await user.click(button('Next'));
    await user.click(button('Next'));
    expect((screen.getByRole('combobox', { name: /^Time zone/ }) as HTMLInputElement).value).toBe('(GMT+00:00) Lisbon');
  });

  it("queues one save with 'Add hotel': the hotel, its definition with the room access as sent, its packages and rate codes; then back to the units", async () => {
    const user = openCreate();
    await ready();
    // step 0: the PMS posting
    await user.type(textbox(/^Property ID/), 'HV-01');
    await chooseConnection(user);
    await user.click(button('Next'));
    // step 1: MIFARE Classic read with a password
    await user.click(screen.getByRole('switch', { name: 'Enable room card reading' }));
    await user.click(screen.getByRole('combobox', { name: 'Card type' }));
    await user.click(await screen.findByRole('option', { name: 'MIFARE Classic' }));
    await user.click(screen.getByRole('radio', { name: 'Enter Password' }));
    expect(button('Next').disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Password/), 'a1b2c3d4e5f6');
    await user.click(button('Next'));
    // step 2: the definition (its room access is the same form)
    expect(expanded('Hotel definition')).toBe(true);
    expect(textbox(/^Hotel definition name/).value).toBe('Harbour View');
    await user.click(button('Next'));
    // the regional stage: inherited from where the hotel sits; another currency set on the hotel
    expect(expanded('Regional information')).toBe(true);
    const currency = screen.getByRole('combobox', { name: /^Currency/ }) as HTMLInputElement;
    expect(currency.value).toBe('EUR — Euro');
    await user.click(currency);
    await user.click(await screen.findByRole('option', { name: /^GBP — / }));
    expect(currency.value).toMatch(/^GBP — /);
    await user.click(button('Next'));
    // step 3: a package, and a rate code naming it
    expect(expanded('Access area')).toBe(true);
    // the section shows its actions once the hotel's lists are there (read again after a save)
    await user.click(await screen.findByRole('button', { name: 'ADD PACKAGE PMS' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add PMS Package' });
    await user.type(within(dialog).getByRole('textbox', { name: /Package ID/ }), 'BRKF');
    await user.click(within(dialog).getByRole('button', { name: 'ADD PACKAGE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(button('Create'));
    dialog = await screen.findByRole('dialog', { name: 'Create rate code' });
    await user.type(within(dialog).getByRole('textbox', { name: /ID/ }), 'RACK');
    await user.click(within(dialog).getByRole('combobox', { name: /Packages/ }));
    await user.click(await screen.findByRole('option', { name: 'BRKF' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await outbox()).toEqual([]);

    await user.click(button('Add hotel'));
    await waitFor(async () => expect((await screen.findByTestId('location')).textContent).toBe(LIST));
    const entries = await outbox();
    expect(entries).toHaveLength(1);
    const entry = entries[0];
    expect(entry?.recordUuid).toMatch(UUID);
    expect(entry).toMatchObject({ method: 'PUT', path: `/organization/${ORG}/hotel/${entry?.recordUuid}/save`, ifMatch: null });
    const body = entry?.body as HotelSave;
    expect(body.hotel).toMatchObject({ parentUuid: PARENT, attributes: { NAME: 'Harbour View', PMS_PROPERTY_ID: 'HV-01', PMS_CONNECTION: opera.uuid, CURRENCY: 'GBP' } });
    // what it inherits unchanged stays inherited
    expect(body.hotel?.attributes).not.toHaveProperty('LOCALE');
    expect(body.hotel?.attributes).not.toHaveProperty('TIME_ZONE');
    expect(body.hotelDefinition).toMatchObject({
      name: 'Harbour View',
      externalId: 'HV-01',
      pmsConnectionUuid: opera.uuid,
      hotelUuid: entry?.recordUuid,
      isManualRoomEntryEnabled: false,
      isRoomCardReadingEnabled: true,
      contactlessCardType: 'MIFARE_CLASSIC',
      contactlessCardSector: 1,
      contactlessCardPassword: 'A1B2C3D4E5F6',
      contactlessCardKeyId: null,
      magneticCardType: null,
      magneticCardTrack: null,
    });
    const newPackages = body.packages?.newPackages ?? [];
    expect(newPackages).toEqual([{ uuid: expect.stringMatching(UUID), externalId: 'BRKF', calculationRule: 'ADULT' }]);
    expect(body.rateCodes?.newRateCodes).toEqual([{ uuid: expect.stringMatching(UUID), name: 'RACK', packages: [newPackages[0]?.uuid] }]);
    expect(body.packages?.deletedPackages).toEqual([]);
    // the save took the draft with it
    expect(await lobbyDb().drafts.count()).toBe(0);
  });
});

describe('HotelEditPage: saving from any step', () => {
  it("offers 'Save changes' on every step once something changed; the save goes over the hotel's version and the step stays open", async () => {
    const user = openEdit();
    await ready();
    expect(screen.getByRole('heading', { level: 1, name: 'Alpine Lodge — hotel set-up' })).toBeTruthy();
    // no step open, none disabled; the regional information is the unit settings' (no stage of its own here)
    for (const title of STEPS) {
      expect(expanded(title)).toBe(false);
      expect(stepControl(title).disabled).toBe(false);
    }
    expect(screen.queryByRole('button', { name: /^Regional information/ })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Stages of the hotel set-up' })).toBeNull();
    for (const title of STEPS) {
      await user.click(stepControl(title));
      expect(expanded(title)).toBe(true);
      expect(button('Save changes').disabled).toBe(true);
      expect(screen.queryByRole('button', { name: /^(Next|Back|Add hotel)$/ })).toBeNull();
    }
    // the Property ID and the connection are both set: no warning
    await user.click(stepControl('PMS posting'));
    expect(screen.queryByText(/full PMS functionality/i)).toBeNull();

    const propertyId = textbox(/^Property ID/);
    expect(propertyId.value).toBe('AL-1');
    await user.type(propertyId, 'X');
    expect(button('Save changes').disabled).toBe(false);
    await user.type(propertyId, '{Backspace}');
    expect(button('Save changes').disabled).toBe(true);
    await user.type(propertyId, '2');
    await user.click(button('Save changes'));

    await waitFor(() => expect(button('Save changes').disabled).toBe(true));
    expect(expanded('PMS posting')).toBe(true);
    const entries = await outbox();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ method: 'PUT', path: `/organization/${ORG}/hotel/${HOTEL}/save`, ifMatch: 3, recordUuid: HOTEL });
    expect(entries[0]?.body).toMatchObject({ hotel: { parentUuid: PARENT, attributes: { NAME: 'Alpine Lodge', PMS_PROPERTY_ID: 'AL-12' } }, hotelDefinition: { uuid: uuidOf(40), externalId: 'AL-12' } });
    // what was queued is the baseline now: nothing left to save
    expect(textbox(/^Property ID/).value).toBe('AL-12');
    expect(button('Save changes').disabled).toBe(true);
  });

  it('follows a save the gateway has in place: a dialog opened meanwhile stays open with what was typed, and the next save goes over the new version', async () => {
    signedIn();
    // the gateway as the test has it: the hotel and its definition at their versions
    let hotelVersion = 3;
    let definition = definitionOf();
    fakeGateway((call: RecordedCall) => {
      const path = call.path.split('?')[0] ?? '';
      if (call.method !== 'GET') return new Promise<Response>(() => undefined);
      if (path.startsWith('/user-profile')) return json(200, profile());
      if (path === `/organization/${ORG}`) return json(200, organization);
      if (path === `/organization/${ORG}/ous`) return json(200, { data: [group, { ...hotel, version: hotelVersion }] });
      if (path === `/organization/${ORG}/pms-connection`) return json(200, { data: [opera] });
      if (path === `/organization/${ORG}/hotel-definition`) return json(200, { data: [definition] });
      if (path.startsWith(`/organization/${ORG}/hotel/${HOTEL}/`)) return json(200, { data: [] });
      return json(404, { errors: [{ code: 'not_found', message: 'Not found' }] });
    });
    const { queryClient } = renderEdit();
    const user = userEvent.setup();
    await ready();
    await user.click(stepControl('PMS posting'));
    await user.type(textbox(/^Property ID/), '2');
    await user.click(button('Save changes'));
    await waitFor(() => expect(button('Save changes').disabled).toBe(true));
    // before the gateway's answer is read, the operator opens a dialog of another step and types in it
    await user.click(stepControl('Access area'));
    // the section shows its actions once the hotel's lists are there (read again after a save)
    await user.click(await screen.findByRole('button', { name: 'ADD PACKAGE PMS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add PMS Package' });
    await user.type(within(dialog).getByRole('textbox', { name: /Package ID/ }), 'KIDS_SPA');

    // the gateway applied the save: the queue is empty, and the page reads the hotel at its new version
    hotelVersion = 4;
    definition = definitionOf({ externalId: 'AL-12', version: 3 });
    await lobbyDb().outbox.clear();
    await act(async () => {
      await queryClient.invalidateQueries();
      // the cache tells the screens on its next turn
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('dialog', { name: 'Add PMS Package' })).toBe(dialog);
    expect((within(dialog).getByRole('textbox', { name: /Package ID/ }) as HTMLInputElement).value).toBe('KIDS_SPA');
    await user.click(within(dialog).getByRole('button', { name: 'ADD PACKAGE' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add PMS Package' })).toBeNull());
    expect(expanded('Access area')).toBe(true);
    await user.click(button('Save changes'));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    const [entry] = await outbox();
    expect(entry).toMatchObject({ method: 'PUT', path: `/organization/${ORG}/hotel/${HOTEL}/save`, ifMatch: 4 });
    expect(JSON.stringify(entry?.body)).toContain('KIDS_SPA');
    // the property ID saved before is the hotel's now, not put back to what it was
    expect((entry?.body as HotelSave).hotelDefinition).toMatchObject({ externalId: 'AL-12' });
  });

  it("shows 'Configuration Pending' on the collapsed PMS step when the Property ID or the connection is missing", async () => {
    const user = openEdit(definitionOf({ externalId: '' }));
    await ready();
    expect(stepControl('PMS posting').textContent).toContain('Configuration Pending');
    await user.click(stepControl('PMS posting'));
    expect(expanded('PMS posting')).toBe(true);
    expect(screen.queryByText('Configuration Pending')).toBeNull();
    // the warning names what is missing, with no 'complete this step later' when editing
    expect(screen.getByText(/full PMS functionality/i).textContent).toBe(
      'The Property ID is missing: full PMS functionality (room charge, card and cash posting, access control) is not enabled until it is set.',
    );
    await user.click(stepControl('PMS posting'));
    expect(screen.getByText('Configuration Pending')).toBeTruthy();
    cleanup();

    openEdit(definitionOf({ pmsConnectionUuid: null }));
    await ready();
    expect(stepControl('PMS posting').textContent).toContain('Configuration Pending');
    cleanup();

    openEdit();
    await ready();
    expect(stepControl('PMS posting').textContent).toBe('PMS posting');
    expect(screen.queryByText('Configuration Pending')).toBeNull();
  });

  it('asks before leaving a changed step: Discard puts the values back and opens the other step', async () => {
    const user = openEdit();
    await ready();
    await user.click(stepControl('PMS posting'));
    await user.type(textbox(/^Property ID/), '-new');
    await user.click(stepControl('Room access'));
    const question = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    // still on the PMS step while asked
    expect(expanded('PMS posting')).toBe(true);
    await user.click(within(question).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(expanded('Room access')).toBe(true);
    expect(button('Save changes').disabled).toBe(true);
    await user.click(stepControl('PMS posting'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(textbox(/^Property ID/).value).toBe('AL-1');
    expect(await outbox()).toEqual([]);
  });

  it('asks before leaving a changed step: Save changes queues the save and opens the other step', async () => {
    const user = openEdit();
    await ready();
    await user.click(stepControl('Room access'));
    await user.click(screen.getByRole('switch', { name: 'Enable room card reading' }));
    await user.click(stepControl('Hotel definition'));
    const question = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    await user.click(within(question).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(expanded('Hotel definition')).toBe(true));
    const entries = await outbox();
    expect(entries).toMatchObject([{ method: 'PUT', path: `/organization/${ORG}/hotel/${HOTEL}/save`, ifMatch: 3, body: { hotelDefinition: { isManualRoomEntryEnabled: true, isRoomCardReadingEnabled: true } } }]);
  });
});

describe('HotelEditPage for a user who sets up only this hotel', () => {
  afterEach(() => {
    grants = orgAdmin;
  });

  it('never asks for the PMS connections nor definitions, says who may see them, and saves the hotel without its definition', async () => {
    grants = hotelOnly;
    signedIn();
    const definitionUuid = uuidOf(40);
    const spa = { uuid: uuidOf(50), orgUuid: ORG, hotelUuid: HOTEL, name: 'BREAKFAST', externalId: 'BREAKFAST', calculationRule: 'ADULT', deleted: false, version: 1 };
    const service = { uuid: uuidOf(60), orgUuid: ORG, hotelUuid: HOTEL, name: 'Gym', defaultHotelUuid: null, idMethods: [], hotelsAndPackages: [{ hotelDefinitionUuid: definitionUuid, pmsPackageUuid: spa.uuid, name: null }], version: 1 };
    const forbidden = { errors: [{ code: 'forbidden', message: "You don't have permissions to view this organization" }] };
    const gateway = fakeGateway((call: RecordedCall) => {
      const path = call.path.split('?')[0] ?? '';
      if (call.method !== 'GET') return new Promise<Response>(() => undefined);
      if (path.startsWith('/user-profile')) return json(200, profile());
      if (path === `/organization/${ORG}/ous`) return json(200, { data: [group, { ...hotel, attributes: { ...hotel.attributes, PMS_PROPERTY_ID: 'AL-1', PMS_CONNECTION: opera.uuid } }] });
      // what the gateway answers this user (spec section 6): the organization's PMS records are not theirs
      if (path === `/organization/${ORG}/pms-connection` || path === `/organization/${ORG}/hotel-definition`) return json(403, forbidden);
      if (path === `/organization/${ORG}/hotel/${HOTEL}/pms-package`) return json(200, { data: [spa] });
      if (path === `/organization/${ORG}/hotel/${HOTEL}/access-control-service`) return json(200, { data: [service] });
      if (path.startsWith(`/organization/${ORG}/hotel/${HOTEL}/`)) return json(200, { data: [] });
      return json(404, { errors: [{ code: 'not_found', message: 'Not found' }] });
    });
    renderEdit();
    const user = userEvent.setup();
    await ready();
    expect(screen.getByRole('heading', { name: 'Alpine Lodge — hotel set-up', level: 1 })).toBeTruthy();
    // the PMS step: the property ID as the hotel has it, read-only; no connection picker, no way to the PMS page
    await user.click(stepControl('PMS posting'));
    await waitFor(() => expect(textbox(/^Property ID/).value).toBe('AL-1'));
    expect(textbox(/^Property ID/).disabled).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'PMS Hotel Definition' })).toBeNull();
    expect(screen.queryByRole('link', { name: /PMS page/ })).toBeNull();
    expect(screen.getAllByText(/Only a user who sets up the organization can see and change/)).not.toHaveLength(0);
    // room access is the definition's: not shown (blank values would not be true), said why
    await user.click(stepControl('Room access'));
    expect(await screen.findAllByText(/Only a user who sets up the organization can see and change/)).not.toHaveLength(0);
    expect(screen.queryByRole('switch', { name: 'Enable room card reading' })).toBeNull();
    await user.click(stepControl('Access area'));
    // the section shows its actions once the hotel's lists are there (read again after a save)
    await user.click(await screen.findByRole('button', { name: 'ADD PACKAGE PMS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add PMS Package' });
    await user.type(within(dialog).getByRole('textbox', { name: /Package ID/ }), 'SPA');
    await user.click(within(dialog).getByRole('button', { name: 'ADD PACKAGE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(button('Save changes'));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    const [entry] = await outbox();
    expect(entry?.body).toMatchObject({ hotelDefinition: null, packages: { newPackages: [{ externalId: 'SPA' }] } });
    expect(gateway.callsTo(`/organization/${ORG}/pms-connection`)).toHaveLength(0);
    expect(gateway.callsTo(`/organization/${ORG}/hotel-definition`)).toHaveLength(0);
  });

  it("names the hotel by the definition its access services name, so the current hotel's packages stay its own", () => {
    expect(definitionUuidOfServices([{ uuid: 'p1' }], [{ hotelsAndPackages: [{ hotelDefinitionUuid: 'other', pmsPackageUuid: 'x' }] }, { hotelsAndPackages: [{ hotelDefinitionUuid: 'mine', pmsPackageUuid: 'p1' }] }])).toBe('mine');
    expect(definitionUuidOfServices([{ uuid: 'p1' }], [])).toBeNull();
  });
});

describe('HotelEditPage: the error catalogue (spec section 8)', () => {
  const rack = { uuid: uuidOf(70), orgUuid: ORG, hotelUuid: HOTEL, name: 'RACK', externalId: 'RACK', packages: [], version: 1 };

  /** The gateway of openEdit, with the hotel's rate codes and access services answered by `lists`, and the save by `save`. */
  /** `app`: the whole app (its outbox is sent, so the gateway's verdict comes back), else the page alone. */
  function openWith(lists: (path: string) => Response | Promise<Response> | null, save: () => Response = () => json(200, {}), app = false) {
    signedIn();
    fakeGateway((call: RecordedCall) => {
      const path = call.path.split('?')[0] ?? '';
      if (call.method === 'PUT' && path === `/organization/${ORG}/hotel/${HOTEL}/save`) return save();
      if (call.method !== 'GET') return new Promise<Response>(() => undefined);
      if (path.startsWith('/user-profile')) return json(200, profile());
      if (path === `/organization/${ORG}/ous`) return json(200, { data: [group, hotel] });
      if (path === `/organization/${ORG}/pms-connection`) return json(200, { data: [opera] });
      if (path === `/organization/${ORG}/hotel-definition`) return json(200, { data: [definitionOf()] });
      const answer = lists(path);
      if (answer) return answer;
      if (path.startsWith(`/organization/${ORG}/hotel/${HOTEL}/`)) return json(200, { data: [] });
      if (path === '/organization/v1/organization') return json(200, { data: [{ uuid: ORG, name: 'Alps', legalCompanyName: 'Alps Ltd', status: 'ACTIVE', version: 1 }] });
      return json(404, { errors: [{ code: 'not_found', message: 'Not found' }] });
    });
    if (app) renderApp(`${LIST}/hotel/${HOTEL}`);
    else renderEdit();
    return userEvent.setup();
  }

  it("shows the hotel's heading and steps before its lists have arrived: its settings can be changed meanwhile, the access area says it is loading them, and Save waits for them", async () => {
    let answerCodes: (answer: Response) => void = () => undefined;
    const codes = new Promise<Response>((resolve) => (answerCodes = resolve));
    const user = openWith((path) => (path.endsWith('/pms-rate-code') ? codes : null), () => json(200, { ...hotel, version: 8 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Alpine Lodge — hotel set-up' })).toBeTruthy();
    await waitFor(() => expect(stepControl('PMS posting').disabled).toBe(false));
    expect(stepControl('Access area').getAttribute('aria-busy')).toBe('true');
    await user.click(stepControl('Access area'));
    expect(await screen.findByText("Loading the hotel's packages, rate codes and access services…")).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Rate Codes' })).toBeNull();
    // the hotel's own settings, changed while the rate codes are on their way
    await user.click(stepControl('PMS posting'));
    await user.clear(textbox(/^Property ID/));
    await user.type(textbox(/^Property ID/), 'AL-9');
    expect(await screen.findByText("Save waits until the hotel's packages, rate codes and access services have loaded.")).toBeTruthy();
    expect(button('Save changes').disabled).toBe(true);

    answerCodes(json(200, { data: [rack] }));
    // the lists take their place beneath what was typed, and Save is there
    await waitFor(() => expect(stepControl('Access area').getAttribute('aria-busy')).toBeNull());
    expect(textbox(/^Property ID/).value).toBe('AL-9');
    expect(screen.queryByText("Save waits until the hotel's packages, rate codes and access services have loaded.")).toBeNull();
    await waitFor(() => expect(button('Save changes').disabled).toBe(false));
    await user.click(button('Save changes'));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    const [entry] = await outbox();
    // the property ID, over the rate codes as they arrived: kept as they are, none new, none removed
    expect(entry?.body).toMatchObject({ hotelDefinition: { externalId: 'AL-9' } });
    expect((entry?.body as HotelSave).rateCodes).toEqual({ newRateCodes: [], updatedRateCodes: [{ uuid: rack.uuid, name: 'RACK', packages: [] }], deletedRateCodes: [] });
  });

  it("asks for the hotel's lists only once its settings are read, so a busy gateway answers those first", async () => {
    signedIn();
    let answerDefinitions: (answer: Response) => void = () => undefined;
    const definitions = new Promise<Response>((resolve) => (answerDefinitions = resolve));
    const gateway = fakeGateway((call: RecordedCall) => {
      const path = call.path.split('?')[0] ?? '';
      if (call.method !== 'GET') return new Promise<Response>(() => undefined);
      if (path.startsWith('/user-profile')) return json(200, profile());
      if (path === `/organization/${ORG}/ous`) return json(200, { data: [group, hotel] });
      if (path === `/organization/${ORG}/pms-connection`) return json(200, { data: [opera] });
      if (path === `/organization/${ORG}/hotel-definition`) return definitions;
      return json(200, { data: [] });
    });
    const listReads = () => gateway.calls.filter((call) => call.path.startsWith(`/organization/${ORG}/hotel/${HOTEL}/`)).length;
    renderEdit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Alpine Lodge — hotel set-up' })).toBeTruthy();
    await waitFor(() => expect(gateway.callsTo(`/organization/${ORG}/pms-connection`)).toHaveLength(1));
    // the units and connections are read, the definitions not yet: no list asked for
    expect(listReads()).toBe(0);
    answerDefinitions(json(200, { data: [definitionOf()] }));
    await waitFor(() => expect(stepControl('Access area').getAttribute('aria-busy')).toBeNull());
    expect(listReads()).toBe(3);
  });

  it('shows the hotel\'s lists in the very render the access area first shows them: never empty tables with Import beside them', async () => {
    const bb = { uuid: uuidOf(80), orgUuid: ORG, hotelUuid: HOTEL, name: 'BB', externalId: 'BB', calculationRule: 'ADULT', deleted: false, version: 1 };
    let answerCodes: (answer: Response) => void = () => undefined;
    const codes = new Promise<Response>((resolve) => (answerCodes = resolve));
    const user = openWith((path) => (path.endsWith('/pms-rate-code') ? codes : path.endsWith('/pms-package') ? json(200, { data: [bb] }) : null));
    await waitFor(() => expect(stepControl('Access area').disabled).toBe(false));
    await user.click(stepControl('Access area'));
    await screen.findByText("Loading the hotel's packages, rate codes and access services…");
    // every piece of the page added or taken away from here on (the observer is told after React
    // has drawn more than once: what was shown meanwhile is in what it took away): an import opened
    // over empty tables previews against no packages, and a save from them removes every one
    const empty: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of [...record.addedNodes, ...record.removedNodes]) {
          const text = node.textContent ?? '';
          if (text.includes('There are no package definitions created yet') || text.includes('There are no rate codes created yet')) empty.push(text);
        }
    });
    observer.observe(document.body, { subtree: true, childList: true });
    answerCodes(json(200, { data: [{ ...rack, packages: [bb.uuid] }] }));
    const table = await screen.findByRole('table', { name: 'Rate Codes' });
    await waitFor(() => expect(within(table).getByRole('cell', { name: 'RACK' })).toBeTruthy());
    observer.disconnect();
    expect(empty).toEqual([]);
    expect(within(screen.getByRole('table', { name: 'Packages' })).getByRole('cell', { name: 'BB' })).toBeTruthy();
    expect(screen.queryByText('Your changes are not saved yet.')).toBeNull();
  });

  it('never shows unsaved changes that nobody made while the lists arrive after the steps', async () => {
    let answerCodes: (answer: Response) => void = () => undefined;
    const codes = new Promise<Response>((resolve) => (answerCodes = resolve));
    const user = openWith((path) => (path.endsWith('/pms-rate-code') ? codes : null));
    await waitFor(() => expect(stepControl('PMS posting').disabled).toBe(false));
    await user.click(stepControl('PMS posting'));
    await screen.findByRole('textbox', { name: /^Property ID/ });
    // every state the save bar is rendered in, from here on
    const seen = new Set<string>();
    const look = () => document.querySelectorAll('[data-save-bar]').forEach((bar) => seen.add(bar.getAttribute('data-save-bar') ?? ''));
    const observer = new MutationObserver(look);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-save-bar'] });
    look();
    answerCodes(json(200, { data: [rack] }));
    await waitFor(() => expect(stepControl('Access area').getAttribute('aria-busy')).toBeNull());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    observer.disconnect();
    expect([...seen]).toEqual(['none']);
    expect(screen.queryByText('You have unsaved changes')).toBeNull();
  });

  it("says a failed read of the rate codes as the message followed by ' error', and of the access services as the message", async () => {
    const user = openWith((path) => {
      if (path.endsWith('/pms-rate-code')) return json(500, { errors: [{ code: 'internal', message: 'Rate codes are unavailable' }] });
      if (path.endsWith('/access-control-service')) return json(500, { errors: [{ code: 'internal', message: 'Services are unavailable' }] });
      return null;
    });
    await ready();
    await user.click(stepControl('Access area'));
    const alerts = (await screen.findAllByRole('alert')).map((alert) => alert.textContent);
    expect(alerts).toContain('Rate codes are unavailable error');
    expect(alerts).toContain('Services are unavailable');
    // nothing to add to, or import over, what could not be read
    expect(button('Create').disabled).toBe(true);
    expect(button('Import').disabled).toBe(true);
    expect(button('Add access service').disabled).toBe(true);
  });

  it.each([
    ['the first error detail', { errors: [{ code: 'rate_code.in_use', message: 'RACK is used by a posting rule' }, { code: 'other', message: 'Second' }] }, 'RACK is used by a posting rule (rate_code.in_use)'],
    ['the defaults when the gateway gave no detail', { errors: [] }, 'An unknown error occurred. (unknown.error)'],
  ])('says a refused rate-code removal with %s', async (_, body, said) => {
    const user = openWith((path) => (path.endsWith('/pms-rate-code') ? json(200, { data: [rack] }) : null), () => json(422, body), true);
    await ready();
    await user.click(stepControl('Access area'));
    await user.click(await screen.findByRole('button', { name: 'Remove RACK' }));
    await user.click(await within(await screen.findByRole('dialog', { name: 'Remove RACK' })).findByRole('button', { name: 'Remove' }));
    await user.click(button('Save changes'));
    expect(await screen.findByText(`The hotel was not saved and its rate codes were not removed: ${said}`)).toBeTruthy();
  });
});

describe('HotelEditPage: what keeps a save from being queued', () => {
  it("saves a hotel left half set up ('Configuration Pending') from another step", async () => {
    const user = openEdit(definitionOf({ externalId: '' }));
    await ready();
    await user.click(stepControl('Room access'));
    await user.click(screen.getByRole('switch', { name: 'Enable room card reading' }));
    await user.click(button('Save changes'));
    await waitFor(() => expect(button('Save changes').disabled).toBe(true));
    expect(expanded('Room access')).toBe(true);
    expect(await outbox()).toMatchObject([{ method: 'PUT', ifMatch: 3, body: { hotelDefinition: { externalId: '', pmsConnectionUuid: opera.uuid, isRoomCardReadingEnabled: true } } }]);
  });

  it('says why when the PMS step was left with only one of the two, and queues nothing', async () => {
    const user = openEdit();
    await ready();
    await user.click(stepControl('PMS posting'));
    await user.clear(textbox(/^Property ID/));
    await user.click(button('Save changes'));
    const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);
    await waitFor(() => expect(alerts()).toContain('Set both the Property ID and the PMS connection, or neither for now.'));
    expect(expanded('PMS posting')).toBe(true);
    expect(await outbox()).toEqual([]);
    // what it says goes once the operator changes something
    await user.type(textbox(/^Property ID/), 'AL-2');
    expect(alerts()).not.toContain('Set both the Property ID and the PMS connection, or neither for now.');
  });

  it('says the room access must be completed when a hotel without a PMS hotel definition is saved without it', async () => {
    signedIn();
    gatewayWith({ definitions: [] });
    renderEdit();
    const user = userEvent.setup();
    await ready();
    await user.click(stepControl('PMS posting'));
    await user.type(textbox(/^Property ID/), 'AL-1');
    await chooseConnection(user);
    await user.click(button('Save changes'));
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Complete the room access to go on.'));
    expect(await outbox()).toEqual([]);
  });
});

describe('HotelEditPage: the hotel name', () => {
  it("closes with a button that says so ('Close', named 'Close hotel set-up'), not a bare ✕ beside the name", async () => {
    const user = openEdit();
    await ready();
    const close = button('Close hotel set-up');
    expect(within(close).getByText('Close')).toBeTruthy();
    expect(within(close).getByText('✕').getAttribute('aria-hidden')).toBe('true');
    await user.click(close);
    await waitFor(async () => expect((await screen.findByTestId('location')).textContent).toBe(LIST));
  });

  it('keeps the current name when left empty, and queues nothing', async () => {
    const user = openEdit();
    await ready();
    const name = screen.getByPlaceholderText('Hotel Name') as HTMLInputElement;
    expect(name.value).toBe('Alpine Lodge');
    await user.clear(name);
    await user.tab();
    expect(name.value).toBe('Alpine Lodge');
    // unchanged: nothing either
    await user.click(name);
    await user.tab();
    expect(await outbox()).toEqual([]);
  });

  it('commits a changed name on blur: a save with only the hotel and its new NAME', async () => {
    const user = openEdit();
    await ready();
    const name = screen.getByPlaceholderText('Hotel Name') as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Alpine Chalet');
    expect(await outbox()).toEqual([]);
    await user.tab();
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    const [entry] = await outbox();
    expect(entry).toMatchObject({ method: 'PUT', path: `/organization/${ORG}/hotel/${HOTEL}/save`, ifMatch: 3 });
    expect(Object.keys(entry?.body as object)).toEqual(['hotel']);
    expect(entry?.body).toEqual({ hotel: { parentUuid: PARENT, attributes: { NAME: 'Alpine Chalet', TYPE: 'HOTEL', PMS_PROPERTY_ID: 'AL-1', PMS_CONNECTION: opera.uuid } } });
    expect(name.value).toBe('Alpine Chalet');
  });

  it('shows the name queued before a reload, so leaving the field untouched renames nothing back', async () => {
    let user = openEdit();
    await ready();
    let name = screen.getByPlaceholderText('Hotel Name') as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Alpine Chalet');
    await user.tab();
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    cleanup();
    await flushAllDrafts();

    // the gateway has not applied it yet: it still answers the old name
    renderEdit();
    user = userEvent.setup();
    await ready();
    name = screen.getByPlaceholderText('Hotel Name') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Alpine Chalet'));
    await user.click(name);
    await user.tab();
    expect((await outbox()).map((entry) => (entry.body as HotelSave).hotel?.attributes.NAME)).toEqual(['Alpine Chalet']);
  });
});

describe('The hotel wizard: drafts', () => {
  it('keeps the open step and what was typed across a reload (create)', async () => {
    let user = openCreate();
    await ready();
    await user.type(textbox(/^Property ID/), 'HV-01');
    await chooseConnection(user);
    await user.click(button('Next'));
    await user.click(screen.getByRole('switch', { name: 'Enable manual room entry' }));
    cleanup();
    await flushAllDrafts();

    renderCreate();
    user = userEvent.setup();
    await ready();
    expect(await screen.findByText(/Restored unsaved changes/)).toBeTruthy();
    expect(expanded('Room access')).toBe(true);
    expect((screen.getByRole('switch', { name: 'Enable manual room entry' }) as HTMLInputElement).checked).toBe(true);
    await user.click(button('Back'));
    expect(textbox(/^Property ID/).value).toBe('HV-01');
    expect((screen.getByRole('combobox', { name: 'PMS Hotel Definition' }) as HTMLInputElement).value).toBe('Opera Main');
  });

  it('keeps the open step and what was typed across a reload (edit)', async () => {
    const user = openEdit();
    await ready();
    await user.click(stepControl('Hotel definition'));
    await user.clear(textbox(/^Hotel definition name/));
    await user.type(textbox(/^Hotel definition name/), 'Lodge PMS');
    cleanup();
    await flushAllDrafts();

    renderEdit();
    await ready();
    expect(expanded('Hotel definition')).toBe(true);
    expect(((await screen.findByRole('textbox', { name: /^Hotel definition name/ })) as HTMLInputElement).value).toBe('Lodge PMS');
    expect(screen.getByText(/Restored unsaved changes/)).toBeTruthy();
    expect(button('Save changes').disabled).toBe(false);
  });

  it('says nothing of unsaved changes when only a step was opened, and logout counts no draft', async () => {
    const user = openEdit();
    await ready();
    await user.click(stepControl('Access area'));
    expect(expanded('Access area')).toBe(true);
    cleanup();
    await flushAllDrafts();
    expect((await unsyncedWork(makeSession().uuid)).mine.drafts).toBe(0);

    renderEdit();
    await ready();
    // the open step came back: the draft was read
    await waitFor(() => expect(expanded('Access area')).toBe(true));
    expect(((await screen.findByRole('button', { name: 'Save changes' })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText(/Restored unsaved changes/)).toBeNull();
  });
});

describe("the wizard's route", () => {
  afterEach(cleanup);
  const reads = (gateway: ReturnType<typeof gatewayWith>) => ['/user-profile/v1/user-profile', `/organization/${ORG}/ous`, `/organization/${ORG}/pms-connection`, `/organization/${ORG}/hotel-definition`].map((path) => gateway.callsTo(path).length);
  const listReads = (gateway: ReturnType<typeof gatewayWith>) => gateway.calls.filter((call) => call.path.startsWith(`/organization/${ORG}/hotel/${HOTEL}/`)).length;
  const prefetched = async (who: object, { lastRead = null }: { lastRead?: object | null } = {}) => {
    grants = who;
    signedIn();
    // the grants this user's profile had when last read in this browser (none: a first visit)
    if (lastRead === null) localStorage.removeItem(GRANTS_STORAGE_KEY);
    else localStorage.setItem(GRANTS_STORAGE_KEY, JSON.stringify({ user: makeSession().uuid, ...lastRead }));
    const gateway = gatewayWith({ definitions: [definitionOf()] });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const prefetch = () => prefetchHotelWizard(queryClient, makeSession().uuid, { uuid: ORG, hotelUuid: HOTEL });
    await prefetch();
    // every read it starts has answered
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const first = reads(gateway);
    // the route's URL changing a minute later (a step's search parameter) runs it again: what is
    // cached is not read again (the screen, mounted, reads what it shows when it decides to)
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    try {
      await prefetch();
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    } finally {
      vi.useRealTimers();
    }
    expect(reads(gateway)).toEqual(first);
    grants = orgAdmin;
    return gateway;
  };

  it('asks for the units, and the connections and definitions for who may read them, before the wizard shows; not the lists', async () => {
    const admin = await prefetched(orgAdmin);
    expect(reads(admin)).toEqual([1, 1, 1, 1]);
    expect(listReads(admin)).toBe(0);
    const hotelManager = await prefetched(hotelOnly);
    expect(reads(hotelManager)).toEqual([1, 1, 0, 0]);
    expect(listReads(hotelManager)).toBe(0);
    // the grants of the last read allow them: asked for at once, without waiting for the profile
    const returning = await prefetched(orgAdmin, { lastRead: orgAdmin });
    expect(reads(returning)).toEqual([0, 1, 1, 1]);
    // they did not: the profile decides, as on a first visit
    const demoted = await prefetched(orgAdmin, { lastRead: hotelOnly });
    expect(reads(demoted)).toEqual([1, 1, 1, 1]);
  });

  it('the wizard mounted over what its route read asks for none of it again', async () => {
    signedIn();
    const gateway = gatewayWith({ definitions: [definitionOf()] });
    renderApp(`${LIST}/hotel/${HOTEL}`, { prefetch: true });
    expect(await screen.findByRole('heading', { name: 'Alpine Lodge — hotel set-up', level: 1 })).toBeTruthy();
    await ready();
    expect(listReads(gateway)).toBeGreaterThan(0);
    expect(reads(gateway)).toEqual([1, 1, 1, 1]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { SESSION_STORAGE_KEY } from '../../../api';
import type { Unit, UserProfile } from '../../../domain';
import { flushAllDrafts, lobbyDb } from '../../../offline';
import { json, makeSession, type RecordedCall } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders, verdictWithoutWaiting } from '../../../../test/render';
import { units } from '../api/units';
import { RevenueCenterCreatePage } from './revenue-center-create-page';
import { RevenueCenterEditPage } from './revenue-center-edit-page';
import { VenueCreatePage } from './venue-create-page';
import { VenueEditPage } from './venue-edit-page';

const ORG = '00000000-0000-4000-8000-000000000001';
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const organization = {
  uuid: ORG,
  name: 'Demo Group',
  legalCompanyName: 'Demo Group AG',
  status: 'ACTIVE',
  version: 1,
  attributes: { LOCALE: 'en-GB', CURRENCY: 'EUR', TIME_ZONE: 'Europe/London' },
  ous: [],
};
const unit = (n: number, name: string, type: Unit['type'], parent: Unit | null, extra: Record<string, string> = {}): Unit => ({
  uuid: uuidOf(n),
  orgUuid: ORG,
  parentUuid: parent?.uuid ?? null,
  type,
  name,
  attributes: { NAME: name, TYPE: type, ...extra },
  version: 3,
});
// Grand Hotel (sets its currency) > Lobby Bar (venue) > Bar Counter (revenue center)
const hotel = unit(10, 'Grand Hotel', 'HOTEL', null, { CURRENCY: 'USD' });
const venue = unit(11, 'Lobby Bar', 'VENUE', hotel);
const counter = unit(12, 'Bar Counter', 'REVENUE_CENTER', venue);

// the venue's history: its currency was GBP, then set back to the hotel's (inherited)
const venueChange = {
  uuid: uuidOf(90), kind: 'unit', recordUuid: venue.uuid, orgUuid: ORG, unitUuid: venue.uuid, userUuid: uuidOf(91), userEmail: 'bob@example.com',
  action: 'changed', changes: [{ field: 'attributes.CURRENCY', before: 'GBP', after: null }], bulk: null,
  madeAt: '2026-11-20T08:00:00Z', appliedAt: '2026-11-20T09:00:00Z', offline: true,
};

const session = makeSession();
function signedIn() {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}

/** The gateway: the organization, its units and PMS connections; writes are never answered (they wait in the outbox). */
function gateway(profile: UserProfile | null = null) {
  return fakeGateway((call: RecordedCall) => {
    const path = call.path.split('?')[0];
    if (call.method !== 'GET') return new Promise<Response>(() => undefined);
    if (profile && path === '/user-profile/v1/user-profile') return json(200, profile);
    if (path === `/organization/${ORG}`) return json(200, organization);
    if (path === `/organization/${ORG}/ous`) return json(200, { data: [hotel, venue, counter] });
    if (path === `/organization/${ORG}/pms-connection`) return json(200, { data: [] });
    if (path === `/organization/${ORG}/history/unit/${venue.uuid}`) return json(200, { data: [venueChange], totalCount: 1, limit: 20, offset: 0 });
    return json(404, { errors: [{ code: 'not_found', message: 'Not found' }] });
  });
}

function open(page: ReactElement, url: string, path: string, profile: UserProfile | null = null) {
  signedIn();
  gateway(profile);
  const rendered = renderWithProviders(page, { url, path });
  return { ...rendered, user: userEvent.setup() };
}

const LIST = `/organization/${ORG}/ous`;
const openVenueCreate = (query: string) => open(<VenueCreatePage />, `${LIST}/venue/create${query}`, '/organization/:uuid/ous/venue/create');
const openVenueEdit = (uuid = venue.uuid) => open(<VenueEditPage />, `${LIST}/venue/${uuid}`, '/organization/:uuid/ous/venue/:venueUuid');
const openRevenueCenterCreate = (query: string) => open(<RevenueCenterCreatePage />, `${LIST}/revenueCenter/create${query}`, '/organization/:uuid/ous/revenueCenter/create');

const combobox = (name: RegExp) => screen.getByRole('combobox', { name }) as HTMLInputElement;
/** The texts that describe a field (its description and error). */
const describedText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const location = () => screen.findByTestId('location');
const outbox = () => lobbyDb().outbox.toArray();

afterEach(async () => {
  cleanup();
  await flushAllDrafts();
  notifications.clean();
  notifications.cleanQueue();
  await lobbyDb().outbox.clear();
  await lobbyDb().drafts.clear();
  await lobbyDb().meta.clear();
});

/** The wizard is ready once its regional fields are no longer disabled (the draft was read). */
async function wizardReady() {
  await waitFor(() => expect(combobox(/^Currency/).disabled).toBe(false));
}

describe('VenueCreatePage: the regional information step', () => {
  it('is prefilled with what the venue inherits, each field saying from where, all three required', async () => {
    openVenueCreate(`?name=Terrace&parentOuUuid=${hotel.uuid}`);
    await wizardReady();
    expect(screen.getByRole('heading', { level: 1, name: 'New venue' })).toBeTruthy();
    expect(screen.getByText('Name: Terrace')).toBeTruthy();
    expect(screen.getByText('Placed under Grand Hotel')).toBeTruthy();
    // the hotel sets the currency; the locale and the time zone come from the organization
    expect(combobox(/^Currency/).value).toMatch(/^USD — /);
    expect(describedText(combobox(/^Currency/))).toContain('Inherited from Grand Hotel');
    expect(combobox(/^Locale/).value).toBe(new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' }).of('en-GB'));
    expect(describedText(combobox(/^Locale/))).toContain('Inherited from Demo Group');
    expect(combobox(/^Time zone/).value).toBe('(GMT+00:00) London');
    expect(describedText(combobox(/^Time zone/))).toContain('Inherited from Demo Group');
    for (const name of [/^Currency/, /^Locale/, /^Time zone/]) expect(combobox(name).required).toBe(true);
    expect((screen.getByRole('button', { name: 'add' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('prefills from the organization itself when no parent is given, and disables the step when a value is cleared', async () => {
    const { user } = openVenueCreate('?name=Rooftop');
    await wizardReady();
    expect(combobox(/^Currency/).value).toMatch(/^EUR — /);
    expect(describedText(combobox(/^Currency/))).toContain('Inherited from Demo Group');
    const add = screen.getByRole('button', { name: 'add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Clear Time zone' }));
    expect(combobox(/^Time zone/).value).toBe('');
    expect(add.disabled).toBe(true);
    await user.click(add);
    expect(await outbox()).toEqual([]);
  });

  it('queues the create with the name and only the values that differ from the inherited ones, and returns to the units', async () => {
    const { user } = openVenueCreate(`?name=Terrace&parentOuUuid=${hotel.uuid}`);
    await wizardReady();
    await user.click(combobox(/^Currency/));
    await user.click(screen.getByRole('option', { name: /^GBP — / }));
    expect(describedText(combobox(/^Currency/))).not.toContain('Inherited from');
    await user.click(screen.getByRole('button', { name: 'add' }));
    // back at the unit list, the new venue open there
    await waitFor(async () => expect((await location()).textContent).toMatch(new RegExp(`^${LIST}/[0-9a-f-]{36}$`)));
    const entries = await outbox();
    expect(entries).toHaveLength(1);
    await waitFor(async () => expect((await location()).textContent).toBe(`${LIST}/${entries[0]?.recordUuid ?? ''}`));
    expect(entries[0]).toMatchObject({
      method: 'POST',
      path: LIST,
      recordUuid: (entries[0]?.body as { uuid: string }).uuid,
      body: { type: 'VENUE', parentUuid: hotel.uuid, attributes: { NAME: 'Terrace', CURRENCY: 'GBP' } },
    });
    // the locale and the time zone stay inherited: not written
    expect(Object.keys((entries[0]?.body as { attributes: object }).attributes).sort()).toEqual(['CURRENCY', 'NAME']);
    expect(await lobbyDb().drafts.count()).toBe(0);
  });

  it('asks for a name when the query has none: cut at 50 characters, an empty one refused', async () => {
    const { user } = openVenueCreate('');
    await wizardReady();
    const name = screen.getByRole('textbox', { name: /^Venue name/ }) as HTMLInputElement;
    const add = screen.getByRole('button', { name: 'add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await user.click(name);
    await user.tab();
    expect(describedText(name)).toContain('Name is required');
    await user.type(name, 'x'.repeat(60));
    expect(name.value).toBe('x'.repeat(50));
    expect(add.disabled).toBe(false);
    await user.clear(name);
    await user.type(name, '   ');
    expect(add.disabled).toBe(true);
  });

  it("asks 'Are you sure you want to exit?' when leaving with changes; EXIT WITHOUT SAVING leaves and forgets them", async () => {
    const { user } = openVenueCreate(`?name=Terrace&parentOuUuid=${hotel.uuid}`);
    await wizardReady();
    await user.click(screen.getByRole('button', { name: 'Clear Locale' }));
    await waitFor(async () => expect(await lobbyDb().drafts.count()).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('dialog', { name: 'Are you sure you want to exit?' });
    // staying keeps the form as it was
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(combobox(/^Locale/).value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure you want to exit?' })).getByRole('button', { name: 'EXIT WITHOUT SAVING' }));
    await waitFor(async () => expect((await location()).textContent).toBe(LIST));
    expect(await lobbyDb().drafts.count()).toBe(0);
    expect(await outbox()).toEqual([]);
  });

  it('leaves at once without changes', async () => {
    const { user } = openVenueCreate(`?name=Terrace&parentOuUuid=${hotel.uuid}`);
    await wizardReady();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(async () => expect((await location()).textContent).toBe(LIST));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('VenueEditPage', () => {
  async function nameField() {
    const field = (await screen.findByRole('textbox', { name: /^Venue name/ })) as HTMLInputElement;
    await waitFor(() => expect(field.disabled).toBe(false));
    return field;
  }

  it("cuts the name at 50 characters, refuses an empty one, and saves it on blur only when it changed", async () => {
    const { user } = openVenueEdit();
    const name = await nameField();
    expect(name.value).toBe('Lobby Bar');
    // left unchanged: nothing queued
    await user.click(name);
    await user.tab();
    expect(await outbox()).toEqual([]);

    await user.clear(name);
    await user.tab();
    expect(describedText(name)).toContain('Name is required');
    expect(await outbox()).toEqual([]);

    await user.type(name, 'y'.repeat(70));
    expect(name.value).toBe('y'.repeat(50));
    await user.clear(name);
    await user.type(name, 'Lobby Lounge');
    await user.tab();
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    expect((await outbox())[0]).toMatchObject({
      method: 'PUT',
      path: `${LIST}/${venue.uuid}`,
      ifMatch: 3,
      body: { parentUuid: hotel.uuid, attributes: { NAME: 'Lobby Lounge', TYPE: 'VENUE' } },
    });
    // the same name again: no second change
    await user.click(name);
    await user.tab();
    expect(await outbox()).toHaveLength(1);
  });

  it("offers 'save changes' once a setting changed, queues it and says what became of it", async () => {
    verdictWithoutWaiting();
    const { user } = openVenueEdit();
    await nameField();
    const save = screen.getByRole('button', { name: 'save changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Details' }));
    const tipping = await screen.findByRole('radiogroup', { name: 'Tipping' });
    await user.click(within(tipping).getByRole('radio', { name: 'On' }));
    expect(save.disabled).toBe(false);
    await user.click(save);
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    expect((await outbox())[0]).toMatchObject({ method: 'PUT', body: { parentUuid: hotel.uuid, attributes: { NAME: 'Lobby Bar', TYPE: 'VENUE', POI_TIP_ENABLED: 'true' } } });
    expect(await screen.findByText('Saved in this browser — the gateway has not confirmed it yet. The Sync page shows when it is applied.')).toBeTruthy();
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it('shows its History (who, from → to, made offline) and Restore puts the earlier value back, queued by save changes as a new change', async () => {
    const { user } = openVenueEdit();
    await nameField();
    await user.click(screen.getByRole('button', { name: 'Show history' }));
    const history = await screen.findByRole('list', { name: 'History' });
    expect(within(history).getByText('Changed by bob@example.com')).toBeTruthy();
    expect(within(history).getByText('Made offline')).toBeTruthy();
    await user.click(within(history).getByRole('button', { name: /^Restore .* to / }));
    expect(await screen.findByText('The earlier value is back in the form: save to apply it.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'save changes' }));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    expect((await outbox())[0]).toMatchObject({ method: 'PUT', body: { attributes: { NAME: 'Lobby Bar', CURRENCY: 'GBP' } } });
  });

  it('asks before leaving with changes (discard or save); Discard leaves and forgets them', async () => {
    const { user } = openVenueEdit();
    await nameField();
    await user.click(screen.getByRole('button', { name: 'Details' }));
    await user.click(within(await screen.findByRole('radiogroup', { name: 'Tipping' })).getByRole('radio', { name: 'Off' }));
    // closing or reloading the tab gets the browser's own question
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Back to the units' }));
    const question = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    expect(within(question).getByText('Are you sure you want to leave and discard changes?')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Discard changes' }));
    await waitFor(async () => expect((await location()).textContent).toBe(LIST));
    expect(await outbox()).toEqual([]);
    expect(await lobbyDb().drafts.count()).toBe(0);
  });

  it('saves from the unsaved-changes modal, then goes where the operator was going', async () => {
    const { user } = openVenueEdit();
    await nameField();
    await user.click(screen.getByRole('button', { name: 'Details' }));
    await user.click(within(await screen.findByRole('radiogroup', { name: 'Tipping' })).getByRole('radio', { name: 'Off' }));
    await user.click(screen.getByRole('link', { name: 'Back to the units' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'You have unsaved changes' })).getByRole('button', { name: 'Save changes' }));
    await waitFor(async () => expect((await location()).textContent).toBe(LIST));
    expect(await outbox()).toMatchObject([{ method: 'PUT', body: { attributes: { POI_TIP_ENABLED: 'false' } } }]);
  });

  it('leaves at once by "Back to the units" right after the name was saved on blur: a just-saved form is clean', async () => {
    const { user } = openVenueEdit();
    const name = await nameField();
    await user.clear(name);
    await user.type(name, 'Lobby Lounge');
    // the click takes the focus from the field: the name is saved on its way out, and nothing is left to ask about
    await user.click(screen.getByRole('link', { name: 'Back to the units' }));
    await waitFor(async () => expect((await location()).textContent).toBe(LIST));
    expect(screen.queryByRole('dialog', { name: 'You have unsaved changes' })).toBeNull();
    expect(await outbox()).toMatchObject([{ method: 'PUT', body: { attributes: { NAME: 'Lobby Lounge' } } }]);
  });

  it('keeps Save and Discard in view in a bar while the settings hold changes; Discard forgets them', async () => {
    const { user } = openVenueEdit();
    await nameField();
    expect(screen.queryByRole('region', { name: 'Save or discard your changes' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Details' }));
    await user.click(within(await screen.findByRole('radiogroup', { name: 'Tipping' })).getByRole('radio', { name: 'On' }));
    const bar = screen.getByRole('region', { name: 'Save or discard your changes' });
    expect(within(bar).getByText('Your changes are not saved yet.')).toBeTruthy();
    expect(getComputedStyle(bar).position).toBe('sticky');
    await user.click(within(bar).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Save or discard your changes' })).toBeNull());
    expect((screen.getByRole('button', { name: 'save changes' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await outbox()).toEqual([]);
  });

  it('says a unit that is not a venue is not found here', async () => {
    openVenueEdit(counter.uuid);
    expect(await screen.findByText('There is no venue at this address: it may have been removed, or the link is wrong.')).toBeTruthy();
  });
});

describe('RevenueCenterCreatePage', () => {
  it('refuses a parent that is not a venue or hotel: it offers only venues and hotels, queued ones included', async () => {
    signedIn();
    // a venue created offline, still in the outbox
    const pending = await units.queueCreate(ORG, session.uuid, { type: 'VENUE', parentUuid: null, attributes: { NAME: 'Pool Deck' } }, null);
    const { user } = openRevenueCenterCreate(`?name=Pool%20Bar&parentOuUuid=${counter.uuid}`);
    await wizardReady();
    const parent = combobox(/^Placed under/);
    expect(parent.value).toBe('');
    expect(screen.getByText('A revenue center must be placed under a venue or a hotel')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);

    await user.click(parent);
    const offered = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered).toEqual(['Grand Hotel (Hotel)', 'Lobby Bar (Venue)', 'Pool Deck (Venue, waiting to sync)']);
    await user.click(screen.getByRole('option', { name: 'Pool Deck (Venue, waiting to sync)' }));
    // the queued venue passes on what the organization sets
    expect(combobox(/^Currency/).value).toMatch(/^EUR — /);
    expect(add.disabled).toBe(false);
    await user.click(add);
    await waitFor(async () => expect((await location()).textContent).toBe(LIST));
    const entries = await outbox();
    expect(entries[1]).toMatchObject({ method: 'POST', body: { type: 'REVENUE_CENTER', parentUuid: pending.recordUuid, attributes: { NAME: 'Pool Bar' } } });
  });

  it('takes a venue given as parentOuUuid without asking', async () => {
    openRevenueCenterCreate(`?name=Pool%20Bar&parentOuUuid=${venue.uuid}`);
    await wizardReady();
    expect(screen.getByText('Placed under Lobby Bar')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /^Placed under/ })).toBeNull();
    expect(describedText(combobox(/^Currency/))).toContain('Inherited from Grand Hotel');
  });
});

describe('RevenueCenterEditPage', () => {
  it('returns to the units after its settings are saved', async () => {
    const { user } = open(<RevenueCenterEditPage />, `${LIST}/revenueCenter/${counter.uuid}`, '/organization/:uuid/ous/revenueCenter/:revenueCenterUuid');
    const name = (await screen.findByRole('textbox', { name: /^Revenue center name/ })) as HTMLInputElement;
    await waitFor(() => expect(name.disabled).toBe(false));
    expect(screen.getByRole('heading', { level: 1, name: 'Edit revenue center' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Details' }));
    await user.click(within(await screen.findByRole('radiogroup', { name: 'Tipping' })).getByRole('radio', { name: 'On' }));
    await user.click(screen.getByRole('button', { name: 'save changes' }));
    await waitFor(async () => expect((await location()).textContent).toBe(LIST));
    expect(await outbox()).toMatchObject([{ method: 'PUT', path: `${LIST}/${counter.uuid}`, body: { parentUuid: venue.uuid, attributes: { POI_TIP_ENABLED: 'true' } } }]);
  });
});

describe('what a user may not do is not offered (spec section 6, OU setup)', () => {
  /** A user with unit setup over one unit (and what is below it) only. */
  const managerOf = (unitUuid: string): UserProfile => ({
    uuid: session.uuid,
    email: 'unit.manager@example.com',
    telephone: null,
    emailValidated: true,
    phoneValidated: false,
    image: null,
    permissions: ['SETUP_OU'],
    memberships: [{ membershipType: 'MANAGEMENT', orgs: [], ous: [unitUuid], omnipresence: false }],
  });

  it('offers as parents of a revenue center only the units the user may set up', async () => {
    const { user } = open(<RevenueCenterCreatePage />, `${LIST}/revenueCenter/create?name=Pool%20Bar&parentOuUuid=${hotel.uuid}`, '/organization/:uuid/ous/revenueCenter/create', managerOf(venue.uuid));
    await wizardReady();
    // the hotel given is not theirs: they choose among what they may set up
    await user.click(combobox(/^Placed under/));
    const offered = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered).toEqual(['Lobby Bar (Venue)']);
  });

  it('sends a direct link to create a venue to the 403 page when the user may place one nowhere', async () => {
    // a member of the revenue center without the unit setup permission
    open(<VenueCreatePage />, `${LIST}/venue/create?name=Terrace`, '/organization/:uuid/ous/venue/create', { ...managerOf(counter.uuid), permissions: [] });
    await waitFor(async () => expect((await location()).textContent).toBe('/403'));
    expect(await outbox()).toEqual([]);
  });

  it('sends a direct link to edit a venue the user may not set up to the 403 page, and opens one they may', async () => {
    open(<VenueEditPage />, `${LIST}/venue/${venue.uuid}`, '/organization/:uuid/ous/venue/:venueUuid', managerOf(counter.uuid));
    await waitFor(async () => expect((await location()).textContent).toBe('/403'));
    cleanup();
    open(<RevenueCenterEditPage />, `${LIST}/revenueCenter/${counter.uuid}`, '/organization/:uuid/ous/revenueCenter/:revenueCenterUuid', managerOf(counter.uuid));
    expect(await screen.findByRole('textbox', { name: /^Revenue center name/ })).toBeTruthy();
  });

  it('sends a unit screen to the 403 page when the gateway refuses the organization', async () => {
    signedIn();
    fakeGateway((call) => (call.path.includes('/refresh') ? json(200, makeSession()) : json(403, { errors: [{ code: 'forbidden', message: "You don't have permissions to view this organization" }] })));
    renderWithProviders(<VenueEditPage />, { url: `${LIST}/venue/${venue.uuid}`, path: '/organization/:uuid/ous/venue/:venueUuid' });
    await waitFor(async () => expect((await location()).textContent).toBe('/403'));
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { Grantable, ManagedUser, Membership, UserProfile } from '../../../domain';
import { SESSION_STORAGE_KEY } from '../../../api';
import { flushAllDrafts, lobbyDb } from '../../../offline';
import { gatewayError, json, makeSession, type RecordedCall } from '../../../../test/fake-gateway';
import { fakeGateway, renderApp, renderWithProviders } from '../../../../test/render';
import { UserManagementPage } from './user-management-page';

const USERS = '/user-profile/v1/user-profile/users';
const PROFILE = '/user-profile/v1/user-profile';
const ME = makeSession().uuid;

const ORG = '00000000-0000-4000-8000-000000000001';
const HOTEL = '00000000-0000-4000-8000-0000000000a1';
const BAR = '00000000-0000-4000-8000-0000000000a2';
/** units the signed-in user does not manage */
const ELSEWHERE = ['00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000f2'];

const membership = (membershipType: Membership['membershipType'], ous: string[], omnipresence = false): Membership => ({ membershipType, omnipresence, orgs: [], ous });

/** Ann, signed in: user management and unit setup on Zermatt Hotel (and the Alpine Bar below it), its transactions. */
const annProfile: UserProfile = {
  uuid: ME,
  email: 'ann@example.com',
  telephone: null,
  emailValidated: true,
  phoneValidated: false,
  image: null,
  permissions: ['SETUP_OU', 'VIEW_TRANSACTIONS', 'MANAGE_USER'],
  memberships: [membership('MANAGEMENT', [HOTEL]), membership('BUSINESS_DATA', [HOTEL])],
};

/** What Ann may give, as the gateway answers it: units in name order, the bar below the hotel. */
const grantable: Grantable = {
  permissions: ['SETUP_OU', 'VIEW_TRANSACTIONS'],
  scoped: ['SETUP_OU', 'VIEW_TRANSACTIONS', 'MANAGE_USER'],
  omnipresence: [],
  all: { MANAGEMENT: false, BUSINESS_DATA: false },
  organizations: [
    {
      uuid: ORG,
      name: 'Demo Hospitality Group',
      whole: { MANAGEMENT: false, BUSINESS_DATA: false },
      ous: [
        { uuid: BAR, parentUuid: HOTEL, name: 'Alpine Bar', type: 'VENUE', MANAGEMENT: true, BUSINESS_DATA: false },
        { uuid: HOTEL, parentUuid: null, name: 'Zermatt Hotel', type: 'HOTEL', MANAGEMENT: true, BUSINESS_DATA: true },
      ],
    },
  ],
};

let counter = 0;
function managed(overrides: Partial<ManagedUser> & { email: string }): ManagedUser {
  counter += 1;
  return {
    uuid: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    telephone: null,
    emailValidated: true,
    phoneValidated: false,
    image: null,
    permissions: [],
    memberships: [membership('MANAGEMENT', [BAR])],
    version: 1,
    status: 'ACTIVE',
    ...overrides,
  };
}

const ann: ManagedUser = { ...annProfile, version: 4, status: 'ACTIVE' };
const bob = managed({ email: 'bob@example.com', telephone: '+41791234567', permissions: ['SETUP_OU', 'VIEW_TRANSACTIONS'], status: 'INVITED', emailValidated: false });
const carol = managed({ email: 'carol@example.com', status: 'DEACTIVATED' });
/** Dave has units Ann does not manage beside the bar. */
const dave = managed({ email: 'dave@example.com', memberships: [membership('MANAGEMENT', [BAR, ...ELSEWHERE])], version: 3 });

function signedIn() {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
}

interface GatewayOptions {
  users: ManagedUser[];
  profile?: UserProfile;
  /** each write waits for the promise this gives before it is answered */
  hold?: () => Promise<void>;
  /** once a write was applied, the list answers this late (ms) */
  slowListAfterWrite?: number;
}

/**
 * A gateway that keeps the users: it lists them, and applies a create (INVITED) or an edit (active
 * false deactivates, true reactivates) as the real one does, so the list shows what was applied.
 */
function usersGateway({ users, profile = annProfile, hold, slowListAfterWrite = 0 }: GatewayOptions) {
  let written = false;
  const store = new Map(users.map((user) => [user.uuid, user]));
  /** whether each user ever activated their account (which validates the email): a reactivated user is ACTIVE again only then */
  const activated = new Map(users.map((user) => [user.uuid, user.emailValidated]));
  const gateway = fakeGateway(async (call: RecordedCall) => {
    const path = call.path.split('?')[0] ?? '';
    if (path === PROFILE) return json(200, profile);
    if (path === `${USERS}/grantable`) return json(200, grantable);
    if (path === USERS && call.method === 'GET') {
      const data = [...store.values()].sort((a, b) => a.email.localeCompare(b.email));
      if (written && slowListAfterWrite > 0) await new Promise((resolve) => setTimeout(resolve, slowListAfterWrite));
      return json(200, { data });
    }
    if (path === USERS && call.method === 'POST') {
      await hold?.();
      const body = call.body as { uuid: string; email: string; telephone?: string | null; permissions: ManagedUser['permissions']; memberships: Membership[] };
      const created: ManagedUser = {
        uuid: body.uuid,
        email: body.email,
        telephone: body.telephone ?? null,
        emailValidated: false,
        phoneValidated: false,
        image: null,
        permissions: body.permissions,
        memberships: body.memberships,
        version: 1,
        status: 'INVITED',
      };
      store.set(created.uuid, created);
      return json(201, created);
    }
    if (path.startsWith(`${USERS}/`) && call.method === 'PUT') {
      await hold?.();
      const before = store.get(path.slice(USERS.length + 1));
      if (!before) return json(404, { errors: [{ code: 'not_found', message: 'User not found' }] });
      const body = call.body as { permissions: ManagedUser['permissions']; memberships: Membership[]; active: boolean };
      const status = !body.active ? 'DEACTIVATED' : before.status === 'DEACTIVATED' ? (activated.get(before.uuid) ? 'ACTIVE' : 'INVITED') : before.status;
      const after: ManagedUser = { ...before, permissions: body.permissions, memberships: body.memberships, status, version: before.version + 1 };
      store.set(after.uuid, after);
      written = true;
      return json(200, after);
    }
    return json(200, { data: [] });
  });
  return { gateway, store };
}

const render = () => renderWithProviders(<UserManagementPage />, { url: '/user-management', path: '/user-management' });

const table = () => screen.findByRole('table', { name: 'User management' });
/** The row of the table that shows `email`. */
async function rowOf(email: string): Promise<HTMLElement> {
  const found = within(await table()).getByText(email, { exact: false });
  return found.closest('tr') as HTMLElement;
}
const bodyRows = (element: HTMLElement) => within(element).getAllByRole('row').slice(1);

/** A request header, whatever case the fetch was given it in. */
const header = (call: RecordedCall | undefined, name: string) => Object.entries(call?.headers ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
const writes = (gateway: ReturnType<typeof usersGateway>['gateway']) => gateway.calls.filter((call) => call.method !== 'GET');

/** Opens the create form (or the edit form of `email`); it is ready when its email field is enabled. */
async function openForm(user: ReturnType<typeof userEvent.setup>, email?: string) {
  const opener = await screen.findByRole('button', { name: email ? `Edit ${email}` : 'Create user' });
  await waitFor(() => expect((opener as HTMLButtonElement).disabled).toBe(false));
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: email ? 'Edit user' : 'Create user' });
  await waitFor(() => expect((within(dialog).getByRole('textbox', { name: /Email/ }) as HTMLInputElement).disabled).toBe(false));
  return dialog;
}

/** The checkbox named `name` in the fieldset named `legend`. */
const boxIn = (dialog: HTMLElement, legend: string, name: string) => within(within(dialog).getByRole('group', { name: legend })).getByRole('checkbox', { name }) as HTMLInputElement;
const labelOf = (checkbox: HTMLElement) => (checkbox as HTMLInputElement).labels?.[0]?.textContent;
const MANAGEMENT_UNITS = 'Units for setup and user management';
const BUSINESS_UNITS = 'Units for transaction visibility';

afterEach(async () => {
  cleanup();
  await flushAllDrafts();
  notifications.clean();
  notifications.cleanQueue();
  await lobbyDb().outbox.clear();
  await lobbyDb().drafts.clear();
  await lobbyDb().meta.clear();
});

describe('UserManagementPage: the list', () => {
  it('shows each user with telephone, status and permissions in words; one\'s own row says (you) and has no actions', async () => {
    signedIn();
    usersGateway({ users: [ann, bob, carol] });
    render();
    const list = await table();
    expect(bodyRows(list)).toHaveLength(3);

    const bobRow = await rowOf('bob@example.com');
    expect(within(bobRow).getByText('+41791234567')).toBeTruthy();
    expect(within(bobRow).getByText('Invited')).toBeTruthy();
    // each permission with the units it covers
    expect(within(bobRow).getByText('Unit setup (per unit): Alpine Bar')).toBeTruthy();
    expect(within(bobRow).getByText('Transaction visibility: no units')).toBeTruthy();
    expect(within(bobRow).getByRole('button', { name: 'Edit bob@example.com' })).toBeTruthy();
    expect(within(bobRow).getByRole('button', { name: 'Deactivate bob@example.com' })).toBeTruthy();

    const carolRow = await rowOf('carol@example.com');
    expect(within(carolRow).getByText('Deactivated')).toBeTruthy();
    expect(within(carolRow).getByText('None')).toBeTruthy();
    expect(within(carolRow).getByRole('button', { name: 'Reactivate carol@example.com' })).toBeTruthy();

    const own = await rowOf('ann@example.com');
    expect(within(own).getByText('ann@example.com (you)')).toBeTruthy();
    expect(within(own).getByText('Active')).toBeTruthy();
    expect(within(own).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows 10 users a page with pagination, and the search filters by email', async () => {
    signedIn();
    const many = Array.from({ length: 12 }, (_, index) => managed({ email: `user-${String(index + 1).padStart(2, '0')}@example.com` }));
    usersGateway({ users: many });
    render();
    const user = userEvent.setup();
    const list = await table();
    expect(bodyRows(list)).toHaveLength(10);
    expect(within(list).queryByText('user-11@example.com')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(bodyRows(list)).toHaveLength(2);
    expect(within(list).getByText('user-11@example.com')).toBeTruthy();
    expect(within(list).getByText('user-12@example.com')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search by email or telephone' }), 'user-03');
    expect(bodyRows(list)).toHaveLength(1);
    expect(within(list).getByText('user-03@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
  });

  it('says there are no users yet when the list is empty', async () => {
    signedIn();
    usersGateway({ users: [] });
    render();
    expect(await screen.findByText('There are no users you manage yet.')).toBeTruthy();
  });
});

describe('UserManagementPage: who may open it', () => {
  it('says so when the profile cannot be read, rather than loading for ever', async () => {
    signedIn();
    fakeGateway((call) => (call.path.split('?')[0] === PROFILE ? gatewayError(500, 'internal', 'The gateway failed') : json(200, { data: [] })));
    render();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^The users could not be loaded: /);
    expect(screen.queryByText('Loading users…')).toBeNull();
  });

  it('sends a user without user management to the 403 page, reading no users', async () => {
    signedIn();
    const { gateway } = usersGateway({ users: [ann, bob], profile: { ...annProfile, permissions: ['SETUP_OU', 'VIEW_TRANSACTIONS'] } });
    render();
    expect((await screen.findByTestId('location')).textContent).toBe('/403');
    expect(gateway.callsTo(USERS)).toHaveLength(0);
    expect(gateway.callsTo(`${USERS}/grantable`)).toHaveLength(0);
  });

  it('opens for an omnipresent MANAGEMENT membership without MANAGE_USER', async () => {
    signedIn();
    usersGateway({ users: [ann, bob], profile: { ...annProfile, permissions: [], memberships: [membership('MANAGEMENT', [], true)] } });
    render();
    expect(await rowOf('bob@example.com')).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});

describe('UserManagementPage: units and invitations', () => {
  it('names the units of each permission, places it does not manage as a count, and many units as a count listed on focus', async () => {
    signedIn();
    const erin = managed({
      email: 'erin@example.com',
      permissions: ['SETUP_OU', 'VIEW_TRANSACTIONS', 'CREATE_ORG'],
      memberships: [membership('MANAGEMENT', [HOTEL, BAR, ...ELSEWHERE]), membership('BUSINESS_DATA', [], true)],
    });
    usersGateway({ users: [ann, dave, erin] });
    render();
    const erinRow = await rowOf('erin@example.com');
    expect(within(erinRow).getByText('Transaction visibility: everything')).toBeTruthy();
    expect(within(erinRow).getByText('Create organizations')).toBeTruthy();
    const count = within(erinRow).getByText('4 units');
    expect(count.closest('div.mantine-Text-root')?.textContent).toBe('Unit setup (per unit): 4 units');
    const user = userEvent.setup();
    for (let step = 0; step < 30 && document.activeElement !== count; step += 1) await user.tab();
    expect(document.activeElement).toBe(count);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Zermatt Hotel, Alpine Bar and 2 places you do not manage');
    expect(count.getAttribute('aria-describedby')).toBe(tooltip.id);
    // a user with a membership and no permission has none to list
    expect(within(await rowOf('dave@example.com')).getByText('None')).toBeTruthy();
  });

  it('sends an invited user the invitation again after asking, and says so; active users are offered none', async () => {
    signedIn();
    const { gateway } = usersGateway({ users: [ann, bob, carol] });
    renderApp('/user-management');
    const user = userEvent.setup();
    const bobRow = await rowOf('bob@example.com');
    expect(within(await rowOf('carol@example.com')).queryByRole('button', { name: /Resend/ })).toBeNull();
    await waitFor(() => expect(within(bobRow).getByRole('button', { name: 'Resend invitation to bob@example.com' })).toBeTruthy());
    await user.click(within(bobRow).getByRole('button', { name: 'Resend invitation to bob@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend invitation to bob@example.com?' });
    expect(within(dialog).getByText(/The link of the earlier invitation stops working\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('The invitation was sent to bob@example.com: the link in the latest mail works for seven days.')).toBeTruthy();
    const [sent] = gateway.callsTo(`${USERS}/${bob.uuid}/invitation`);
    expect(sent?.method).toBe('POST');
    expect(header(sent, 'Idempotency-Key')).toBeTruthy();
  });
});

describe('UserManagementPage: creating a user', () => {
  it('offers only what the signed-in user may give, the units by name in tree order where each may be given', async () => {
    signedIn();
    usersGateway({ users: [ann] });
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user);

    expect((within(dialog).getByRole('checkbox', { name: 'Organization setup' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'User management' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Create organizations' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Unit setup (per unit)' }) as HTMLInputElement).disabled).toBe(false);
    expect((within(dialog).getByRole('checkbox', { name: 'Transaction visibility' }) as HTMLInputElement).disabled).toBe(false);
    // each unit picker comes with its permission
    expect(within(dialog).queryByRole('group', { name: MANAGEMENT_UNITS })).toBeNull();
    expect(within(dialog).queryByRole('group', { name: BUSINESS_UNITS })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Unit setup (per unit)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Transaction visibility' }));

    // the hotel first, the bar below it, though the gateway answers them in name order
    const management = within(dialog).getByRole('group', { name: MANAGEMENT_UNITS });
    expect(within(management).getAllByRole('checkbox').map(labelOf)).toEqual(['Zermatt Hotel', 'Alpine Bar']);
    // the bar is not Ann's to give for transaction visibility
    const business = within(dialog).getByRole('group', { name: BUSINESS_UNITS });
    expect(within(business).getAllByRole('checkbox').map(labelOf)).toEqual(['Zermatt Hotel']);
    expect(within(dialog).queryByText(/Also has access you do not manage/)).toBeNull();
  });

  it('refuses an invalid email and one already listed, sending nothing', async () => {
    signedIn();
    const { gateway } = usersGateway({ users: [ann, bob] });
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user);
    const email = within(dialog).getByRole('textbox', { name: /Email/ });
    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(within(dialog).getByText('Enter a valid email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);

    await user.clear(email);
    await user.type(email, ' BOB@example.com ');
    expect(within(dialog).getByText('A user with this email address already exists')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(screen.getByRole('dialog', { name: 'Create user' })).toBeTruthy();
    expect(await lobbyDb().outbox.count()).toBe(0);
    expect(writes(gateway)).toHaveLength(0);
  });

  it('sends the new user with a client uuid, permissions and memberships; the list shows it waiting, then Invited', async () => {
    signedIn();
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const { gateway } = usersGateway({ users: [ann], hold: () => held });
    renderApp('/user-management');
    const user = userEvent.setup();
    const dialog = await openForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'Erin@Example.com');
    await user.type(within(dialog).getByRole('textbox', { name: /Telephone/ }), '+41 79 555 12 34');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Unit setup (per unit)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Transaction visibility' }));
    await user.click(boxIn(dialog, MANAGEMENT_UNITS, 'Alpine Bar'));
    await user.click(boxIn(dialog, BUSINESS_UNITS, 'Zermatt Hotel'));
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // queued, not answered yet: shown as waiting, invited
    const waiting = await rowOf('erin@example.com');
    expect(within(waiting).getByText('Waiting to sync')).toBeTruthy();
    expect(within(waiting).getByText('Invited')).toBeTruthy();
    await waitFor(() => expect(gateway.callsTo(USERS).filter((call) => call.method === 'POST')).toHaveLength(1));
    const [post] = gateway.callsTo(USERS).filter((call) => call.method === 'POST');
    const body = post?.body as { uuid: string; memberships: Membership[] };
    expect(body).toMatchObject({ email: 'erin@example.com', telephone: '+41795551234', permissions: ['SETUP_OU', 'VIEW_TRANSACTIONS'] });
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect([...body.memberships].sort((a, b) => a.membershipType.localeCompare(b.membershipType))).toEqual([
      { membershipType: 'BUSINESS_DATA', omnipresence: false, orgs: [], ous: [HOTEL] },
      { membershipType: 'MANAGEMENT', omnipresence: false, orgs: [], ous: [BAR] },
    ]);
    expect(header(post, 'Idempotency-Key')).toBeTruthy();

    answer();
    await waitFor(async () => expect(within(await rowOf('erin@example.com')).queryByText('Waiting to sync')).toBeNull());
    expect(within(await rowOf('erin@example.com')).getByText('Invited')).toBeTruthy();
    expect(within(await rowOf('erin@example.com')).getByText('Unit setup (per unit): Alpine Bar')).toBeTruthy();
    expect(within(await rowOf('erin@example.com')).getByText('Transaction visibility: Zermatt Hotel')).toBeTruthy();
  });

  it('can be filled and sent with the keyboard alone', async () => {
    signedIn();
    const { gateway } = usersGateway({ users: [ann] });
    renderApp('/user-management');
    const user = userEvent.setup();
    const opener = await screen.findByRole('button', { name: 'Create user' });
    await waitFor(() => expect((opener as HTMLButtonElement).disabled).toBe(false));
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Create user' });
    const email = within(dialog).getByRole('textbox', { name: /Email/ }) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(email));
    await user.keyboard('frank@example.com');

    // Tab to the first permission that may be given, and tick it with Space
    const unitSetup = within(dialog).getByRole('checkbox', { name: 'Unit setup (per unit)' }) as HTMLInputElement;
    for (let step = 0; step < 10 && document.activeElement !== unitSetup; step += 1) await user.tab();
    expect(document.activeElement).toBe(unitSetup);
    await user.keyboard(' ');
    expect(unitSetup.checked).toBe(true);

    const bar = boxIn(dialog, MANAGEMENT_UNITS, 'Alpine Bar');
    for (let step = 0; step < 10 && document.activeElement !== bar; step += 1) await user.tab();
    expect(document.activeElement).toBe(bar);
    await user.keyboard(' ');
    expect(bar.checked).toBe(true);

    const submit = within(dialog).getByRole('button', { name: 'Create user' });
    for (let step = 0; step < 10 && document.activeElement !== submit; step += 1) await user.tab();
    expect(document.activeElement).toBe(submit);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(gateway.callsTo(USERS).filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(gateway.callsTo(USERS).find((call) => call.method === 'POST')?.body).toMatchObject({
      email: 'frank@example.com',
      permissions: ['SETUP_OU'],
      memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [], ous: [BAR] }],
    });
  });
});

describe('UserManagementPage: editing a user', () => {
  it('keeps the places the signed-in user does not manage, and says so', async () => {
    signedIn();
    const { gateway } = usersGateway({ users: [ann, dave] });
    renderApp('/user-management');
    const user = userEvent.setup();
    const dialog = await openForm(user, 'dave@example.com');
    const management = within(dialog).getByRole('group', { name: MANAGEMENT_UNITS });
    expect(within(management).getByText('Also has access you do not manage (places: 2), kept as it is.')).toBeTruthy();
    expect(boxIn(dialog, MANAGEMENT_UNITS, 'Alpine Bar').checked).toBe(true);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Transaction visibility' }));
    await user.click(boxIn(dialog, BUSINESS_UNITS, 'Zermatt Hotel'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(gateway.callsTo(`${USERS}/${dave.uuid}`)).toHaveLength(1));
    const [put] = gateway.callsTo(`${USERS}/${dave.uuid}`);
    expect(put?.method).toBe('PUT');
    expect(header(put, 'If-Match')).toBe('"3"');
    const body = put?.body as { permissions: string[]; memberships: Membership[]; active: boolean };
    expect(body.active).toBe(true);
    expect(body.permissions).toEqual(['VIEW_TRANSACTIONS']);
    expect(body.memberships.find((m) => m.membershipType === 'MANAGEMENT')?.ous).toEqual(expect.arrayContaining([BAR, ...ELSEWHERE]));
    expect(body.memberships.find((m) => m.membershipType === 'MANAGEMENT')?.ous).toHaveLength(3);
    expect(body.memberships.find((m) => m.membershipType === 'BUSINESS_DATA')?.ous).toEqual([HOTEL]);
  });

  it('says it cannot save a permission for a user with units elsewhere, and offers no Save', async () => {
    signedIn();
    const { gateway } = usersGateway({ users: [ann, dave] });
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user, 'dave@example.com');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Unit setup (per unit)' }));

    const alert = within(dialog).getByRole('alert');
    expect(within(alert).getByText('You cannot save this')).toBeTruthy();
    // the two places Ann does not manage are neither named nor said twice
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'You cannot give or take Unit setup (per unit) for this user: they also have places you do not manage, and it applies there too.',
    ]);
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.click(save);
    expect(await lobbyDb().outbox.count()).toBe(0);

    // taking it back again leaves nothing refused
    await user.click(within(dialog).getByRole('checkbox', { name: 'Unit setup (per unit)' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(writes(gateway)).toHaveLength(0);
  });
  it('names a place the signed-in user manages but may not give that way', async () => {
    signedIn();
    const gina = managed({ email: 'gina@example.com', memberships: [membership('MANAGEMENT', [BAR]), membership('BUSINESS_DATA', [BAR])] });
    usersGateway({ users: [ann, gina] });
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user, 'gina@example.com');
    // the bar is Ann's for setup, not for transactions: kept there as it is
    expect(within(within(dialog).getByRole('group', { name: BUSINESS_UNITS })).getByText('Also has access you do not manage (places: 1), kept as it is.')).toBeTruthy();
    expect(within(within(dialog).getByRole('group', { name: MANAGEMENT_UNITS })).queryByText(/Also has access/)).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Transaction visibility' }));
    expect(within(within(dialog).getByRole('alert')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'You cannot give or take Transaction visibility on Alpine Bar: you do not hold it there.',
    ]);
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('UserManagementPage: deactivating and reactivating', () => {
  it('does not offer to deactivate a user with access the signed-in user does not manage, and says why', async () => {
    signedIn();
    usersGateway({ users: [ann, bob, dave] });
    render();
    const row = await rowOf('dave@example.com');
    await waitFor(() => expect(within(row).getByText('Only a user manager over all of their access can deactivate them')).toBeTruthy());
    expect(within(row).queryByRole('button', { name: 'Deactivate dave@example.com' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Edit dave@example.com' })).toBeTruthy();
    expect(within(await rowOf('bob@example.com')).getByRole('button', { name: 'Deactivate bob@example.com' })).toBeTruthy();
  });

  it('asks first; confirmed, it sends active false over the version, shows Deactivated with Reactivate, which sends active true', async () => {
    signedIn();
    let release = () => undefined as void;
    const { gateway } = usersGateway({ users: [ann, bob], hold: () => new Promise<void>((resolve) => (release = resolve)) });
    renderApp('/user-management');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate bob@example.com' }));
    const question = await screen.findByRole('dialog', { name: 'Deactivate bob@example.com' });
    expect(writes(gateway)).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // focus stays on the row's button, which now reactivates
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reactivate bob@example.com' })));

    await waitFor(() => expect(gateway.callsTo(`${USERS}/${bob.uuid}`)).toHaveLength(1));
    const [deactivation] = gateway.callsTo(`${USERS}/${bob.uuid}`);
    expect(deactivation?.method).toBe('PUT');
    expect(header(deactivation, 'If-Match')).toBe('"1"');
    expect(deactivation?.body).toMatchObject({ active: false, permissions: bob.permissions, memberships: bob.memberships });
    // sent, not answered yet: shown deactivated, waiting
    let row = await rowOf('bob@example.com');
    expect(within(row).getByText('Deactivated')).toBeTruthy();
    expect(within(row).getByText('Waiting to sync')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Reactivate bob@example.com' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Deactivate bob@example.com' })).toBeNull();

    release();
    await waitFor(
      async () => {
        row = await rowOf('bob@example.com');
        expect(within(row).queryByText('Waiting to sync')).toBeNull();
        expect(within(row).getByText('Deactivated')).toBeTruthy();
      },
    );

    await user.click(within(row).getByRole('button', { name: 'Reactivate bob@example.com' }));
    const again = await screen.findByRole('dialog', { name: 'Reactivate bob@example.com' });
    await user.click(within(again).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(gateway.callsTo(`${USERS}/${bob.uuid}`)).toHaveLength(2));
    const reactivation = gateway.callsTo(`${USERS}/${bob.uuid}`)[1];
    expect(header(reactivation, 'If-Match')).toBe('"2"');
    expect(reactivation?.body).toMatchObject({ active: true, permissions: bob.permissions, memberships: bob.memberships });
    // Bob never activated his account: while waiting he shows as invited again, not active
    row = await rowOf('bob@example.com');
    expect(within(row).getByText('Invited')).toBeTruthy();
    expect(within(row).getByText('Waiting to sync')).toBeTruthy();

    release();
    await waitFor(
      async () => {
        row = await rowOf('bob@example.com');
        expect(within(row).queryByText('Waiting to sync')).toBeNull();
        expect(within(row).getByText('Invited')).toBeTruthy();
        expect(within(row).getByRole('button', { name: 'Deactivate bob@example.com' })).toBeTruthy();
      },
    );
  });

  it('keeps showing a change the gateway applied while the list is read again, never the user as before', async () => {
    signedIn();
    // the list read after the change answers late
    const { gateway } = usersGateway({ users: [ann, bob], slowListAfterWrite: 1_500 });
    renderApp('/user-management');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate bob@example.com' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Deactivate bob@example.com' })).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(gateway.callsTo(`${USERS}/${bob.uuid}`)).toHaveLength(1));
    // applied: no longer waiting, and Deactivated all along while the list is read again
    await waitFor(async () => expect(within(await rowOf('bob@example.com')).queryByText('Waiting to sync')).toBeNull());
    const row = await rowOf('bob@example.com');
    expect(within(row).getByText('Deactivated')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Deactivate bob@example.com' })).toBeNull();
    // and a next change goes over the version the gateway now has
    await user.click(within(row).getByRole('button', { name: 'Reactivate bob@example.com' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reactivate bob@example.com' })).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(gateway.callsTo(`${USERS}/${bob.uuid}`)).toHaveLength(2));
    expect(header(gateway.callsTo(`${USERS}/${bob.uuid}`)[1], 'If-Match')).toBe('"2"');
  });

  it('shows an activated user reactivated as Active', async () => {
    signedIn();
    const { gateway } = usersGateway({ users: [ann, carol] });
    renderApp('/user-management');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reactivate carol@example.com' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reactivate carol@example.com' })).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(gateway.callsTo(`${USERS}/${carol.uuid}`)).toHaveLength(1));
    expect(gateway.callsTo(`${USERS}/${carol.uuid}`)[0]?.body).toMatchObject({ active: true });
    await waitFor(
      async () => {
        const row = await rowOf('carol@example.com');
        expect(within(row).queryByText('Waiting to sync')).toBeNull();
        expect(within(row).getByText('Active')).toBeTruthy();
      },
    );
  });

  it('cancelling the question changes nothing', async () => {
    signedIn();
    usersGateway({ users: [ann, bob] });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate bob@example.com' }));
    const question = await screen.findByRole('dialog', { name: 'Deactivate bob@example.com' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await lobbyDb().outbox.count()).toBe(0);
    expect(within(await rowOf('bob@example.com')).getByText('Invited')).toBeTruthy();
  });
});

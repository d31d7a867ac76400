import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { SESSION_STORAGE_KEY } from '../../../api';
import { CONTRACT_MESSAGES, CONTRACT_STATUS_LABELS, CONTRACT_STATUSES } from '../../../domain';
import { t } from '../../../i18n';
import { flushAllDrafts, lobbyDb } from '../../../offline';
import { gatewayError, json, makeSession, type RecordedCall } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders, verdictWithoutWaiting } from '../../../../test/render';
import { ContractPage } from './contract-page';

const ORG = '00000000-0000-4000-8000-000000000001';
const current = {
  uuid: '00000000-0000-4000-8000-0000000000d1',
  orgUuid: ORG,
  reference: 'C-2026-001',
  startDate: '2026-01-05',
  endDate: '2026-12-31',
  plan: 'Premium',
  status: 'ACTIVE',
  notes: '',
  version: 1,
};
const older = { ...current, uuid: '00000000-0000-4000-8000-0000000000d2', reference: 'C-2024-007', startDate: '2024-03-01', endDate: null, plan: 'Basic', status: 'ENDED' };

function signedIn() {
  const session = makeSession();
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  return session;
}

/** A gateway that lists `list` as the organization's contracts; changes answer `onChange` (default: never answered). */
function gatewayWith(list: object[], onChange: (call: RecordedCall) => Response | Promise<Response> = () => new Promise<Response>(() => undefined)) {
  return fakeGateway((call) => {
    if (call.method === 'GET' && call.path.split('?')[0] === `/organization/${ORG}/contract`) return json(200, { data: list });
    if (call.method === 'GET') return gatewayError(404, 'not_found', 'Not found');
    return onChange(call);
  });
}

const render = () => renderWithProviders(<ContractPage />, { url: `/organization/${ORG}/contract`, path: '/organization/:uuid/contract' });

type User = ReturnType<typeof userEvent.setup>;

/** Opens the add form (or the edit form of `reference`) once the list is shown; the form is ready when its fields are. */
async function openForm(user: User, reference?: string) {
  await user.click(await screen.findByRole('button', { name: reference ? `Edit ${reference}` : 'Add contract' }));
  const dialog = await screen.findByRole('dialog', { name: reference ? 'Edit contract' : 'Add contract' });
  await waitFor(() => expect((within(dialog).getByRole('textbox', { name: /Reference/ }) as HTMLInputElement).disabled).toBe(false));
  return dialog;
}

const field = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;
const draftCount = () => lobbyDb().drafts.count();
const notice = (text: string) => screen.findByText(text);

afterEach(async () => {
  // a form left open writes its draft as it unmounts: unmount and let it write before emptying the database
  cleanup();
  await flushAllDrafts();
  notifications.clean();
  notifications.cleanQueue();
  await lobbyDb().outbox.clear();
  await lobbyDb().drafts.clear();
  await lobbyDb().meta.clear();
});

describe('ContractPage: the list', () => {
  it("lists the organization's contracts with their dates, plan and status, under 'Contract'", async () => {
    signedIn();
    const gateway = gatewayWith([current, older]);
    render();
    const table = await screen.findByRole('table', { name: 'Contracts' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('C-2026-001')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('5 Jan 2026')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('31 Dec 2026')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Premium')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Active')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('1 Mar 2024')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('No end date')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Ended')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Contract' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Contract - Lobby'));
    expect(screen.getByRole('link', { name: 'Back to the organization' }).getAttribute('href')).toBe(`/organization/${ORG}`);
    expect(gateway.callsTo(`/organization/${ORG}/contract`)).toHaveLength(1);
  });

  it('says when there are no contracts yet', async () => {
    signedIn();
    gatewayWith([]);
    render();
    expect(await screen.findByText('There are no contracts yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add contract' })).toBeTruthy();
  });

  it('sends a user without organization setup to the 403 page when the gateway answers 403', async () => {
    signedIn();
    fakeGateway((call) => (call.path.includes('/refresh') ? json(200, makeSession()) : gatewayError(403, 'forbidden', 'Forbidden')));
    render();
    expect((await screen.findByTestId('location')).textContent).toBe('/403');
    expect(screen.queryByRole('button', { name: 'Add contract' })).toBeNull();
  });

  it("has the catalogue's words for the statuses and the rules the domain checks", () => {
    expect(CONTRACT_STATUSES.map((status) => t(`contract.status.${status}`))).toEqual(CONTRACT_STATUSES.map((status) => CONTRACT_STATUS_LABELS[status]));
    const rules = ['referenceRequired', 'referenceTooLong', 'referenceTaken', 'startDate', 'endDate', 'endBeforeStart', 'plan', 'status', 'notes'] as const;
    for (const rule of rules) expect(t(`contract.error.${rule}`), rule).toBe(CONTRACT_MESSAGES[rule]);
  });
});

describe('ContractPage: the form', () => {
  it('adds a contract: the dates typed DD/MM/YYYY are queued in the outbox as ISO days, and the row waits to sync', async () => {
    verdictWithoutWaiting();
    signedIn();
    gatewayWith([current]);
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user);
    await waitFor(() => expect(document.activeElement).toBe(field(dialog, /Reference/)));
    // Save is always offered (issue 22: one way for forms to show problems)
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);

    await user.type(field(dialog, /Reference/), 'C-2027-002');
    await user.type(field(dialog, /Start date/), '01032027');
    expect(field(dialog, /Start date/).value).toBe('01/03/2027');
    await user.type(field(dialog, /End date/), '28022029');
    await user.type(field(dialog, /Plan/), 'Enterprise');
    await user.click(within(dialog).getByRole('combobox', { name: /Status/ }));
    await user.click(screen.getByRole('option', { name: 'Suspended' }));
    await user.type(field(dialog, /Notes/), 'Signed by the owner');
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [entry] = await lobbyDb().outbox.toArray();
    expect(entry).toMatchObject({
      method: 'POST',
      path: `/organization/${ORG}/contract`,
      collection: 'contract',
      body: { reference: 'C-2027-002', startDate: '2027-03-01', endDate: '2029-02-28', plan: 'Enterprise', status: 'SUSPENDED', notes: 'Signed by the owner' },
    });
    expect(await draftCount()).toBe(0);
    const row = (await screen.findByText('C-2027-002')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Waiting to sync')).toBeTruthy();
    expect(within(row).getByText('1 Mar 2027')).toBeTruthy();
    expect(await notice('Saved in this browser — the gateway has not confirmed it yet. The Sync page shows when it is applied.')).toBeTruthy();
  });

  it('adds a contract without an end date as one with none', async () => {
    signedIn();
    gatewayWith([]);
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user);
    await user.type(field(dialog, /Reference/), 'OPEN-1');
    await user.type(field(dialog, /Start date/), '15062026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await lobbyDb().outbox.toArray()).toMatchObject([{ method: 'POST', body: { reference: 'OPEN-1', startDate: '2026-06-15', endDate: null, status: 'DRAFT' } }]);
  });

  it('refuses an end date before the start date, and a start date that does not exist, queueing nothing', async () => {
    signedIn();
    gatewayWith([]);
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user);
    await user.type(field(dialog, /Reference/), 'C-1');
    await user.type(field(dialog, /Start date/), '01032026');
    await user.type(field(dialog, /End date/), '28022026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('The end date cannot be before the start date')).toBeTruthy();
    expect(document.activeElement).toBe(field(dialog, /End date/));
    expect(await lobbyDb().outbox.count()).toBe(0);

    const start = field(dialog, /Start date/);
    await user.clear(start);
    await user.type(start, '31022026');
    expect(start.value).toBe('31/02/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter the start date as DD/MM/YYYY')).toBeTruthy();
    expect(document.activeElement).toBe(start);
    expect(await lobbyDb().outbox.count()).toBe(0);
  });

  it('says what is missing: the reference and the start date', async () => {
    signedIn();
    gatewayWith([]);
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user);
    await user.type(field(dialog, /Plan/), 'Basic');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Reference is required')).toBeTruthy();
    expect(within(dialog).getByText('Enter the start date as DD/MM/YYYY')).toBeTruthy();
    expect(await lobbyDb().outbox.count()).toBe(0);
  });

  it('refuses a reference another contract of the organization has, case and spaces ignored, and lets a contract keep its own', async () => {
    signedIn();
    gatewayWith([current, older]);
    render();
    const user = userEvent.setup();
    let dialog = await openForm(user);
    await user.type(field(dialog, /Reference/), '  c-2026-001 ');
    await user.type(field(dialog, /Start date/), '01012027');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Another contract of this organization already has this reference')).toBeTruthy();
    expect(await lobbyDb().outbox.count()).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'You have unsaved changes' })).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // C-2026-001 keeps its reference in another case; its dates come in the form as DD/MM/YYYY
    dialog = await openForm(user, 'C-2026-001');
    expect(field(dialog, /Start date/).value).toBe('05/01/2026');
    expect(field(dialog, /End date/).value).toBe('31/12/2026');
    const reference = field(dialog, /Reference/);
    await user.clear(reference);
    await user.type(reference, 'c-2026-001');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit contract' })).toBeNull());
    expect(await lobbyDb().outbox.toArray()).toMatchObject([
      { method: 'PUT', path: `/organization/${ORG}/contract/${current.uuid}`, ifMatch: 1, body: { reference: 'c-2026-001', startDate: '2026-01-05', endDate: '2026-12-31' } },
    ]);
  });

  it('offers Save at once; saving a form that does not differ from the contract closes it and queues nothing', async () => {
    signedIn();
    gatewayWith([current]);
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user, 'C-2026-001');
    await user.type(field(dialog, /Plan/), '+');
    await user.type(field(dialog, /Plan/), '{Backspace}');
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await lobbyDb().outbox.count()).toBe(0);
  });

  it('closes at once on Cancel when nothing changed, leaving no draft', async () => {
    signedIn();
    gatewayWith([current]);
    render();
    const user = userEvent.setup();
    const dialog = await openForm(user, 'C-2026-001');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'You have unsaved changes' })).toBeNull();
    expect(await draftCount()).toBe(0);
  });

  it('keeps changes as a draft and asks before Cancel drops them; Discard forgets them', async () => {
    signedIn();
    gatewayWith([current]);
    render();
    const user = userEvent.setup();
    let dialog = await openForm(user, 'C-2026-001');
    await user.type(field(dialog, /Notes/), 'Renewal due');
    await waitFor(async () => expect(await draftCount()).toBe(1));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const question = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    expect(within(question).getByText('Are you sure you want to leave and discard changes?')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await draftCount()).toBe(0);
    expect(await lobbyDb().outbox.count()).toBe(0);

    dialog = await openForm(user, 'C-2026-001');
    expect(field(dialog, /Notes/).value).toBe('');
    expect(within(dialog).queryByText(/Restored unsaved changes/)).toBeNull();
  });

  it('brings a kept draft back when the page opens again', async () => {
    signedIn();
    gatewayWith([current]);
    const first = render();
    const user = userEvent.setup();
    const dialog = await openForm(user, 'C-2026-001');
    await user.type(field(dialog, /Plan/), ' Plus');
    await waitFor(async () => expect(await draftCount()).toBe(1));
    first.unmount();

    render();
    const restored = await screen.findByRole('dialog', { name: 'Edit contract' });
    expect(await within(restored).findByText(/Restored unsaved changes from/)).toBeTruthy();
    expect(field(restored, /Plan/).value).toBe('Premium Plus');
  });
});

describe('ContractPage: removing a contract', () => {
  it('asks first, keeps the row struck through while the removal waits, and Undo takes the queued removal back', async () => {
    verdictWithoutWaiting();
    signedIn();
    gatewayWith([current, older]);
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove C-2026-001' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove contract' });
    expect(within(confirm).getByText('Are you sure you want to remove contract C-2026-001? Once the gateway has removed it, this cannot be undone.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const row = (await screen.findByText('Waiting to be removed')).closest('tr') as HTMLElement;
    expect(within(row).getByText('C-2026-001').style.textDecoration).toBe('line-through');
    expect(within(row).queryByRole('button', { name: 'Edit C-2026-001' })).toBeNull();
    expect(await lobbyDb().outbox.toArray()).toMatchObject([{ method: 'DELETE', recordUuid: current.uuid, ifMatch: 1 }]);
    expect(await notice('Removal of contract "C-2026-001" sent: the gateway has not confirmed it yet. The Sync page shows when it is applied.')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Undo removal of C-2026-001' }));
    expect(await notice('Removal of contract "C-2026-001" undone')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Waiting to be removed')).toBeNull());
    expect(await lobbyDb().outbox.count()).toBe(0);
    expect(screen.getByRole('button', { name: 'Edit C-2026-001' })).toBeTruthy();
  });

  it('cancelling the question removes nothing', async () => {
    signedIn();
    gatewayWith([current]);
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove C-2026-001' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove contract' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await lobbyDb().outbox.count()).toBe(0);
    expect(screen.queryByText('Waiting to be removed')).toBeNull();
  });
});

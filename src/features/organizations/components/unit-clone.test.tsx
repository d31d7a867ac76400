import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { connectivity, SESSION_STORAGE_KEY } from '../../../api';
import type { Unit } from '../../../domain';
import { listEntries, lobbyDb } from '../../../offline';
import { json, makeSession } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders } from '../../../../test/render';
import { queueUnitClone, units } from '../api/units';
import { UnitClone } from './unit-clone';

const ORG = '00000000-0000-4000-8000-000000000001';
const hotel: Unit = {
  uuid: '00000000-0000-4000-8000-000000000010',
  orgUuid: ORG,
  parentUuid: null,
  type: 'HOTEL',
  name: 'Harbour View Hotel',
  attributes: { NAME: 'Harbour View Hotel', TYPE: 'HOTEL', PHONE_NUMBER: '+351 21 000 0000' },
  version: 2,
};
const counter: Unit = { ...hotel, uuid: '00000000-0000-4000-8000-000000000012', type: 'REVENUE_CENTER', name: 'Bar Counter', parentUuid: hotel.uuid };
const session = makeSession();

function open(unit: Unit = hotel, allowed = true) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  // writes are never answered here: the outbox holds them (the test plays the gateway's verdict); once
  // a test says the gateway is out of reach, the connectivity watch's probes find it so, however long the test takes
  fakeGateway((call) => {
    if (call.path === '/health') return Promise.reject(new TypeError('Failed to fetch'));
    return call.method === 'GET' ? json(404, { errors: [{ code: 'not_found', message: 'Not found' }] }) : new Promise<Response>(() => undefined);
  });
  const rendered = renderWithProviders(<UnitClone org={ORG} userUuid={session.uuid} unit={unit} allowed={allowed} />, { url: '/units', path: '/units' });
  return { ...rendered, user: userEvent.setup() };
}
const outbox = () => lobbyDb().outbox.toArray();
const location = () => screen.findByTestId('location');

afterEach(async () => {
  cleanup();
  connectivity.reportSuccess();
  notifications.clean();
  notifications.cleanQueue();
  await lobbyDb().outbox.clear();
});

describe('UnitClone', () => {
  it('is offered on a hotel or venue to who may create a unit beside it, never on a revenue center', () => {
    open(hotel, false);
    expect(screen.queryByRole('button', { name: 'Clone' })).toBeNull();
    cleanup();
    open(counter, true);
    expect(screen.queryByRole('button', { name: 'Clone' })).toBeNull();
    cleanup();
    open(hotel, true);
    expect(screen.getByRole('button', { name: 'Clone' })).toBeTruthy();
  });

  it('asks for a name (required), then queues one change and, offline, shows the new unit waiting in the tree', async () => {
    connectivity.reportFailure();
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Clone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clone Harbour View Hotel' });
    const name = within(dialog).getByRole('textbox', { name: /Name of the new unit/ });
    // opened on the name, keyboard first
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(within(dialog).getByText(/packages, rate codes and access-control services/)).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(await outbox()).toEqual([]);

    await user.type(name, 'Harbour View Clone{Enter}');
    await waitFor(async () => expect((await location()).textContent).toMatch(new RegExp(`^/organization/${ORG}/ous/[0-9a-f-]{36}$`)));
    const entries = await outbox();
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ method: 'POST', path: `/organization/${ORG}/ous/${hotel.uuid}/clone`, collection: 'unit-clone', orgUuid: ORG, body: { uuid: entry?.recordUuid, name: 'Harbour View Clone' } });
    expect((await location()).textContent).toBe(`/organization/${ORG}/ous/${entry?.recordUuid}`);
  });

  it('online: opens the new hotel in its wizard once the gateway made it', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Clone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clone Harbour View Hotel' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name of the new unit/ }), 'Harbour View Clone');
    await user.click(within(dialog).getByRole('button', { name: 'Clone' }));
    // the gateway applies it: the entry leaves the outbox
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    const [entry] = await outbox();
    await lobbyDb().outbox.clear();
    await waitFor(async () => expect((await location()).textContent).toBe(`/organization/${ORG}/ous/hotel/${entry?.recordUuid}`));
  });

  it('says why a refused clone was not made, in the modal, and keeps no refused change', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Clone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clone Harbour View Hotel' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name of the new unit/ }), 'Harbour View Clone');
    await user.click(within(dialog).getByRole('button', { name: 'Clone' }));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    const [entry] = await outbox();
    await lobbyDb().outbox.update(entry?.seq ?? 0, { status: 'failed', lastStatus: 403, lastError: "You don't have permissions" });
    expect((await within(dialog).findByRole('alert')).textContent).toBe("The clone was not made: You don't have permissions");
    await waitFor(async () => expect(await outbox()).toEqual([]));
    expect(screen.getByRole('dialog', { name: 'Clone Harbour View Hotel' })).toBeTruthy();
  });

  it('a queued clone shows in the unit list beside the original, waiting to sync, with the original\'s own settings under its name', async () => {
    const entry = await queueUnitClone(ORG, session.uuid, hotel, 'Harbour View Clone');
    const rows = units.applyQueued([hotel], await listEntries(session.uuid), ORG);
    expect(rows.find((row) => row.uuid === entry.recordUuid)).toMatchObject({
      pending: true,
      type: 'HOTEL',
      parentUuid: null,
      name: 'Harbour View Clone',
      attributes: { ...hotel.attributes, NAME: 'Harbour View Clone' },
    });
    expect(rows.find((row) => row.uuid === hotel.uuid)?.pending).toBe(false);
  });
});

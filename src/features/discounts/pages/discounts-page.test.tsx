import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { SESSION_STORAGE_KEY } from '../../../api';
import { flushAllDrafts, lobbyDb } from '../../../offline';
import { gatewayError, json, makeSession } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders } from '../../../../test/render';
import { DiscountsPage } from './discounts-page';

const ORG = '00000000-0000-4000-8000-000000000001';
const OU = '00000000-0000-4000-8000-000000000002';
const uuid = (n: number) => `00000000-0000-4000-8000-0000000000d${n}`;
const discount = (n: number, name: string, extra: object = {}) => ({ uuid: uuid(n), orgUuid: ORG, ouUuid: OU, name, label: name.slice(0, 3).toUpperCase(), type: 'PERCENTAGE', value: 1500, status: 'ACTIVE', enabled: false, version: 1, ...extra });
const LIST = [
  discount(1, 'Happy Hour', { enabled: true }),
  discount(2, 'Staff', { status: 'DEACTIVATED' }),
  discount(3, 'Brunch', { type: 'AMOUNT', value: 250 }),
  discount(4, 'Early Bird'),
];
const unit = (currency: string) => ({ uuid: OU, orgUuid: ORG, parentUuid: null, type: 'VENUE', name: 'Rooftop Bar', attributes: {}, effective: { CURRENCY: { value: currency, source: 'inherited', fromUuid: ORG, fromName: 'Org' }, LOCALE: { value: 'en-GB', source: 'inherited', fromUuid: ORG, fromName: 'Org' } }, version: 1 });
const base = `/discount/v1/organizations/${ORG}/ous/${OU}`;

function gatewayWith(currency = 'EUR', listStatus = 200) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
  return fakeGateway((call) => {
    const path = call.path.split('?')[0];
    if (path?.includes('/refresh')) return json(200, makeSession());
    if (path === `/organization/${ORG}/ous/${OU}`) return json(200, unit(currency));
    if (path === `${base}/discounts`) return listStatus === 200 ? json(200, { data: LIST }) : gatewayError(listStatus, 'forbidden', 'Forbidden');
    if (path === `${base}/discount/selected`) return json(200, { data: LIST.map(({ uuid: id, name, label, type, value, status, enabled }) => ({ uuid: id, name, label, type, value, status, enabled })) });
    return new Promise<Response>(() => undefined);
  });
}

const render = () => renderWithProviders(<DiscountsPage />, { url: `/organization/${ORG}/ous/${OU}/discounts`, path: '/organization/:uuid/ous/:ouUuid/discounts' });

afterEach(async () => {
  cleanup();
  await flushAllDrafts();
  notifications.clean();
  await lobbyDb().outbox.clear();
  await lobbyDb().drafts.clear();
});

describe('DiscountsPage', () => {
  it("lists the unit's discounts: a percentage as '15 %', an amount in the unit's money, the status", async () => {
    gatewayWith();
    render();
    const table = await screen.findByRole('table', { name: 'Discounts' });
    const brunch = within(table).getByText('Brunch').closest('tr') as HTMLElement;
    await waitFor(() => expect(within(brunch).getByText('€2.50')).toBeTruthy());
    const happy = within(table).getByText('Happy Hour').closest('tr') as HTMLElement;
    expect(within(happy).getByText('15 %')).toBeTruthy();
    expect(within(within(table).getByText('Staff').closest('tr') as HTMLElement).getByText('Deactivated')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Discounts of Rooftop Bar - Lobby'));
  });

  it('sends a user who may not set up the unit to the 403 page', async () => {
    gatewayWith('EUR', 403);
    render();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/403'));
  });

  it('offers discounts as chips: duplicate, unknown, case ignored, deactivated disabled; Save queues the uuids', async () => {
    gatewayWith();
    render();
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Discounts offered by the unit' });
    await user.type(field, 'HAPPY HOUR{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Happy Hour has already been added.');
    await user.clear(field);
    await user.type(field, 'Dinner{Enter}');
    expect(screen.getByRole('alert').textContent).toBe("Dinner doesn't exist");
    await user.clear(field);
    await user.click(field);
    expect(screen.getByRole('option', { name: 'Staff (deactivated)' }).getAttribute('aria-disabled')).toBe('true');
    await user.type(field, 'brunch{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save discounts offered' }));
    await waitFor(async () => expect(await lobbyDb().outbox.count()).toBe(1));
    const [entry] = await lobbyDb().outbox.toArray();
    expect(entry?.method).toBe('PUT');
    expect(entry?.path).toBe(`${base}/discount/selected`);
    expect(entry?.body).toEqual([uuid(1), uuid(3)]);
    // the queued selection shows, marked as waiting
    expect(await screen.findByText('Waiting to sync')).toBeTruthy();
  });

  it('reads an amount typed in a 3-decimal currency (JOD) as minor units, and refuses a bad one', async () => {
    gatewayWith('JOD');
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add discount' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add discount' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement;
    await waitFor(() => expect(name.disabled).toBe(false));
    await user.type(name, 'Locals');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Amount' }));
    const value = within(dialog).getByRole('textbox', { name: /Value/ });
    await user.type(value, '1.2345');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an amount in JOD above 0 with at most 3 decimals, for example 12.500')).toBeTruthy();
    await user.clear(value);
    await user.type(value, '1.25');
    expect(within(dialog).getByText(/JOD\s1\.250/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await lobbyDb().outbox.count()).toBe(1));
    const [entry] = await lobbyDb().outbox.toArray();
    expect(entry?.body).toMatchObject({ name: 'Locals', type: 'AMOUNT', value: 1250, status: 'ACTIVE' });
  });
});

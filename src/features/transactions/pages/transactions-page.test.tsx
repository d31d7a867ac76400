import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { SESSION_STORAGE_KEY } from '../../../api';
import type { Transaction, TransactionSearchResponse, TransactionSummary, UserProfile } from '../../../domain';
import { lobbyDb } from '../../../offline';
import { gatewayError, json, makeSession, type RecordedCall } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders } from '../../../../test/render';
import { formatMinor } from '../../../ui';
import { TransactionsPage } from './transactions-page';

const ORG = '00000000-0000-4000-8000-000000000001';
const HOTEL = '00000000-0000-4000-8000-0000000000a1';
const BAR = '00000000-0000-4000-8000-0000000000a2';
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const units = [
  { uuid: HOTEL, orgUuid: ORG, parentUuid: null, type: 'HOTEL', name: 'Grand Hotel', attributes: { CURRENCY: 'EUR', LOCALE: 'en-GB', TIME_ZONE: 'Europe/Lisbon' }, version: 1 },
  { uuid: BAR, orgUuid: ORG, parentUuid: HOTEL, type: 'VENUE', name: 'Lobby Bar', attributes: {}, version: 1 },
];
const viewer: UserProfile = {
  uuid: '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11', email: 'ann@example.com', telephone: null, emailValidated: true, phoneValidated: false, image: null,
  permissions: ['VIEW_TRANSACTIONS'], memberships: [{ membershipType: 'BUSINESS_DATA', orgs: [], ous: [HOTEL], omnipresence: false }],
};
const summary = (n: number, extra: Partial<TransactionSummary> = {}): TransactionSummary => ({
  uuid: uuidOf(100 + n), ouUuid: BAR, ouName: 'Lobby Bar', occurredAt: `2026-11-2${n % 10}T12:00:00Z`, checkNumber: 1000 + n, tableNumber: '12', employee: 'Joe',
  paymentMethodType: 'CASH', paymentType: 'SALES', currency: 'EUR', totalMinor: 1250, roomNumber: null, cardBrand: null, cardLast4: null, ...extra,
});
const roomCharge = summary(1, { paymentMethodType: 'ROOM_CHARGE', roomNumber: '204' });
const refund = summary(2, { paymentType: 'REFUND', totalMinor: -500 });
const page = (data: TransactionSummary[], totalCount = data.length, pageNumber = 0): TransactionSearchResponse => ({
  data, page: pageNumber, pageSize: 10, totalCount,
  totals: [{ currency: 'EUR', count: totalCount, totalMinor: 99_900 }],
  pageTotals: [{ currency: 'EUR', count: data.length, totalMinor: data.reduce((sum, row) => sum + row.totalMinor, 0) }],
});
const detail: Transaction = {
  ...roomCharge, orgUuid: ORG, guests: 2, items: [{ name: 'Gin tonic', quantity: 2, unitPriceMinor: 500, totalMinor: 1000 }], discounts: [], taxes: [{ name: 'VAT', rateBasisPoints: 2300, amountMinor: 200 }],
  subtotalMinor: 1000, discountMinor: 0, taxMinor: 200, tipMinor: 50, totalMinor: 1250,
  payment: { methodType: 'ROOM_CHARGE', cardBrand: null, cardLast4: null, roomNumber: '204', guestName: 'Ada Lovelace', pmsPostingStatus: 'POSTED' },
  locale: 'en-GB', timeZone: 'Europe/Lisbon', receiptNumber: 'R-0001', relatedTo: null,
  linked: [{ uuid: refund.uuid, paymentType: 'REFUND', occurredAt: '2026-11-22T12:00:00Z', totalMinor: -500 }],
};

function gatewayWith({ profile = viewer, search = () => json(200, page([roomCharge, refund], 25)) }: { profile?: UserProfile; search?: (call: RecordedCall) => Response } = {}) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
  return fakeGateway((call) => {
    const path = call.path.split('?')[0];
    if (call.method !== 'GET') return new Promise<Response>(() => undefined);
    if (path?.startsWith('/user-profile/v1/user-profile')) return json(200, profile);
    if (path === `/organization/${ORG}/ous`) return json(200, { data: units });
    if (path === '/transaction/v1/transactions/search') return search(call);
    if (path === `/transaction/v1/transactions/${roomCharge.uuid}`) return json(200, detail);
    return gatewayError(404, 'not_found', 'Transaction not found');
  });
}

const render = (url = `/organization/${ORG}/transactions`) =>
  renderWithProviders(<TransactionsPage />, { url, path: '/organization/:uuid/transactions/:transactionUuid?/:tab?' });
const queryOf = (call: RecordedCall) => new URL(call.url, 'http://x').searchParams;

afterEach(async () => {
  cleanup();
  notifications.clean();
  await lobbyDb().outbox.clear();
});

describe('TransactionsPage', () => {
  it('searches the readable units of the last 30 days with the default types, and shows rows, signed totals and the pager', async () => {
    const gateway = gatewayWith();
    render();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Room charge')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('204')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText(formatMinor(-500, { currency: 'EUR', locale: 'en-GB' }))).toBeTruthy();
    expect(screen.getByText(/Totals of this page/)).toBeTruthy();
    expect(screen.getByText(`${formatMinor(750, { currency: 'EUR', locale: 'en-GB' })} (2)`)).toBeTruthy();
    expect(screen.getByText(`${formatMinor(99_900, { currency: 'EUR', locale: 'en-GB' })} (25)`)).toBeTruthy();
    const query = queryOf(gateway.callsTo('/transaction/v1/transactions/search')[0] as RecordedCall);
    expect(query.get('ouUuids')).toBe(`${HOTEL},${BAR}`);
    expect(query.get('paymentMethodTypes')).toBe('CARD_PRESENT,CASH,ROOM_CHARGE,CITY_LEDGER');
    expect(query.get('paymentTypes')).toBe('SALES,REFUND,VOID_SALES,VOID_REFUND');
    expect(query.get('page')).toBe('0');
    expect(query.get('pageSize')).toBe('10');
    expect(Date.parse(query.get('before') ?? '') - Date.parse(query.get('after') ?? '')).toBeGreaterThanOrEqual(30 * 86_400_000);
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
  });

  it('keeps the search and the page in the address; Enter in the room field searches', async () => {
    const gateway = gatewayWith();
    const { router } = render();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Transactions' });
    await user.type(screen.getByRole('textbox', { name: 'Room number' }), '204{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('roomNumber=204'));
    await waitFor(() => expect(queryOf(gateway.callsTo('/transaction/v1/transactions/search').at(-1) as RecordedCall).get('roomNumber')).toBe('204'));
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    await waitFor(() => expect(queryOf(gateway.callsTo('/transaction/v1/transactions/search').at(-1) as RecordedCall).get('page')).toBe('1'));
    expect((screen.getByRole('textbox', { name: 'Room number' }) as HTMLInputElement).value).toBe('204');
  });

  it('types only digits in the check number and refuses an impossible range without searching', async () => {
    const gateway = gatewayWith();
    render();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Transactions' });
    const check = screen.getByRole('textbox', { name: 'Check number' });
    expect(check.getAttribute('inputmode')).toBe('numeric');
    await user.type(check, '12a3');
    expect((check as HTMLInputElement).value).toBe('123');
    const before = gateway.callsTo('/transaction/v1/transactions/search').length;
    await user.clear(screen.getByRole('textbox', { name: 'From date' }));
    await user.type(screen.getByRole('textbox', { name: 'From date' }), '31122099');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The start must be before the end')).toBeTruthy();
    expect(gateway.callsTo('/transaction/v1/transactions/search')).toHaveLength(before);
  });

  it('opens a row at its receipt address, and each tab has its own: payment shows the room and the guest', async () => {
    gatewayWith();
    const { router } = render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /Open transaction of .*check 1001/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/organization/${ORG}/transactions/${roomCharge.uuid}/receipt`));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction R-0001' });
    expect(within(dialog).getByText('Gin tonic')).toBeTruthy();
    expect(within(dialog).getByText(formatMinor(1250, { currency: 'EUR', locale: 'en-GB' }), { selector: 'p' })).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: 'Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/organization/${ORG}/transactions/${roomCharge.uuid}/payment`));
    expect(within(dialog).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(dialog).getByText('Posted')).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: 'Refund' }));
    expect(within(dialog).getByRole('link', { name: /Refund of/ }).getAttribute('href')).toContain(`/transactions/${refund.uuid}/receipt`);
  });

  it('says when the tab or the transaction does not exist', async () => {
    gatewayWith();
    render(`/organization/${ORG}/transactions/${roomCharge.uuid}/invoice`);
    expect(await screen.findByText('There is no "invoice" tab: choose Receipt, Payment or Refund.')).toBeTruthy();
    cleanup();
    render(`/organization/${ORG}/transactions/${uuidOf(999)}/payment`);
    expect(await screen.findByText(/Transaction not found/)).toBeTruthy();
  });

  it('shows the empty state', async () => {
    gatewayWith({ search: () => json(200, page([])) });
    render();
    expect(await screen.findByText('No transactions match these filters')).toBeTruthy();
  });

  it('sends a user without the transactions permission to the 403 page', async () => {
    gatewayWith({ profile: { ...viewer, permissions: [] } });
    render();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/403'));
  });

  it('queues the export of the search through the outbox, to the user email by default', async () => {
    gatewayWith();
    render();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Transactions' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export transactions' });
    expect((within(dialog).getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('ann@example.com');
    // the unit's zone, not one of the list's values, shows labelled as the list's are
    expect((within(dialog).getByRole('combobox', { name: /^Time zone/ }) as HTMLInputElement).value).toBe('(GMT+00:00) Lisbon');
    await user.click(within(dialog).getByRole('button', { name: 'Send export' }));
    await waitFor(async () => expect(await lobbyDb().outbox.count()).toBe(1));
    const [entry] = await lobbyDb().outbox.toArray();
    const url = new URL(entry?.path ?? '', 'http://x');
    expect(entry?.method).toBe('POST');
    expect(url.pathname).toBe(`/reporting/ous/organization/${ORG}/transactions/export`);
    expect(url.searchParams.get('email')).toBe('ann@example.com');
    expect(url.searchParams.get('timeZone')).toBe('Europe/Lisbon');
    expect(url.searchParams.get('includeDescendants')).toBe('TRUE');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_STORAGE_KEY } from '../../../api';
import type { HistoryEntry } from '../../../domain';
import { gatewayError, json, makeSession, type RecordedCall } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders } from '../../../../test/render';
import { ActivityPage } from './activity-page';

const ORG = '00000000-0000-4000-8000-000000000001';
const HOTEL = '00000000-0000-4000-8000-0000000000a1';
const BOB = '00000000-0000-4000-8000-0000000000b2';
const units = [{ uuid: HOTEL, orgUuid: ORG, parentUuid: null, type: 'HOTEL', name: 'Harbour View', attributes: {}, version: 1 }];
const entry = (n: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry => ({
  uuid: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
  kind: 'pms-package',
  recordUuid: '00000000-0000-4000-8000-0000000000d1',
  orgUuid: ORG,
  unitUuid: HOTEL,
  userUuid: BOB,
  userEmail: 'bob@example.com',
  action: 'changed',
  changes: [{ field: 'name', before: 'Breakfast', after: 'Breakfast buffet' }],
  bulk: null,
  madeAt: '2026-11-20T08:00:00Z',
  appliedAt: '2026-11-20T09:00:00Z',
  offline: false,
  ...overrides,
});

function gatewayWith(entries: HistoryEntry[], totalCount = entries.length, forbidden = false) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
  return fakeGateway((call) => {
    const path = call.path.split('?')[0];
    if (path?.includes('/refresh')) return json(200, makeSession());
    if (path === `/organization/${ORG}/ous`) return json(200, { data: units });
    if (path === `/organization/${ORG}/activity`) {
      if (forbidden) return gatewayError(403, 'FORBIDDEN', "You don't have permission to view the history of this organization");
      return json(200, { data: entries, totalCount, limit: 25, offset: 0 });
    }
    return json(404, {});
  });
}
const render = (search = '') => renderWithProviders(<ActivityPage />, { url: `/organization/${ORG}/activity${search}`, path: '/organization/:uuid/activity' });
const lastActivityQuery = (gateway: ReturnType<typeof gatewayWith>) => new URL((gateway.callsTo(`/organization/${ORG}/activity`).at(-1) as RecordedCall).url, 'http://x').searchParams;

afterEach(() => cleanup());

describe('ActivityPage', () => {
  it('lists the changes newest first as the gateway answers them, with both times, the offline mark and what changed; paged 25 at a time', async () => {
    const gateway = gatewayWith([entry(1, { offline: true, madeAt: '2026-11-20T07:30:00Z' }), entry(2, { action: 'created', changes: [{ field: 'name', after: 'Spa' }] })], 30);
    render();
    const table = await screen.findByRole('table', { name: 'Activity' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = rows[1] as HTMLElement;
    expect(within(first).getByText('Made offline')).toBeTruthy();
    expect(within(first).getByText(/: Breakfast → Breakfast buffet$/)).toBeTruthy();
    expect(within(first).getByText('Pms package: Breakfast buffet')).toBeTruthy();
    expect(within(first).getByText('Changed · Harbour View')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).queryByText('Made offline')).toBeNull();
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeTruthy();
    const query = lastActivityQuery(gateway);
    expect([query.get('limit'), query.get('offset'), query.get('unitUuid'), query.get('kind'), query.get('userUuid')]).toEqual(['25', '0', null, null, null]);
    expect(query.get('after')).toBeTruthy();
    expect(query.get('before')).toBeTruthy();
  });

  it('filters by unit and kind through the address, and by the user of a row; Everyone clears the user', async () => {
    const gateway = gatewayWith([entry(1)]);
    const { router } = render();
    await screen.findByRole('table', { name: 'Activity' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: 'Harbour View' }));
    await user.click(screen.getByRole('combobox', { name: 'Kind of record' }));
    await user.click(await screen.findByRole('option', { name: 'Pms package' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastActivityQuery(gateway).get('kind')).toBe('pms-package'));
    expect(lastActivityQuery(gateway).get('unitUuid')).toBe(HOTEL);
    expect(router.state.location.search).toContain('kind=pms-package');

    await user.click(await screen.findByRole('button', { name: 'Only changes by bob@example.com' }));
    await waitFor(() => expect(lastActivityQuery(gateway).get('userUuid')).toBe(BOB));
    expect(lastActivityQuery(gateway).get('kind')).toBe('pms-package');
    const made = screen.getByRole('group', { name: 'Made by' });
    expect(within(made).getByText('bob@example.com')).toBeTruthy();
    await user.click(within(made).getByRole('button', { name: 'Everyone' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastActivityQuery(gateway).get('userUuid')).toBeNull());
  });

  it('shows the empty state', async () => {
    gatewayWith([]);
    render();
    expect(await screen.findByText('No changes match these filters.')).toBeTruthy();
  });

  it('sends a user the gateway refuses to the 403 page', async () => {
    gatewayWith([], 0, true);
    const { router } = render();
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});

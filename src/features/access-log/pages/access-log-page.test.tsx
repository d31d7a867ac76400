import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_STORAGE_KEY } from '../../../api';
import type { AccessLogEntry, UserProfile } from '../../../domain';
import { json, makeSession, type RecordedCall } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders } from '../../../../test/render';
import { AccessLogPage } from './access-log-page';

const ORG = '00000000-0000-4000-8000-000000000001';
const HOTEL = '00000000-0000-4000-8000-0000000000a1';
const SPA = '00000000-0000-4000-8000-0000000000c1';
const units = [{ uuid: HOTEL, orgUuid: ORG, parentUuid: null, type: 'HOTEL', name: 'Grand Hotel', attributes: {}, version: 1 }];
const profile: UserProfile = {
  uuid: '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11', email: 'ann@example.com', telephone: null, emailValidated: true, phoneValidated: false, image: null,
  permissions: ['VIEW_TRANSACTIONS'], memberships: [{ membershipType: 'BUSINESS_DATA', orgs: [], ous: [HOTEL], omnipresence: false }],
};
const entry = (n: number, granted: boolean): AccessLogEntry => ({
  uuid: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`, occurredAt: '2026-11-20T08:00:00Z', hotelUuid: HOTEL, hotelName: 'Grand Hotel',
  serviceUuid: SPA, serviceName: 'Spa', room: '204', identificationMethod: 'Contactless', granted, deviceAlias: granted ? 'Door 4' : null,
});
const services = [{ uuid: SPA, orgUuid: ORG, hotelUuid: HOTEL, name: 'Spa', defaultHotelUuid: null, idMethods: ['Contactless'], hotelsAndPackages: [], version: 1 }];

function gatewayWith(entries: AccessLogEntry[], totalCount = entries.length) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
  return fakeGateway((call) => {
    const path = call.path.split('?')[0];
    if (path?.startsWith('/user-profile/v1/user-profile')) return json(200, profile);
    if (path === `/organization/${ORG}/ous`) return json(200, { data: units });
    if (path === `/organization/${ORG}/access-control-service`) return json(200, { data: services });
    return json(200, { data: entries, totalCount, limit: 10, offset: 0 });
  });
}
const render = () => renderWithProviders(<AccessLogPage />, { url: `/organization/${ORG}/access-log`, path: '/organization/:uuid/access-log' });
const queryOf = (call: RecordedCall) => new URL(call.url, 'http://x').searchParams;

afterEach(() => cleanup());

describe('AccessLogPage', () => {
  it('lists the entries, Granted or Denied, 10 a page, and filters by room through the address', async () => {
    const gateway = gatewayWith([entry(1, true), entry(2, false)], 14);
    const { router } = render();
    const table = await screen.findByRole('table', { name: 'Access log' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('Granted')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Door 4')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Denied')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeTruthy();
    const first = queryOf(gateway.callsTo('/access-control/v1/access-control/find')[0] as RecordedCall);
    expect([first.get('orgUuid'), first.get('limit'), first.get('offset'), first.get('includeDescendants')]).toEqual([ORG, '10', '0', 'TRUE']);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Room' }), '204{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('room=204'));
    await waitFor(() => expect(queryOf(gateway.callsTo('/access-control/v1/access-control/find').at(-1) as RecordedCall).get('room')).toBe('204'));
  });

  it('shows the empty state', async () => {
    gatewayWith([]);
    render();
    expect(await screen.findByText('No access-log entries match these filters')).toBeTruthy();
  });
});

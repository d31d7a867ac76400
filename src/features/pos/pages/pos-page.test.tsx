import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { SESSION_STORAGE_KEY } from '../../../api';
import type { PosInstallation } from '../../../domain';
import { formatDateTime } from '../../../i18n';
import { lobbyDb } from '../../../offline';
import { gatewayError, json, makeSession } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders } from '../../../../test/render';
import { PosPage } from './pos-page';

const ORG = '00000000-0000-4000-8000-000000000001';
const ROOFTOP = '00000000-0000-4000-8000-0000000000a1';
const BEACH = '00000000-0000-4000-8000-0000000000a2';
const installation = (n: number, ou: string, name: string, extra: Partial<PosInstallation> = {}): PosInstallation => ({
  uuid: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`, orgUuid: ORG, ouUuid: ou, name, deviceAliases: ['Bar 1', 'Bar 2'],
  catalogVersion: 3, syncedCatalogVersion: 3, lastSync: '2026-11-25T18:00:00Z', pending: false, version: 1, ...extra,
});
const rooftop = installation(1, ROOFTOP, 'Rooftop Bar POS');
const beach = installation(2, BEACH, 'Beach Club POS', { catalogVersion: 2, syncedCatalogVersion: 1, pending: true, deviceAliases: [] });
const units = [ROOFTOP, BEACH].map((uuid, i) => ({ uuid, orgUuid: ORG, parentUuid: null, type: 'VENUE', name: i ? 'Beach Club' : 'Rooftop Bar', attributes: {}, version: 1 }));

function gateway() {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
  return fakeGateway((call) => {
    const path = call.path.split('?')[0];
    if (call.method !== 'GET') return new Promise<Response>(() => undefined);
    if (path === `/organization/${ORG}/ous`) return json(200, { data: units });
    if (path === `/ordering/v1/pos-installations/${ORG}`) return json(200, { data: [beach, rooftop] });
    return gatewayError(404, 'not_found', 'Not found');
  });
}

const render = () => renderWithProviders(<PosPage />, { url: `/organization/${ORG}/pos`, path: '/organization/:uuid/pos' });
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

afterEach(async () => {
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
  await lobbyDb().outbox.clear();
});

describe('PosPage', () => {
  it("lists the installations with unit, devices, catalog version and last sync, 'pending' while a reset waits for the sync", async () => {
    gateway();
    render();
    const table = await screen.findByRole('table', { name: 'POS installations' });
    const beachRow = await rowOf('Beach Club POS');
    expect(within(beachRow).getByText('pending')).toBeTruthy();
    await waitFor(() => expect(within(beachRow).getByText('Beach Club')).toBeTruthy());
    const rooftopRow = await rowOf('Rooftop Bar POS');
    expect(within(rooftopRow).queryByText('pending')).toBeNull();
    expect(within(rooftopRow).getByText('Bar 1, Bar 2')).toBeTruthy();
    expect(within(rooftopRow).getByText(formatDateTime('2026-11-25T18:00:00Z'))).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1, name: 'POS configuration' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('POS configuration - Lobby'));
  });

  it('resets a catalog only once confirmed, through the outbox; the row shows pending at once', async () => {
    gateway();
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset catalog of Rooftop Bar POS' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reset catalog' });
    expect(within(dialog).getByText(/Reset the catalog of Rooftop Bar POS\?/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await lobbyDb().outbox.count()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Reset catalog of Rooftop Bar POS' }));
    dialog = await screen.findByRole('dialog', { name: 'Reset catalog' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset catalog' }));
    await waitFor(async () => expect(await lobbyDb().outbox.count()).toBe(1));
    expect(await lobbyDb().outbox.toArray()).toMatchObject([{ method: 'POST', path: `/pos-collector/v1/org/${ORG}/installations/${rooftop.uuid}/catalog/reset` }]);
    const row = await rowOf('Rooftop Bar POS');
    await waitFor(() => expect(within(row).getByText('pending')).toBeTruthy());
    expect(within(row).getByText('Waiting to sync')).toBeTruthy();
    expect(within(row).getByText('4')).toBeTruthy();
  });
});

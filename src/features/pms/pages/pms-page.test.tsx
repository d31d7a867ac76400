import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_STORAGE_KEY } from '../../../api';
import { enqueue, lobbyDb } from '../../../offline';
import { gatewayError, json, makeSession } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders } from '../../../../test/render';
import { PmsPage } from './pms-page';

const ORG = '00000000-0000-4000-8000-000000000001';
const connection = { uuid: '00000000-0000-4000-8000-0000000000c1', orgUuid: ORG, name: 'Opera Main', type: 'OPERA_IFC8_XML', host: 'opera.local', port: 5010, version: 1 };

function signedIn() {
  const session = makeSession();
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  return session;
}

const render = () => renderWithProviders(<PmsPage />, { url: `/organization/${ORG}/pms`, path: '/organization/:uuid/pms' });

afterEach(async () => {
  await lobbyDb().outbox.clear();
  await lobbyDb().drafts.clear();
});

describe('PmsPage', () => {
  it('lists the connections with their type labels', async () => {
    signedIn();
    fakeGateway(() => json(200, { data: [connection] }));
    render();
    const table = await screen.findByRole('table', { name: 'PMS connections' });
    expect(within(table).getByText('OPERA IFC8 XML')).toBeTruthy();
    expect(within(table).getByText('opera.local')).toBeTruthy();
  });

  it("titles the list's error 'Permission Error' when the gateway answers 403", async () => {
    signedIn();
    fakeGateway((call) => (call.path.includes('/refresh') ? json(200, makeSession()) : gatewayError(403, 'forbidden', 'Forbidden')));
    render();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Permission Error')).toBeTruthy();
    expect(within(alert).getByText("You don't have permissions to view this organization")).toBeTruthy();
  });

  it("shows a refused delete with the status and first message, defaulting to 500 and 'An error occurred'", async () => {
    const session = signedIn();
    fakeGateway(() => json(200, { data: [connection] }));
    const base = { method: 'DELETE' as const, path: `/organization/${ORG}/pms-connection/x`, userUuid: session.uuid, orgUuid: ORG, collection: 'pms-connection', label: 'Delete' };
    const refused = await enqueue({ ...base, recordUuid: 'a' });
    const unexplained = await enqueue({ ...base, recordUuid: 'b' });
    await lobbyDb().outbox.update(refused.seq, { status: 'failed', lastStatus: 404, errorMessages: ['Not found', 'Second'], lastError: 'Not found, Second' });
    await lobbyDb().outbox.update(unexplained.seq, { status: 'failed', lastStatus: null, errorMessages: [], lastError: null });
    render();
    expect(await screen.findByText('404: Not found')).toBeTruthy();
    expect(await screen.findByText('500: An error occurred')).toBeTruthy();
    expect(screen.getAllByText('Error Message')).toHaveLength(2);
  });

  it('checks the form before queueing: required fields and the port range, nothing queued', async () => {
    signedIn();
    fakeGateway(() => json(200, { data: [] }));
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add PMS connection' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Port/ }), '70000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Host is required')).toBeTruthy();
    expect(within(dialog).getByText('Select a connection type')).toBeTruthy();
    expect(await lobbyDb().outbox.count()).toBe(0);
  });
});

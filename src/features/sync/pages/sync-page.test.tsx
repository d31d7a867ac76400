import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { connectivity, SESSION_STORAGE_KEY } from '../../../api';
import { drainOutbox, enqueue, listEntries, lobbyDb, startOutboxSync, syncStatus, type DrainDeps, type SyncScheduler } from '../../../offline';
import { empty, gatewayError, json, makeSession } from '../../../../test/fake-gateway';
import { renderWithProviders, verdictWithoutWaiting } from '../../../../test/render';
import { SyncBadge } from '../components/sync-badge';
import { SyncPage } from './sync-page';

const OTHER = '22222222-2222-4222-8222-222222222222';

let scheduler: SyncScheduler | null = null;

afterEach(async () => {
  scheduler?.stop();
  scheduler = null;
  notifications.clean();
  notifications.cleanQueue();
  const db = lobbyDb();
  await Promise.all([db.outbox.clear(), db.outcomes.clear()]);
});

const ORG = '00000000-0000-4000-8000-000000000001';
const RECORD = '00000000-0000-4000-8000-0000000000c1';
const original = { uuid: RECORD, orgUuid: ORG, name: 'Opera Main', type: 'OPERA_IFC8_XML', host: 'opera.local', port: 5010, version: 1 };

/** An edit of a PMS connection the gateway answered 412: someone changed its type and host meanwhile. */
async function conflictingEdit(userUuid: string) {
  const entry = await enqueue({
    method: 'PUT',
    path: `/organization/${ORG}/pms-connection/${RECORD}`,
    body: { name: 'Opera Main', type: 'OPERA_IFC8_XML', host: 'opera.local', port: 9555 },
    ifMatch: 1,
    userUuid,
    orgUuid: ORG,
    label: 'Edit PMS connection "Opera Main"',
    recordUuid: RECORD,
    collection: 'pms-connection',
    original,
  });
  await lobbyDb().outbox.update(entry.seq, { status: 'conflict', theirs: { ...original, type: 'MOCK_PMS_INTERFACE', host: 'theirs.local', version: 2 } });
  return entry;
}

/** The page's replay scheduler as the signed-in frame runs it, sending to `answer`; idle until `go()`. */
function runScheduler(userUuid: string, answer: DrainDeps['fetch']) {
  let ready = false;
  scheduler = startOutboxSync({
    drainDeps: () => (ready ? { baseUrl: '/api', batch: false, userUuid, token: async () => 'token', refresh: async () => null, fetch: answer } : null),
  });
  return { go: () => (ready = true) };
}

const notice = (text: string) => screen.findByText(text);

function signedIn() {
  const session = makeSession();
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  return session;
}

/** One replay against a gateway answering `answer`, as the page's drainer would run it. */
const replay = (userUuid: string, answer: () => Promise<Response>) =>
  drainOutbox({ baseUrl: '/api', batch: false, userUuid, token: async () => 'token', refresh: async () => null, fetch: answer });

describe('SyncPage', () => {
  it('shows a removal the gateway had already done as a recent outcome, not a failure to retry', async () => {
    const me = signedIn();
    await enqueue({ method: 'DELETE', path: '/organization/o/pms-connection/c1', ifMatch: 1, userUuid: me.uuid, label: 'Delete PMS connection "Opera Main"', recordUuid: 'c1' });
    await replay(me.uuid, async () => gatewayError(404, 'not_found', 'PMS connection not found'));
    renderWithProviders(<SyncPage />, { url: '/sync', path: '/sync' });

    expect(await screen.findByText('Every change has reached the gateway.')).toBeTruthy();
    const outcomes = await screen.findByRole('table', { name: 'Recent outcomes' });
    const row = within(outcomes).getByText('Delete PMS connection "Opera Main"').closest('tr') as HTMLElement;
    expect(within(row).getByText('Already removed on the gateway')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();

    await userEvent.setup().click(within(row).getByRole('button', { name: 'Dismiss Delete PMS connection "Opera Main"' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Recent outcomes' })).toBeNull());
  });

  it("says in the interface's words why a change is still waiting, and lists only the signed-in user's changes", async () => {
    const me = signedIn();
    await enqueue({ method: 'POST', path: '/a', body: {}, userUuid: me.uuid, label: 'Create PMS connection "Offline"' });
    await enqueue({ method: 'POST', path: '/b', body: {}, userUuid: OTHER, label: "Someone else's change" });
    await replay(me.uuid, () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await listEntries(me.uuid)).toMatchObject([{ lastError: null, problem: 'unreachable' }]);
    renderWithProviders(<SyncPage />, { url: '/sync', path: '/sync' });

    const table = await screen.findByRole('table', { name: 'Sync' });
    const row = within(table).getByText('Create PMS connection "Offline"').closest('tr') as HTMLElement;
    expect(within(row).getByText('The gateway could not be reached')).toBeTruthy();
    expect(within(table).queryByText("Someone else's change")).toBeNull();
  });

  it('lists an import queued offline by its file and counts, and once the gateway refuses it (succeed false), its message and Retry', async () => {
    const me = signedIn();
    await enqueue({
      method: 'POST',
      path: `/organization/${ORG}/hotel/h1/pms-rate-code/import`,
      userUuid: me.uuid,
      orgUuid: ORG,
      label: 'Import rate codes from rate-codes.csv',
      recordUuid: 'h1',
      collection: 'pms-rate-code-import',
      summary: { items: [{ list: 'rateCodes', change: 'added', count: 2, names: ['OFFLINE01', 'OFFLINE02'] }], fields: [] },
      file: { name: 'rate-codes.csv', type: 'text/csv', bytes: new TextEncoder().encode('Rate Code,Package ID\r\nOFFLINE01,BB\r\n') },
    });
    const refusal = 'Line 2: package BB does not exist in this hotel (nothing was imported)';
    await replay(me.uuid, async () => json(200, { succeed: false, message: refusal }));
    renderWithProviders(<SyncPage />, { url: '/sync', path: '/sync' });

    const table = await screen.findByRole('table', { name: 'Sync' });
    const row = within(table).getByText('Import rate codes from rate-codes.csv').closest('tr') as HTMLElement;
    expect(within(row).getByText('2 rate codes added: OFFLINE01, OFFLINE02')).toBeTruthy();
    expect(within(row).getByText(refusal)).toBeTruthy();
    expect(within(row).getByRole('button', { name: /Retry/ })).toBeTruthy();
  });
});

describe('SyncPage: what a queued change carries', () => {
  it("describes a hotel save by the worker's counts and first names, and an edit by the fields it changes", async () => {
    const me = signedIn();
    await enqueue({
      method: 'PUT',
      path: `/organization/${ORG}/hotel/h1/save`,
      body: {},
      ifMatch: 4,
      userUuid: me.uuid,
      label: 'Save hotel "Harbour View Hotel"',
      recordUuid: 'h1',
      collection: 'hotel-save',
      summary: {
        fields: ['name', 'notificationEmails'],
        items: [
          { list: 'packages', change: 'added', count: 1, names: ['KIDS_SPA'] },
          { list: 'rateCodes', change: 'changed', count: 2, names: ['BAR', 'RACK'] },
          { list: 'rateCodes', change: 'removed', count: 12, names: ['A', 'B', 'C'] },
        ],
      },
    });
    await enqueue({
      method: 'PUT',
      path: `/organization/${ORG}/pms-connection/${RECORD}`,
      body: { name: 'Opera Main', type: 'OPERA_IFC8_XML', host: 'opera2.local', port: 5011 },
      ifMatch: 1,
      userUuid: me.uuid,
      label: 'Edit PMS connection "Opera Main"',
      recordUuid: RECORD,
      collection: 'pms-connection',
      original,
    });
    renderWithProviders(<SyncPage />, { url: '/sync', path: '/sync' });

    const table = await screen.findByRole('table', { name: 'Sync' });
    const hotel = within(table).getByText('Save hotel "Harbour View Hotel"').closest('td') as HTMLElement;
    expect([...hotel.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Save hotel "Harbour View Hotel"',
      'Changes: Hotel name and Notification Emails',
      '1 package added: KIDS_SPA',
      '2 rate codes changed: BAR, RACK',
      '12 rate codes removed: A, B, C and 9 more',
    ]);
    const edit = within(table).getByText('Edit PMS connection "Opera Main"').closest('td') as HTMLElement;
    expect(within(edit).getByText('Changes: Host and Port')).toBeTruthy();
  });
});

describe('SyncPage: retries while the gateway cannot be reached', () => {
  it('holds a change queued during the backoff, and sends at once when the browser is back online', async () => {
    const me = signedIn();
    let up = false;
    const sent: string[] = [];
    const { go } = runScheduler(me.uuid, async (url) => {
      sent.push(url);
      return up ? json(201, {}) : Promise.reject(new TypeError('Failed to fetch'));
    });
    go();
    await enqueue({ method: 'POST', path: '/first', body: {}, userUuid: me.uuid, label: 'First' });
    await waitFor(async () => expect((await listEntries(me.uuid))[0]?.backoff?.failures).toBe(1));
    expect(sent).toEqual(['/api/first']);

    // queued during the backoff: not sent (nor the first again) before it is due
    const second = await enqueue({ method: 'POST', path: '/second', body: {}, userUuid: me.uuid, label: 'Second' });
    await waitFor(async () => expect((await lobbyDb().outbox.get(second.seq))?.attempts).toBe(0));
    await waitFor(() => expect(syncStatus.get()).toMatchObject({ draining: false, lastResult: { stoppedBy: 'waiting' } }));
    expect(sent).toEqual(['/api/first']);

    up = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await listEntries(me.uuid)).toEqual([]));
    expect(sent).toEqual(['/api/first', '/api/first', '/api/second']);
  });
});

describe('SyncPage: a conflict', () => {
  it('names fields by their form labels and values by their labels, in three columns that share the width', async () => {
    const me = signedIn();
    await conflictingEdit(me.uuid);
    renderWithProviders(<SyncPage />, { url: '/sync', path: '/sync' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve conflict' });

    const table = within(dialog).getByRole('table', { name: 'Resolve conflict' });
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Name', 'Type', 'Host', 'Port']);
    expect(within(table).queryByText('type')).toBeNull();
    expect(within(table).queryByText('MOCK_PMS_INTERFACE')).toBeNull();
    expect(within(table).getByText('MOCK (for testing)')).toBeTruthy();
    expect(within(table).getAllByText('OPERA IFC8 XML')).toHaveLength(2);
    // proposed: my port, their type and host
    expect((within(dialog).getByRole('radio', { name: 'Port: Mine 9555' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('radio', { name: 'Type: Theirs MOCK (for testing)' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('radio', { name: 'Host: Original opera.local' }) as HTMLInputElement).checked).toBe(false);
    // a fixed layout: Mine, Theirs and Original each get a quarter of the width, long values wrap
    expect(table.style.getPropertyValue('--table-layout')).toBe('fixed');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Field', 'Mine', 'Theirs', 'Original']);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('says the choice was sent and kept when the gateway cannot be reached, and moves focus on', async () => {
    verdictWithoutWaiting();
    const me = signedIn();
    await conflictingEdit(me.uuid);
    renderWithProviders(<SyncPage />, { url: '/sync', path: '/sync' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve conflict' });
    await user.click(within(dialog).getByRole('button', { name: 'Send my choice' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await listEntries(me.uuid)).toMatchObject([{ status: 'pending', body: { port: 9555, type: 'MOCK_PMS_INTERFACE', host: 'theirs.local' } }]);
    // no replay runs here: the gateway has not answered within the wait
    expect(await notice('Conflict resolved: your choice was sent, and the gateway has not confirmed it yet. The Sync page shows when it is applied.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Sync' })));
  });

  it("says so when the operator keeps theirs", async () => {
    const me = signedIn();
    await conflictingEdit(me.uuid);
    renderWithProviders(<SyncPage />, { url: '/sync', path: '/sync' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resolve' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Resolve conflict' })).getByRole('button', { name: 'Keep theirs' }));
    expect(await notice('Kept their version: your change was discarded')).toBeTruthy();
    expect(await listEntries(me.uuid)).toEqual([]);
  });
});

describe('SyncPage: discarding, ages and Sync now', () => {
  const change = (userUuid: string, label: string) => enqueue({ method: 'POST', path: '/organization/o/pms-connection', body: {}, userUuid, label });

  it("asks first, opening on Cancel; once discarded says so and moves focus to the next change's first action, then to the heading", async () => {
    const me = signedIn();
    await change(me.uuid, 'First change');
    await change(me.uuid, 'Second change');
    renderWithProviders(<SyncPage />, { url: '/sync', path: '/sync' });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Sync' });
    const firstRow = within(table).getByText('First change').closest('tr') as HTMLElement;
    await user.click(within(firstRow).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this change?' });
    expect(within(dialog).getByText('"First change" has not reached the gateway. Discarding it removes it from this browser for good: this cannot be undone.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));
    await user.click(within(dialog).getByRole('button', { name: 'Discard change' }));

    const discarded = await notice('Discarded: "First change"');
    // the notice's close button has a name too
    expect(within(discarded.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Close' })).toBeTruthy();
    const secondRow = screen.getByText('Second change').closest('tr') as HTMLElement;
    await waitFor(() => expect(document.activeElement).toBe(within(secondRow).getByRole('button', { name: 'Discard' })));
    await waitFor(() => expect(screen.queryByText('First change')).toBeNull());

    await user.click(within(secondRow).getByRole('button', { name: 'Discard' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard this change?' })).getByRole('button', { name: 'Discard change' }));
    expect(await screen.findByText('Every change has reached the gateway.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Sync' })));
  });

  it('says how long ago a change was queued in words, with the date and time itself', async () => {
    const me = signedIn();
    const entry = await change(me.uuid, 'Older change');
    const created = Date.now() - 2 * 60_000 - 5_000;
    await lobbyDb().outbox.update(entry.seq, { created });
    renderWithProviders(<SyncPage />, { url: '/sync', path: '/sync' });
    const age = await screen.findByText('2 minutes ago');
    expect(age.tagName).toBe('TIME');
    expect(age.getAttribute('title')).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);
    expect(within(screen.getByRole('table', { name: 'Sync' })).getByRole('columnheader', { name: 'Queued' })).toBeTruthy();
  });

  it("says what 'Sync now' sent", async () => {
    const me = signedIn();
    const { go } = runScheduler(me.uuid, async () => json(201, {}));
    await change(me.uuid, 'One');
    await change(me.uuid, 'Two');
    renderWithProviders(<SyncPage />, { url: '/sync', path: '/sync' });
    go();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(await notice('Sent 2 changes to the gateway')).toBeTruthy();
    expect(await screen.findByText('Every change has reached the gateway.')).toBeTruthy();
  });

  it("says when 'Sync now' had nothing to send", async () => {
    const me = signedIn();
    const { go } = runScheduler(me.uuid, async () => empty(204));
    renderWithProviders(<SyncPage />, { url: '/sync', path: '/sync' });
    go();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(await notice('Nothing to send: every change has reached the gateway')).toBeTruthy();
  });

  it("says when 'Sync now' found the gateway unreachable, and how many changes wait", async () => {
    const me = signedIn();
    const { go } = runScheduler(me.uuid, () => Promise.reject(new TypeError('Failed to fetch')));
    await change(me.uuid, 'Only one');
    renderWithProviders(<SyncPage />, { url: '/sync', path: '/sync' });
    go();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(await notice('The gateway could not be reached: 1 change waits in this browser')).toBeTruthy();
  });

  it("says what 'Sync now' sent and what was refused", async () => {
    const me = signedIn();
    let calls = 0;
    const { go } = runScheduler(me.uuid, async () => (++calls === 1 ? json(201, {}) : gatewayError(422, 'validation', 'Host is not allowed', 'host')));
    await change(me.uuid, 'Accepted');
    await change(me.uuid, 'Refused');
    renderWithProviders(<SyncPage />, { url: '/sync', path: '/sync' });
    go();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(await notice('Sent 1 change to the gateway')).toBeTruthy();
    expect(await notice('1 change was refused: see its error below')).toBeTruthy();
  });
});

describe('SyncBadge', () => {
  // a test above found the gateway unreachable: the badge would also say Offline
  beforeEach(() => connectivity.reportSuccess());

  it('is named by the words it shows when nothing waits, and describes every count', async () => {
    signedIn();
    renderWithProviders(<SyncBadge />);
    const link = await screen.findByRole('link', { name: 'All changes saved', description: 'Sync status: 0 pending, 0 failed, 0 conflicts' });
    expect(link.getAttribute('href')).toBe('/sync');
  });

  it('claims nothing until the queue is read: no "All changes saved" over changes still waiting', async () => {
    const me = signedIn();
    await enqueue({ method: 'POST', path: '/waiting', body: {}, userUuid: me.uuid, label: 'Waiting' });
    renderWithProviders(<SyncBadge />);
    // the first paint, before IndexedDB answers
    const first = screen.getByRole('link', { description: 'Sync status: reading the changes kept in this browser' });
    expect(within(first).queryByText('All changes saved')).toBeNull();
    expect(await screen.findByRole('link', { name: '1 pending', description: 'Sync status: 1 pending, 0 failed, 0 conflicts' })).toBeTruthy();
  });

  it("counts conflicts in the right plural form, and leaves out what there is none of", async () => {
    const me = signedIn();
    await conflictingEdit(me.uuid);
    renderWithProviders(<SyncBadge />);
    // its name is the words it shows (label in name), every count is its description
    const link = await screen.findByRole('link', { name: '1 conflict', description: 'Sync status: 0 pending, 0 failed, 1 conflict' });
    expect(within(link).getByText('1 conflict')).toBeTruthy();
    expect(within(link).queryByText(/pending|failed/)).toBeNull();
  });
});

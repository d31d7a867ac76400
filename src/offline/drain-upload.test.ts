import { describe, expect, it } from 'vitest';
import { OUTBOX_BATCH_PATH, type BatchChange, type BatchResult } from '../domain';
import { outboxDatabases } from '../../test/outbox-db';
import type { LobbyDatabase } from './db';
import { drainOutbox, type DrainDeps } from './drain';
import { enqueue, listEntries, retryEntry } from './outbox';

const ME = '11111111-1111-4111-8111-111111111111';
const HOTEL = 'hotel-1';
const IMPORT_PATH = `/organization/org-1/hotel/${HOTEL}/pms-rate-code/import`;
const CSV = 'Rate Code,Package ID\r\nBAR,BB\r\nRACK,DINNER\r\n';
const fresh = outboxDatabases('drain-upload-test');
let db: LobbyDatabase;
const open = () => (db = fresh());

/** What the gateway received: a batch (its changes' paths) or one request alone (its path, key, content type and file). */
type Seen =
  | { batch: string[] }
  | { alone: string; key: string | undefined; contentType: string | undefined; file: { field: string; name: string; type: string; text: string } | null; json: unknown };

function gateway(answer: (path: string) => BatchResult, options: { lose?: () => boolean } = {}) {
  const seen: Seen[] = [];
  const fetch: DrainDeps['fetch'] = async (url, init) => {
    const headers = init.headers as Record<string, string>;
    const path = url.replace('/api', '');
    if (path === OUTBOX_BATCH_PATH) {
      const { changes } = JSON.parse(String(init.body)) as { changes: BatchChange[] };
      seen.push({ batch: changes.map((change) => change.path) });
      return Response.json({ results: changes.map((change) => answer(change.path)) });
    }
    let file: Extract<Seen, { alone: string }>['file'] = null;
    let json: unknown = null;
    if (init.body instanceof FormData) {
      const [field, value] = [...init.body.entries()][0] ?? [];
      if (typeof value === 'object' && value !== null) file = { field: String(field), name: value.name, type: value.type, text: await value.text() };
    } else if (typeof init.body === 'string') json = JSON.parse(init.body);
    seen.push({ alone: path, key: headers['Idempotency-Key'], contentType: headers['Content-Type'], file, json });
    if (options.lose?.() === true) throw new TypeError('Failed to fetch');
    const result = answer(path);
    return Response.json(result.body ?? {}, { status: result.status });
  };
  return { fetch, seen };
}

const deps = (fetch: DrainDeps['fetch']): DrainDeps => ({ db, baseUrl: '/api', userUuid: ME, token: async () => 'token', refresh: async () => 'token', fetch });

const change = (n: number, recordUuid: string | null = null) =>
  enqueue({ method: 'POST', path: `/things/${n}`, body: { n }, userUuid: ME, label: `change ${n}`, recordUuid }, db);

const upload = () =>
  enqueue(
    {
      method: 'POST',
      path: IMPORT_PATH,
      userUuid: ME,
      orgUuid: 'org-1',
      label: 'Import rate codes from codes.csv',
      recordUuid: HOTEL,
      collection: 'rate-code-import',
      file: { name: 'codes.csv', type: 'text/csv', bytes: new TextEncoder().encode(CSV) },
    },
    db,
  );

const imported = (): BatchResult => ({ status: 200, body: { succeed: true, message: '2 rate codes imported with 2 packages: 2 added, 0 changed, 0 removed, 0 kept.', imported: 2 } });
const created = (): BatchResult => ({ status: 201, body: { version: 1 } });

describe('drainOutbox with a queued upload', () => {
  it('sends the file alone as multipart (field file, its name, type and bytes) with its key, between the batches before and after it', async () => {
    open();
    await change(1);
    await change(2);
    const queued = await upload();
    await change(3, HOTEL);
    await change(4);
    const { fetch, seen } = gateway((path) => (path === IMPORT_PATH ? imported() : created()));

    expect(await drainOutbox(deps(fetch))).toEqual({ stoppedBy: 'empty', applied: 5, failed: 0, conflicts: 0 });
    expect(seen).toEqual([
      { batch: ['/things/1', '/things/2'] },
      { alone: IMPORT_PATH, key: queued.idempotencyKey, contentType: undefined, file: { field: 'file', name: 'codes.csv', type: 'text/csv', text: CSV }, json: null },
      { batch: ['/things/3', '/things/4'] },
    ]);
    expect(await listEntries(ME, db)).toEqual([]);
  });

  it('one change at a time (a gateway without the batch route) keeps the same order and the multipart body', async () => {
    open();
    await change(1);
    const queued = await upload();
    await change(2);
    const { fetch, seen } = gateway((path) => (path === IMPORT_PATH ? imported() : created()));

    expect((await drainOutbox({ ...deps(fetch), batch: false })).applied).toBe(3);
    expect(seen.map((item) => ('alone' in item ? item.alone : 'batch'))).toEqual(['/things/1', IMPORT_PATH, '/things/2']);
    expect(seen[1]).toMatchObject({ key: queued.idempotencyKey, file: { name: 'codes.csv', text: CSV } });
  });

  it('sends it again with the same Idempotency-Key after a lost answer, and the same bytes', async () => {
    open();
    const queued = await upload();
    let lose = true;
    const { fetch, seen } = gateway(imported, { lose: () => lose });

    expect((await drainOutbox(deps(fetch))).stoppedBy).toBe('network');
    expect(await listEntries(ME, db)).toMatchObject([{ status: 'pending', problem: 'unreachable', file: { name: 'codes.csv' } }]);
    lose = false;
    expect((await drainOutbox(deps(fetch))).applied).toBe(1);
    expect(seen.map((item) => ('alone' in item ? [item.key, item.file?.text] : null))).toEqual([
      [queued.idempotencyKey, CSV],
      [queued.idempotencyKey, CSV],
    ]);
  });

  it('an import the gateway refuses (succeed false) fails with its message; the hotel change behind it waits, the others go', async () => {
    open();
    await upload();
    await change(1, HOTEL);
    await change(2);
    const refusal = 'Line 3: package DINNER does not exist in this hotel (nothing was imported)';
    const { fetch, seen } = gateway((path) => (path === IMPORT_PATH ? { status: 200, body: { succeed: false, message: refusal } } : created()));

    expect(await drainOutbox(deps(fetch))).toEqual({ stoppedBy: 'empty', applied: 1, failed: 1, conflicts: 0 });
    expect(seen.map((item) => ('alone' in item ? item.alone : item.batch))).toEqual([IMPORT_PATH, ['/things/2']]);
    const left = await listEntries(ME, db);
    expect(left.map((entry) => [entry.label, entry.status, entry.lastError])).toEqual([
      ['Import rate codes from codes.csv', 'failed', refusal],
      ['change 1', 'pending', null],
    ]);

    // Retry sends it with a fresh key (the refused one is stored at the gateway); then the hotel change follows
    const { fetch: again, seen: seenAgain } = gateway((path) => (path === IMPORT_PATH ? imported() : created()));
    const first = left[0];
    if (first === undefined) throw new Error('no entry');
    await retryEntry(first.seq, db);
    expect((await drainOutbox(deps(again))).applied).toBe(2);
    expect(seenAgain.map((item) => ('alone' in item ? item.key : item.batch))).toEqual([expect.not.stringMatching(first.idempotencyKey), ['/things/1']]);
  });

  it('waits and sends it again later when another import of the hotel runs (409)', async () => {
    open();
    await upload();
    const { fetch } = gateway(() => ({ status: 409, body: { errors: [{ code: 'conflict', message: 'Another import of this hotel is running' }] } }));
    expect((await drainOutbox(deps(fetch))).stoppedBy).toBe('server');
    expect(await listEntries(ME, db)).toMatchObject([{ status: 'pending', backoff: { failures: 1 } }]);
  });
});

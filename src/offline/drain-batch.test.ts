import { describe, expect, it } from 'vitest';
import { OUTBOX_BATCH_PATH, type BatchChange, type BatchResult } from '../domain';
import { outboxDatabases } from '../../test/outbox-db';
import type { LobbyDatabase } from './db';
import { drainOutbox, type DrainDeps } from './drain';
import { loadDraft } from './drafts';
import { enqueue, listEntries } from './outbox';

const ME = '11111111-1111-4111-8111-111111111111';
const fresh = outboxDatabases('drain-batch-test');
let db: LobbyDatabase;
const open = () => (db = fresh());

interface Request {
  url: string;
  token: string;
  changes: BatchChange[] | null;
}

/**
 * A gateway answering each change with `answer` (alone or in a batch); `batchRoute` false answers the
 * batch route 404, as a gateway of before it did.
 */
function gateway(answer: (change: { method: string; path: string; body: unknown }) => BatchResult, options: { batchRoute?: boolean; token?: () => string } = {}) {
  const requests: Request[] = [];
  const fetch: DrainDeps['fetch'] = async (url, init) => {
    const headers = init.headers as Record<string, string>;
    const token = headers.Authorization?.replace('Bearer ', '') ?? '';
    const body = init.body === undefined ? null : (JSON.parse(String(init.body)) as unknown);
    if (url === `/api${OUTBOX_BATCH_PATH}`) {
      requests.push({ url, token, changes: (body as { changes: BatchChange[] }).changes });
      if (options.batchRoute === false) return Response.json({ errors: [{ code: 'not_found', message: 'Not found' }] }, { status: 404 });
      if (options.token && token !== options.token()) return Response.json({ errors: [{ code: 'auth.unauthenticated', message: 'Sign in again' }] }, { status: 401 });
      const changes = (body as { changes: BatchChange[] }).changes;
      return Response.json({ results: changes.map((change) => answer({ method: change.method, path: change.path, body: change.body })) });
    }
    requests.push({ url, token, changes: null });
    const result = answer({ method: String(init.method), path: url.replace('/api', ''), body });
    return Response.json(result.body ?? {}, { status: result.status });
  };
  return { fetch, requests };
}

const deps = (fetch: DrainDeps['fetch'], extra: Partial<DrainDeps> = {}): DrainDeps => ({
  db,
  baseUrl: '/api',
  userUuid: ME,
  token: async () => 'token-1',
  refresh: async () => 'token-2',
  fetch,
  ...extra,
});

const ok = (): BatchResult => ({ status: 201, body: { version: 1 } });

async function queue(count: number, body: (index: number) => unknown = (index) => ({ n: index })) {
  for (let index = 0; index < count; index += 1) await enqueue({ method: 'POST', path: `/things`, body: body(index), userUuid: ME, label: `change ${index}` }, db);
}

describe('drainOutbox in batches', () => {
  it('sends the queue in batches bounded by count, in order', async () => {
    open();
    await queue(7);
    const { fetch, requests } = gateway(ok);
    expect(await drainOutbox(deps(fetch, { batch: { maxChanges: 3 } }))).toEqual({ stoppedBy: 'empty', applied: 7, failed: 0, conflicts: 0 });
    expect(requests.map((request) => request.changes?.map((change) => (change.body as { n: number }).n))).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(await listEntries(ME, db)).toEqual([]);
  });

  it("moves a record's later changes, queued over the version an applied change was sent over, to the version it answered, across batches", async () => {
    open();
    // four edits of record r made over version 1 (and one of s over version 5), in batches of two
    for (const name of ['r1', 'r2', 'r3', 'r4']) await enqueue({ method: 'PUT', path: '/things/r', body: { name }, ifMatch: 1, userUuid: ME, label: name, recordUuid: 'r' }, db);
    await enqueue({ method: 'PUT', path: '/things/s', body: { name: 's1' }, ifMatch: 5, userUuid: ME, label: 's1', recordUuid: 's' }, db);
    let version = 1;
    const { fetch, requests } = gateway((change) => ({ status: 200, body: { version: change.path === '/things/r' ? (version += 1) : 6 } }));
    expect(await drainOutbox(deps(fetch, { batch: { maxChanges: 2 } }))).toEqual({ stoppedBy: 'empty', applied: 5, failed: 0, conflicts: 0 });
    // inside a batch the gateway follows (after, rebase); the next batch starts from the version answered
    expect(requests.map((request) => request.changes?.map((change) => [change.headers['If-Match'], change.rebase ?? false]))).toEqual([
      [['"1"', false], ['"1"', true]],
      [['"3"', false], ['"3"', true]],
      [['"5"', false]],
    ]);
  });

  it('bounds a batch by bytes; a change larger than the bound goes alone, in its place', async () => {
    open();
    await queue(5, (index) => ({ n: index, text: 'x'.repeat(index === 3 ? 2000 : 300) }));
    const { fetch, requests } = gateway(ok);
    expect((await drainOutbox(deps(fetch, { batch: { maxBytes: 1000 } }))).applied).toBe(5);
    expect(requests.map((request) => request.changes?.map((change) => (change.body as { n: number }).n) ?? 'alone')).toEqual([[0, 1], [2], 'alone', [4]]);
  });

  it('carries each change with its own Idempotency-Key, If-Match and made-at', async () => {
    open();
    await enqueue({ method: 'PUT', path: '/things/a', body: { name: 'a' }, ifMatch: 3, userUuid: ME, label: 'a', recordUuid: 'a' }, db);
    await enqueue({ method: 'DELETE', path: '/things/b', ifMatch: 2, userUuid: ME, label: 'b', recordUuid: 'b' }, db);
    const [a, b] = await listEntries(ME, db);
    const { fetch, requests } = gateway(() => ({ status: 200, body: { version: 4 } }));
    await drainOutbox(deps(fetch));
    expect(requests[0]?.changes).toEqual([
      // the outbox reads no more of an answer than its version: every change asks for the minimal answer
      { method: 'PUT', path: '/things/a', body: { name: 'a' }, headers: { 'Idempotency-Key': a?.idempotencyKey, 'If-Match': '"3"', 'X-Made-At': new Date(a?.created ?? 0).toISOString(), Prefer: 'return=minimal' } },
      { method: 'DELETE', path: '/things/b', headers: { 'Idempotency-Key': b?.idempotencyKey, 'If-Match': '"2"', 'X-Made-At': new Date(b?.created ?? 0).toISOString(), Prefer: 'return=minimal' } },
    ]);
  });

  it('goes on past a refused change; the later change of its record waits behind it, and the refused one goes back to its form', async () => {
    open();
    const draft = { userUuid: ME, orgUuid: null, kind: 'thing', recordId: 'r' };
    await enqueue({ method: 'PUT', path: '/things/r', body: { name: 'bad' }, ifMatch: 1, userUuid: ME, label: 'refused', recordUuid: 'r', draft }, db);
    await enqueue({ method: 'PUT', path: '/things/r', body: { name: 'later' }, ifMatch: 1, userUuid: ME, label: 'behind it', recordUuid: 'r' }, db);
    await enqueue({ method: 'PUT', path: '/things/s', body: { name: 'other' }, ifMatch: 1, userUuid: ME, label: 'unrelated', recordUuid: 's' }, db);
    const { fetch, requests } = gateway((change) =>
      (change.body as { name: string }).name === 'bad' ? { status: 400, body: { errors: [{ code: 'validation', message: 'Name is not allowed' }] } } : { status: 200, body: { version: 2 } },
    );
    // the gateway holds the follower back (424), as the real one does for `after`
    const holding: DrainDeps['fetch'] = async (url, init) => {
      const response = await fetch(url, init);
      if (url !== `/api${OUTBOX_BATCH_PATH}`) return response;
      const { results } = (await response.json()) as { results: BatchResult[] };
      const { changes } = JSON.parse(String(init.body)) as { changes: BatchChange[] };
      return Response.json({ results: results.map((result, index) => (changes[index]?.after === 0 ? { status: 424, body: { errors: [] } } : result)) });
    };
    expect(await drainOutbox(deps(holding))).toEqual({ stoppedBy: 'empty', applied: 1, failed: 1, conflicts: 0 });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.changes?.map((change) => change.after)).toEqual([undefined, 0, undefined]);
    const left = await listEntries(ME, db);
    expect(left.map((entry) => [entry.label, entry.status])).toEqual([
      ['refused', 'failed'],
      ['behind it', 'pending'],
    ]);
    expect(left[0]?.lastError).toBe('Name is not allowed');
    expect((await loadDraft(draft, db))?.error).toBe('Name is not allowed');
    // it keeps waiting while the refused change is there
    expect((await drainOutbox(deps(holding))).applied).toBe(0);
    expect(requests).toHaveLength(1);
  });

  it('refreshes the session once on a 401 to the batch and sends it again', async () => {
    open();
    await queue(2);
    let live = 'token-1';
    const { fetch, requests } = gateway(ok, { token: () => live });
    live = 'token-2';
    expect(await drainOutbox(deps(fetch))).toMatchObject({ stoppedBy: 'empty', applied: 2 });
    expect(requests.map((request) => request.token)).toEqual(['token-1', 'token-2']);
  });

  it('falls back to one change per request when the gateway has no batch route (404), and remembers it', async () => {
    open();
    await queue(3);
    const { fetch, requests } = gateway(ok, { batchRoute: false });
    expect(await drainOutbox(deps(fetch))).toEqual({ stoppedBy: 'empty', applied: 3, failed: 0, conflicts: 0 });
    expect(requests.map((request) => (request.changes === null ? request.url : 'batch'))).toEqual(['batch', '/api/things', '/api/things', '/api/things']);
    await queue(1);
    await drainOutbox(deps(fetch));
    expect(requests.slice(4).map((request) => (request.changes === null ? request.url : 'batch'))).toEqual(['/api/things']);
  });

  it('keeps the whole batch with a backoff when its answer is lost, and sends it again with the same keys', async () => {
    open();
    await queue(3);
    const { fetch, requests } = gateway(ok);
    let lose = true;
    const lossy: DrainDeps['fetch'] = async (url, init) => {
      const response = await fetch(url, init);
      if (lose) {
        lose = false;
        throw new TypeError('Failed to fetch');
      }
      return response;
    };
    const first = await drainOutbox(deps(lossy));
    expect(first.stoppedBy).toBe('network');
    expect((await listEntries(ME, db)).map((entry) => [entry.status, entry.problem, entry.backoff?.failures])).toEqual([
      ['pending', 'unreachable', 1],
      ['pending', 'unreachable', 1],
      ['pending', 'unreachable', 1],
    ]);
    expect(await drainOutbox(deps(lossy, { trigger: 'reachable' }))).toMatchObject({ stoppedBy: 'empty', applied: 3 });
    // the same keys and bodies (now also marked as having waited for the gateway: not part of the request's identity)
    const identity = (changes: BatchChange[] | null | undefined) => changes?.map((change) => [change.headers['Idempotency-Key'], change.body]);
    expect(identity(requests[1]?.changes)).toEqual(identity(requests[0]?.changes));
    expect(requests[1]?.changes?.map((change) => change.headers['X-Made-Offline'])).toEqual(['1', '1', '1']);
  });
});

import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../domain';
import { t } from '../i18n';
import { LobbyDatabase } from './db';
import { describeOutboxError, describeRefusal } from './describe';
import { drainOutbox, nextToSend, type DrainDeps } from './drain';
import { loadDraft, saveDraft } from './drafts';
import { listOutcomes } from './outcomes';
import { enqueue, listEntries, resolveConflict, retryEntry, setOfflineProbe, whenSettled } from './outbox';
import type { DraftScope, OutboxEntry } from './records';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
let db: LobbyDatabase;
let counter = 0;

afterEach(async () => {
  db?.close();
});

function open() {
  db = new LobbyDatabase(`drain-test-${(counter += 1)}`, { indexedDB, IDBKeyRange });
  return db;
}

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

function deps(answer: (sent: Sent, index: number) => Response | Promise<Response>, extra: Partial<DrainDeps> = {}) {
  const sent: Sent[] = [];
  const base: DrainDeps = {
    db,
    baseUrl: '/api',
    userUuid: ME,
    token: async () => 'token-1',
    refresh: async () => 'token-2',
    // one request per change: how each answer is settled (drain-batch.test.ts sends the same in batches)
    batch: false,
    fetch: async (url, init) => {
      const entry = { method: String(init.method), url, headers: init.headers as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : null };
      sent.push(entry);
      return answer(entry, sent.length - 1);
    },
    ...extra,
  };
  return { deps: base, sent };
}

const error = (status: number, message: string, code = 'x') => Response.json({ errors: [{ code, message }] }, { status });

describe('drainOutbox', () => {
  it('sends in order with the Idempotency-Key, If-Match, bearer token and user, and removes what was applied', async () => {
    open();
    await enqueue({ method: 'POST', path: '/a', body: { n: 1 }, userUuid: ME, label: 'one' }, db);
    await enqueue({ method: 'PUT', path: '/a/1', body: { n: 2 }, ifMatch: 3, userUuid: ME, label: 'two' }, db);
    const [first, second] = await listEntries(ME, db);
    const { deps: d, sent } = deps(() => Response.json({ version: 4 }, { status: 200 }));
    expect(await drainOutbox(d)).toEqual({ stoppedBy: 'empty', applied: 2, failed: 0, conflicts: 0 });
    expect(sent.map((s) => [s.method, s.url])).toEqual([
      ['POST', '/api/a'],
      ['PUT', '/api/a/1'],
    ]);
    expect(sent[0]?.headers['Idempotency-Key']).toBe(first?.idempotencyKey);
    expect(sent[1]?.headers['Idempotency-Key']).toBe(second?.idempotencyKey);
    // the outbox reads no more of an answer than its version
    expect(sent[0]?.headers.Prefer).toBe('return=minimal');
    expect(sent[1]?.headers['If-Match']).toBe('"3"');
    expect(sent[0]?.headers.Authorization).toBe('Bearer token-1');
    expect(sent[0]?.headers['X-Lobby-User']).toBe(ME);
    expect(await listEntries(ME, db)).toEqual([]);
  });

  it('tells the gateway when each change was made, and that it was made offline or waited for the gateway', async () => {
    open();
    setOfflineProbe(() => true);
    try {
      await enqueue({ method: 'POST', path: '/made-offline', body: {}, userUuid: ME, label: 'offline' }, db);
    } finally {
      setOfflineProbe(() => false);
    }
    await enqueue({ method: 'POST', path: '/made-online', body: {}, userUuid: ME, label: 'online' }, db);
    const [offline, online] = await listEntries(ME, db);
    const { deps: d, sent } = deps(() => Response.json({}, { status: 201 }));
    await drainOutbox(d);
    expect(sent[0]?.headers['X-Made-At']).toBe(new Date(offline?.created ?? 0).toISOString());
    expect(sent[0]?.headers['X-Made-Offline']).toBe('1');
    expect(sent[1]?.headers['X-Made-At']).toBe(new Date(online?.created ?? 0).toISOString());
    expect(sent[1]?.headers['X-Made-Offline']).toBeUndefined();

    // made online, but the gateway could not be reached when it was sent: it is replayed as offline
    await enqueue({ method: 'POST', path: '/cut', body: {}, userUuid: ME, label: 'cut' }, db);
    const cut = deps((_sent, index) => (index === 0 ? Promise.reject(new TypeError('Failed to fetch')) : Response.json({}, { status: 201 })));
    await drainOutbox(cut.deps);
    await drainOutbox(cut.deps);
    expect(cut.sent.map((one) => one.headers['X-Made-Offline'])).toEqual([undefined, '1']);
    setOfflineProbe(null);
  });

  it("never sends another user's entries", async () => {
    open();
    await enqueue({ method: 'POST', path: '/theirs', body: {}, userUuid: OTHER, label: 'theirs' }, db);
    const { deps: d, sent } = deps(() => Response.json({}, { status: 201 }));
    expect((await drainOutbox(d)).applied).toBe(0);
    expect(sent).toEqual([]);
    expect(await listEntries(OTHER, db)).toHaveLength(1);
  });

  it('keeps the entry and stops on no network, 5xx, 429 and a busy key, with the same key next time', async () => {
    for (const answer of [() => Promise.reject(new TypeError('Failed to fetch')), () => error(503, 'down'), () => error(429, 'slow down'), () => error(409, 'busy', 'idempotency.key_reused')]) {
      open();
      await enqueue({ method: 'POST', path: '/a', body: {}, userUuid: ME, label: 'one' }, db);
      await enqueue({ method: 'POST', path: '/b', body: {}, userUuid: ME, label: 'two' }, db);
      const { deps: d, sent } = deps(answer);
      const result = await drainOutbox(d);
      expect(['network', 'server']).toContain(result.stoppedBy);
      expect(sent).toHaveLength(1); // the second waits behind the first
      const [entry] = await listEntries(ME, db);
      expect(entry).toMatchObject({ status: 'pending', attempts: 1 });
      db.close();
    }
  });

  it('keeps a backoff on a change the gateway did not answer: automatic triggers wait it out, a return of connectivity sends at once', async () => {
    open();
    let now = 10_000;
    await enqueue({ method: 'POST', path: '/a', body: {}, userUuid: ME, label: 'one' }, db);
    const down = deps(() => Promise.reject(new TypeError('Failed to fetch')), { now: () => now, online: () => true });
    const first = await drainOutbox({ ...down.deps, trigger: 'queued' });
    const [entry] = await listEntries(ME, db);
    expect(entry?.backoff).toMatchObject({ failures: 1 });
    expect(first).toMatchObject({ stoppedBy: 'network', retryAt: entry?.backoff?.until });
    expect(first.retryAt! - now).toBeGreaterThanOrEqual(1_600);
    expect(first.retryAt! - now).toBeLessThanOrEqual(2_000);

    // a change queued, the tab shown, a worker starting: nothing is sent before the backoff is due
    for (const trigger of ['queued', 'visible', 'start', 'worker'] as const) {
      expect(await drainOutbox({ ...down.deps, trigger })).toMatchObject({ stoppedBy: 'waiting', retryAt: entry?.backoff?.until });
    }
    expect(down.sent).toHaveLength(1);
    now = entry?.backoff?.until ?? now;
    expect((await drainOutbox({ ...down.deps, trigger: 'timer' })).stoppedBy).toBe('network');
    expect(down.sent).toHaveLength(2);
    const [again] = await listEntries(ME, db);
    expect(again?.backoff?.failures).toBe(2);
    expect(again?.backoff?.until).toBeGreaterThan(now + 3_000);

    // the browser offline: automatic triggers send nothing, and say no time (its 'online' event sends)
    const offline = deps(() => Response.json({}, { status: 201 }), { now: () => now + 60_000, online: () => false });
    expect(await drainOutbox({ ...offline.deps, trigger: 'timer' })).toEqual({ stoppedBy: 'waiting', applied: 0, failed: 0, conflicts: 0 });
    expect(offline.sent).toHaveLength(0);
    // connectivity is back: sent at once, although the backoff still runs
    const back = deps(() => Response.json({}, { status: 201 }), { now: () => now, online: () => true });
    expect(await drainOutbox({ ...back.deps, trigger: 'reachable' })).toEqual({ stoppedBy: 'empty', applied: 1, failed: 0, conflicts: 0 });
  });

  it('refreshes once on 401 and sends again with the new token; a second 401 stops without losing the entry', async () => {
    open();
    await enqueue({ method: 'POST', path: '/a', body: {}, userUuid: ME, label: 'one' }, db);
    const ok = deps((sent) => (sent.headers.Authorization === 'Bearer token-2' ? Response.json({}, { status: 201 }) : error(401, 'expired')));
    expect((await drainOutbox(ok.deps)).applied).toBe(1);
    expect(ok.sent.map((s) => s.headers.Authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);

    await enqueue({ method: 'POST', path: '/b', body: {}, userUuid: ME, label: 'two' }, db);
    const refused = deps(() => error(401, 'expired'));
    expect((await drainOutbox(refused.deps)).stoppedBy).toBe('auth');
    expect(await listEntries(ME, db)).toMatchObject([{ status: 'pending', lastStatus: 401 }]);
  });

  it('marks a 412 as a conflict with the current record, and goes on with other records', async () => {
    open();
    const current = { uuid: 'r1', name: 'Theirs', version: 5 };
    await enqueue({ method: 'PUT', path: '/r/r1', body: { name: 'Mine' }, ifMatch: 4, userUuid: ME, label: 'edit r1', recordUuid: 'r1' }, db);
    await enqueue({ method: 'PUT', path: '/r/r1', body: { name: 'Mine again' }, ifMatch: 4, userUuid: ME, label: 'edit r1 again', recordUuid: 'r1' }, db);
    await enqueue({ method: 'POST', path: '/r', body: { uuid: 'r2' }, userUuid: ME, label: 'create r2', recordUuid: 'r2' }, db);
    const { deps: d, sent } = deps((s) => (s.url === '/api/r/r1' ? Response.json({ errors: [{ code: 'version_mismatch', message: 'Changed' }], current }, { status: 412 }) : Response.json({ version: 1 }, { status: 201 })));
    expect(await drainOutbox(d)).toEqual({ stoppedBy: 'empty', applied: 1, failed: 0, conflicts: 1 });
    // the second edit of r1 waits behind the conflict; r2 went on
    expect(sent.map((s) => s.url)).toEqual(['/api/r/r1', '/api/r']);
    const left = await listEntries(ME, db);
    expect(left.map((e) => [e.label, e.status])).toEqual([
      ['edit r1', 'conflict'],
      ['edit r1 again', 'pending'],
    ]);
    expect(left[0]?.theirs).toEqual(current);
  });

  it('marks other 4xx as failed with the messages joined, returns the data to its draft, and a retry uses a fresh key', async () => {
    open();
    const draft: DraftScope = { userUuid: ME, orgUuid: 'org', kind: 'pms-connection', recordId: 'new' };
    await enqueue({ method: 'POST', path: '/a', body: { name: '' }, userUuid: ME, label: 'bad', draft }, db);
    const { deps: d } = deps(() => Response.json({ errors: [{ code: 'validation', message: 'Name is required' }, { code: 'validation', message: 'Host is required' }] }, { status: 400 }));
    expect((await drainOutbox(d)).failed).toBe(1);
    const [failed] = await listEntries(ME, db);
    expect(failed).toMatchObject({ status: 'failed', lastStatus: 400, lastError: 'Name is required, Host is required', errorMessages: ['Name is required', 'Host is required'] });
    expect(await loadDraft(draft, db)).toMatchObject({ value: { name: '' }, error: 'Name is required, Host is required' });

    // saving the form again replaces the refused change
    await enqueue({ method: 'POST', path: '/a', body: { name: 'Fixed' }, userUuid: ME, label: 'fixed', draft }, db);
    expect((await listEntries(ME, db)).map((e) => [e.label, e.status])).toEqual([['fixed', 'pending']]);
    await db.outbox.put({ ...(failed as OutboxEntry) });

    await retryEntry((failed as OutboxEntry).seq, db);
    const [retried] = await listEntries(ME, db);
    expect(retried?.status).toBe('pending');
    expect(retried?.idempotencyKey).not.toBe(failed?.idempotencyKey);
  });

  it('moves later queued edits of a record onto the version the gateway answered', async () => {
    open();
    await enqueue({ method: 'PUT', path: '/r/r1', body: { n: 1 }, ifMatch: 1, userUuid: ME, label: 'first', recordUuid: 'r1' }, db);
    await enqueue({ method: 'PUT', path: '/r/r1', body: { n: 2 }, ifMatch: 1, userUuid: ME, label: 'second', recordUuid: 'r1' }, db);
    let version = 1;
    const { deps: d, sent } = deps(() => Response.json({ version: (version += 1) }, { status: 200 }));
    await drainOutbox(d);
    expect(sent.map((s) => s.headers['If-Match'])).toEqual(['"1"', '"2"']);
  });

  it('does not move a change made over the old version onto the version of a resolved conflict', async () => {
    open();
    await enqueue({ method: 'PUT', path: '/r/r1', body: { name: 'A' }, ifMatch: 1, userUuid: ME, label: 'A', recordUuid: 'r1' }, db);
    await enqueue({ method: 'PUT', path: '/r/r1', body: { name: 'B' }, ifMatch: 1, userUuid: ME, label: 'B', recordUuid: 'r1' }, db);
    const [a] = await listEntries(ME, db);
    // A met a 412 and the operator resolved it over their version 2
    await db.outbox.update((a as OutboxEntry).seq, { status: 'conflict', theirs: { version: 2 } });
    await resolveConflict((a as OutboxEntry).seq, { name: 'A resolved' }, 2, db);
    const { deps: d, sent } = deps((s) => (s.headers['If-Match'] === '"2"' ? Response.json({ version: 3 }, { status: 200 }) : Response.json({ errors: [{ code: 'version_mismatch', message: 'Changed' }], current: { version: 3 } }, { status: 412 })));
    expect(await drainOutbox(d)).toMatchObject({ applied: 1, conflicts: 1 });
    expect(sent.map((s) => s.headers['If-Match'])).toEqual(['"2"', '"1"']);
    expect((await listEntries(ME, db)).map((e) => [e.label, e.status])).toEqual([['B', 'conflict']]);
  });

  it('sends again (same key) when an accepted answer is cut off before it is read', async () => {
    open();
    await enqueue({ method: 'POST', path: '/a', body: {}, userUuid: ME, label: 'one' }, db);
    const cut = new Response(new ReadableStream({ start: (controller) => controller.error(new TypeError('network')) }), { status: 201 });
    const { deps: d } = deps(() => cut);
    expect((await drainOutbox(d)).stoppedBy).toBe('network');
    expect(await listEntries(ME, db)).toMatchObject([{ status: 'pending', attempts: 1 }]);
  });

  it('keeps newer typing in the form when an older change from it is refused', async () => {
    open();
    const draft: DraftScope = { userUuid: ME, orgUuid: 'org', kind: 'pms-connection', recordId: 'r1' };
    await enqueue({ method: 'PUT', path: '/r/r1', body: { name: 'first edit' }, ifMatch: 1, userUuid: ME, label: 'first', recordUuid: 'r1', draft }, db);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await saveDraft(draft, { name: 'typed since' }, { baseVersion: 1 }, db);
    const { deps: d } = deps(() => error(422, 'Name is taken'));
    await drainOutbox(d);
    expect(await loadDraft(draft, db)).toMatchObject({ value: { name: 'typed since' }, error: 'Name is taken' });
  });

  it('counts a delete answered 404 as done (the record is gone, as asked) and says so in the recent outcomes', async () => {
    open();
    await enqueue({ method: 'DELETE', path: '/r/gone', ifMatch: 2, userUuid: ME, label: 'Delete PMS connection "Gone"', recordUuid: 'gone' }, db);
    await enqueue({ method: 'PUT', path: '/r/missing', body: {}, ifMatch: 1, userUuid: ME, label: 'Edit missing', recordUuid: 'missing' }, db);
    const { deps: d, sent } = deps(() => error(404, 'PMS connection not found', 'not_found'));
    expect(await drainOutbox(d)).toEqual({ stoppedBy: 'empty', applied: 1, failed: 1, conflicts: 0 });
    expect(sent).toHaveLength(2);
    // the delete left the queue; an edit of a missing record is still refused
    expect((await listEntries(ME, db)).map((entry) => [entry.label, entry.status])).toEqual([['Edit missing', 'failed']]);
    expect(await listOutcomes(ME, db)).toMatchObject([{ kind: 'alreadyRemoved', label: 'Delete PMS connection "Gone"' }]);
    expect(await listOutcomes(OTHER, db)).toEqual([]);
  });

  it('marks a removal refused as in use (409 in_use) failed with its message, not a conflict, and goes on', async () => {
    open();
    await enqueue({ method: 'DELETE', path: '/r/used', ifMatch: 1, userUuid: ME, label: 'Delete PMS connection "Used"', recordUuid: 'used' }, db);
    await enqueue({ method: 'DELETE', path: '/r/free', ifMatch: 1, userUuid: ME, label: 'Delete PMS connection "Free"', recordUuid: 'free' }, db);
    const message = 'This PMS connection is used by the hotel Lakeside Inn. Choose another connection for it first, then remove this one.';
    const { deps: d } = deps((s) => (s.url === '/api/r/used' ? error(409, message, ERROR_CODES.inUse) : new Response(null, { status: 204 })));
    expect(await drainOutbox(d)).toEqual({ stoppedBy: 'empty', applied: 1, failed: 1, conflicts: 0 });
    expect(await listEntries(ME, db)).toMatchObject([{ label: 'Delete PMS connection "Used"', status: 'failed', lastStatus: 409, lastError: message }]);
  });

  it("stores the gateway's words, else a code and the status, never English text of its own", async () => {
    open();
    const draft: DraftScope = { userUuid: ME, orgUuid: 'org', kind: 'pms-connection', recordId: 'new' };
    await enqueue({ method: 'POST', path: '/a', body: {}, userUuid: ME, label: 'no network', recordUuid: 'a' }, db);
    await enqueue({ method: 'POST', path: '/b', body: {}, userUuid: ME, label: 'bare 5xx', recordUuid: 'b' }, db);
    await enqueue({ method: 'POST', path: '/c', body: { name: 'x' }, userUuid: ME, label: 'bare 400', recordUuid: 'c', draft }, db);

    await drainOutbox(deps(() => Promise.reject(new TypeError('Failed to fetch'))).deps);
    const [unreachable] = await listEntries(ME, db);
    expect(unreachable).toMatchObject({ label: 'no network', status: 'pending', lastError: null, lastStatus: null, problem: 'unreachable' });
    expect(describeOutboxError(unreachable as OutboxEntry)).toBe(t('outbox.error.unreachable'));

    const answers = (s: Sent) => (s.url === '/api/b' ? new Response('', { status: 503 }) : s.url === '/api/c' ? new Response('', { status: 400 }) : Response.json({}, { status: 201 }));
    await drainOutbox(deps(answers).deps);
    await drainOutbox(deps((s) => (s.url === '/api/b' ? Response.json({}, { status: 201 }) : answers(s))).deps);
    const [refused] = await listEntries(ME, db);
    expect(refused).toMatchObject({ label: 'bare 400', status: 'failed', lastError: null, lastStatus: 400, errorMessages: [], problem: null });
    expect(describeOutboxError(refused as OutboxEntry)).toBe('Request failed with status 400');
    const returned = await loadDraft(draft, db);
    expect(returned).toMatchObject({ error: null, errorStatus: 400 });
    expect(describeRefusal(returned?.error ?? null, returned?.errorStatus ?? null)).toBe('Request failed with status 400');
  });

  it('tells a form what became of its change: applied, refused, conflict, unreachable or still waiting', async () => {
    open();
    const queue = (label: string) => enqueue({ method: 'POST', path: `/${label}`, body: {}, userUuid: ME, label, recordUuid: label }, db);
    const applied = await queue('applied');
    const refused = await queue('refused');
    const conflict = await queue('conflict');
    await drainOutbox(
      deps((s) =>
        s.url === '/api/refused' ? error(422, 'Host is not allowed') : s.url === '/api/conflict' ? Response.json({ errors: [{ code: 'c', message: 'Changed' }], current: {} }, { status: 412 }) : Response.json({}, { status: 201 }),
      ).deps,
    );
    expect(await whenSettled(applied.seq, 0, db)).toEqual({ kind: 'applied' });
    expect(await whenSettled(refused.seq, 0, db)).toMatchObject({ kind: 'refused', entry: { lastError: 'Host is not allowed' } });
    expect(await whenSettled(conflict.seq, 0, db)).toMatchObject({ kind: 'conflict' });

    const offline = await queue('offline');
    await drainOutbox(deps(() => Promise.reject(new TypeError('Failed to fetch'))).deps);
    expect(await whenSettled(offline.seq, 0, db)).toEqual({ kind: 'unreachable' });
    await db.outbox.update(offline.seq, { status: 'sending' });
    expect(await whenSettled(offline.seq, 0, db)).toEqual({ kind: 'waiting' });
  });

  it("answers 'busy' at once when another drainer holds the lock", async () => {
    open();
    await enqueue({ method: 'POST', path: '/a', body: {}, userUuid: ME, label: 'one' }, db);
    const { deps: d, sent } = deps(() => Response.json({}, { status: 201 }), {
      locks: { request: async (_name, _options, callback) => callback(null) },
    });
    expect((await drainOutbox(d)).stoppedBy).toBe('busy');
    expect(sent).toEqual([]);
  });
});

describe('nextToSend', () => {
  const entry = (seq: number, status: OutboxEntry['status'], recordUuid: string | null) => ({ seq, status, recordUuid }) as OutboxEntry;
  it('skips entries waiting behind a failed change of the same record', () => {
    expect(nextToSend([entry(1, 'failed', 'a'), entry(2, 'pending', 'a'), entry(3, 'pending', 'b')])?.seq).toBe(3);
    expect(nextToSend([entry(1, 'sending', 'a')])?.seq).toBe(1);
    expect(nextToSend([entry(1, 'conflict', null)])).toBeNull();
  });
});

/**
 * Model test of batch replay (issue 20; fast-check over fake-indexeddb): random queues of creates
 * and edits drained in small batches while the gateway loses replies after applying a batch,
 * answers 5xx to a change mid-batch, refuses the first change of each request (400), meets conflicts (someone else's edit,
 * 412), expires the token (401 on the batch), and the page reloads mid-batch (the drainer dies with
 * the batch applied and unanswered). The model gateway keeps the real gateway's idempotency rules:
 * a key's outcome is stored with a hash of method, path, If-Match and body; a change following
 * another of its batch (after) runs only if that one was applied, over its version (rebase).
 * Afterwards, with the network back, conflicts resolved and refused changes retried: 0 lost, 0
 * applied twice, and each record's changes applied in the order they were made.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEPENDENCY_FAILED_STATUS, OUTBOX_BATCH_PATH, type BatchChange, type BatchResult } from '../domain';
import { LobbyDatabase } from './db';
import { drainOutbox, type DrainDeps } from './drain';
import { enqueue, listEntries, resolveConflict, retryEntry } from './outbox';

const USER = '11111111-1111-4111-8111-111111111111';

interface Thing {
  uuid: string;
  name: string;
  version: number;
}

type Fault = 'none' | 'down' | 'lostAnswer' | 'changeError' | 'expired' | 'refuse';

/** Reads a request body, gunzipping it when the drainer compressed it. */
async function bodyText(init: RequestInit): Promise<string> {
  const headers = init.headers as Record<string, string>;
  if (headers['Content-Encoding'] !== 'gzip') return String(init.body);
  const stream = new Blob([init.body as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

export class BatchModelGateway {
  things = new Map<string, Thing>();
  keys = new Map<string, { hash: string; status: number; body: unknown }>();
  /** change ids in the order the gateway applied them */
  applied: string[] = [];
  fault: Fault = 'none';
  token = 'token-1';
  batches = 0;
  singles = 0;
  private tokens = 1;

  refresh(): string {
    this.tokens += 1;
    this.token = `token-${this.tokens}`;
    return this.token;
  }

  externalEdit(uuid: string): void {
    const thing = this.things.get(uuid);
    if (thing) this.things.set(uuid, { ...thing, name: `${thing.name} (theirs)`, version: thing.version + 1 });
  }

  /** One change, exactly as the route would take it alone: the idempotency store first. */
  private change(method: string, path: string, headers: Record<string, string | undefined>, body: unknown, index: number): { status: number; body: unknown } {
    if (this.fault === 'changeError' && index === 1) return { status: 503, body: { errors: [{ code: 'internal', message: 'Internal error' }] } };
    const key = headers['Idempotency-Key'] ?? '';
    const hash = JSON.stringify([method, path, headers['If-Match'] ?? null, body ?? null]);
    const stored = this.keys.get(key);
    if (stored) return stored.hash === hash ? stored : { status: 422, body: { errors: [{ code: 'idempotency.key_reused', message: 'Key reused' }] } };
    const outcome = this.fault === 'refuse' && index === 0 ? { status: 400, body: { errors: [{ code: 'validation', message: 'Refused' }] } } : this.apply(method, path, headers, body as { uuid?: string; name: string; change: string } | null);
    this.keys.set(key, { hash, ...outcome });
    return outcome;
  }

  private apply(method: string, path: string, headers: Record<string, string | undefined>, body: { uuid?: string; name: string; change: string } | null): { status: number; body: unknown } {
    if (method === 'POST' && body?.uuid) {
      if (this.things.has(body.uuid)) return { status: 409, body: { errors: [{ code: 'conflict', message: 'exists' }] } };
      const thing = { uuid: body.uuid, name: body.name, version: 1 };
      this.things.set(thing.uuid, thing);
      this.applied.push(body.change);
      return { status: 201, body: thing };
    }
    const id = path.split('/things/')[1] ?? '';
    const current = this.things.get(id);
    if (!current) return { status: 404, body: { errors: [{ code: 'not_found', message: 'Not found' }] } };
    const expected = Number(/"(\d+)"/.exec(headers['If-Match'] ?? '')?.[1] ?? NaN);
    if (expected !== current.version) return { status: 412, body: { errors: [{ code: 'version_mismatch', message: 'Changed' }], current } };
    if (method === 'PUT' && body) {
      const next = { ...current, name: body.name, version: current.version + 1 };
      this.things.set(id, next);
      this.applied.push(body.change);
      return { status: 200, body: next };
    }
    return { status: 400, body: { errors: [{ code: 'validation', message: 'bad' }] } };
  }

  fetch = async (url: string, init: RequestInit): Promise<Response> => {
    if (this.fault === 'down') throw new TypeError('Failed to fetch');
    const headers = init.headers as Record<string, string>;
    if (this.fault === 'expired') {
      this.fault = 'none';
      this.refresh();
    }
    if (headers.Authorization !== `Bearer ${this.token}`) return Response.json({ errors: [{ code: 'auth.unauthenticated', message: 'Sign in again' }] }, { status: 401 });
    const text = await bodyText(init);
    let answer: { status: number; body: unknown };
    if (url === OUTBOX_BATCH_PATH) {
      this.batches += 1;
      const { changes } = JSON.parse(text) as { changes: BatchChange[] };
      const results: BatchResult[] = [];
      for (const [index, change] of changes.entries()) {
        const dependency = change.after === undefined ? undefined : results[change.after];
        if (dependency && (dependency.status < 200 || dependency.status > 299)) {
          results.push({ status: DEPENDENCY_FAILED_STATUS, body: { errors: [{ code: 'batch.dependency_failed', message: 'Not applied' }] } });
          continue;
        }
        const changeHeaders: Record<string, string | undefined> = { ...change.headers };
        const version = (dependency?.body as { version?: number } | undefined)?.version;
        if (change.rebase === true && typeof version === 'number') changeHeaders['If-Match'] = `"${version}"`;
        const outcome = this.change(change.method, change.path, changeHeaders, change.body, index);
        results.push(outcome);
        if (outcome.status >= 500) break;
      }
      answer = { status: 200, body: { results } };
    } else {
      this.singles += 1;
      answer = this.change(String(init.method), url, headers, init.body ? JSON.parse(text) : null, 0);
    }
    if (this.fault === 'lostAnswer') throw new TypeError('Failed to fetch'); // applied, answer lost
    return answer.status === 204 ? new Response(null, { status: 204 }) : Response.json(answer.body, { status: answer.status });
  };
}

type Command =
  | { kind: 'create' }
  | { kind: 'edit'; pick: number }
  | { kind: 'fault'; fault: Fault }
  | { kind: 'externalEdit'; pick: number }
  | { kind: 'drain'; size: number }
  | { kind: 'reload' }
  | { kind: 'dieMidBatch' };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Command>({ kind: 'create' }) },
  { weight: 6, arbitrary: fc.nat(50).map<Command>((pick) => ({ kind: 'edit', pick })) },
  { weight: 3, arbitrary: fc.constantFrom<Fault>('none', 'down', 'lostAnswer', 'changeError', 'expired', 'refuse').map<Command>((fault) => ({ kind: 'fault', fault })) },
  { weight: 1, arbitrary: fc.nat(50).map<Command>((pick) => ({ kind: 'externalEdit', pick })) },
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 6 }).map<Command>((size) => ({ kind: 'drain', size })) },
  { weight: 1, arbitrary: fc.constant<Command>({ kind: 'reload' }) },
  { weight: 1, arbitrary: fc.constant<Command>({ kind: 'dieMidBatch' }) },
);

let dbCounter = 0;

async function run(commands: Command[]): Promise<void> {
  const name = `outbox-batch-model-${(dbCounter += 1)}`;
  const open = () => new LobbyDatabase(name, { indexedDB, IDBKeyRange });
  let db = open();
  const gateway = new BatchModelGateway();
  let clientToken = gateway.token;
  /** what the interface knows: record uuid → version it last saw */
  const known = new Map<string, number>();
  const queued: { change: string; record: string }[] = [];
  let counter = 0;

  const deps = (size: number, fetchFn = gateway.fetch): DrainDeps => ({
    db,
    fetch: fetchFn,
    baseUrl: '',
    userUuid: USER,
    batch: { maxChanges: size },
    token: async () => clientToken,
    refresh: async () => {
      clientToken = gateway.token;
      return clientToken;
    },
  });
  const refreshView = () => {
    for (const [uuid, thing] of gateway.things) known.set(uuid, thing.version);
  };

  for (const command of commands) {
    switch (command.kind) {
      case 'create': {
        const uuid = crypto.randomUUID();
        const change = `c${(counter += 1)}`;
        await enqueue({ method: 'POST', path: '/things', body: { uuid, name: change, change }, userUuid: USER, label: change, recordUuid: uuid }, db);
        known.set(uuid, 1);
        queued.push({ change, record: uuid });
        break;
      }
      case 'edit': {
        const records = [...known.keys()];
        const uuid = records[command.pick % Math.max(1, records.length)];
        if (!uuid) break;
        const change = `e${(counter += 1)}`;
        await enqueue({ method: 'PUT', path: `/things/${uuid}`, body: { name: change, change }, ifMatch: known.get(uuid) ?? 1, userUuid: USER, label: change, recordUuid: uuid }, db);
        queued.push({ change, record: uuid });
        break;
      }
      case 'fault':
        gateway.fault = command.fault;
        break;
      case 'externalEdit': {
        const records = [...gateway.things.keys()];
        const uuid = records[command.pick % Math.max(1, records.length)];
        if (uuid) gateway.externalEdit(uuid);
        break;
      }
      case 'drain':
        await drainOutbox(deps(command.size));
        if (gateway.fault === 'none') refreshView();
        break;
      case 'reload':
        db.close();
        db = open();
        break;
      case 'dieMidBatch': {
        // the page reloads while a batch is on the way: the gateway applies it, nobody hears back
        let died = false;
        const dying: DrainDeps['fetch'] = async (url, init) => {
          if (died) throw new Error('context is gone');
          died = true;
          const saved = gateway.fault;
          if (saved !== 'down') gateway.fault = 'lostAnswer';
          try {
            return await gateway.fetch(url, init);
          } finally {
            gateway.fault = saved;
          }
        };
        await drainOutbox(deps(4, dying)).catch(() => undefined);
        db.close();
        db = open();
        break;
      }
    }
  }

  // the network is back; the operator resolves every conflict keeping their own change, and sends refused ones again
  gateway.fault = 'none';
  for (let round = 0; round < 60; round += 1) {
    await drainOutbox(deps(5));
    const left = await listEntries(USER, db);
    if (left.length === 0) break;
    for (const entry of left) {
      if (entry.status === 'conflict') await resolveConflict(entry.seq, entry.body, (entry.theirs as Thing).version, db);
      else if (entry.status === 'failed') await retryEntry(entry.seq, db);
    }
  }

  expect(await listEntries(USER, db)).toEqual([]);
  // every change went in a batch: none needed a request of its own
  expect(gateway.singles).toBe(0);
  // 0 lost, 0 applied twice
  expect([...gateway.applied].sort()).toEqual(queued.map((q) => q.change).sort());
  // order kept: per record, changes land in the order they were made
  const position = new Map(gateway.applied.map((change, index) => [change, index]));
  const byRecord = new Map<string, number[]>();
  for (const q of queued) byRecord.set(q.record, [...(byRecord.get(q.record) ?? []), position.get(q.change) ?? -1]);
  for (const positions of byRecord.values()) expect(positions).toEqual([...positions].sort((a, b) => a - b));
  db.close();
  await db.delete();
}

describe('outbox batch replay model', () => {
  it('moves the later changes of a record in one batch onto the version the earlier one made: no conflict of its own', async () => {
    const db = new LobbyDatabase('outbox-batch-rebase', { indexedDB, IDBKeyRange });
    const gateway = new BatchModelGateway();
    const uuid = crypto.randomUUID();
    await enqueue({ method: 'POST', path: '/things', body: { uuid, name: 'c0', change: 'c0' }, userUuid: USER, label: 'c0', recordUuid: uuid }, db);
    for (const change of ['e1', 'e2', 'e3']) await enqueue({ method: 'PUT', path: `/things/${uuid}`, body: { name: change, change }, ifMatch: 1, userUuid: USER, label: change, recordUuid: uuid }, db);
    const result = await drainOutbox({ db, fetch: gateway.fetch, baseUrl: '', userUuid: USER, token: async () => gateway.token, refresh: async () => gateway.token });
    expect(result).toEqual({ stoppedBy: 'empty', applied: 4, failed: 0, conflicts: 0 });
    expect({ batches: gateway.batches, singles: gateway.singles, applied: gateway.applied }).toEqual({ batches: 1, singles: 0, applied: ['c0', 'e1', 'e2', 'e3'] });
    expect(gateway.things.get(uuid)).toMatchObject({ name: 'e3', version: 4 });
    db.close();
    await db.delete();
  });

  it('a refused change holds back the later change of its record in the same batch', async () => {
    await run([{ kind: 'create' }, { kind: 'drain', size: 5 }, { kind: 'edit', pick: 0 }, { kind: 'edit', pick: 0 }, { kind: 'fault', fault: 'refuse' }, { kind: 'drain', size: 5 }]);
  });

  it('loses nothing, applies nothing twice and keeps each record in order under lost replies, refusals, conflicts and reloads mid-batch', async () => {
    await fc.assert(fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 40 }), run), { numRuns: 100 });
  }, 120_000);
});

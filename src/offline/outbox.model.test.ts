/**
 * Model test of the outbox (fast-check over fake-indexeddb): random sequences of changes queued
 * while the network comes and goes, the gateway answers 5xx, loses answers after applying, expires
 * the token (401), someone else edits a record (412), the page reloads (a new database connection)
 * and a drainer dies mid-send. Afterwards, with the network back and conflicts resolved, every
 * queued change has been applied exactly once, in order, and nothing is left or lost.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LobbyDatabase } from './db';
import { drainOutbox, type DrainDeps } from './drain';
import { enqueue, listEntries, resolveConflict } from './outbox';

const USER = '11111111-1111-4111-8111-111111111111';

interface Thing {
  uuid: string;
  name: string;
  version: number;
}

type Fault = 'none' | 'down' | 'error5xx' | 'lostAnswer' | 'expired';

/** A gateway with versions, Idempotency-Key replay and injectable faults. */
class ModelGateway {
  things = new Map<string, Thing>();
  keys = new Map<string, { hash: string; status: number; body: unknown }>();
  /** change ids in the order the gateway applied them */
  applied: string[] = [];
  fault: Fault = 'none';
  token = 'token-1';
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

  fetch = async (url: string, init: RequestInit): Promise<Response> => {
    if (this.fault === 'down') throw new TypeError('Failed to fetch');
    const headers = init.headers as Record<string, string>;
    if (this.fault === 'expired') {
      this.fault = 'none';
      this.refresh();
    }
    if (headers.Authorization !== `Bearer ${this.token}`) return Response.json({ errors: [{ code: 'auth.unauthenticated', message: 'Sign in again' }] }, { status: 401 });
    if (this.fault === 'error5xx') return Response.json({ errors: [{ code: 'internal', message: 'Internal error' }] }, { status: 503 });
    const key = headers['Idempotency-Key'] ?? '';
    const hash = `${init.method} ${url} ${String(init.body)}`;
    const stored = this.keys.get(key);
    let outcome: { status: number; body: unknown };
    if (stored) {
      if (stored.hash !== hash) return Response.json({ errors: [{ code: 'idempotency.key_reused', message: 'Key reused' }] }, { status: 422 });
      outcome = stored;
    } else {
      outcome = this.apply(url, init, headers);
      this.keys.set(key, { hash, ...outcome });
    }
    if (this.fault === 'lostAnswer') throw new TypeError('Failed to fetch'); // applied, answer lost
    return outcome.status === 204 ? new Response(null, { status: 204 }) : Response.json(outcome.body, { status: outcome.status });
  };

  private apply(url: string, init: RequestInit, headers: Record<string, string>): { status: number; body: unknown } {
    const body = init.body ? (JSON.parse(String(init.body)) as { uuid?: string; name: string; change: string }) : null;
    const id = url.split('/things')[1]?.replace(/^\//, '') ?? '';
    const changeId = headers['X-Change'] ?? '';
    if (init.method === 'POST' && body?.uuid) {
      if (this.things.has(body.uuid)) return { status: 409, body: { errors: [{ code: 'conflict', message: 'exists' }] } };
      const thing = { uuid: body.uuid, name: body.name, version: 1 };
      this.things.set(thing.uuid, thing);
      this.applied.push(changeId || body.change);
      return { status: 201, body: thing };
    }
    const current = this.things.get(id);
    if (!current) return { status: 404, body: { errors: [{ code: 'not_found', message: 'Not found' }] } };
    const expected = Number(/"(\d+)"/.exec(headers['If-Match'] ?? '')?.[1] ?? NaN);
    if (expected !== current.version) return { status: 412, body: { errors: [{ code: 'version_mismatch', message: 'Changed' }], current } };
    if (init.method === 'PUT' && body) {
      const next = { ...current, name: body.name, version: current.version + 1 };
      this.things.set(id, next);
      this.applied.push(body.change);
      return { status: 200, body: next };
    }
    return { status: 400, body: { errors: [{ code: 'validation', message: 'bad' }] } };
  }
}

type Command =
  | { kind: 'create' }
  | { kind: 'edit'; pick: number }
  | { kind: 'fault'; fault: Fault }
  | { kind: 'externalEdit'; pick: number }
  | { kind: 'drain' }
  | { kind: 'reload' }
  | { kind: 'dieMidSend' };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Command>({ kind: 'create' }) },
  { weight: 5, arbitrary: fc.nat(50).map<Command>((pick) => ({ kind: 'edit', pick })) },
  { weight: 3, arbitrary: fc.constantFrom<Fault>('none', 'down', 'error5xx', 'lostAnswer', 'expired').map<Command>((fault) => ({ kind: 'fault', fault })) },
  { weight: 1, arbitrary: fc.nat(50).map<Command>((pick) => ({ kind: 'externalEdit', pick })) },
  { weight: 4, arbitrary: fc.constant<Command>({ kind: 'drain' }) },
  { weight: 1, arbitrary: fc.constant<Command>({ kind: 'reload' }) },
  { weight: 1, arbitrary: fc.constant<Command>({ kind: 'dieMidSend' }) },
);

let dbCounter = 0;

async function run(commands: Command[]): Promise<void> {
  const name = `outbox-model-${(dbCounter += 1)}`;
  const open = () => new LobbyDatabase(name, { indexedDB, IDBKeyRange });
  let db = open();
  const gateway = new ModelGateway();
  let clientToken = gateway.token;
  /** what the interface knows: record uuid → version it last saw */
  const known = new Map<string, number>();
  const queued: { change: string; record: string }[] = [];
  let counter = 0;

  const deps = (fetchFn = gateway.fetch): DrainDeps => ({
    db,
    fetch: fetchFn,
    baseUrl: '',
    userUuid: USER,
    batch: false,
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
        await drainOutbox(deps());
        if (gateway.fault === 'none') refreshView();
        break;
      case 'reload':
        db.close();
        db = open();
        break;
      case 'dieMidSend': {
        // the drainer's context dies after the request left: the gateway applies it, nobody hears back
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
        await drainOutbox(deps(dying)).catch(() => undefined);
        db.close();
        db = open();
        break;
      }
    }
  }

  // the network is back; the operator resolves every conflict by keeping their own change
  gateway.fault = 'none';
  for (let round = 0; round < 50; round += 1) {
    await drainOutbox(deps());
    const left = await listEntries(USER, db);
    if (left.length === 0) break;
    for (const entry of left.filter((e) => e.status === 'conflict')) {
      const theirs = entry.theirs as Thing;
      await resolveConflict(entry.seq, entry.body, theirs.version, db);
    }
  }

  expect(await listEntries(USER, db)).toEqual([]);
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

describe('outbox model', () => {
  it('loses nothing, applies nothing twice and keeps order under faults, reloads and dying drainers', async () => {
    await fc.assert(fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 40 }), run), { numRuns: 60 });
  }, 120_000);

  it('keeps the global queue order when nothing conflicts', async () => {
    const db = new LobbyDatabase('outbox-order', { indexedDB, IDBKeyRange });
    const gateway = new ModelGateway();
    const changes: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const change = `c${i}`;
      changes.push(change);
      await enqueue({ method: 'POST', path: '/things', body: { uuid: crypto.randomUUID(), name: change, change }, userUuid: USER, label: change }, db);
    }
    gateway.fault = 'down';
    const down = await drainOutbox({ db, fetch: gateway.fetch, baseUrl: '', batch: false, userUuid: USER, token: async () => gateway.token, refresh: async () => gateway.token });
    expect(down.stoppedBy).toBe('network');
    gateway.fault = 'none';
    const up = await drainOutbox({ db, fetch: gateway.fetch, baseUrl: '', batch: false, userUuid: USER, token: async () => gateway.token, refresh: async () => gateway.token });
    expect(up).toMatchObject({ stoppedBy: 'empty', applied: 20 });
    expect(gateway.applied).toEqual(changes);
    db.close();
  });
});

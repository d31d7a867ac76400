/**
 * Outbox batch replay (issue 20), measured (never asserted): 10,000 queued changes of three kinds of
 * record (PMS connections, packages and rate codes of 20 hotels: creates with client uuids, rate
 * codes naming packages created just before them, and If-Match edits, some of a record edited twice
 * over the same version) drained by `drainOutbox` into the real gateway, with the outbox in
 * fake-indexeddb; afterwards, outside the timing, the gateway's records are read back and each must
 * be there once, at the version its changes make (an edit applied twice would not be), which is
 * printed. The peer, in the same run: the same kind of queue replayed one change per request
 * (`batch: false`, as before batches), on a sample.
 *
 * The same again through an emulated 1.6 Mbit/s link with a 150 ms round trip (./slow-link.ts), where
 * one change per request is sampled on fewer changes (each pays the round trip) and extrapolated.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { LobbyDatabase } from '../src/offline/db';
import { BATCH_MAX_CHANGES, drainOutbox, type DrainResult } from '../src/offline/drain';
import { enqueue, type EnqueueInput } from '../src/offline/outbox';
import type { Gateway } from '../test/e2e/harness';
import { apiSignIn } from '../test/e2e/journeys';
import { slowLink } from './slow-link';
import type { Row } from './stats';

const CHANGES = 10_000;
const LOCAL_SINGLE_SAMPLE = 1_000;
const SLOW_SINGLE_SAMPLE = 100;
const HOTELS = 20;
const LINK = { bitsPerSecond: 1_600_000, roundTripMs: 150 };

interface Session {
  token: string;
  uuid: string;
}

interface Expected {
  kind: 'connection' | 'package' | 'rate code';
  hotel: string | null;
  version: number;
  /** name of a connection or rate code, package ID of a package */
  name: string;
}

async function call<T>(url: string, token: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A day offline, `count` changes (a multiple of 10) in units of ten: two PMS connections, three
 * packages of a hotel, two rate codes naming them, then an edit of a connection, of a rate code, and
 * of a package or (every other unit) the same connection again over the version it was queued on.
 */
function offlineDay(prefix: string, count: number, org: string, hotels: readonly string[], user: string): { changes: EnqueueInput[]; expected: Map<string, Expected> } {
  const changes: EnqueueInput[] = [];
  const expected = new Map<string, Expected>();
  const base = { userUuid: user, orgUuid: org };
  const connections = `/organization/${org}/pms-connection`;
  for (let unit = 0; unit < count / 10; unit += 1) {
    const hotel = hotels[unit % hotels.length] as string;
    const packagesPath = `/organization/${org}/hotel/${hotel}/pms-package`;
    const ratesPath = `/organization/${org}/hotel/${hotel}/pms-rate-code`;
    const [c0, c1, p0, p1, p2, r0, r1] = Array.from({ length: 7 }, () => crypto.randomUUID()) as [string, string, string, string, string, string, string];
    const connection = (uuid: string, name: string) => ({ uuid, name, type: 'MOCK_PMS_INTERFACE', host: `${uuid.slice(0, 8)}.bench.local`, port: 5000 + (unit % 1000) });
    for (const [uuid, name] of [
      [c0, `${prefix} PMS ${unit}a`],
      [c1, `${prefix} PMS ${unit}b`],
    ] as const) {
      changes.push({ ...base, method: 'POST', path: connections, body: connection(uuid, name), recordUuid: uuid, collection: 'pms-connection', label: `Add PMS connection "${name}"` });
      expected.set(uuid, { kind: 'connection', hotel: null, version: 1, name });
    }
    for (const [index, uuid] of [p0, p1, p2].entries()) {
      const externalId = `${prefix}-P${unit}-${index}`;
      changes.push({ ...base, method: 'POST', path: packagesPath, body: { uuid, externalId, calculationRule: 'ADULT' }, recordUuid: uuid, collection: 'pms-package', label: `Add package ${externalId}` });
      expected.set(uuid, { kind: 'package', hotel, version: 1, name: externalId });
    }
    for (const [uuid, name, packages] of [
      [r0, `${prefix}-R${unit}a`, [p0]],
      [r1, `${prefix}-R${unit}b`, [p1, p2]],
    ] as const) {
      changes.push({ ...base, method: 'POST', path: ratesPath, body: { uuid, name, packages }, recordUuid: uuid, collection: 'pms-rate-code', label: `Add rate code ${name}` });
      expected.set(uuid, { kind: 'rate code', hotel, version: 1, name });
    }
    const editConnection = (round: number) => {
      const name = `${prefix} PMS ${unit}a edit ${round}`;
      changes.push({ ...base, method: 'PUT', path: `${connections}/${c0}`, body: connection(c0, name), ifMatch: 1, recordUuid: c0, collection: 'pms-connection', label: `Edit PMS connection "${name}"` });
      expected.set(c0, { kind: 'connection', hotel: null, version: round + 1, name });
    };
    editConnection(1);
    const rateName = `${prefix}-R${unit}a-2`;
    changes.push({ ...base, method: 'PUT', path: `${ratesPath}/${r0}`, body: { name: rateName, packages: [p0, p1] }, ifMatch: 1, recordUuid: r0, collection: 'pms-rate-code', label: `Edit rate code ${rateName}` });
    expected.set(r0, { kind: 'rate code', hotel, version: 2, name: rateName });
    if (unit % 2 === 0) editConnection(2);
    else {
      const externalId = `${prefix}-P${unit}-1`;
      changes.push({ ...base, method: 'PUT', path: `${packagesPath}/${p1}`, body: { externalId, calculationRule: 'PERSON' }, ifMatch: 1, recordUuid: p1, collection: 'pms-package', label: `Edit package ${externalId}` });
      expected.set(p1, { kind: 'package', hotel, version: 2, name: externalId });
    }
  }
  return { changes, expected };
}

/** What the gateway holds of `expected`: the problems found, none when each record is there once at its version. */
async function check(url: string, token: string, org: string, hotels: readonly string[], expected: Map<string, Expected>): Promise<string[]> {
  const held: { uuid: string; version: number; name: string }[] = [];
  const connections = await call<{ data: { uuid: string; version: number; name: string }[] }>(`${url}/api/organization/${org}/pms-connection`, token);
  held.push(...connections.data);
  for (const hotel of hotels) {
    const packages = await call<{ data: { uuid: string; version: number; externalId: string }[] }>(`${url}/api/organization/${org}/hotel/${hotel}/pms-package`, token);
    held.push(...packages.data.map((item) => ({ uuid: item.uuid, version: item.version, name: item.externalId })));
    const rates = await call<{ data: { uuid: string; version: number; name: string }[] }>(`${url}/api/organization/${org}/hotel/${hotel}/pms-rate-code`, token);
    held.push(...rates.data);
  }
  const ours = held.filter((record) => expected.has(record.uuid));
  const seen = new Map<string, number>();
  for (const record of ours) seen.set(record.uuid, (seen.get(record.uuid) ?? 0) + 1);
  const problems: string[] = [];
  const missing = [...expected.keys()].filter((uuid) => !seen.has(uuid)).length;
  const twice = [...seen.values()].filter((times) => times > 1).length;
  const wrong = ours.filter((record) => expected.get(record.uuid)?.version !== record.version || expected.get(record.uuid)?.name !== record.name).length;
  if (missing > 0) problems.push(`${missing} records missing`);
  if (twice > 0) problems.push(`${twice} records held twice`);
  if (wrong > 0) problems.push(`${wrong} records at another version or name`);
  return problems;
}

interface Replay {
  changes: number;
  records: number;
  ms: number;
  requests: number;
  bytesSent: number;
  /** time from sending each request to its whole answer read */
  gatewayMs: number;
  problems: string[];
}

async function replay(options: { prefix: string; count: number; url: string; checkUrl: string; batched: boolean; org: string; hotels: readonly string[]; session: () => Session; signIn: () => Promise<Session> }): Promise<Replay> {
  const { prefix, count, url, org, hotels } = options;
  const dbName = `lobby-bench-batch-${prefix}-${process.pid}-${Date.now()}`;
  const db = new LobbyDatabase(dbName, { indexedDB, IDBKeyRange });
  try {
    const { changes, expected } = offlineDay(prefix, count, org, hotels, options.session().uuid);
    for (const change of changes) await enqueue(change, db);
    const queued = await db.outbox.count();
    let requests = 0;
    let bytesSent = 0;
    let gatewayMs = 0;
    const start = performance.now();
    const result: DrainResult = await drainOutbox({
      db,
      baseUrl: `${url}/api`,
      userUuid: options.session().uuid,
      token: async () => options.session().token,
      refresh: async () => (await options.signIn()).token,
      batch: options.batched ? {} : false,
      fetch: async (input, init) => {
        requests += 1;
        const body = init.body;
        bytesSent += typeof body === 'string' ? Buffer.byteLength(body) : body instanceof Uint8Array ? body.byteLength : 0;
        const sent = performance.now();
        const answer = await fetch(input, init);
        const text = await answer.text();
        gatewayMs += performance.now() - sent;
        return new Response(text, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
      },
    });
    const ms = performance.now() - start;
    const problems: string[] = [];
    if (queued !== count) problems.push(`${queued} queued, not ${count}`);
    if (result.stoppedBy !== 'empty' || result.applied !== count || result.failed > 0 || result.conflicts > 0) {
      problems.push(`drain stopped by ${result.stoppedBy}: ${result.applied} applied, ${result.failed} refused, ${result.conflicts} conflicts`);
    }
    const left = await db.outbox.count();
    if (left > 0) problems.push(`${left} left in the outbox`);
    problems.push(...(await check(options.checkUrl, options.session().token, org, hotels, expected)));
    return { changes: count, records: expected.size, ms, requests, bytesSent, gatewayMs, problems };
  } finally {
    db.close();
    await new LobbyDatabase(dbName, { indexedDB, IDBKeyRange }).delete();
  }
}

const rate = (run: Replay) => (run.changes / run.ms) * 1000;
const thousands = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 0 });

function verdict(name: string, run: Replay): string {
  const line =
    run.problems.length === 0
      ? `${name}: the gateway holds each of the ${thousands(run.records)} records of the ${thousands(run.changes)} changes exactly once, at the version they make`
      : `${name}: ${run.problems.join('; ')}`;
  console.log(line);
  return line;
}

/**
 * `database`: what the gateway runs on, named in the rows (the embedded PGlite by default); the
 * slow link is measured on the default run only (the link, not the database, sets its pace).
 */
export async function batchReplayRows(gateway: Gateway, sizes = { changes: CHANGES, localSample: LOCAL_SINGLE_SAMPLE, slowSample: SLOW_SINGLE_SAMPLE }, database: 'PGlite' | 'PostgreSQL' = 'PGlite'): Promise<Row[]> {
  const { changes: CHANGES_RUN, localSample, slowSample } = sizes;
  const onPostgres = database === 'PostgreSQL';
  let session: Session = await apiSignIn(gateway.url);
  const signIn = async () => (session = await apiSignIn(gateway.url));
  const orgs = await call<{ data: { uuid: string; name: string }[] }>(`${gateway.url}/api/organization/v1/organization`, session.token);
  const org = (orgs.data.find((o) => o.name === 'Demo Hospitality Group') ?? orgs.data[0])?.uuid;
  if (!org) throw new Error('the gateway has no organization');
  // hotels of their own, so that each hotel's packages and rate codes stay a few hundred
  const hotels: string[] = [];
  for (let index = 0; index < HOTELS; index += 1) {
    const hotel = await call<{ uuid: string }>(`${gateway.url}/api/organization/${org}/hotels`, session.token, 'POST', { parentUuid: null, attributes: { NAME: `Batch Bench Hotel ${index}` } });
    hotels.push(hotel.uuid);
  }
  const common = { org, hotels, session: () => session, signIn, checkUrl: gateway.url };

  // warm the routes (JIT, PGlite) both ways, outside the figures
  await replay({ ...common, prefix: 'warm-b', count: 200, url: gateway.url, batched: true });
  await replay({ ...common, prefix: 'warm-s', count: 50, url: gateway.url, batched: false });

  const localBatched = await replay({ ...common, prefix: 'LB', count: CHANGES_RUN, url: gateway.url, batched: true });
  const localSingle = await replay({ ...common, prefix: 'LS', count: localSample, url: gateway.url, batched: false });
  const checks = [verdict(`${database}, local, batched`, localBatched), verdict(`${database}, local, one at a time`, localSingle)];
  const kinds = 'PMS connections, packages and rate codes of 20 hotels: creates and If-Match edits';
  const rows: Row[] = [
    {
      benchmark: onPostgres ? 'outbox batch replay, local gateway on PostgreSQL' : 'outbox batch replay, local gateway',
      n: localBatched.changes,
      figure: `${rate(localBatched).toFixed(0)} changes/s`,
      note:
        `${thousands(CHANGES_RUN)} changes (${kinds}) in ${localBatched.requests} requests of ≤ ${BATCH_MAX_CHANGES}, ${(localBatched.ms / 1000).toFixed(1)} s, of which waiting for the gateway ${(localBatched.gatewayMs / 1000).toFixed(1)} s (${((localBatched.gatewayMs / localBatched.ms) * 100).toFixed(0)}%); ` +
        `one at a time in the same run: ${rate(localSingle).toFixed(0)} changes/s (sample of ${thousands(localSample)}), ${(rate(localBatched) / rate(localSingle)).toFixed(1)}× faster; goal ≥ 1,000 changes/s (${rate(localBatched) >= 1000 ? 'met' : 'NOT met'})`,
    },
  ];
  const runs = [localBatched, localSingle];
  if (!onPostgres) {
    const link = await slowLink(gateway.url, LINK);
    let slowBatched: Replay;
    let slowSingle: Replay;
    try {
      slowBatched = await replay({ ...common, prefix: 'SB', count: CHANGES_RUN, url: link.url, batched: true });
      slowSingle = await replay({ ...common, prefix: 'SS', count: slowSample, url: link.url, batched: false });
    } finally {
      await link.close();
    }
    checks.push(verdict('slow link, batched', slowBatched), verdict('slow link, one at a time', slowSingle));
    runs.push(slowBatched, slowSingle);
    rows.push({
      benchmark: 'outbox batch replay, 1.6 Mbit/s link, 150 ms round trip',
      n: slowBatched.changes,
      figure: `${rate(slowBatched).toFixed(0)} changes/s`,
      note:
        `${thousands(CHANGES_RUN)} changes in ${slowBatched.requests} requests, ${(slowBatched.bytesSent / 1024).toFixed(0)} KB sent (gzip), ${(slowBatched.ms / 1000).toFixed(1)} s; ` +
        `one at a time over the same link: ${rate(slowSingle).toFixed(1)} changes/s, sampled on ${slowSample} changes and extrapolated: ` +
        `${((CHANGES_RUN / rate(slowSingle)) / 60).toFixed(1)} min for ${thousands(CHANGES_RUN)}; ${(rate(slowBatched) / rate(slowSingle)).toFixed(0)}× faster batched; ` +
        `goal ≥ 1,000 changes/s, as on the local gateway (${rate(slowBatched) >= 1000 ? 'met' : 'NOT met'})`,
    });
  }
  const failed = runs.some((run) => run.problems.length > 0);
  rows.push(
    failed
      ? { benchmark: `WARNING: outbox batch replay result (${database})`, n: CHANGES_RUN, note: checks.join(' | ') }
      : { benchmark: `outbox batch replay check (${database})`, n: runs.reduce((sum, run) => sum + run.records, 0), note: 'every run: each record held exactly once, at the version its changes make' },
  );
  return rows;
}

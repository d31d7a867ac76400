/**
 * The offline core, measured (never asserted):
 *  1. draft put latency in Debian's Chromium: `saveDraft` (one Dexie transaction per put) of a PMS
 *     connection form and of a ~50 KB hotel wizard, timed with performance.now() inside the page,
 *     beside bare IndexedDB puts of the same record (the peer: the ratio is Dexie + saveDraft's cost);
 *  2. outbox replay throughput: 1,000 queued PMS-connection mutations (creates with client uuids,
 *     then edits whose If-Match follows each applied version) drained by `drainOutbox` into the real
 *     gateway, with the outbox in fake-indexeddb; afterwards, outside the timing, the gateway's
 *     records are checked (count, versions, names) and a WARNING row is printed when they differ.
 *     The peer: the same sequence of mutations sent straight with fetch, no outbox;
 *  3. outbox batch replay (./outbox-batch.ts): 10,000 changes of three kinds in batches, against one
 *     change per request in the same run, on the local gateway (PGlite, then PostgreSQL) and through an emulated slow link.
 *
 * Run alone:
 *   node --import tsx -e "import('./bench/offline.ts').then(async m => { const { printTable } = await import('./bench/stats.ts'); printTable(await m.offlineBench()); })"
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { chromium } from 'playwright-core';
import { LobbyDatabase } from '../src/offline/db';
import { drainOutbox, type DrainResult } from '../src/offline/drain';
import { enqueue } from '../src/offline/outbox';
import { CHROMIUM_FLAGS, startGateway, type Gateway } from '../test/e2e/harness';
import { apiSignIn } from '../test/e2e/journeys';
import type { DraftBenchResult, DraftSize } from './offline-page';
import { batchReplayRows } from './outbox-batch';
import { throwAwayPostgres } from './postgres';
import { latencyRow, percentile, type Row } from './stats';

const DRAFT_PUTS = 2000;
const DRAFT_GOAL_P95_MS = 10;
const CREATES = 700;
const EDITED_ONCE = 150;
const EDITED_TWICE = 75;
const MUTATIONS = CREATES + EDITED_ONCE + 2 * EDITED_TWICE; // 1,000

const sorted = (times: readonly number[]) => [...times].sort((a, b) => a - b);
const ms = (value: number) => `${value.toFixed(2)} ms`;

// ---------------------------------------------------------------------------------------------
// 1. Drafts in Chromium

async function pageBundle(): Promise<string> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'offline-page.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: false,
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no bundle');
  return file.text;
}

async function draftRows(gateway: Gateway): Promise<Row[]> {
  const content = await pageBundle();
  const userDataDir = mkdtempSync(join(tmpdir(), 'lobby-bench-chromium-'));
  // openBrowser() cannot bypass the gateway's CSP (script-src 'self'), which forbids the injected
  // script; same executable and flags, plus bypassCSP.
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
    bypassCSP: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // A real http origin for IndexedDB, without the app itself running beside the measurement.
    await page.goto(`${gateway.url}/api/health`);
    await page.addScriptTag({ content });
    const run = (size: DraftSize) =>
      page.evaluate(async ({ n, size }) => {
        const bench = window.__draftBench;
        if (!bench) throw new Error('the draft benchmark did not load');
        return bench(n, size);
      }, { n: DRAFT_PUTS, size });
    const rows: Row[] = [];
    const label = { pms: 'PMS connection form', hotel: 'hotel wizard' } as const;
    for (const size of ['pms', 'hotel'] as const) {
      const result: DraftBenchResult = await run(size);
      const dexie = sorted(result.saveDraft);
      const raw = sorted(result.rawPut);
      const p95 = percentile(dexie, 95);
      const kb = `${(result.bytes / 1024).toFixed(1)} KB`;
      rows.push({
        ...latencyRow(`offline: saveDraft, ${label[size]} (${kb})`, dexie, `Chromium, one Dexie transaction per put; goal ≤ ${DRAFT_GOAL_P95_MS} ms p95 (${p95 <= DRAFT_GOAL_P95_MS ? 'met' : 'NOT met'})`),
        figure: `max ${ms(dexie[dexie.length - 1] ?? Number.NaN)}; ${(p95 / percentile(raw, 95)).toFixed(2)}× bare IDB p95`,
      });
      rows.push({
        ...latencyRow(`offline: bare IndexedDB put, ${label[size]} (peer)`, raw, 'same record, one readwrite transaction per put, alternated with the row above'),
        figure: `max ${ms(raw[raw.length - 1] ?? Number.NaN)}`,
      });
    }
    return rows;
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Outbox replay into the gateway

interface Connection {
  uuid: string;
  name: string;
  type: string;
  host: string;
  port: number;
  version: number;
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

const connectionInput = (index: number, edit: number) => ({
  name: edit === 0 ? `Bench PMS ${index}` : `Bench PMS ${index} edit ${edit}`,
  type: 'MOCK_PMS_INTERFACE',
  host: `pms-${index}.bench.local`,
  port: 5000 + ((index + edit) % 1000),
});

async function outboxRows(gateway: Gateway): Promise<Row[]> {
  let session = await apiSignIn(gateway.url);
  const orgs = await getJson<{ data: { uuid: string; name: string }[] }>(`${gateway.url}/api/organization/v1/organization`, session.token);
  const org = (orgs.data.find((o) => o.name === 'Demo Hospitality Group') ?? orgs.data[0])?.uuid;
  if (!org) throw new Error('the gateway has no organization');
  const collection = `/organization/${org}/pms-connection`;

  const dbName = `lobby-bench-outbox-${process.pid}-${Date.now()}`;
  const db = new LobbyDatabase(dbName, { indexedDB, IDBKeyRange });
  try {
    // What an operator offline for a long while leaves behind: creates (each with its client uuid),
    // then edits of some of them queued over version 1, the version a pending create shows; a second
    // edit of a record only succeeds when the drainer rebases it onto the first edit's version.
    const uuids = Array.from({ length: CREATES }, () => crypto.randomUUID());
    const expected = new Map<string, { name: string; version: number }>();
    const base = { userUuid: session.uuid, orgUuid: org, collection: 'pms-connection' };
    for (const [index, uuid] of uuids.entries()) {
      const input = connectionInput(index, 0);
      await enqueue({ ...base, method: 'POST', path: collection, body: { uuid, ...input }, recordUuid: uuid, label: `Add PMS connection "${input.name}"` }, db);
      expected.set(uuid, { name: input.name, version: 1 });
    }
    const edit = async (index: number, round: number) => {
      const uuid = uuids[index] as string;
      const input = connectionInput(index, round);
      await enqueue({ ...base, method: 'PUT', path: `${collection}/${uuid}`, body: input, ifMatch: 1, recordUuid: uuid, label: `Edit PMS connection "${input.name}"` }, db);
      expected.set(uuid, { name: input.name, version: round + 1 });
    };
    for (let index = 0; index < EDITED_ONCE + EDITED_TWICE; index += 1) await edit(index, 1);
    for (let index = EDITED_ONCE; index < EDITED_ONCE + EDITED_TWICE; index += 1) await edit(index, 2);
    const queued = await db.outbox.count();

    // warm the gateway's routes (JIT, PGlite) with a few writes outside the queue
    for (let i = 0; i < 20; i += 1) {
      const response = await fetch(`${gateway.url}/api${collection}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(connectionInput(100_000 + i, 0)),
      });
      await response.arrayBuffer();
    }

    let networkMs = 0;
    const start = performance.now();
    const result: DrainResult = await drainOutbox({
      db,
      baseUrl: `${gateway.url}/api`,
      userUuid: session.uuid,
      token: async () => session.token,
      refresh: async () => {
        session = await apiSignIn(gateway.url);
        return session.token;
      },
      fetch: async (input, init) => {
        const sent = performance.now();
        try {
          return await fetch(input, init);
        } finally {
          networkMs += performance.now() - sent;
        }
      },
    });
    const totalMs = performance.now() - start;

    // outside the timing: does the gateway hold exactly what was queued?
    const left = await db.outbox.count();
    const list = await getJson<{ data: Connection[] }>(`${gateway.url}/api${collection}`, session.token);
    const ours = list.data.filter((connection) => expected.has(connection.uuid));
    const wrong = ours.filter((connection) => {
      const want = expected.get(connection.uuid);
      return want === undefined || connection.version !== want.version || connection.name !== want.name;
    });
    const problems: string[] = [];
    if (queued !== MUTATIONS) problems.push(`${queued} queued, not ${MUTATIONS}`);
    if (result.stoppedBy !== 'empty' || result.applied !== MUTATIONS || result.failed > 0 || result.conflicts > 0) {
      problems.push(`drain stopped by ${result.stoppedBy}: ${result.applied} applied, ${result.failed} failed, ${result.conflicts} conflicts`);
    }
    if (left !== 0) problems.push(`${left} entries left in the outbox`);
    if (ours.length !== expected.size) problems.push(`gateway holds ${ours.length} of ${expected.size} connections`);
    if (wrong.length > 0) problems.push(`${wrong.length} connections with the wrong version or name`);

    // the peer: the same 1,000 mutations (new records) sent straight with fetch, no outbox
    const direct = await directReplay(gateway.url, session.token, collection);
    if (direct.refused > 0) problems.push(`direct peer: ${direct.refused} requests refused`);

    const perSecond = (MUTATIONS / totalMs) * 1000;
    const rows: Row[] = [
      {
        benchmark: 'offline: outbox replay (drainOutbox → gateway)',
        n: result.applied,
        figure: `${perSecond.toFixed(0)} mutations/s; ${totalMs.toFixed(0)} ms total; ${(totalMs / direct.totalMs).toFixed(2)}× direct`,
        note: `${CREATES} creates + ${EDITED_ONCE + 2 * EDITED_TWICE} If-Match edits, outbox in fake-indexeddb; gateway round trips ${networkMs.toFixed(0)} ms (${((networkMs / totalMs) * 100).toFixed(0)}%)`,
      },
      {
        benchmark: 'offline: same mutations, direct fetch (peer)',
        n: MUTATIONS,
        figure: `${((MUTATIONS / direct.totalMs) * 1000).toFixed(0)} mutations/s; ${direct.totalMs.toFixed(0)} ms total`,
        note: 'sequential fetch with Idempotency-Key and If-Match, no outbox',
      },
    ];
    if (problems.length > 0) rows.push({ benchmark: 'WARNING: outbox replay result', n: ours.length, note: problems.join('; ') });
    else rows.push({ benchmark: 'offline: outbox replay check', n: ours.length, note: `gateway holds all ${expected.size} connections at the expected versions and names` });
    return rows;
  } finally {
    db.close();
    await deleteOutboxDatabase(dbName);
  }
}

/** The same sequence of mutations without the outbox: each request built and sent straight away. */
async function directReplay(url: string, token: string, collection: string): Promise<{ totalMs: number; refused: number }> {
  const uuids = Array.from({ length: CREATES }, () => crypto.randomUUID());
  const versions = new Map<string, number>();
  let refused = 0;
  const send = async (method: 'POST' | 'PUT', path: string, body: unknown, ifMatch: number | null) => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    };
    if (ifMatch !== null) headers['if-match'] = `"${ifMatch}"`;
    const response = await fetch(`${url}/api${path}`, { method, headers, body: JSON.stringify(body) });
    const answer = (await response.json()) as { uuid?: string; version?: number };
    if (!response.ok) refused += 1;
    else if (answer.uuid !== undefined && answer.version !== undefined) versions.set(answer.uuid, answer.version);
  };
  const edit = (index: number, round: number) => {
    const uuid = uuids[index] as string;
    return send('PUT', `${collection}/${uuid}`, connectionInput(CREATES + index, round), versions.get(uuid) ?? 1);
  };
  const start = performance.now();
  for (const [index, uuid] of uuids.entries()) await send('POST', collection, { uuid, ...connectionInput(CREATES + index, 0) }, null);
  for (let index = 0; index < EDITED_ONCE + EDITED_TWICE; index += 1) await edit(index, 1);
  for (let index = EDITED_ONCE; index < EDITED_ONCE + EDITED_TWICE; index += 1) await edit(index, 2);
  return { totalMs: performance.now() - start, refused };
}

async function deleteOutboxDatabase(name: string): Promise<void> {
  await new LobbyDatabase(name, { indexedDB, IDBKeyRange }).delete();
}

// ---------------------------------------------------------------------------------------------

export async function offlineBench(): Promise<Row[]> {
  const gateway = await startGateway({ LOG_LEVEL: 'warn' });
  try {
    return [...(await draftRows(gateway)), ...(await outboxRows(gateway)), ...(await batchReplayRows(gateway)), ...(await batchReplayOnPostgres())];
  } finally {
    await gateway.stop();
  }
}

/** The same batch replay against a gateway on PostgreSQL (a throw-away database), or a row saying why not. */
async function batchReplayOnPostgres(): Promise<Row[]> {
  const pg = await throwAwayPostgres();
  if ('unavailable' in pg) return [{ benchmark: 'outbox batch replay, local gateway on PostgreSQL', n: 0, note: pg.unavailable }];
  try {
    const gateway = await startGateway({ LOG_LEVEL: 'warn', DATABASE_URL: pg.url });
    try {
      return await batchReplayRows(gateway, undefined, 'PostgreSQL');
    } finally {
      await gateway.stop();
    }
  } finally {
    await pg.drop();
  }
}

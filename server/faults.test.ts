/**
 * Faults of the real gateway process (issue 24, "Proof"): server/main.ts as a child process on its
 * own data (a PGlite DATA_DIR, or a PostgreSQL database of its own when DATABASE_URL is set).
 * - SIGKILL while a big hotel save or a rate-code CSV import is being written: after a restart on
 *   the same data the database holds all of it or none of it, and the client's retry with the same
 *   Idempotency-Key applies it exactly once. On PostgreSQL a second gateway on the same database,
 *   started beforehand, answers at once while the killed one starts again (and is the next to take
 *   over); on PGlite the killed one starts again on its data directory.
 * - An answer lost after the commit (the connection cut before the client reads it): the retry with
 *   the same key answers the same and writes nothing twice.
 * - Two operators saving the same hotel over the same version at once: one wins, the other gets 412
 *   with the current hotel, and the final hotel is exactly the winner's.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { createServer, type Server, type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotelBundle, PmsPackage, RateCode, Unit } from '../src/domain/index';
import { CALCULATION_RULES } from '../src/domain/index';
import { DEMO_ORGANIZATION_NAME } from './db/seed';
import { freePort, type GatewayProcess, scratchPostgres, spawnGateway } from './test-process';

const ADMIN_PASSWORD = 'Fault-Admin-Password-1';
const MANAGER_PASSWORD = 'Fault-Manager-Password-1';
const POSTGRES = process.env.DATABASE_URL;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
}

interface Sent {
  /** resolves when the whole request body has been handed to the connection */
  sent: Promise<void>;
  answer: Promise<Answer>;
}

/** a gateway process of this file: its environment (its port, and on PostgreSQL its application_name) */
interface Member {
  env: Record<string, string>;
  process: GatewayProcess;
}

/** the gateway requests go to (send's default port) */
let port = 0;
let gateway: Member | null = null;
/**
 * PostgreSQL: a second gateway on the same database, started while the last checks ran; a kill
 * hands the requests to it at once while the killed one starts again (the next standby). PGlite:
 * none (one process a data directory): the killed one starts again and is waited for.
 */
let standby: Member | null = null;
let env: Record<string, string> = {};
let dataDir = '';
let dropDatabase: (() => Promise<void>) | null = null;
/** on PostgreSQL, a second connection to the gateway's database: it sees the gateway's transactions */
let watcher: postgres.Sql | null = null;
let admin = '';
let manager = '';
let org = '';

/** One request on a connection of its own (no keep-alive across a killed gateway). */
function send(method: string, path: string, options: { token?: string; json?: unknown; raw?: Buffer; headers?: Record<string, string>; to?: number } = {}): Sent {
  const payload = options.raw ?? (options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json)));
  const headers: Record<string, string> = { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers };
  if (payload && options.json !== undefined) headers['content-type'] = 'application/json';
  if (payload) headers['content-length'] = String(payload.length);
  let markSent: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: options.to ?? port, method, path: `/api${path}`, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text === '' ? null : (JSON.parse(text) as unknown) });
      });
    });
    req.on('error', reject);
    req.end(payload, () => markSent());
  });
  // a request cut by a kill rejects: callers that only await `sent` look at it later
  answer.catch(() => undefined);
  return { sent, answer };
}

const call = async (method: string, path: string, options: Parameters<typeof send>[2] = {}) => send(method, path, options).answer;

/** A gateway on `memberEnv` (it lives through several tests: no short hard limit). */
const spawnMember = (memberEnv: Record<string, string>): Member => ({ env: memberEnv, process: spawnGateway(memberEnv, 600_000) });

async function switchTo(member: Member): Promise<void> {
  gateway = member;
  port = Number(member.env.PORT);
  await member.process.running;
}

/** how long each kill kept the requests waiting for a gateway */
const restarts: number[] = [];

/** SIGKILL, then a gateway on the same data: the standby (PostgreSQL), or the killed one started again (PGlite). */
async function killAndRestart(): Promise<void> {
  const killed = gateway as Member;
  const run = await killed.process.stop('SIGKILL');
  expect(run.signal).toBe('SIGKILL');
  const started = performance.now();
  const again = spawnMember(killed.env);
  if (standby) {
    const next = standby;
    standby = again;
    await switchTo(next);
  } else {
    await switchTo(again);
  }
  restarts.push(Math.round(performance.now() - started));
}

async function signIn(email: string, password: string): Promise<string> {
  const answer = await call('POST', '/authentication/v1/users/tokens', { json: { email, password } });
  expect(answer.status).toBe(200);
  return (answer.body as { token: string }).token;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lobby-faults-'));
  env = { HOST: '127.0.0.1', DATA_DIR: dataDir, LOBBY_ADMIN_PASSWORD: ADMIN_PASSWORD, LOBBY_DEMO_PASSWORD: MANAGER_PASSWORD, LOBBY_DEMO_TRANSACTIONS: '0', LOBBY_DEMO_ACCESS_LOG: '0' };
  if (POSTGRES) {
    const scratch = await scratchPostgres(POSTGRES, 'lobby_faults');
    dropDatabase = scratch.drop;
    env.DATABASE_URL = scratch.url;
    watcher = scratch.sql;
  }
  // its connections are told apart in pg_stat_activity by application_name (postgres.js reads PGAPPNAME)
  const member = async (name: string) => spawnMember({ ...env, PORT: String(await freePort()), PGAPPNAME: name });
  await switchTo(await member('lobby-faults-a'));
  // the standby starts once the first has migrated and seeded the database
  if (POSTGRES) standby = await member('lobby-faults-b');
  admin = await signIn('admin@lobby.local', ADMIN_PASSWORD);
  manager = await signIn('manager@lobby.local', MANAGER_PASSWORD);
  const orgs = await call('GET', '/organization/v1/organization', { token: admin });
  org = (orgs.body as { data: { uuid: string; name: string }[] }).data.find((item) => item.name === DEMO_ORGANIZATION_NAME)?.uuid ?? '';
  expect(org).not.toBe('');
});

afterAll(async () => {
  // every gateway started again after a kill did start
  await standby?.process.running;
  await Promise.all([gateway, standby].map((member) => member?.process.stop('SIGTERM')));
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const hotelPath = (hotel: string) => `/organization/${org}/hotel/${hotel}`;

async function newHotel(name: string, token = admin): Promise<string> {
  const created = await call('POST', `/organization/${org}/hotels`, { token, json: { parentUuid: null, attributes: { NAME: name } } });
  expect(created.status).toBe(201);
  return (created.body as Unit).uuid;
}

/** What a caller reads of a hotel: its unit, packages and rate codes. */
async function readHotel(hotel: string) {
  const [unit, packages, codes] = await Promise.all([
    call('GET', `/organization/${org}/hotels/${hotel}`, { token: admin }),
    call('GET', `${hotelPath(hotel)}/pms-package`, { token: admin }),
    call('GET', `${hotelPath(hotel)}/pms-rate-code`, { token: admin }),
  ]);
  expect([unit.status, packages.status, codes.status]).toEqual([200, 200, 200]);
  return { unit: unit.body as Unit, packages: (packages.body as { data: PmsPackage[] }).data, rateCodes: (codes.body as { data: RateCode[] }).data };
}

type Outcome = 'all' | 'none';

/**
 * Sends the request, waits until its body has left, waits for `moment` (a delay, or a condition
 * polled), kills the gateway (SIGKILL) and starts it again on the same data. Answers whether an
 * answer came before the kill.
 */
async function killDuring(request: () => Sent, moment: number | (() => Promise<boolean>)): Promise<{ answered: boolean }> {
  const sending = request();
  await sending.sent;
  let answered = false;
  sending.answer.then(
    () => (answered = true),
    () => undefined,
  );
  if (typeof moment === 'number') await new Promise((resolve) => setTimeout(resolve, moment));
  else await expect.poll(async () => answered || (await moment()), { timeout: 60_000, interval: 2 }).toBe(true);
  const wasAnswered = answered;
  await killAndRestart();
  return { answered: wasAnswered };
}

/**
 * PostgreSQL: a transaction of the gateway that has written and runs more than one statement (an
 * autocommit statement starts its transaction with itself), i.e. a save or an import going live.
 */
async function gatewayWriting(): Promise<boolean> {
  if (!watcher) return false;
  const [row] = await watcher<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and application_name = ${gateway?.env.PGAPPNAME ?? ''} and backend_xid is not null and xact_start < query_start`;
  return (row?.n ?? 0) > 0;
}

/** PostgreSQL: an import in progress has staged rows of its file (it is past reading its first batch). */
async function importStaged(): Promise<boolean> {
  if (!watcher) return false;
  const [row] = await watcher<{ n: number }[]>`select count(*)::int as n from rate_code_import_rows r join rate_code_imports i on i.uuid = r.import_uuid`;
  return (row?.n ?? 0) > 0;
}

/** The kills of one kind of write: at fractions of its duration, and on PostgreSQL once seen inside its transaction. */
function moments(ms: number, inside?: () => Promise<boolean>): { name: string; moment: number | (() => Promise<boolean>) }[] {
  // two moments a write: early (reading the body, staging) and late (writing, about to commit)
  const delays = [0.4, 0.8].map((fraction) => ({ name: `at ${Math.round(ms * fraction)} of ${Math.round(ms)} ms`, moment: ms * fraction }));
  return POSTGRES && inside ? [...delays, { name: 'inside its transaction (pg_stat_activity)', moment: inside }] : delays;
}

/** How long the request takes from its body sent to its answer, on a copy of the work that is not killed. */
async function timed(request: () => Sent): Promise<{ ms: number; answer: Answer }> {
  const sending = request();
  await sending.sent;
  const started = performance.now();
  const answer = await sending.answer;
  return { ms: performance.now() - started, answer };
}

const report = { kills: 0, all: 0, none: 0, duplicates: 0 };
/** each kill: what, when (ms after the body left), and what the restarted gateway held */
const killLog: string[] = [];
afterAll(() => {
  console.info(`faults (${POSTGRES ? 'PostgreSQL' : 'PGlite'}): ${JSON.stringify(report)}; ${killLog.join('; ')}; requests waited for a gateway after each kill ${restarts.join(', ')} ms`);
});

describe('the gateway killed inside a write', () => {
  // large enough that a save takes hundreds of milliseconds here, so each kill falls inside it
  const PACKAGES = 1_000;
  const RATE_CODES = 1_000;

  /** A save of a whole hotel's catalogue: new packages and rate codes naming them, and a new name. */
  function bigSave(tag: string) {
    const packages = Array.from({ length: PACKAGES }, (_, i) => ({ uuid: randomUUID(), externalId: `${tag}-P${i}`, calculationRule: 'ADULT' as const }));
    const rateCodes = Array.from({ length: RATE_CODES }, (_, i) => ({
      uuid: randomUUID(),
      name: `${tag}-RC${i}`,
      packages: [packages[i % PACKAGES]?.uuid as string, packages[(i * 7 + 1) % PACKAGES]?.uuid as string],
    }));
    return { hotel: { parentUuid: null, attributes: { NAME: `${tag} saved` } }, packages: { newPackages: packages }, rateCodes: { newRateCodes: rateCodes } };
  }

  const saveRequest = (hotel: string, body: object, key: string) => () =>
    send('PUT', `${hotelPath(hotel)}/save`, { token: admin, json: body, headers: { 'if-match': '"1"', 'idempotency-key': key } });

  it('a hotel save of thousands of packages and rate codes: all or nothing after a restart, and the retry applies it once', async () => {
    // how long such a save takes here (the quicker of two, the first warming up), so the kills fall while the gateway reads and writes it
    const probes = [await timed(saveRequest(await newHotel('Fault probe hotel 1'), bigSave('probe1'), randomUUID())), await timed(saveRequest(await newHotel('Fault probe hotel 2'), bigSave('probe2'), randomUUID()))];
    expect(probes.map((probe) => probe.answer.status)).toEqual([200, 200]);
    const measured = { ms: Math.min(...probes.map((probe) => probe.ms)) };

    for (const [index, { name, moment }] of moments(measured.ms, gatewayWriting).entries()) {
      const tag = `save${index}`;
      const hotel = await newHotel(`${tag} hotel`);
      const body = bigSave(tag);
      const key = randomUUID();
      const { answered } = await killDuring(saveRequest(hotel, body, key), moment);
      report.kills += 1;
      // seen inside its transaction: the write is long enough to be killed inside it
      if (typeof moment !== 'number') expect(answered).toBe(false);

      const after = await readHotel(hotel);
      const outcome: Outcome = after.packages.length === 0 ? 'none' : 'all';
      report[outcome] += 1;
      killLog.push(`save killed ${name}${answered ? ' (answered just before)' : ''}: ${outcome}`);
      if (outcome === 'none') {
        expect(answered).toBe(false);
        expect(after.unit).toMatchObject({ name: `${tag} hotel`, version: 1 });
        expect(after.rateCodes).toEqual([]);
      } else {
        expect(after.unit).toMatchObject({ name: `${tag} saved`, version: 2 });
        expect(after.packages).toHaveLength(PACKAGES);
        expect(after.rateCodes).toHaveLength(RATE_CODES);
      }

      // the client never saw (or saw) the answer: it sends the same change again, with its key
      const retry = await saveRequest(hotel, body, key)().answer;
      expect(retry.status).toBe(200);
      expect(retry.headers['idempotency-replayed']).toBe(outcome === 'all' ? 'true' : undefined);
      const saved = retry.body as HotelBundle;
      expect(saved.version).toBe(2);
      const final = await readHotel(hotel);
      expect(final.unit).toMatchObject({ name: `${tag} saved`, version: 2 });
      expect(final.packages.map((item) => item.uuid).sort()).toEqual(body.packages.newPackages.map((item) => item.uuid).sort());
      expect(final.rateCodes.map((item) => item.uuid).sort()).toEqual(body.rateCodes.newRateCodes.map((item) => item.uuid).sort());
      expect(new Set([...final.packages, ...final.rateCodes].map((item) => item.version))).toEqual(new Set([1]));
      report.duplicates += final.packages.length - PACKAGES + (final.rateCodes.length - RATE_CODES);
    }
  });

  const BOUNDARY = '----lobby-fault-boundary';
  const IMPORT_PACKAGES = Array.from({ length: 40 }, (_, i) => `PK${String(i).padStart(2, '0')}`);
  const CODES = 5_000;
  const PER_CODE = 4;
  const csvFile = (() => {
    let text = 'Rate Code,Package ID\r\n';
    for (let code = 0; code < CODES; code += 1) {
      for (let k = 0; k < PER_CODE; k += 1) text += `RC${String(code).padStart(6, '0')},${IMPORT_PACKAGES[(code * 7 + k * 3) % IMPORT_PACKAGES.length]}\r\n`;
    }
    return Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="codes.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.from(text),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
  })();

  async function hotelWithPackages(name: string): Promise<string> {
    const hotel = await newHotel(name);
    const patched = await call('PATCH', `${hotelPath(hotel)}/pms-package`, { token: admin, json: { newPackages: IMPORT_PACKAGES.map((externalId) => ({ externalId })) } });
    expect(patched.status).toBe(200);
    return hotel;
  }

  const importRequest = (hotel: string, key: string) => () =>
    send('POST', `${hotelPath(hotel)}/pms-rate-code/import`, { token: admin, raw: csvFile, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'idempotency-key': key } });

  it('a rate-code CSV import: all or nothing after a restart, and the retry applies it once', async () => {
    // the quicker of two imports into new hotels, the first warming up
    const probes = [await timed(importRequest(await hotelWithPackages('Import probe hotel 1'), randomUUID())), await timed(importRequest(await hotelWithPackages('Import probe hotel 2'), randomUUID()))];
    for (const probe of probes) expect(probe.answer).toMatchObject({ status: 200, body: { succeed: true, imported: CODES } });
    const measured = { ms: Math.min(...probes.map((probe) => probe.ms)), answer: probes[1]?.answer as Answer };

    // going live comes after the file is staged: staged rows first, then a writing transaction
    let staged = false;
    const goingLive = async () => (staged ||= await importStaged()) && gatewayWriting();
    for (const [index, { name, moment }] of moments(measured.ms, goingLive).entries()) {
      const hotel = await hotelWithPackages(`import${index} hotel`);
      const key = randomUUID();
      const { answered } = await killDuring(importRequest(hotel, key), moment);
      report.kills += 1;
      if (typeof moment !== 'number') expect(answered).toBe(false);

      const after = await readHotel(hotel);
      const outcome: Outcome = after.rateCodes.length === 0 ? 'none' : 'all';
      report[outcome] += 1;
      killLog.push(`import killed ${name}${answered ? ' (answered just before)' : ''}: ${outcome}`);
      if (outcome === 'none') expect(answered).toBe(false);
      else expect(after.rateCodes).toHaveLength(CODES);

      const retry = await importRequest(hotel, key)().answer;
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(measured.answer.body);
      expect(retry.headers['idempotency-replayed']).toBe(outcome === 'all' ? 'true' : undefined);
      const final = await readHotel(hotel);
      expect(final.rateCodes).toHaveLength(CODES);
      expect(new Set(final.rateCodes.map((code) => code.version))).toEqual(new Set([1]));
      expect(new Set(final.rateCodes.map((code) => code.name)).size).toBe(CODES);
      report.duplicates += final.rateCodes.length - CODES;
      // the hotel is free again: another import (a new key) is taken at once
      const again = await send('POST', `${hotelPath(hotel)}/pms-rate-code/import`, {
        token: admin,
        raw: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="one.csv"\r\nContent-Type: text/csv\r\n\r\nRate Code,Package ID\r\nONE,PK00\r\n\r\n--${BOUNDARY}--\r\n`),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'idempotency-key': randomUUID() },
      }).answer;
      expect(again).toMatchObject({ status: 200, body: { succeed: true, imported: 1 } });
    }
  });
});

/**
 * A TCP proxy to the gateway that forwards each request, reads the whole answer (the request asks
 * the gateway to close after it) and keeps it, and cuts the client's connection instead of passing
 * the answer on: the gateway committed and answered, the client never read it.
 */
async function answerDroppingProxy(): Promise<{ port: number; dropped: Buffer[]; close(): Promise<void> }> {
  const dropped: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    const chunks: Buffer[] = [];
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => chunks.push(chunk));
    upstream.on('end', () => {
      dropped.push(Buffer.concat(chunks));
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    dropped,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Status and JSON body of a raw HTTP/1.1 answer (one with content-length, as the gateway's JSON answers are). */
function parseAnswer(raw: Buffer): { status: number; body: unknown } {
  const text = raw.toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  const head = text.slice(0, split);
  expect(head).toMatch(/\r\ncontent-length: \d+/i);
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), body: JSON.parse(text.slice(split + 4)) as unknown };
}

describe('answers lost after the commit', () => {
  it('a create and an update whose answers never reach the client: the retry with the same key answers the same, and nothing is written twice', async () => {
    const hotel = await newHotel('Lost answers hotel');
    const proxy = await answerDroppingProxy();
    try {
      const packageUuid = randomUUID();
      const through = (method: string, path: string, json: object, headers: Record<string, string>, to?: number) =>
        send(method, path, { token: admin, json, headers: { ...headers, ...(to === undefined ? {} : { connection: 'close' }) }, to }).answer;

      // a create with the client's uuid
      const create = { uuid: packageUuid, externalId: 'LOST', calculationRule: 'ADULT' };
      const createKey = { 'idempotency-key': randomUUID() };
      await expect(through('POST', `${hotelPath(hotel)}/pms-package`, create, createKey, proxy.port)).rejects.toThrow();
      expect(proxy.dropped).toHaveLength(1);
      const lostCreate = parseAnswer(proxy.dropped[0] as Buffer);
      expect(lostCreate.status).toBe(201);
      const createdAgain = await through('POST', `${hotelPath(hotel)}/pms-package`, create, createKey);
      expect(createdAgain).toMatchObject({ status: 201, body: lostCreate.body, headers: { 'idempotency-replayed': 'true' } });

      // an update over the version it read
      const update = { externalId: 'LOST', calculationRule: 'PERSON' };
      const updateKey = { 'idempotency-key': randomUUID(), 'if-match': '"1"' };
      await expect(through('PUT', `${hotelPath(hotel)}/pms-package/${packageUuid}`, update, updateKey, proxy.port)).rejects.toThrow();
      expect(proxy.dropped).toHaveLength(2);
      const lostUpdate = parseAnswer(proxy.dropped[1] as Buffer);
      expect(lostUpdate).toMatchObject({ status: 200, body: { uuid: packageUuid, version: 2, calculationRule: 'PERSON' } });
      const updatedAgain = await through('PUT', `${hotelPath(hotel)}/pms-package/${packageUuid}`, update, updateKey);
      expect(updatedAgain).toMatchObject({ status: 200, body: lostUpdate.body, headers: { 'idempotency-replayed': 'true' } });

      // one package, written once by each change
      const { packages } = await readHotel(hotel);
      expect(packages).toEqual([lostUpdate.body]);
      report.duplicates += packages.length - 1;
    } finally {
      await proxy.close();
    }
  });
});

describe('two operators saving the same hotel at once', () => {
  it('one wins, the other gets 412 with the hotel as the winner left it, and the final hotel is exactly the winner’s', async () => {
    const hotels = await call('GET', `/organization/${org}/hotels`, { token: manager });
    const hotel = (hotels.body as { data: Unit[] }).data.find((unit) => unit.name === 'Harbour View Hotel')?.uuid ?? '';
    expect(hotel).not.toBe('');
    const shared = await call('POST', `${hotelPath(hotel)}/pms-package`, { token: admin, json: { uuid: randomUUID(), externalId: 'SHARED', calculationRule: 'ADULT' } });
    expect(shared.status).toBe(201);
    const sharedUuid = (shared.body as PmsPackage).uuid;
    const operators = [
      { who: 'admin', token: admin },
      { who: 'manager', token: manager },
    ] as const;
    const winners: string[] = [];

    for (let round = 0; round < 4; round += 1) {
      // both read the hotel and the package at the same versions
      const [unit] = await Promise.all(operators.map(async ({ token }) => (await call('GET', `/organization/${org}/hotels/${hotel}`, { token })).body as Unit));
      const before = await readHotel(hotel);
      const version = unit?.version ?? 0;
      const sharedBefore = before.packages.find((item) => item.uuid === sharedUuid);
      const sharedVersion = sharedBefore?.version;
      // each changes the shared package to a rule of its own, neither the one it has
      const rules = CALCULATION_RULES.filter((rule) => rule !== sharedBefore?.calculationRule);
      // sent in turn first by one, then by the other
      const saves = (round % 2 === 0 ? operators : [...operators].reverse()).map(({ who, token }, index) => {
        const rule = rules[index] as string;
        const added = { uuid: randomUUID(), externalId: `R${round}-${who}`, calculationRule: 'ADULT' as const };
        const body = { packages: { newPackages: [added], updatedPackages: [{ uuid: sharedUuid, externalId: 'SHARED', calculationRule: rule, version: sharedVersion }] } };
        return { who, rule, added, answer: send('PUT', `${hotelPath(hotel)}/save`, { token, json: body, headers: { 'if-match': `"${version}"`, 'idempotency-key': randomUUID() } }).answer };
      });
      const answers = await Promise.all(saves.map((save) => save.answer));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
      const winnerIndex = answers.findIndex((answer) => answer.status === 200);
      const winner = saves[winnerIndex] as (typeof saves)[number];
      const loser = saves[1 - winnerIndex] as (typeof saves)[number];
      const won = answers[winnerIndex]?.body as HotelBundle;
      const refused = answers[1 - winnerIndex]?.body as { errors: { code: string }[]; current: HotelBundle };
      winners.push(winner.who);

      expect(won.version).toBe(version + 1);
      expect(refused.errors.map((error) => error.code)).toEqual(['version_mismatch']);
      // the conflict view gets the hotel as the winner left it
      const { hotelDefinition: _wonDefinition, ...wonParts } = won;
      const { hotelDefinition: _currentDefinition, ...currentParts } = refused.current;
      expect(currentParts).toEqual(wonParts);
      // no lost update: the stored hotel is exactly the winner's save, nothing of the loser's
      const after = await readHotel(hotel);
      expect(after.unit.version).toBe(version + 1);
      expect(after.packages).toEqual(won.packages);
      expect(after.packages.find((item) => item.uuid === sharedUuid)).toMatchObject({ calculationRule: winner.rule, version: (sharedVersion ?? 0) + 1 });
      expect(after.packages.map((item) => item.uuid)).toContain(winner.added.uuid);
      expect(after.packages.map((item) => item.uuid)).not.toContain(loser.added.uuid);
    }
    console.info(`conflicts: winners ${winners.join(', ')}`);
  });
});

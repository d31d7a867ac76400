/**
 * `npm run bench -- load`: the gateway under load (issue 24, "Performance under load"). Real gateway
 * processes (`node --import tsx server/main.ts`, server/test-process.ts) on loopback, driven by a
 * small bounded load generator on node:http keep-alive agents: C connections, each sending its next
 * request as soon as the last one is answered, for a fixed time. Prints requests a second and
 * p50/p95/p99 latency of:
 * - list: a hotel's 150 rate codes (GET …/hotel/{hotel}/pms-rate-code);
 * - detail: one rate code (GET …/pms-rate-code/{uuid});
 * - mixed: 40 % list, 40 % detail, 20 % writes — each connection updates its own PMS connection
 *   (PUT with If-Match and an Idempotency-Key, as the outbox sends it); the writes of one
 *   organization hold its row lock, so they run one at a time;
 * at 50 and 200 connections (and 1, the unloaded peer), on PGlite (one gateway: PGlite is one process's database), on
 * PostgreSQL with one gateway, and with two gateways on the same PostgreSQL, connections split
 * between them. The generator runs in this process, on the same cores as the gateways: on a small
 * machine it takes its share of CPU, so the figures are for comparing with each other.
 * LOAD_SECONDS sets the time per run (default 5).
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { type GatewayProcess as Gateway, startGateway } from '../server/test-process';
import { throwAwayPostgres } from './postgres';
import { percentile, type Row } from './stats';

const ADMIN = { email: 'admin@lobby.local', password: 'Load-Bench-Admin-1' };
/** 1: the same requests one at a time, the peer the loaded figures compare with */
const CONNECTIONS = [1, 50, 200] as const;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 5);
const WARM_UP_MS = 2_000;
const GATEWAY_ENV = {
  LOBBY_ADMIN_PASSWORD: ADMIN.password,
  LOBBY_DEMO_PASSWORD: 'Load-Bench-Manager-1',
  LOBBY_DEMO_TRANSACTIONS: '2000',
  LOBBY_DEMO_ACCESS_LOG: '500',
  LOG_LEVEL: 'warn',
};

interface Answer {
  status: number;
  body: string;
}

/** One HTTP request on a keep-alive agent; the answer's body read whole. */
function send(agent: Agent, base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const url = new URL(`/api${path}`, base);
  return new Promise((resolve, reject) => {
    const req = request(
      { agent, host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Target {
  gateway: Gateway;
  agent: Agent;
}

interface Fixture {
  token: string;
  org: string;
  hotel: string;
  rateCodes: string[];
  /** the PMS connection each load connection updates, with its current version */
  connections: { uuid: string; version: number }[];
}

async function prepare(gateway: Gateway, writers: number): Promise<Fixture> {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  try {
    const signedIn = await send(agent, gateway.base, 'POST', '/authentication/v1/users/tokens', {}, JSON.stringify(ADMIN));
    if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}`);
    const token = (JSON.parse(signedIn.body) as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    const get = async <T>(path: string): Promise<T> => {
      const answer = await send(agent, gateway.base, 'GET', path, auth);
      if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
      return JSON.parse(answer.body) as T;
    };
    const orgs = await get<{ data: { uuid: string; name: string }[] }>('/organization/v1/organization');
    const org = orgs.data.find((row) => row.name === 'Demo Hospitality Group')?.uuid ?? '';
    const definitions = await get<{ data: { hotelUuid: string }[] }>(`/organization/${org}/hotel-definition`);
    const hotel = definitions.data[0]?.hotelUuid ?? '';
    const codes = await get<{ data: { uuid: string }[] }>(`/organization/${org}/hotel/${hotel}/pms-rate-code`);
    const connections: Fixture['connections'] = [];
    for (let i = 0; i < writers; i += 1) {
      const created = await send(agent, gateway.base, 'POST', `/organization/${org}/pms-connection`, auth, JSON.stringify({ name: `Load ${i}`, type: 'OPERA_IFC8_XML', host: 'load.opera.local', port: 6000 }));
      if (created.status !== 201) throw new Error(`PMS connection create answered ${created.status}: ${created.body}`);
      const row = JSON.parse(created.body) as { uuid: string; version: number };
      connections.push({ uuid: row.uuid, version: row.version });
    }
    return { token, org, hotel, rateCodes: codes.data.map((row) => row.uuid), connections };
  } finally {
    agent.destroy();
  }
}

type Workload = 'list' | 'detail' | 'mixed';

interface Result {
  latencies: number[];
  requests: number;
  errors: number;
  seconds: number;
}

/** `connections` loops, each sending its next request when the last is answered, until the time is up. */
async function drive(gateways: readonly Gateway[], fixture: Fixture, workload: Workload, connections: number, seconds: number): Promise<Result> {
  const targets: Target[] = gateways.map((gateway, g) => ({
    gateway,
    agent: new Agent({ keepAlive: true, maxSockets: Math.ceil(connections / gateways.length) + (g === 0 ? 1 : 0) }),
  }));
  const auth = { authorization: `Bearer ${fixture.token}` };
  const list = `/organization/${fixture.org}/hotel/${fixture.hotel}/pms-rate-code`;
  const latencies: number[] = [];
  let requests = 0;
  let errors = 0;
  const started = performance.now();
  const measureFrom = started + WARM_UP_MS;
  const end = measureFrom + seconds * 1000;
  const loop = async (c: number) => {
    const target = targets[c % targets.length] as Target;
    const own = fixture.connections[c % fixture.connections.length] as Fixture['connections'][number];
    for (let n = 0; performance.now() < end; n += 1) {
      const pick = workload === 'mixed' ? (n % 5 === 4 ? 'write' : n % 2 === 0 ? 'list' : 'detail') : workload;
      const sentAt = performance.now();
      let answer: Answer;
      if (pick === 'list') answer = await send(target.agent, target.gateway.base, 'GET', list, auth);
      else if (pick === 'detail') answer = await send(target.agent, target.gateway.base, 'GET', `${list}/${fixture.rateCodes[(c + n) % fixture.rateCodes.length] ?? ''}`, auth);
      else {
        const body = JSON.stringify({ name: `Load ${c % fixture.connections.length}`, type: 'OPERA_IFC8_XML', host: 'load.opera.local', port: 6000 + (n % 1000) });
        answer = await send(target.agent, target.gateway.base, 'PUT', `/organization/${fixture.org}/pms-connection/${own.uuid}`, { ...auth, 'if-match': `"${own.version}"`, 'idempotency-key': randomUUID() }, body);
        if (answer.status === 200) own.version = (JSON.parse(answer.body) as { version: number }).version;
      }
      const answeredAt = performance.now();
      // what is answered within the measured time counts, whenever it was sent (as autocannon counts)
      if (answeredAt < measureFrom || answeredAt > end) continue;
      requests += 1;
      if (answer.status >= 400) errors += 1;
      latencies.push(answeredAt - sentAt);
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, c) => loop(c)));
  for (const target of targets) target.agent.destroy();
  return { latencies: latencies.sort((a, b) => a - b), requests, errors, seconds };
}

function row(setup: string, workload: Workload, connections: number, result: Result): Row {
  const rate = result.requests / result.seconds;
  return {
    benchmark: `load: ${setup}, ${workload}, ${connections} connections`,
    n: result.requests,
    p50: percentile(result.latencies, 50),
    p95: percentile(result.latencies, 95),
    figure: `${rate.toFixed(0)} req/s, p99 ${percentile(result.latencies, 99).toFixed(1)} ms`,
    note: result.errors > 0 ? `${result.errors} answers ≥ 400` : undefined,
  };
}

async function runAll(setup: string, gateways: readonly Gateway[], fixture: Fixture): Promise<Row[]> {
  const rows: Row[] = [];
  for (const workload of ['list', 'detail', 'mixed'] as const) {
    for (const connections of CONNECTIONS) {
      const result = await drive(gateways, fixture, workload, connections, SECONDS);
      rows.push(row(setup, workload, connections, result));
      console.log(`  ${rows.at(-1)?.benchmark}: ${rows.at(-1)?.figure}`);
    }
  }
  return rows;
}

export async function loadBench(): Promise<Row[]> {
  const machine = () => `${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1) ?? '?'}`;
  const rows: Row[] = [{ benchmark: 'load: the machine at the start', n: 0, figure: machine(), note: `${SECONDS} s a run after ${WARM_UP_MS / 1000} s of warm-up` }];
  const writers = Math.max(...CONNECTIONS);

  const embedded = await startGateway({ databaseUrl: null, env: GATEWAY_ENV, startTimeoutMs: 300_000 });
  try {
    rows.push(...(await runAll('PGlite, 1 gateway', [embedded], await prepare(embedded, writers))));
  } finally {
    await embedded.stop();
  }

  const database = await throwAwayPostgres();
  if ('unavailable' in database) return [...rows, { benchmark: 'load: PostgreSQL', n: 0, note: database.unavailable }];
  const started: Gateway[] = [];
  try {
    const first = await startGateway({ databaseUrl: database.url, env: GATEWAY_ENV, startTimeoutMs: 300_000 });
    started.push(first);
    const fixture = await prepare(first, writers);
    rows.push(...(await runAll('PostgreSQL, 1 gateway', [first], fixture)));
    const second = await startGateway({ databaseUrl: database.url, env: GATEWAY_ENV, startTimeoutMs: 300_000 });
    started.push(second);
    rows.push(...(await runAll('PostgreSQL, 2 gateways', [first, second], fixture)));
  } finally {
    await Promise.all(started.map((gateway) => gateway.stop()));
    await database.drop();
  }
  return rows;
}

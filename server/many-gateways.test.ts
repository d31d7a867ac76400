/**
 * Several gateways on one PostgreSQL behave as one (issue 24, "Many gateways"): two real gateway
 * processes, started at the same moment on one empty database, and one client whose requests are
 * spread across them. Needs DATABASE_URL (CI runs the gateway suite on PostgreSQL too); on PGlite,
 * one process's database, it is reported skipped.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayProcess as Gateway, scratchPostgres, type ScratchPostgres, startGateway } from './test-process';

const ADMIN = { email: 'admin@lobby.local', password: 'Many-Gateways-Admin-1' };
const MANAGER = { email: 'manager@lobby.local', password: 'Many-Gateways-Manager-1' };
const DEMO_ORGANIZATION = 'Demo Hospitality Group';
/** DATABASE_POOL_SIZE of each gateway: below what 40 reads at once would open */
const POOL_SIZE = 3;

interface Session {
  token: string;
  refreshToken: string;
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function call(gateway: Gateway, method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${gateway.base}/api${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

const signIn = (gateway: Gateway, email: string, password: string) => call(gateway, 'POST', '/authentication/v1/users/tokens', { body: { email, password } });
const refresh = (gateway: Gateway, session: Session) =>
  call(gateway, 'POST', '/authentication/v1/users/tokens/refresh', { body: { token: session.token, refreshToken: session.refreshToken } });
const organizations = (gateway: Gateway, token: string) => call(gateway, 'GET', '/organization/v1/organization', { token });

async function session(gateway: Gateway, email = ADMIN.email, password = ADMIN.password): Promise<Session> {
  const answer = await signIn(gateway, email, password);
  expect(answer.status).toBe(200);
  return answer.body as Session;
}

/** Polls `read` until `done` holds for its value, at most `timeoutMs` (a condition, never a fixed sleep). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!process.env.DATABASE_URL)('two gateway processes on one PostgreSQL', () => {
  let database: ScratchPostgres;
  let a: Gateway;
  let b: Gateway;
  let bothStarted = false;
  let demoOrg = '';

  beforeAll(async () => {
    database = await scratchPostgres(process.env.DATABASE_URL as string, 'lobby_gw');
    const env = {
      LOBBY_ADMIN_PASSWORD: ADMIN.password,
      LOBBY_DEMO_PASSWORD: MANAGER.password,
      LOBBY_DEMO_TRANSACTIONS: '2000',
      LOBBY_DEMO_ACCESS_LOG: '200',
      PUBLIC_URL: 'http://lobby.test',
      DATABASE_POOL_SIZE: String(POOL_SIZE),
    };
    // both at once on the empty database: migrations and the first-start seed race
    const started = await Promise.allSettled([startGateway({ databaseUrl: database.url, env }), startGateway({ databaseUrl: database.url, env })]);
    const [first, second] = started;
    if (first?.status !== 'fulfilled' || second?.status !== 'fulfilled') {
      await Promise.all(started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : null)));
      throw started.find((result) => result.status === 'rejected')?.reason;
    }
    a = first.value;
    b = second.value;
    bothStarted = true;
    const admin = await session(a);
    const orgs = (await organizations(a, admin.token)).body as { data: { uuid: string; name: string }[] };
    demoOrg = orgs.data.find((org) => org.name === DEMO_ORGANIZATION)?.uuid ?? '';
  });

  afterAll(async () => {
    // both started (beforeAll stops either one when the other failed)
    if (!bothStarted) return void (await database?.drop());
    const codes = (await Promise.all([a.stop(), b.stop()])).map((run) => run.code);
    await database.drop();
    // a clean shutdown of both, after everything below
    expect(codes).toEqual([0, 0]);
  });

  it('both start at once on the empty database: migrations once, one administrator, one demo organization', async () => {
    const [admins] = await database.sql<{ n: number }[]>`select count(*)::int as n from users where email = ${ADMIN.email}`;
    expect(admins?.n).toBe(1);
    const [orgs] = await database.sql<{ n: number }[]>`select count(*)::int as n from organizations where name = ${DEMO_ORGANIZATION}`;
    expect(orgs?.n).toBe(1);
    const [migrations] = await database.sql<{ n: number; distinct: number }[]>`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`;
    expect(migrations?.n).toBe(migrations?.distinct);
    // one of them created the accounts, the other found them
    const banners = [a.output().stdout, b.output().stdout].map((stdout) =>
      stdout.includes('admin@lobby.local with the password from LOBBY_ADMIN_PASSWORD') ? 'created' : stdout.includes('admin@lobby.local with the password set at first start') ? 'found' : stdout,
    );
    expect(banners.sort()).toEqual(['created', 'found']);
    expect([a, b].map((gateway) => gateway.output().stdout + gateway.output().stderr).join('')).not.toContain(ADMIN.password);
    expect(demoOrg).not.toBe('');
  });

  it('a session signed in on one gateway works on the other', async () => {
    const signedIn = await session(a);
    const seen = await organizations(b, signedIn.token);
    expect(seen.status).toBe(200);
    expect((seen.body as { data: { name: string }[] }).data.map((org) => org.name)).toContain(DEMO_ORGANIZATION);
  });

  it('refresh tokens rotate across gateways, and a spent one used again revokes the sign-in on both', async () => {
    const first = await session(a);
    const rotated = await refresh(b, first);
    expect(rotated.status).toBe(200);
    const second = rotated.body as Session;
    expect((await organizations(a, second.token)).status).toBe(200);
    // the spent first refresh token is no longer the latest one (no grace for it)
    const third = await refresh(a, second);
    expect(third.status).toBe(200);
    const current = third.body as Session;
    expect((await organizations(b, current.token)).status).toBe(200);

    const reused = await refresh(a, first);
    expect(reused.status).toBe(401);
    expect((await organizations(a, current.token)).status).toBe(401);
    expect((await organizations(b, current.token)).status).toBe(401);
    expect((await refresh(b, current)).status).toBe(401);
  });

  it('a change sent to one gateway and sent again with its Idempotency-Key to the other is applied once, with the same answer', async () => {
    const admin = await session(a);
    const key = randomUUID();
    const connection = { name: `Opera ${key.slice(0, 8)}`, type: 'OPERA_IFC8_XML', host: 'many.opera.local', port: 5030 };
    const path = `/organization/${demoOrg}/pms-connection`;
    const sent = await call(a, 'POST', path, { token: admin.token, body: connection, headers: { 'idempotency-key': key } });
    expect(sent.status).toBe(201);
    const resent = await call(b, 'POST', path, { token: admin.token, body: connection, headers: { 'idempotency-key': key } });
    expect(resent.status).toBe(201);
    expect(resent.headers.get('idempotency-replayed')).toBe('true');
    expect(resent.body).toEqual(sent.body);

    // the same key at the same moment on both: still one connection
    const raceKey = randomUUID();
    const raced = { ...connection, name: `Opera ${raceKey.slice(0, 8)}` };
    const answers = await Promise.all([a, b].map((gateway) => call(gateway, 'POST', path, { token: admin.token, body: raced, headers: { 'idempotency-key': raceKey } })));
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThan(0);
    for (const answer of created) expect(answer.body).toEqual(created[0]?.body);

    const list = await call(b, 'GET', path, { token: admin.token });
    const names = (list.body as { data: { name: string }[] }).data.map((row) => row.name);
    expect(names.filter((name) => name === connection.name)).toHaveLength(1);
    expect(names.filter((name) => name === raced.name)).toHaveLength(1);
  });

  it('export jobs queued on both gateways are each run once, with one mail each, while both run their export runners', async () => {
    const admin = await session(a);
    const now = Date.now();
    const query = (i: number) =>
      new URLSearchParams({
        after: new Date(now - 60 * 24 * 3600_000).toISOString(),
        before: new Date(now + 3600_000).toISOString(),
        timeZone: 'Europe/Lisbon',
        email: `many-gateways-${i}@example.com`,
      }).toString();
    // queued on both at once: each gateway kicks its own runner, so both drain the same queue
    const queued = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call(i % 2 === 0 ? a : b, 'POST', `/reporting/ous/organization/${demoOrg}/transactions/export?${query(i)}`, { token: admin.token })),
    );
    for (const answer of queued) expect(answer.status).toBe(202);
    const jobs = queued.map((answer) => (answer.body as { uuid: string }).uuid);

    for (const [i, job] of jobs.entries()) {
      const status = await until(
        () => call(i % 2 === 0 ? b : a, 'GET', `/reporting/v1/reporting/exports/${job}`, { token: admin.token }),
        (answer) => (answer.body as { status?: string }).status === 'DONE' || (answer.body as { status?: string }).status === 'FAILED',
      );
      expect((status.body as { status: string }).status).toBe('DONE');
    }
    const rows = await database.sql<{ uuid: string; attempts: number }[]>`select uuid, attempts from export_jobs where uuid in ${database.sql(jobs)}`;
    expect(rows.map((row) => row.attempts)).toEqual(jobs.map(() => 1));
    for (let i = 0; i < jobs.length; i += 1) {
      const mails = await database.sql<{ subject: string }[]>`select subject from outbox_messages where recipient = ${`many-gateways-${i}@example.com`}`;
      expect(mails.map((mail) => mail.subject)).toEqual(['Your transactions export is ready']);
    }
    // the file is served by either gateway
    const file = await fetch(`${b.base}/api/reporting/v1/reporting/exports/${jobs[0] ?? ''}/download`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(file.status).toBe(200);
    expect((await file.text()).split('\n')[0]).toContain('Check number');
  });

  it('a second rate-code import of the same hotel is refused on the other gateway while the first one runs', async () => {
    const admin = await session(a);
    const definitions = (await call(a, 'GET', `/organization/${demoOrg}/hotel-definition`, { token: admin.token })).body as { data: { hotelUuid: string }[] };
    const hotel = definitions.data[0]?.hotelUuid ?? '';
    const path = `/api/organization/${demoOrg}/hotel/${hotel}/pms-rate-code/import`;
    const boundary = '----many-gateways-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="codes.csv"\r\nContent-Type: text/csv\r\n\r\nRate Code,Package ID\r\nMANY01,BREAKFAST\r\n`;
    const tail = `MANY02,SPA\r\n\r\n--${boundary}--\r\n`;
    const headers = { authorization: `Bearer ${admin.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` };

    // the first import, on A: its file is still arriving
    let answered = false;
    const first = httpRequest(`${a.base}${path}`, { method: 'POST', headers });
    const firstAnswer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      first.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => {
          answered = true;
          resolve({ status: response.statusCode ?? 0, body });
        });
      });
      first.on('error', reject);
    });
    first.write(head);
    const running = await until(
      async () => (await database.sql<{ n: number }[]>`select count(*)::int as n from rate_code_imports where hotel_uuid = ${hotel}`)[0]?.n ?? 0,
      (n) => n === 1 || answered,
    );
    expect(running).toBe(1);

    // the same hotel's import on B meanwhile
    const upload = (gateway: Gateway) => fetch(`${gateway.base}${path}`, { method: 'POST', headers, body: head + tail });
    const second = await upload(b);
    expect(second.status).toBe(409);
    expect(JSON.stringify(await second.json())).toContain('Another import of this hotel’s rate codes is in progress');

    first.end(tail);
    const done = await firstAnswer;
    expect(done.status).toBe(200);
    expect(JSON.parse(done.body)).toMatchObject({ succeed: true });
    // the hotel is free again, on either gateway
    const again = await upload(b);
    expect(again.status).toBe(200);
    const codes = (await call(b, 'GET', `/organization/${demoOrg}/hotel/${hotel}/pms-rate-code`, { token: admin.token })).body as { data: { name: string }[] };
    expect(codes.data.map((code) => code.name).sort()).toEqual(['MANY01', 'MANY02']);
  });

  it('sign-in failures sent to both gateways count together toward the throttle', async () => {
    // five wrong passwords, spread over both: every one an ordinary refusal
    for (let i = 0; i < 5; i += 1) {
      const refused = await signIn(i % 2 === 0 ? a : b, MANAGER.email, 'Wrong-Password-1');
      expect(refused.status).toBe(401);
    }
    // the sixth waits, on the gateway that saw only two of them, even with the right password
    const held = await signIn(b, MANAGER.email, MANAGER.password);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(a, MANAGER.email, MANAGER.password)).status).toBe(429);
  });

  it('each gateway opens at most DATABASE_POOL_SIZE connections, however many requests it serves at once', async () => {
    const admin = await session(a);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => organizations(i % 2 === 0 ? a : b, admin.token)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const [open] = await database.sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
    // both gateways' pools (the migration runner's connection closed after start); this client has at most one more
    expect(open?.n).toBeGreaterThanOrEqual(2);
    expect(open?.n).toBeLessThanOrEqual(2 * POOL_SIZE + 1);
  });

  it('a logout on one gateway is refused on the other at once', async () => {
    const signedIn = await session(a);
    expect((await organizations(a, signedIn.token)).status).toBe(200);
    const out = await call(b, 'POST', '/authentication/v1/users/tokens/revoke', { token: signedIn.token, body: { refreshToken: signedIn.refreshToken } });
    expect(out.status).toBe(204);
    expect((await organizations(a, signedIn.token)).status).toBe(401);
    expect((await refresh(a, signedIn)).status).toBe(401);
  });
});

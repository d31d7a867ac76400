/**
 * Gateway test kit: a fresh database per test file (in-memory PGlite, or a throw-away PostgreSQL
 * database `lobby_test_<random>` when DATABASE_URL is set), the app built in-process on it with a
 * movable clock, seeded accounts with known passwords, and small request helpers.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openAsBlob, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions, RouteOptions } from 'fastify';
import postgres from 'postgres';
import type { Membership, Permission, Session } from '../src/domain/index';
import { buildApp } from './app';
import type { LobbyApp } from './app';
import { hashPassword } from './auth/passwords';
import type { Config } from './config';
import { parseConfig } from './config';
import type { Limits } from './context';
import type { Database, DatabaseHandle } from './db/client';
import { openPglite, openPostgres } from './db/client';
import { migrateDatabase } from './db/migrate';
import * as schema from './db/schema';
import { memberships, organizations, outboxMessages, users } from './db/schema';
import type { SeedResult } from './db/seed';
import { DEMO_ORGANIZATION_NAME, seedDatabase } from './db/seed';

export const ADMIN_EMAIL = 'admin@lobby.local';
export const ADMIN_PASSWORD = 'Admin-Password-1';
export const MANAGER_EMAIL = 'manager@lobby.local';
export const MANAGER_PASSWORD = 'Manager-Password-1';

export interface TestDatabase {
  db: Database;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * Drops a test database whose own connections are closed. A plain DROP waits for (and stops) an
 * autovacuum worker still in it; `WITH (FORCE)` would refuse instead, since a non-superuser may not
 * terminate that worker ("must be a member of the role whose process is being terminated").
 */
export async function dropDatabase(admin: postgres.Sql, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await sleep(200 * attempt);
    }
  }
}

/** Where the first test file of a run leaves the migrated, empty PGlite database (emptied at each run by test-global-setup.ts). */
export const PGLITE_TEMPLATE = join(process.cwd(), '.tmp', 'gateway-template', 'migrated.tar');

/**
 * The migrated, empty PGlite database as a data-directory dump. Creating PGlite from scratch runs
 * its initdb, a few seconds each time; loading a dump of it takes under one. Two test files that
 * find no dump at once each write one; the rename makes either complete copy the one read.
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  if (existsSync(PGLITE_TEMPLATE)) return openAsBlob(PGLITE_TEMPLATE);
  const handle = await openPglite(null);
  try {
    await migrateDatabase(handle);
    if (handle.kind !== 'pglite') throw new Error('not PGlite');
    const dump = await handle.client.dumpDataDir('none');
    mkdirSync(join(PGLITE_TEMPLATE, '..'), { recursive: true });
    const partial = `${PGLITE_TEMPLATE}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, PGLITE_TEMPLATE);
    return dump;
  } finally {
    await handle.close();
  }
}

/** A migrated, empty database of its own. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const client = await PGlite.create({ loadDataDir: await migratedPgliteTemplate() });
    const handle: DatabaseHandle = { kind: 'pglite', db: drizzlePglite({ client, schema }), client, close: () => client.close() };
    return { db: handle.db, handle, close: () => handle.close() };
  }
  const name = `lobby_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 5);
  await migrateDatabase(handle);
  return {
    db: handle.db,
    handle,
    async close() {
      await handle.close();
      await dropDatabase(admin, name);
      await admin.end({ timeout: 5 });
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return parseConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://lobby.test', ...env });
}

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function movableClock(): TestClock {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => void (offset += ms) };
}

export interface TestApp {
  app: LobbyApp;
  db: Database;
  clock: TestClock;
  seeded: SeedResult | null;
  /** closes the app, and the database when this call created it */
  close(): Promise<void>;
}

export interface TestAppOptions {
  database?: TestDatabase;
  seed?: boolean;
  demo?: boolean;
  limits?: Partial<Limits>;
  env?: Record<string, string>;
  distDir?: string | null;
  registerExtraRoutes?: (api: FastifyInstance) => void | Promise<void>;
  /** told of every route the app registers (method, url, options) */
  onRoute?: (route: RouteOptions) => void;
  clock?: TestClock;
  /** Fastify logger option; default off */
  logger?: FastifyServerOptions['logger'];
  /** where mail files go; default none (the outbox table only) */
  mailDir?: string | null;
  /** transactions of the demo history (default 2,000, so a suite stays quick) */
  demoTransactions?: number;
  /** run housekeeping at start and hourly, as the gateway does; default off */
  housekeeping?: boolean;
  /** demo access-log entries the seed writes; default 500 (the gateway's 20,000 would slow every test file) */
  demoAccessLog?: number;
  /** run export jobs by themselves, as the gateway does; default off (tests await app.lobby.exports.drain()) */
  exportJobs?: boolean;
}

/** The app on a fresh (or given) database, seeded with known passwords unless seed is false. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(options.env);
  const seeded =
    options.seed === false
      ? null
      : await seedDatabase(database.db, {
          adminEmail: ADMIN_EMAIL,
          adminPassword: ADMIN_PASSWORD,
          demo: options.demo ?? true,
          demoPassword: MANAGER_PASSWORD,
          demoAccessLog: options.demoAccessLog ?? 500,
          demoTransactions: options.demoTransactions ?? 2_000,
        });
  const clock = options.clock ?? movableClock();
  const app = await buildApp({
    db: database.db,
    config,
    now: clock.now,
    limits: options.limits,
    logger: options.logger ?? false,
    distDir: options.distDir ?? null,
    mailTransport: null,
    mailDir: options.mailDir ?? null,
    housekeeping: options.housekeeping ?? false,
    exportJobs: options.exportJobs ?? false,
    registerExtraRoutes: options.registerExtraRoutes,
    onRoute: options.onRoute,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    clock,
    seeded,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The test app's admin token and the seeded demo organization's uuid: what most route tests start from. */
export async function adminAndDemo(t: TestApp): Promise<{ admin: string; org: string }> {
  const admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  const [demo] = await t.db.select({ uuid: organizations.uuid }).from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  return { admin, org: demo?.uuid ?? '' };
}

export async function login(app: LobbyApp, email: string, password: string, remoteAddress = '127.0.0.1'): Promise<Session> {
  const response = await app.inject({ method: 'POST', url: '/api/authentication/v1/users/tokens', payload: { email, password }, remoteAddress });
  if (response.statusCode !== 200) throw new Error(`login of ${email} answered ${response.statusCode}: ${response.body}`);
  return response.json<Session>();
}

export interface NewUser {
  email: string;
  password?: string | null;
  active?: boolean;
  permissions?: Permission[];
  memberships?: Membership[];
}

export async function createUser(db: Database, user: NewUser): Promise<string> {
  const passwordHash = user.password ? await hashPassword(user.password) : null;
  const [row] = await db
    .insert(users)
    .values({ email: user.email.toLowerCase(), passwordHash, active: user.active ?? true, permissions: user.permissions ?? [] })
    .returning({ uuid: users.uuid });
  if (!row) throw new Error('user not created');
  for (const m of user.memberships ?? []) {
    await db.insert(memberships).values({ userUuid: row.uuid, membershipType: m.membershipType, omnipresence: m.omnipresence, orgs: m.orgs, ous: m.ous });
  }
  return row.uuid;
}

/** Messages in the outbox, newest first, optionally for one recipient. */
export async function outboxFor(db: Database, recipient?: string) {
  const query = db.select().from(outboxMessages);
  return recipient === undefined ? query.orderBy(desc(outboxMessages.createdAt)) : query.where(eq(outboxMessages.recipient, recipient)).orderBy(desc(outboxMessages.createdAt));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A valid 1x1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, as a browser would send it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lobby${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`, ...(part.contentType ? [`Content-Type: ${part.contentType}`] : []), '', ''].join('\r\n');
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

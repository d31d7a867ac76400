/**
 * Real gateway processes for tests and benches: `node --import tsx server/main.ts` as `npm start`
 * runs it, on a port of its own, and a throw-away PostgreSQL database several of them can share.
 * A gateway counts as started once its stdout carries the fixed first line 'Lobby is running at'
 * (server/banner.ts); the banner is one write of a few hundred bytes, so its account lines arrive
 * with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { dropDatabase } from './test-helpers';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface EmptyPostgres {
  /** DATABASE_URL of the new, empty database (not migrated: the gateways do that at start) */
  url: string;
  /** a small client on it, for what a test reads straight from the database */
  sql: postgres.Sql;
  drop(): Promise<void>;
}

/** A new empty database on the server of `adminUrl` (its role needs CREATEDB), dropped by drop(). */
export async function emptyPostgres(adminUrl: string, prefix = 'lobby_gw'): Promise<EmptyPostgres> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 2, onnotice: () => undefined });
  return {
    url: url.toString(),
    sql,
    async drop() {
      await sql.end({ timeout: 5 });
      await dropDatabase(admin, name);
      await admin.end({ timeout: 5 });
    },
  };
}

export interface Gateway {
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then the exit code (SIGKILL after `graceMs`: null) */
  stop(graceMs?: number): Promise<number | null>;
}

export interface GatewayOptions {
  /** variables over the test's environment; DATABASE_URL, PORT, HOST and DATA_DIR are set here */
  env?: Record<string, string>;
  /** the PostgreSQL database to share; null: embedded PGlite in the gateway's own DATA_DIR */
  databaseUrl: string | null;
  /** how long to wait for the running line */
  startTimeoutMs?: number;
}

/**
 * Starts one gateway on `databaseUrl` and resolves once it listens; rejects with its stderr when it
 * exits first or does not listen in time. Its DATA_DIR (mail files; the PGlite database when
 * databaseUrl is null) is a temporary directory removed when it stops.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lobby-gateway-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    ...options.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  };
  if (options.databaseUrl === null) delete env.DATABASE_URL;
  else env.DATABASE_URL = options.databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  exited.finally(() => rmSync(dataDir, { recursive: true, force: true })).catch(() => undefined);

  const stop = async (graceMs = 20_000): Promise<number | null> => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      void stop(1_000);
      reject(new Error(`gateway on port ${port} did not start within ${options.startTimeoutMs ?? 120_000} ms\n${stderr}`));
    }, options.startTimeoutMs ?? 120_000);
    const onData = () => {
      if (!stdout.includes('Lobby is running at')) return;
      cleanup();
      resolve();
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`gateway on port ${port} exited with ${String(code)} before it listened\n${stderr}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });

  return { port, base: `http://127.0.0.1:${port}`, child, stdout: () => stdout, stderr: () => stderr, stop };
}

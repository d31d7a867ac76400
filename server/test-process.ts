/**
 * The gateway as a child process (`node --import tsx server/main.ts`, as `npm start` runs it), for
 * tests and benches of the real entry point, of what survives a killed process, and of several
 * gateways on one PostgreSQL: a free port, the child's environment, the start awaited on its fixed
 * first line 'Lobby is running at' (server/banner.ts: one write, so the account lines arrive with
 * it), its end by a signal, and a throw-away PostgreSQL database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { dropDatabase } from './test-helpers';
import { freePort } from '../test/free-port';
export { freePort };

export const RUNNING_LINE = 'Lobby is running at';

export interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}


/** This process's environment without the variables that would change what the child does, then `extra`; a small demo history. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', LOBBY_DEMO_TRANSACTIONS: '2000', LOBBY_DEMO_ACCESS_LOG: '500' };
  delete env.DATABASE_URL;
  delete env.LOBBY_ADMIN_PASSWORD;
  delete env.LOBBY_DEMO_PASSWORD;
  return { ...env, ...extra };
}

export interface GatewayProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<PORT> of its environment */
  base: string;
  /** what it printed so far */
  output(): { stdout: string; stderr: string };
  /** resolves with stdout once the running line is printed; rejects when the process ends first */
  running: Promise<string>;
  /** resolves when the process has ended (a hung one is killed after hardTimeoutMs) */
  exited: Promise<Run>;
  /** sends the signal and waits for the end; SIGKILL after graceMs */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<Run>;
}

/** Starts server/main.ts with childEnv(env); hardTimeoutMs null: no limit on its life. */
export function spawnGateway(env: Record<string, string>, hardTimeoutMs: number | null = 90_000): GatewayProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const timer = hardTimeoutMs === null ? undefined : setTimeout(() => child.kill('SIGKILL'), hardTimeoutMs);
  const exited = new Promise<Run>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, code, signal });
    });
  });
  const running = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes(RUNNING_LINE)) resolve(stdout);
    });
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    exited.then(
      (run) => reject(new Error(`the gateway ended before it ran (code ${run.code}, signal ${run.signal}): ${run.stderr.slice(-2000)}`)),
      reject,
    );
  });
  // a caller that only awaits `exited` (a start meant to fail) leaves `running` unobserved
  running.catch(() => undefined);
  return {
    child,
    base: `http://127.0.0.1:${env.PORT ?? ''}`,
    output: () => ({ stdout, stderr }),
    running,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(signal);
      const hung = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const run = await exited;
      clearTimeout(hung);
      return run;
    },
  };
}

export interface GatewayOptions {
  /** variables over childEnv; PORT, HOST, DATA_DIR and DATABASE_URL are set here */
  env?: Record<string, string>;
  /** the PostgreSQL database to share; null: embedded PGlite in the gateway's own DATA_DIR */
  databaseUrl: string | null;
  /** how long to wait for the running line */
  startTimeoutMs?: number;
}

/**
 * Starts one long-lived gateway on a free port and resolves once it listens; rejects with its stderr
 * when it exits first or does not listen in time. Its DATA_DIR (mail files; the PGlite database when
 * databaseUrl is null) is a temporary directory removed when it ends.
 */
export async function startGateway(options: GatewayOptions): Promise<GatewayProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lobby-gateway-'));
  const database: Record<string, string> = options.databaseUrl === null ? {} : { DATABASE_URL: options.databaseUrl };
  const gateway = spawnGateway({ ...options.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...database }, null);
  gateway.exited.finally(() => rmSync(dataDir, { recursive: true, force: true })).catch(() => undefined);
  const timeoutMs = options.startTimeoutMs ?? 120_000;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`gateway on port ${port} did not start within ${timeoutMs} ms\n${gateway.output().stderr}`)), timeoutMs);
  });
  try {
    await Promise.race([gateway.running, late]);
    return gateway;
  } catch (error) {
    await gateway.stop('SIGTERM', 1_000);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export interface ScratchPostgres {
  /** DATABASE_URL of the new, empty database (not migrated: the gateways do that at start) */
  url: string;
  /** a small client on it, for what a test reads straight from the database (it sees the gateways' transactions) */
  sql: postgres.Sql;
  drop(): Promise<void>;
}

/** A new empty database on the PostgreSQL of `adminUrl` (its role needs CREATEDB), dropped by drop(). */
export async function scratchPostgres(adminUrl: string, prefix = 'lobby_proc'): Promise<ScratchPostgres> {
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

/**
 * The gateway as a child process (`server/main.ts`, as `npm start` runs it), for tests of the real
 * entry point and of what survives a killed process: a free port, the child's environment, the
 * start awaited on its "Lobby is running at" line, and its end by a signal.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import postgres from 'postgres';
import { dropDatabase } from './test-helpers';

export const RUNNING_LINE = 'Lobby is running at';

export interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A port nothing listens on right now (127.0.0.1). */
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
  /** what it printed so far */
  output(): { stdout: string; stderr: string };
  /** resolves with stdout once the running line is printed; rejects when the process ends first */
  running: Promise<string>;
  /** resolves when the process has ended (a hung one is killed after hardTimeoutMs) */
  exited: Promise<Run>;
  /** sends the signal and waits for the end */
  stop(signal?: NodeJS.Signals): Promise<Run>;
}

/** Starts server/main.ts with childEnv(env). */
export function spawnGateway(env: Record<string, string>, hardTimeoutMs = 90_000): GatewayProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const timer = setTimeout(() => child.kill('SIGKILL'), hardTimeoutMs);
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
    output: () => ({ stdout, stderr }),
    running,
    exited,
    stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A database of its own on the PostgreSQL of `adminUrl` (created empty: the gateway migrates it at start), dropped by drop(). */
export async function scratchPostgres(adminUrl: string, prefix = 'lobby_proc'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await dropDatabase(admin, name);
      await admin.end({ timeout: 5 });
    },
  };
}

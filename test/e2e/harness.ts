/**
 * End-to-end harness: runs the real gateway (`node --import tsx server/main.ts`, as `npm start`
 * does after the build) on a free port with a fresh PGlite data directory, and Debian's Chromium
 * through playwright-core with a fresh user-data-dir. Without SMTP_URL the gateway writes each mail
 * as a file under DATA_DIR/mail/ (its log names the file, never the link's code), which is how a
 * journey reads a reset link, exactly as an operator without SMTP would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { dirname, join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { watchCspViolations } from './csp';
import { captureIfFailed, followForFailures } from './failure-capture';
import { freePort } from '../free-port';
export { freePort };

export const ADMIN_EMAIL = 'admin@lobby.test';
export const ADMIN_PASSWORD = 'Admin-e2e-Passw0rd';
export const MANAGER_PASSWORD = 'Manager-e2e-Passw0rd';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];


export interface Gateway {
  url: string;
  dataDir: string;
  output: () => string;
  /** Links found in the mails the gateway wrote under DATA_DIR/mail/, oldest first. */
  mailLinks: (kind: RegExp) => string[];
  waitForOutput: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  stop: () => Promise<number | null>;
}

export interface GatewayOptions {
  /** listen on this port (default: a free one); a restart on the same port keeps the origin, so
   * the browser's service worker, caches and storage of the first run still apply */
  port?: number;
}

/** Where the first start of this run leaves its seeded data directory (emptied by global-setup.ts at each run). */
export const TEMPLATE_DIR = join(process.cwd(), '.tmp', 'e2e-template');

const SEED_ENV = {
  LOBBY_ADMIN_EMAIL: ADMIN_EMAIL,
  LOBBY_ADMIN_PASSWORD: ADMIN_PASSWORD,
  LOBBY_DEMO_PASSWORD: MANAGER_PASSWORD,
  // a small demo history keeps a journey's first start quick; a journey may pass its own
  LOBBY_DEMO_TRANSACTIONS: '3000',
  // likewise the access log: the journeys read a few hundred entries, not 20,000
  LOBBY_DEMO_ACCESS_LOG: '2000',
};

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * A journey's gateway usually starts on an empty database with the same admin and demo seed: the
 * first such start of a run seeds a template (migrations, the admin, the demo organization and its
 * history, as `npm start` does), and every later one starts on a copy of it, which saves the
 * seeding of each journey file. A journey that passes its own seed settings, or a directory that
 * already holds data, starts as asked.
 */
async function prepareFromTemplate(env: Record<string, string>, dir: string): Promise<void> {
  if (Object.keys(env).some((key) => key.startsWith('LOBBY_')) || !isEmptyDir(dir)) return;
  await ensureTemplate();
  cpSync(TEMPLATE_DIR, dir, { recursive: true });
}

/** Held (a directory: made atomically, by one process only) while a journey file seeds the template. */
export const TEMPLATE_LOCK = `${TEMPLATE_DIR}.lock`;

/**
 * Seeds the template once per run, whichever journey file comes first: the journeys run in
 * parallel, so one seeds while the others wait for the template to appear (or for the lock to be
 * given up by a seeding that failed, and then try themselves).
 */
async function ensureTemplate(): Promise<void> {
  const ready = () => existsSync(join(TEMPLATE_DIR, 'pglite'));
  mkdirSync(dirname(TEMPLATE_DIR), { recursive: true });
  while (!ready()) {
    try {
      mkdirSync(TEMPLATE_LOCK);
    } catch {
      // another file seeds it: wait for the template, or for the lock to be released
      while (!ready() && existsSync(TEMPLATE_LOCK)) await sleep(200);
      continue;
    }
    try {
      if (ready()) return;
      const seeding = mkdtempSync(join(tmpdir(), 'lobby-e2e-template-'));
      const first = await launchGateway({}, seeding, await freePort());
      const code = await first.stop();
      if (code !== 0) throw new Error(`the template gateway stopped with ${code}:\n${first.output()}`);
      rmSync(join(seeding, 'mail'), { recursive: true, force: true });
      rmSync(TEMPLATE_DIR, { recursive: true, force: true });
      cpSync(seeding, `${TEMPLATE_DIR}.partial`, { recursive: true });
      renameSync(`${TEMPLATE_DIR}.partial`, TEMPLATE_DIR);
      rmSync(seeding, { recursive: true, force: true });
    } finally {
      rmSync(TEMPLATE_LOCK, { recursive: true, force: true });
    }
  }
}

export async function startGateway(env: Record<string, string> = {}, dataDir?: string, options: GatewayOptions = {}): Promise<Gateway> {
  const port = options.port ?? (await freePort());
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'lobby-e2e-'));
  await prepareFromTemplate(env, dir);
  const gateway = await launchGateway(env, dir, port);
  return {
    ...gateway,
    stop: async () => {
      const code = await gateway.stop();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}

async function launchGateway(env: Record<string, string>, dir: string, port: number): Promise<Gateway> {
  const child: ChildProcess = spawn(process.execPath, [...(process.env.GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...SEED_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString('utf8');
    for (const wake of waiters) wake();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const waitForOutput = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = out.match(pattern);
        if (match) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(match);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`gateway did not print ${pattern} within ${timeoutMs} ms; output:\n${out}`));
      }, timeoutMs);
      waiters.add(check);
      void exited.then(() => {
        if (waiters.has(check)) {
          waiters.delete(check);
          clearTimeout(timer);
          reject(new Error(`gateway exited before printing ${pattern}; output:\n${out}`));
        }
      });
      check();
    });

  // a bound for a hung start: a first start seeds the demo history, which a loaded 2-core machine runs slowly
  await waitForOutput(/Lobby is running at/, 180_000);
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir: dir,
    output: () => out,
    mailLinks: (kind) => {
      const mailDir = join(dir, 'mail');
      if (!existsSync(mailDir)) return [];
      // file names start with the UTC time they were written, so name order is oldest first
      const mails = readdirSync(mailDir)
        .filter((name) => name.endsWith('.eml'))
        .sort()
        .map((name) => readFileSync(join(mailDir, name), 'utf8'));
      const link = new RegExp(`https?://[^\\s"'\\\\]*${kind.source}[^\\s"'\\\\]*`, 'g');
      return mails.flatMap((mail) => [...mail.matchAll(link)].map((m) => m[0]));
    },
    waitForOutput,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      return exited;
    },
  };
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** The content security policy violations so far, in its pages and workers (test/e2e/csp.ts). */
  cspViolations: () => Promise<string[]>;
  /** Closes the browser; fails the journey if any content security policy violation happened. */
  close: () => Promise<void>;
}

export async function openBrowser(): Promise<Browser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'lobby-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1280, height: 800 },
    reducedMotion: process.env.E2E_MOTION === 'full' ? 'no-preference' : 'reduce',
  });
  // A bound for a hung step, not a speed check: on a loaded 2-core machine a cold screen can take
  // longer than Playwright's 30 s default to show what the journey waits for.
  context.setDefaultTimeout(60_000);
  const csp = await watchCspViolations(context);
  followForFailures(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    cspViolations: csp.violations,
    close: async () => {
      const violations = await csp.violations();
      await captureIfFailed(context);
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
      if (violations.length > 0) throw new Error(`Content security policy violations:\n${violations.join('\n')}`);
    },
  };
}

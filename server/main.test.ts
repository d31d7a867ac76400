import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, type Run, spawnGateway } from './test-process';

// The real entry point as `npm start` runs it: a child process on a temporary DATA_DIR (PGlite).

/** Starts main.ts, waits for the running line, optionally acts, then stops it with SIGTERM. */
async function start(env: Record<string, string>, whileRunning?: (stdout: string) => Promise<void>): Promise<Run> {
  const gateway = spawnGateway(env);
  let stdout: string;
  try {
    stdout = await gateway.running;
  } catch {
    // it ended before it ran (a refused start): what it printed is the result
    return gateway.exited;
  }
  try {
    // give the rest of the banner a moment to arrive, then act and stop
    await new Promise((resolve) => setTimeout(resolve, 100));
    await whileRunning?.(gateway.output().stdout || stdout);
  } finally {
    await gateway.stop('SIGTERM');
  }
  return gateway.exited;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('server/main.ts', () => {
  it('refuses a bad PORT with one line naming it and exit code 1', async () => {
    const run = await start({ PORT: 'eighty' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('Invalid configuration: PORT must be an integer from 1 to 65535');
    expect(run.stdout).toBe('');
  });

  it('starts, prints how to sign in, stops on SIGTERM, and keeps the data for the next start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lobby-main-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: dataDir };

    let adminPassword = '';
    const first = await start(env, async (stdout) => {
      adminPassword = /Sign in as admin@lobby\.local with password (\S+)/.exec(stdout)?.[1] ?? '';
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok' });
      // a client that sends half a request and goes quiet: the stop closes its connection after a
      // grace, not never (the gateway sets no request timeout)
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write('POST /api/authentication/v1/users/tokens HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":');
          resolve();
        });
        socket.on('error', reject);
      });
    });
    expect(first.code).toBe(0);
    const lines = first.stdout.split('\n').filter((line) => !line.startsWith('{'));
    expect(lines[0]).toBe(`Lobby is running at http://localhost:${port}`);
    expect(lines[1]).toMatch(/^Sign in as admin@lobby\.local with password [A-Za-z0-9]{20}$/);
    expect(lines[2]).toMatch(/^Sign in as manager@lobby\.local with password [A-Za-z0-9]{20}$/);

    const second = await start(env, async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/authentication/v1/users/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@lobby.local', password: adminPassword }),
      });
      expect(response.status).toBe(200);
      const { token } = (await response.json()) as { token: string };
      const orgs = await fetch(`http://127.0.0.1:${port}/api/organization/v1/organization`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await orgs.json()) as { data: { name: string }[] };
      expect(body.data.map((org) => org.name)).toEqual(['Demo Hospitality Group']);
    });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`Lobby is running at http://localhost:${port}`);
    expect(second.stdout).toContain('Sign in as admin@lobby.local with the password set at first start');
    expect(second.stdout).toContain('Sign in as manager@lobby.local with the password set at first start');
    expect(second.stdout).not.toContain(adminPassword);
  }, 120_000);

  it('never prints a password that came from the environment, only the generated one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lobby-main-'));
    dirs.push(dataDir);
    const port = await freePort();
    const given = 'Operator-Chosen-Passw0rd';
    const run = await start({ PORT: String(port), DATA_DIR: dataDir, LOBBY_ADMIN_PASSWORD: given }, async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/authentication/v1/users/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@lobby.local', password: given }),
      });
      expect(response.status).toBe(200);
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Sign in as admin@lobby.local with the password from LOBBY_ADMIN_PASSWORD');
    expect(run.stdout).toMatch(/Sign in as manager@lobby\.local with password [A-Za-z0-9]{20}\n/);
    expect(run.stdout + run.stderr).not.toContain(given);
  }, 120_000);

  it("refuses a second gateway on the same data directory, and keeps a first start's passwords when the port is taken", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lobby-main-'));
    const freshDir = mkdtempSync(join(tmpdir(), 'lobby-main-'));
    dirs.push(dataDir, freshDir);
    const port = await freePort();
    const first = await start({ PORT: String(port), DATA_DIR: dataDir }, async () => {
      const twin = await start({ PORT: String(await freePort()), DATA_DIR: dataDir });
      expect(twin.code).toBe(1);
      expect(twin.stderr).toContain(`Another Lobby (process`);
      expect(twin.stderr).toContain('set another DATA_DIR');

      const blocked = await start({ PORT: String(port), DATA_DIR: freshDir });
      expect(blocked.code).toBe(1);
      expect(blocked.stdout).toMatch(/Sign in as admin@lobby\.local with password [A-Za-z0-9]{20}/);
    });
    expect(first.code).toBe(0);
  }, 120_000);
});

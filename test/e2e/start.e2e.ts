/**
 * The gateway process as `npm start` runs it: first start on an empty data directory prints how to
 * sign in, a second start on the same directory keeps the data, Ctrl-C exits cleanly, and a bad
 * setting stops it with one line naming the variable.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startGateway } from './harness';

const dataDir = mkdtempSync(join(tmpdir(), 'lobby-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function signIn(url: string, password: string) {
  return fetch(`${url}/api/authentication/v1/users/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password }),
  });
}

describe('starting Lobby', () => {
  it('prints the address and how to sign in, keeps data across a restart, and stops cleanly on Ctrl-C', async () => {
    const first = await startGateway({ LOBBY_ADMIN_PASSWORD: ADMIN_PASSWORD }, dataDir);
    expect(first.output()).toContain(`Sign in as ${ADMIN_EMAIL}`);
    const session = (await (await signIn(first.url, ADMIN_PASSWORD)).json()) as { token: string };
    const changed = await fetch(`${first.url}/api/organization/v1/organization`, { headers: { authorization: `Bearer ${session.token}` } });
    const before = (await changed.json()) as { data: { uuid: string }[] };
    expect(before.data.length).toBe(1);
    expect(await first.stop()).toBe(0);

    // the admin password setting is ignored on a database that already has users
    const second = await startGateway({ LOBBY_ADMIN_PASSWORD: 'Some-other-Passw0rd' }, dataDir);
    try {
      expect(second.output()).toContain('Lobby is running at');
      expect(second.output()).not.toContain('Some-other-Passw0rd');
      expect((await signIn(second.url, ADMIN_PASSWORD)).status).toBe(200);
      const again = (await (await signIn(second.url, ADMIN_PASSWORD)).json()) as { token: string };
      const list = await fetch(`${second.url}/api/organization/v1/organization`, { headers: { authorization: `Bearer ${again.token}` } });
      expect(((await list.json()) as { data: { uuid: string }[] }).data.map((o) => o.uuid)).toEqual(before.data.map((o) => o.uuid));
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('refuses a bad setting with one line naming the variable', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    const lines = `${run.stdout}${run.stderr}`.trim().split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PORT');
  });
});

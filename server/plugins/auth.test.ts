import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test-helpers';
import { authenticateAccessToken } from '../auth/tokens';
import { memberships } from '../db/schema';
import { loadGrantee } from '../services/directory';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login } from '../test-helpers';

let t: TestApp;
let dist = '';
let token = '';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lobby-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lobby</title><div id="root"></div>');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  t = await createTestApp({ distDir: dist });
  token = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** Every GET the OpenAPI document marks as needing a bearer token, with its parameters filled in. */
async function authenticatedGets(): Promise<string[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, { get?: { security?: unknown[] } }> }>();
  return Object.entries(doc.paths)
    .filter(([, operations]) => (operations.get?.security ?? []).length > 0)
    .map(([path]) => path.replace(/\{[^}]+\}/g, () => randomUUID()));
}

describe('Cache-Control on authenticated API reads', () => {
  it('is no-store on every authenticated GET, whatever it answers', async () => {
    const urls = await authenticatedGets();
    expect(urls.length).toBeGreaterThanOrEqual(5);
    for (const url of urls) {
      const signedIn = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(signedIn.headers['cache-control'], `${url} answered ${signedIn.statusCode}`).toBe('no-store');
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['cache-control'], url).toBe('no-store');
    }
    const profile = await t.app.inject({ method: 'GET', url: '/api/user-profile/v1/user-profile', headers: bearer(token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
  });

  it('is not put on public reads or on the static app files', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['cache-control']).toBeUndefined();
    for (const url of ['/', '/organizations', '/assets/index-abc123.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).not.toBe('no-store');
    }
  });
});

describe("a request's grants, read with its token", () => {
  const password = 'Correct horse battery 9';
  const grantsOf = async (email: string) => {
    const session = await login(t.app, email, password);
    const auth = await authenticateAccessToken(t.db, session.token, t.app.lobby.now());
    return { auth, grantee: await auth?.grantee };
  };

  it('holds every membership of the caller, as a separate read of them gives, and none for a user without one', async () => {
    const ous = [randomUUID(), randomUUID()];
    const many = await createUser(t.db, {
      email: 'three-grants@example.com',
      password,
      permissions: ['SETUP_OU'],
      memberships: [
        { membershipType: 'MANAGEMENT', orgs: [], ous, omnipresence: false },
        { membershipType: 'BUSINESS_DATA', orgs: [randomUUID()], ous: [], omnipresence: false },
        { membershipType: 'MANAGEMENT', orgs: [], ous: [], omnipresence: true },
      ],
    });
    const { auth, grantee } = await grantsOf('three-grants@example.com');
    expect(auth?.userUuid).toBe(many);
    expect(grantee?.memberships).toHaveLength(3);
    expect(grantee).toEqual(await loadGrantee(t.db, many));
    expect(grantee?.permissions).toEqual(['SETUP_OU']);

    const none = await createUser(t.db, { email: 'no-grants@example.com', password, permissions: [] });
    const alone = await grantsOf('no-grants@example.com');
    expect(alone.auth?.userUuid).toBe(none);
    expect(alone.grantee).toEqual({ user: (await loadGrantee(t.db, none))?.user, permissions: [], memberships: [] });
  });

  it('is not kept from one request to the next: a membership given since is in the next request', async () => {
    const user = await createUser(t.db, { email: 'granted-later@example.com', password, permissions: [] });
    const session = await login(t.app, 'granted-later@example.com', password);
    expect((await (await authenticateAccessToken(t.db, session.token, t.app.lobby.now()))?.grantee)?.memberships).toEqual([]);
    await t.db.insert(memberships).values({ userUuid: user, membershipType: 'MANAGEMENT', omnipresence: true, orgs: [], ous: [] });
    expect((await (await authenticateAccessToken(t.db, session.token, t.app.lobby.now()))?.grantee)?.memberships).toEqual([{ membershipType: 'MANAGEMENT', omnipresence: true, orgs: [], ous: [] }]);
  });
});

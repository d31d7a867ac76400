import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, login } from '../test-helpers';

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

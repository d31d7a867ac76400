import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDist } from '../../scripts/compress-dist';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, login } from '../test-helpers';

/*
 * Delivery over a slow hotel network: the build's precompressed copies are served by
 * Accept-Encoding, API answers of 1 KB or more are compressed on the fly, and a client that accepts
 * no encoding gets the plain bytes.
 */

// a real-looking bundle: repetitive enough to compress, large enough to pass the 1 KB threshold
const APP_JS = Array.from({ length: 400 }, (_, i) => `export const screen${i} = () => console.log("screen ${i}");`).join('\n');
const SMALL_JS = 'console.log(1)';
const INDEX = `<!doctype html><html><head><title>Lobby</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

const LARGE_LIST = Array.from({ length: 60 }, (_, i) => ({ uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Hotel ${i}`, status: 'ACTIVE' }));

let t: TestApp;
let dist = '';
let maps = '';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lobby-dist-'));
  maps = join(dist, '..', `${dist.split('/').pop()}-maps`);
  writeFileSync(join(dist, 'index.html'), INDEX);
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), APP_JS);
  writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.ts"],"sourcesContent":["source"]}');
  writeFileSync(join(dist, 'assets', 'tiny-def456.js'), SMALL_JS);
  compressDist(dist, maps);
  t = await createTestApp({
    distDir: dist,
    // an API answer of a few KB, as a list screen gets it
    registerExtraRoutes: (api) => {
      api.get('/test/large-list', async () => ({ data: LARGE_LIST }));
    },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(maps, { recursive: true, force: true });
});

describe('the build step', () => {
  it('writes .br and .gz copies of text files of 1 KB or more, and moves source maps out of what is served', () => {
    const brotli = readFileSync(join(dist, 'assets', 'index-abc123.js.br'));
    const gzip = readFileSync(join(dist, 'assets', 'index-abc123.js.gz'));
    expect(brotliDecompressSync(brotli).toString()).toBe(APP_JS);
    expect(gunzipSync(gzip).toString()).toBe(APP_JS);
    expect(brotli.length).toBeLessThan(APP_JS.length / 4);
    expect(() => readFileSync(join(dist, 'assets', 'tiny-def456.js.br'))).toThrow();
    expect(() => readFileSync(join(dist, 'assets', 'index-abc123.js.map'))).toThrow();
    expect(readFileSync(join(maps, 'assets', 'index-abc123.js.map'), 'utf8')).toContain('secret.ts');
  });
});

describe('app files', () => {
  it('are sent as Brotli when the browser accepts it, with Vary: Accept-Encoding', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(APP_JS);
  });

  it('are sent as gzip to a browser without Brotli', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.rawPayload).toString()).toBe(APP_JS);
  });

  it('are sent as they are without Accept-Encoding', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': '' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(APP_JS);
  });

  it('under 1 KB are sent plain, and a source map is not served at all', async () => {
    const tiny = await t.app.inject({ method: 'GET', url: '/assets/tiny-def456.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe(SMALL_JS);
    const map = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(map.statusCode).toBe(404);
  });

  it('include the app shell of a client-side route, compressed', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/organizations', headers: { 'accept-encoding': 'br' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(INDEX);
  });
});

describe('API answers', () => {
  it('of 1 KB or more are compressed as the client accepts, and plain without Accept-Encoding', async () => {
    const compressed = await t.app.inject({ method: 'GET', url: '/api/test/large-list', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(String(compressed.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual({ data: LARGE_LIST });
    expect(compressed.rawPayload.length).toBeLessThan(JSON.stringify({ data: LARGE_LIST }).length / 3);

    const gzip = await t.app.inject({ method: 'GET', url: '/api/test/large-list', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual({ data: LARGE_LIST });

    const plain = await t.app.inject({ method: 'GET', url: '/api/test/large-list', headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ data: LARGE_LIST });
  });

  it('of a real route are compressed too (the organizations list of a signed-in operator)', async () => {
    const session = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const plain = await t.app.inject({ method: 'GET', url: '/api/organization/v1/organization', headers: { ...bearer(session.token), 'accept-encoding': '' } });
    expect(plain.statusCode).toBe(200);
    const compressed = await t.app.inject({ method: 'GET', url: '/api/organization/v1/organization', headers: { ...bearer(session.token), 'accept-encoding': 'br' } });
    // small lists stay plain (under 1 KB); what is sent always reads back to the same answer
    const body = compressed.headers['content-encoding'] === 'br' ? brotliDecompressSync(compressed.rawPayload).toString() : compressed.body;
    expect(JSON.parse(body)).toEqual(plain.json());
    expect(compressed.headers['content-encoding'] === 'br').toBe(plain.rawPayload.length >= 1024);
  });

  it('include the OpenAPI document (some 400 KB) and Swagger UI, compressed as the client accepts', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': '' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const doc: unknown = plain.json();

    const brotli = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(doc);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);

    const gzip = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(doc);

    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js', headers: { 'accept-encoding': 'br' } });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-encoding']).toBe('br');
  });

  it('under 1 KB are sent plain', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json()).toEqual({ status: 'ok' });
  });
});

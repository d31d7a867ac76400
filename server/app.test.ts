import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logging';
import type { TestApp } from './test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, login } from './test-helpers';

const INDEX = '<!doctype html><html><head><title>Lobby</title></head><body><div id="root"></div></body></html>';
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logLines.push(chunk.toString());
    callback();
  },
});

let t: TestApp;
let dist = '';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lobby-dist-'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  t = await createTestApp({ distDir: dist, logger: { ...(loggerOptions('info') as object), stream: logStream } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  it('are on /api/health, on / and on errors', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expectSecurityHeaders(health.headers);

    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    expectSecurityHeaders(root.headers);

    expectSecurityHeaders((await t.app.inject({ method: 'GET', url: '/api/nope' })).headers);
  });
});

describe('the built app', () => {
  it('answers index.html for client routes, with no-cache, and serves assets immutable', async () => {
    const route = await t.app.inject({ method: 'GET', url: '/organization/123/ous?x=1' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toContain('text/html');
    expect(route.body).toBe(INDEX);
    expect(route.headers['cache-control']).toBe('no-cache');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
  });

  it('answers a JSON 404 for an unknown /api path and for other methods', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/api/organization/v1/nothing'],
      ['POST', '/somewhere'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ errors: [{ code: 'not_found', message: 'Not found' }] });
    }
  });

  it('answers /robots.txt as plain text turning every crawler away', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
    expectSecurityHeaders(robots.headers);
  });

  it('answers a 404, not the app, for a well-known file it does not have; a client route with a dot is still the app', async () => {
    for (const url of ['/favicon.ico', '/sitemap.xml', '/apple-touch-icon.png', '/.well-known/security.txt', '/ads.txt?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
    // a password-reset link carries `<uuid>.<code>` in its last segment
    const reset = await t.app.inject({ method: 'GET', url: '/password/reset/6f1c1b1e-1111-4111-8111-111111111111.ABCDEF' });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toBe(INDEX);
  });

  it('runs without a built app', async () => {
    const bare = await createTestApp({ distDir: join(dist, 'missing'), seed: false });
    try {
      expect(bare.app.spaServed).toBe(false);
      expect((await bare.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await bare.app.inject({ method: 'GET', url: '/organizations' })).statusCode).toBe(404);
      expect((await bare.app.inject({ method: 'GET', url: '/robots.txt' })).body).toBe('User-agent: *\nDisallow: /\n');
    } finally {
      await bare.close();
    }
  });
});

describe('errors', () => {
  it('answers malformed JSON and a wrong content type with the error body', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/v1/users/tokens',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].code).toBe('validation');

    const text = await t.app.inject({ method: 'POST', url: '/api/authentication/v1/users/tokens', headers: { 'content-type': 'application/xml' }, payload: '<hi/>' });
    expect(text.statusCode).toBe(415);
    expect(text.json().errors).toHaveLength(1);
  });

  it('names every invalid field with a readable message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/authentication/v1/users/tokens', payload: { email: 5 } });
    expect(response.statusCode).toBe(400);
    const errors = response.json<{ errors: { code: string; field: string; message: string }[] }>().errors;
    expect(errors).toEqual([
      { code: 'validation', field: 'email', message: 'Invalid input: expected string, received number' },
      { code: 'validation', field: 'password', message: 'Required' },
    ]);
    const long = await t.app.inject({ method: 'POST', url: '/api/authentication/v1/users/tokens', payload: { email: '', password: 'x'.repeat(2000) } });
    expect(long.json().errors).toEqual([
      { code: 'validation', field: 'email', message: 'Required' },
      { code: 'validation', field: 'password', message: 'Must be at most 1024 characters' },
    ]);
  });

  it('refuses text holding a NUL character with a 400 naming the field, before any work', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/authentication/v1/users/tokens', payload: { email: 'a\u0000@x.io', password: 'Whatever-1' } });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toEqual({ errors: [{ code: 'validation', field: 'email', message: 'Text must not contain the NUL character' }] });
    const reset = await t.app.inject({ method: 'POST', url: '/api/authentication/v1/users/request-activation-code', payload: { email: 'a\u0000@x.io' } });
    expect(reset.statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('lists the routes with their schemas at /api/docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/authentication/v1/users/tokens',
      '/api/authentication/v1/users/tokens/refresh',
      '/api/authentication/v1/users/tokens/revoke',
      '/api/authentication/v1/users/request-activation-code',
      '/api/authentication/v1/users/{uuid}/password/{code}',
      '/api/authentication/v1/users/{uuid}/activate/{code}',
      '/api/user-profile/v1/user-profile',
      '/api/user-profile/v1/user-profile/users',
      '/api/user-profile/v1/user-profile/{uuid}',
      '/api/user-profile/v1/user-profile/validate/phone',
      '/api/organization/v1/organization',
      '/api/health',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(JSON.stringify(doc.paths['/api/authentication/v1/users/tokens']?.post?.requestBody)).toContain('password');
    expect(Object.keys(doc.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
  });

  it('is a valid OpenAPI 3 document: its schema, and every reference defined in it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenAPI.Document>();
    const text = JSON.stringify(doc);
    // references only inside the document, so the validator resolves them all and fetches nothing
    expect([...text.matchAll(/"\$ref":"([^"]*)"/g)].map(([, ref]) => ref).filter((ref) => !ref?.startsWith('#/components/'))).toEqual([]);
    // the validator dereferences what it is given: a copy
    await expect(SwaggerParser.validate(structuredClone(doc), { resolve: { external: false } })).resolves.toBeTruthy();
  });

  it('names the recursive unit tree as a component that refers to itself', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }> }>>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    }>();
    const tree = { type: 'array', items: { $ref: '#/components/schemas/UnitTreeNode' } };
    expect(doc.paths['/api/organization/{org}']?.get?.responses['200']?.content['application/json']?.schema.properties.ous).toEqual(tree);
    expect(doc.paths['/api/organization/v1/organization']?.post?.responses['201']?.content['application/json']?.schema.properties.ous).toEqual(tree);
    expect(doc.components.schemas.UnitTreeNode?.properties.children).toEqual(tree);
    expect(doc.components.schemas.UnitTreeNode?.properties.name).toEqual({ type: 'string' });
  });

  it('serves Swagger UI under the same CSP', async () => {
    const bare = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(bare.statusCode);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    expectSecurityHeaders(page.headers);
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
  });
});

describe('logging', () => {
  it('masks codes in paths', () => {
    expect(redactUrl('/api/authentication/v1/users/abc/password/SECRET')).toBe('/api/authentication/v1/users/abc/password/[redacted]');
    expect(redactUrl('/api/authentication/v1/users/abc/activate/SECRET?x=1')).toBe('/api/authentication/v1/users/abc/activate/[redacted]?x=1');
    expect(redactUrl('/password/reset/uuid.SECRET')).toBe('/password/reset/[redacted]');
    expect(redactUrl('/validate/phone/SECRET')).toBe('/validate/phone/[redacted]');
  });

  it('logs requests without tokens, passwords or codes', async () => {
    const session = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    await t.app.inject({ method: 'GET', url: '/api/user-profile/v1/user-profile', headers: bearer(session.token) });
    await t.app.inject({ method: 'POST', url: '/api/authentication/v1/users/6f1c1b1e-1111-4111-8111-111111111111/password/TOPSECRETCODE', payload: { password: 'Some-Password1' } });
    const log = logLines.join('');
    expect(log).toContain('/api/user-profile/v1/user-profile');
    expect(log).not.toContain(session.token);
    expect(log).not.toContain(session.refreshToken);
    expect(log).not.toContain(ADMIN_PASSWORD);
    expect(log).not.toContain('TOPSECRETCODE');
    expect(log).not.toContain('Some-Password1');
  });
});

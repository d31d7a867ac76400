import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES } from '../../src/domain/index';
import type { Transaction } from '../db/client';
import { HttpError } from '../http-error';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, login, MANAGER_EMAIL, MANAGER_PASSWORD } from '../test-helpers';
import { stableStringify, withMutation } from './idempotency';
import { assertVersion } from './if-match';

// A counter row and a few routes that exist only in this test, built like every later mutating route.
const counters = pgTable('test_counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
  version: integer('version').notNull(),
});
let failNext = false;
let effects = 0;

async function currentCounter(tx: Transaction, name: string) {
  const [row] = await tx.select().from(counters).where(eq(counters.name, name));
  if (!row) throw HttpError.of(404, ERROR_CODES.notFound, 'Counter not found');
  return row;
}

function registerCounterRoutes(api: FastifyInstance) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ name: z.string() });
  app.post('/test/counters/:name/increment', { onRequest: app.authenticate, schema: { params, body: z.object({ by: z.number().int() }) } }, (request, reply) =>
    withMutation(request, reply, async (tx) => {
      effects += 1;
      const [row] = await tx
        .update(counters)
        .set({ value: sql`${counters.value} + ${request.body.by}`, version: sql`${counters.version} + 1` })
        .where(eq(counters.name, request.params.name))
        .returning();
      if (request.body.by < 0) throw HttpError.of(409, ERROR_CODES.validation, 'Counters only go up');
      if (failNext) {
        failNext = false;
        throw new Error('disk on fire at /var/lib/secret');
      }
      return { statusCode: 200, body: row };
    }),
  );
  app.put('/test/counters/:name', { onRequest: app.authenticate, schema: { params, body: z.object({ value: z.number().int() }) } }, (request, reply) =>
    withMutation(request, reply, async (tx) => {
      assertVersion(request, await currentCounter(tx, request.params.name));
      const [row] = await tx
        .update(counters)
        .set({ value: request.body.value, version: sql`${counters.version} + 1` })
        .where(eq(counters.name, request.params.name))
        .returning();
      return { statusCode: 200, body: row };
    }),
  );
  app.delete('/test/counters/:name', { onRequest: app.authenticate, schema: { params } }, (request, reply) =>
    withMutation(request, reply, async (tx) => {
      assertVersion(request, await currentCounter(tx, request.params.name), { required: true });
      await tx.delete(counters).where(eq(counters.name, request.params.name));
      return { statusCode: 204 };
    }),
  );
}

let t: TestApp;
let admin = '';
let manager = '';

beforeAll(async () => {
  t = await createTestApp({ registerExtraRoutes: registerCounterRoutes });
  await t.db.execute(sql`create table test_counters (name text primary key, value integer not null, version integer not null)`);
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  manager = (await login(t.app, MANAGER_EMAIL, MANAGER_PASSWORD)).token;
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  failNext = false;
  effects = 0;
});

async function counter(name: string) {
  const [row] = await t.db.select().from(counters).where(eq(counters.name, name));
  return row;
}
async function newCounter(name: string) {
  await t.db.insert(counters).values({ name, value: 0, version: 1 });
}
const increment = (name: string, by: number, key?: string, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/test/counters/${name}/increment`,
    headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: { by },
  });

describe('withMutation and Idempotency-Key', () => {
  it('replays the stored response without running the effect again', async () => {
    await newCounter('replay');
    const first = await increment('replay', 1, 'key-1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ name: 'replay', value: 1, version: 2 });
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const second = await increment('replay', 1, 'key-1');
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(effects).toBe(1);
    expect((await counter('replay'))?.value).toBe(1);
  });

  it('answers 422 for the same key with another body, and changes nothing', async () => {
    await newCounter('reused');
    await increment('reused', 1, 'key-2');
    const other = await increment('reused', 5, 'key-2');
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0]).toMatchObject({ code: 'idempotency.key_reused' });
    expect((await counter('reused'))?.value).toBe(1);
  });

  it('scopes keys to the user and runs every request without a key', async () => {
    await newCounter('scoped');
    await increment('scoped', 1, 'shared-key', admin);
    const byManager = await increment('scoped', 1, 'shared-key', manager);
    expect(byManager.headers['idempotency-replayed']).toBeUndefined();
    await increment('scoped', 1);
    await increment('scoped', 1);
    expect((await counter('scoped'))?.value).toBe(4);
  });

  it('stores a 4xx outcome (rolling back its partial writes) and replays it', async () => {
    await newCounter('refused');
    const first = await increment('refused', -1, 'key-4xx');
    expect(first.statusCode).toBe(409);
    expect(first.json()).toEqual({ errors: [{ code: 'validation', message: 'Counters only go up' }] });
    expect((await counter('refused'))?.value).toBe(0);
    const replay = await increment('refused', -1, 'key-4xx');
    expect(replay.statusCode).toBe(409);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(effects).toBe(1);
  });

  it('rolls a 5xx back entirely, without leaking internals, so a retry runs again', async () => {
    await newCounter('flaky');
    failNext = true;
    const failed = await increment('flaky', 1, 'key-5xx');
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ errors: [{ code: 'internal', message: 'Internal server error' }] });
    expect(failed.body).not.toContain('secret');
    expect((await counter('flaky'))?.value).toBe(0);
    const retry = await increment('flaky', 1, 'key-5xx');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotency-replayed']).toBeUndefined();
    expect((await counter('flaky'))?.value).toBe(1);
  });

  it('runs the effect exactly once for concurrent requests with the same key', async () => {
    await newCounter('race');
    const responses = await Promise.all([1, 2, 3, 4].map(() => increment('race', 1, 'key-race')));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(responses.filter((r) => r.headers['idempotency-replayed'] === undefined)).toHaveLength(1);
    expect(effects).toBe(1);
    expect((await counter('race'))?.value).toBe(1);
  });

  it('refuses a malformed key', async () => {
    await newCounter('badkey');
    const response = await increment('badkey', 1, 'x'.repeat(300));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: 'validation', field: 'Idempotency-Key' });
    expect((await counter('badkey'))?.value).toBe(0);
  });
});

describe('assertVersion and If-Match', () => {
  const put = (name: string, value: number, headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: `/api/test/counters/${name}`, headers: { ...bearer(admin), ...headers }, payload: { value } });

  it('applies a current version and answers 412 with the current record for a stale one', async () => {
    await newCounter('versioned');
    const ok = await put('versioned', 10, { 'if-match': '"1"' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ name: 'versioned', value: 10, version: 2 });

    const stale = await put('versioned', 20, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({
      errors: [{ code: 'version_mismatch', message: 'This record was changed by someone else. Review the current version and try again.' }],
      current: { name: 'versioned', value: 10, version: 2 },
    });
    expect((await counter('versioned'))?.value).toBe(10);
  });

  it('refuses a weak W/ tag with a 400 (If-Match compares strongly), changing nothing', async () => {
    await newCounter('weak');
    for (const weak of ['W/"1"', 'w/"1"']) {
      const response = await put('weak', 30, { 'if-match': weak });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: [{ code: 'validation', field: 'If-Match', message: 'If-Match must be a strong version such as "3", not a weak W/ tag' }],
      });
    }
    expect(await counter('weak')).toEqual({ name: 'weak', value: 0, version: 1 });
    expect((await put('weak', 30, { 'if-match': '"1"' })).statusCode).toBe(200);
  });

  it('answers 400 for a malformed If-Match and honours a required one', async () => {
    await newCounter('strict');
    const malformed = await put('strict', 1, { 'if-match': 'three' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0]).toMatchObject({ code: 'validation', field: 'If-Match' });
    const del = (headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url: '/api/test/counters/strict', headers: { ...bearer(admin), ...headers } });
    expect((await del({})).statusCode).toBe(400);
    expect((await del({ 'if-match': '"7"' })).statusCode).toBe(412);
    expect((await del({ 'if-match': '"1"' })).statusCode).toBe(204);
    expect(await counter('strict')).toBeUndefined();
  });

  it('stores a 412 under its Idempotency-Key like any 4xx', async () => {
    await newCounter('both');
    await put('both', 5, { 'if-match': '"1"' });
    const stale = await put('both', 6, { 'if-match': '"1"', 'idempotency-key': 'key-412' });
    expect(stale.statusCode).toBe(412);
    const replay = await put('both', 6, { 'if-match': '"1"', 'idempotency-key': 'key-412' });
    expect(replay.statusCode).toBe(412);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json().current).toEqual({ name: 'both', value: 5, version: 2 });
  });

  it('does not replay a 412 to the same key sent again with the corrected version', async () => {
    await newCounter('fixed');
    await put('fixed', 5, { 'if-match': '"1"' });
    const stale = await put('fixed', 6, { 'if-match': '"1"', 'idempotency-key': 'key-fixed' });
    expect(stale.statusCode).toBe(412);
    // the client fixed its version but kept the key: that is another request, not the stored 412
    const corrected = await put('fixed', 6, { 'if-match': '"2"', 'idempotency-key': 'key-fixed' });
    expect(corrected.statusCode).toBe(422);
    expect(corrected.headers['idempotency-replayed']).toBeUndefined();
    expect(corrected.json().errors[0]).toMatchObject({ code: 'idempotency.key_reused', field: 'Idempotency-Key' });
    expect(await counter('fixed')).toEqual({ name: 'fixed', value: 5, version: 2 });
    // with a new key the corrected request applies
    expect((await put('fixed', 6, { 'if-match': '"2"', 'idempotency-key': 'key-fixed-2' })).statusCode).toBe(200);
    expect((await counter('fixed'))?.value).toBe(6);
  });
});

describe('stableStringify', () => {
  it('ignores key order', () => {
    expect(stableStringify({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(stableStringify({ a: [{ c: 3, d: 2 }], b: 1 }));
  });
});

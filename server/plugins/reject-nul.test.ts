import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, organizationalUnits, organizations } from '../db/schema';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, login } from '../test-helpers';
import { inputProblem, MAX_DEPTH, SURROGATE_MESSAGE, TOO_DEEP_MESSAGE } from './reject-nul';

const LOGIN = '/api/authentication/v1/users/tokens';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A sign-in body whose email is `levels` nested arrays (the body object itself is one more level). */
const nestedSignIn = (levels: number) => `{"email":${'['.repeat(levels)}${']'.repeat(levels)},"password":"Whatever-1"}`;
const signIn = (payload: string) => t.app.inject({ method: 'POST', url: LOGIN, headers: { 'content-type': 'application/json' }, payload });

describe('deeply nested JSON', () => {
  it('answers 400 with a clear error on the public sign-in route, not a 500', async () => {
    for (const levels of [5_000, 3_000, 200]) {
      const response = await signIn(nestedSignIn(levels));
      expect(response.statusCode, `${levels} levels`).toBe(400);
      expect(response.json()).toEqual({ errors: [{ code: 'validation', message: TOO_DEEP_MESSAGE }] });
    }
    expect(TOO_DEEP_MESSAGE).toBe('The request is nested too deeply: at most 64 levels of objects and arrays');
  });

  it(`lets ${MAX_DEPTH} levels through to the route's own validation and refuses ${MAX_DEPTH + 1}`, async () => {
    const deepest = await signIn(nestedSignIn(MAX_DEPTH - 1));
    expect(deepest.statusCode).toBe(400);
    expect(deepest.json().errors).toEqual([expect.objectContaining({ code: 'validation', field: 'email' })]);
    const tooDeep = await signIn(nestedSignIn(MAX_DEPTH));
    expect(tooDeep.json()).toEqual({ errors: [{ code: 'validation', message: TOO_DEEP_MESSAGE }] });
  });

  it('walks any depth without recursion, and a wide value once per member', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(inputProblem(deep)).toEqual({ kind: 'too-deep' });

    // four times the members cost four times the reads of the value (sixteen if each were walked
    // per member): reads counted, not timed, so a busy machine cannot change the verdict
    const wide = (members: number) => Object.fromEntries(Array.from({ length: members }, (_, i) => [`k${i}`, { v: [i, 'text'] }]));
    const reads = (members: number) => {
      let count = 0;
      const value = new Proxy(wide(members), {
        get(target, key, receiver) {
          count += 1;
          return Reflect.get(target, key, receiver) as unknown;
        },
        getOwnPropertyDescriptor(target, key) {
          count += 1;
          return Reflect.getOwnPropertyDescriptor(target, key);
        },
        ownKeys(target) {
          count += 1;
          return Reflect.ownKeys(target);
        },
      });
      expect(inputProblem(value)).toBeNull();
      return count;
    };
    const small = reads(25_000);
    const large = reads(100_000);
    expect(small).toBeGreaterThanOrEqual(25_000);
    expect(large / small).toBeLessThan(5);
  });
});

describe('NUL characters', () => {
  it('names the field of a NUL found deep inside, or in a key', () => {
    let value: unknown = { note: 'a\u0000b' };
    for (let i = 0; i < 10; i += 1) value = { [`l${i}`]: value };
    expect(inputProblem(value)).toEqual({ kind: 'nul', field: 'l9.l8.l7.l6.l5.l4.l3.l2.l1.l0.note' });
    expect(inputProblem({ items: [{ ok: 'x' }, { 'bad\u0000key': 1 }] })).toEqual({ kind: 'nul', field: 'items.1.bad\u0000key' });
    expect(inputProblem('a\u0000')).toEqual({ kind: 'nul', field: 'body' });
    expect(inputProblem({ fine: ['a', 1, null, true, { b: 'c' }] })).toBeNull();
  });
});

describe('lone UTF-16 surrogates', () => {
  it('finds one in a value or a key, high or low, and lets a whole pair through', () => {
    expect(inputProblem({ attributes: { NAME: 'a\ud800b' } })).toEqual({ kind: 'surrogate', field: 'attributes.NAME' });
    expect(inputProblem({ list: ['ok', 'end\udc00'] })).toEqual({ kind: 'surrogate', field: 'list.1' });
    expect(inputProblem({ ['k\udbff']: 1 })).toEqual({ kind: 'surrogate', field: 'k\udbff' });
    expect(inputProblem('\udfff\ud800')).toEqual({ kind: 'surrogate', field: 'body' });
    expect(inputProblem({ NAME: 'Hôtel 🏨 \ud83c\udfe8' })).toBeNull();
  });

  it('refuses a unit, an organization and a hotel save with one (400 naming the field), storing nothing, not even the Idempotency-Key', async () => {
    const admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
    const [org] = await t.db.select().from(organizations);
    const orgUuid = org?.uuid ?? '';
    const [units] = await t.db.select({ n: count() }).from(organizationalUnits);
    const send = (method: 'POST' | 'PUT', url: string, payload: string) =>
      t.app.inject({ method, url: `/api${url}`, headers: { ...bearer(admin), 'content-type': 'application/json', 'idempotency-key': randomUUID() }, payload });
    const hotel = randomUUID();
    const answers = [
      await send('POST', `/organization/${orgUuid}/hotels`, '{"parentUuid":null,"attributes":{"NAME":"a\\ud800b"}}'),
      await send('PUT', `/organization/${orgUuid}`, '{"legalCompanyName":"Group \\udc00","status":"ACTIVE"}'),
      await send('PUT', `/organization/${orgUuid}/hotel/${hotel}/save`, '{"hotel":{"parentUuid":null,"attributes":{"NAME":"a\\ud800b"}}}'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400]);
    expect(answers[0]?.json()).toEqual({ errors: [{ code: 'validation', message: SURROGATE_MESSAGE, field: 'attributes.NAME' }] });
    expect(answers[1]?.json().errors[0]).toMatchObject({ field: 'legalCompanyName', message: SURROGATE_MESSAGE });
    expect(answers[2]?.json().errors[0]).toMatchObject({ field: 'hotel.attributes.NAME' });
    const [after] = await t.db.select({ n: count() }).from(organizationalUnits);
    expect(after?.n).toBe(units?.n);
    expect((await t.db.select().from(organizations).where(eq(organizations.uuid, orgUuid)))[0]?.name).toBe(org?.name);
    expect(await t.db.select().from(idempotencyKeys)).toEqual([]);
  });
});

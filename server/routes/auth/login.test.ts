import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSchema } from '../../../src/domain/index';
import type { TestApp } from '../../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login } from '../../test-helpers';

const LOGIN = '/api/authentication/v1/users/tokens';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const attempt = (email: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: LOGIN, payload: { email, password }, remoteAddress });

describe('POST /authentication/v1/users/tokens', () => {
  it('signs in and answers a session; lastLoginTime is the previous sign-in', async () => {
    await createUser(t.db, { email: 'first@example.com', password: 'First-Password1' });
    const first = await attempt('first@example.com', 'First-Password1');
    expect(first.statusCode).toBe(200);
    const session = sessionSchema.parse(first.json());
    expect(session.lastLoginTime).toBeNull();
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ttl = Date.parse(session.expirationTime) - t.clock.now().getTime();
    expect(ttl).toBeGreaterThan(890_000);
    expect(ttl).toBeLessThanOrEqual(900_000);

    const profile = await t.app.inject({ method: 'GET', url: '/api/user-profile/v1/user-profile', headers: bearer(session.token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().uuid).toBe(session.uuid);

    t.clock.advance(1000);
    const second = sessionSchema.parse((await attempt('FIRST@example.com ', 'First-Password1')).json());
    expect(second.lastLoginTime).not.toBeNull();
    expect(Date.parse(second.lastLoginTime ?? '')).toBeLessThan(Date.parse(second.expirationTime) - 899_000);
    expect(second.uuid).toBe(session.uuid);
  });

  it('answers a wrong password, an unknown user and an inactive user alike', async () => {
    await createUser(t.db, { email: 'sleepy@example.com', password: 'Sleepy-Password1', active: false });
    const wrong = await attempt(ADMIN_EMAIL, 'Not-The-Password1', '10.0.1.1');
    const unknown = await attempt('nobody@example.com', 'Whatever-Password1', '10.0.1.2');
    const inactive = await attempt('sleepy@example.com', 'Sleepy-Password1', '10.0.1.3');
    for (const response of [wrong, unknown, inactive]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errors: [{ code: 'auth.invalid_credentials', message: 'Invalid email or password' }] });
    }
    expect(wrong.body).toBe(unknown.body);
    expect(unknown.body).toBe(inactive.body);
  });

  it('rejects an empty body with validation errors per field', async () => {
    const response = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: 'x@example.com' } });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ errors: { code: string; field?: string; message: string }[] }>();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({ code: 'validation', field: 'password' });
    expect(body.errors[0]?.message).toBeTruthy();
  });

  it('lets no stranger lock an operator out: failures from other addresses leave the right password working', async () => {
    await createUser(t.db, { email: 'target@example.com', password: 'Target-Password1' });
    // one attacker address, and many: far past every per-account limit of the old throttle
    for (let i = 0; i < 8; i += 1) await attempt('target@example.com', `Wrong-Password${i}`, '203.0.113.5');
    for (let i = 0; i < 6; i += 1) await attempt('target@example.com', `Wrong-Password${i}`, `203.0.113.${10 + i}`);
    expect((await attempt('target@example.com', 'Target-Password1', '203.0.113.5')).statusCode).toBe(429);
    // the operator, from their own address, signs in at once
    expect((await attempt('target@example.com', 'Target-Password1', '198.51.100.9')).statusCode).toBe(200);
  });

  it('slows one address guessing one account with growing waits, even for the right password, and a success clears it', async () => {
    await createUser(t.db, { email: 'guessed@example.com', password: 'Guessed-Password1' });
    const from = '10.0.2.1';
    for (let i = 0; i < 5; i += 1) expect((await attempt('guessed@example.com', `Wrong-Password${i}`, from)).statusCode).toBe(401);
    // past the 5 free failures each wait doubles: 1, 2, 4, 8 minutes, then at most 15
    for (const minutes of [1, 2, 4, 8, 15, 15]) {
      const blocked = await attempt('guessed@example.com', 'Guessed-Password1', from);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        errors: [{ code: 'auth.throttled', message: `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.` }],
      });
      expect(Number(blocked.headers['retry-after'])).toBe(minutes * 60);
      t.clock.advance(minutes * 60_000 - 1000);
      expect((await attempt('guessed@example.com', 'Guessed-Password1', from)).statusCode).toBe(429);
      t.clock.advance(1000);
      expect((await attempt('guessed@example.com', 'Wrong-Password-again', from)).statusCode).toBe(401);
    }
    t.clock.advance(15 * 60_000);
    expect((await attempt('guessed@example.com', 'Guessed-Password1', from)).statusCode).toBe(200);
    // the success forgot the failures: 5 free ones again
    for (let i = 0; i < 5; i += 1) expect((await attempt('guessed@example.com', 'Wrong-Password1', from)).statusCode).toBe(401);
    expect((await attempt('guessed@example.com', 'Guessed-Password1', from)).statusCode).toBe(429);
  });

  it('gives one address no more guesses at one account per hour than the old limit of 20', async () => {
    await createUser(t.db, { email: 'hourly@example.com', password: 'Hourly-Password1' });
    const start = t.clock.now().getTime();
    let guesses = 0;
    while (t.clock.now().getTime() - start < 3600_000) {
      const response = await attempt('hourly@example.com', 'Wrong-Password1', '10.0.5.1');
      if (response.statusCode === 401) guesses += 1;
      else t.clock.advance(Number(response.headers['retry-after']) * 1000);
    }
    expect(guesses).toBeLessThanOrEqual(20);
    // 5 at once, then after 1, 3, 7, 15, 30 and 45 minutes (then every 15 minutes: 4 an hour)
    expect(guesses).toBe(11);
  });

  it('answers an unknown account and a wrong password alike under the throttle', async () => {
    for (let i = 0; i < 5; i += 1) {
      await attempt('ghost@example.com', 'Wrong-Password1', '10.0.6.1');
      await attempt(ADMIN_EMAIL, 'Wrong-Password1', '10.0.6.2');
    }
    const ghost = await attempt('ghost@example.com', 'Wrong-Password1', '10.0.6.1');
    const admin = await attempt(ADMIN_EMAIL, 'Wrong-Password1', '10.0.6.2');
    expect(ghost.statusCode).toBe(429);
    expect(ghost.body).toBe(admin.body);
    expect(ghost.headers['retry-after']).toBe(admin.headers['retry-after']);
  });

  it('holds the limit against a burst of parallel guesses from one address, the right password among them', async () => {
    await createUser(t.db, { email: 'burst@example.com', password: 'Burst-Password1' });
    const guesses = Array.from({ length: 20 }, (_, i) => attempt('burst@example.com', i === 19 ? 'Burst-Password1' : `Wrong-Password${i}`, '10.0.4.1'));
    const codes = (await Promise.all(guesses)).map((response) => response.statusCode);
    // at most 5 guesses are checked; everything after them, the right password included, is refused
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(14);
    expect(codes[19]).toBe(429);
  });

  it('throttles one address after too many failures across accounts, except for accounts that signed in there', async () => {
    const strict = await createTestApp({ limits: { addressFailures: 3 } });
    try {
      const from = (email: string, password: string, remoteAddress: string) =>
        strict.app.inject({ method: 'POST', url: LOGIN, payload: { email, password }, remoteAddress });
      // the operator signed in from the office address before
      await createUser(strict.db, { email: 'operator@example.com', password: 'Operator-Password1' });
      expect((await from('operator@example.com', 'Operator-Password1', '192.0.2.7')).statusCode).toBe(200);
      // someone in the same office sprays accounts
      for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
        expect((await from(email, 'Wrong-Password1', '192.0.2.7')).statusCode).toBe(401);
      }
      const blocked = await from(ADMIN_EMAIL, ADMIN_PASSWORD, '192.0.2.7');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().errors[0]).toEqual({ code: 'auth.throttled', message: 'Too many sign-in attempts. Try again in 15 minutes.' });
      expect(blocked.headers['retry-after']).toBeDefined();
      // another address is not affected, nor is the operator who signed in at this one
      expect((await from(ADMIN_EMAIL, ADMIN_PASSWORD, '192.0.2.8')).statusCode).toBe(200);
      expect((await from('operator@example.com', 'Operator-Password1', '192.0.2.7')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('signs the seeded administrator in', async () => {
    const session = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD, '10.0.9.9');
    expect(sessionSchema.safeParse(session).success).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../src/domain/index';
import { sessionSchema } from '../../../src/domain/index';
import type { TestApp } from '../../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, login, MANAGER_EMAIL, MANAGER_PASSWORD } from '../../test-helpers';

const REFRESH = '/api/authentication/v1/users/tokens/refresh';
const REVOKE = '/api/authentication/v1/users/tokens/revoke';
const PROFILE = '/api/user-profile/v1/user-profile';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const refresh = (session: Pick<Session, 'token' | 'refreshToken'>) =>
  t.app.inject({ method: 'POST', url: REFRESH, payload: { token: session.token, refreshToken: session.refreshToken } });
const profileStatus = async (token: string) => (await t.app.inject({ method: 'GET', url: PROFILE, headers: bearer(token) })).statusCode;
const invalidRefresh = { errors: [{ code: 'auth.invalid_refresh_token', message: 'The session is no longer valid. Please sign in again.' }] };

describe('refresh', () => {
  it('rotates: a new pair that works, for the same user, keeping lastLoginTime', async () => {
    const first = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const response = await refresh(first);
    expect(response.statusCode).toBe(200);
    const next = sessionSchema.parse(response.json());
    expect(next.uuid).toBe(first.uuid);
    expect(next.token).not.toBe(first.token);
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(next.lastLoginTime).toBe(first.lastLoginTime);
    expect(await profileStatus(next.token)).toBe(200);
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('reuse of a spent refresh token revokes the whole family, the newest tokens included', async () => {
    const r1 = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r2 = sessionSchema.parse((await refresh(r1)).json());
    const r3 = sessionSchema.parse((await refresh(r2)).json());
    expect(await profileStatus(r3.token)).toBe(200);

    const reuse = await refresh(r1);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(invalidRefresh);

    expect(await profileStatus(r3.token)).toBe(401);
    expect(await profileStatus(r2.token)).toBe(401);
    expect((await refresh(r3)).statusCode).toBe(401);
    // another sign-in of the same user is not affected
    const other = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await profileStatus(other.token)).toBe(200);
  });

  it('gives the immediately previous token a fresh pair within 10 s (concurrent refreshes), not later', async () => {
    const r1 = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r2 = sessionSchema.parse((await refresh(r1)).json());
    t.clock.advance(5_000);
    const again = await refresh(r1);
    expect(again.statusCode).toBe(200);
    const r2b = sessionSchema.parse(again.json());
    expect(r2b.refreshToken).not.toBe(r2.refreshToken);
    // both tabs keep working
    expect(await profileStatus(r2.token)).toBe(200);
    expect(await profileStatus(r2b.token)).toBe(200);

    t.clock.advance(6_000);
    expect((await refresh(r1)).statusCode).toBe(401);
    expect(await profileStatus(r2b.token)).toBe(401);
  });

  it('allows one use within the grace, not more: a third use revokes the family', async () => {
    const r1 = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r2 = sessionSchema.parse((await refresh(r1)).json());
    t.clock.advance(2_000);
    const graced = await refresh(r1);
    expect(graced.statusCode).toBe(200);
    const r2b = sessionSchema.parse(graced.json());

    t.clock.advance(2_000);
    const third = await refresh(r1);
    expect(third.statusCode).toBe(401);
    expect(third.json()).toEqual(invalidRefresh);
    // reuse beyond the one grace use is treated as theft: every token of the sign-in stops
    expect(await profileStatus(r2.token)).toBe(401);
    expect(await profileStatus(r2b.token)).toBe(401);
    expect((await refresh(r2b)).statusCode).toBe(401);
  });

  it("refuses a refresh whose token is not the access token issued with that refresh token, and changes nothing", async () => {
    const session = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const otherSession = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const token of ['x', 'A'.repeat(43), otherSession.token]) {
      const response = await refresh({ token, refreshToken: session.refreshToken });
      expect(response.statusCode, token).toBe(401);
      expect(response.json()).toEqual(invalidRefresh);
    }
    // the pair itself still refreshes (nothing was spent or revoked), and so does the other sign-in
    expect(await profileStatus(session.token)).toBe(200);
    const renewed = await refresh(session);
    expect(renewed.statusCode).toBe(200);
    // the renewed refresh token needs the renewed access token, not the one it replaced
    const next = sessionSchema.parse(renewed.json());
    expect((await refresh({ token: session.token, refreshToken: next.refreshToken })).statusCode).toBe(401);
    expect((await refresh(next)).statusCode).toBe(200);
    expect((await refresh(otherSession)).statusCode).toBe(200);
  });

  it('two concurrent refreshes with the same token both succeed', async () => {
    const r1 = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const [a, b] = await Promise.all([refresh(r1), refresh(r1)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await profileStatus(a.json<Session>().token)).toBe(200);
    expect(await profileStatus(b.json<Session>().token)).toBe(200);
  });

  it('two tabs that refreshed at once both go on: each refreshes again later, and neither signs the other out', async () => {
    const r1 = await login(t.app, MANAGER_EMAIL, MANAGER_PASSWORD);
    const [a, b] = await Promise.all([refresh(r1), refresh(r1)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const tabA = sessionSchema.parse(a.json());
    const tabB = sessionSchema.parse(b.json());
    expect(tabA.refreshToken).not.toBe(tabB.refreshToken);
    // well after the grace, each tab's own next refresh is a first use, not a reuse
    t.clock.advance(60_000);
    const [nextA, nextB] = await Promise.all([refresh(tabA), refresh(tabB)]);
    expect([nextA.statusCode, nextB.statusCode]).toEqual([200, 200]);
    for (const next of [nextA, nextB]) expect(await profileStatus(sessionSchema.parse(next.json()).token)).toBe(200);
    // the tokens each tab held before still work until they expire: no one was signed out
    expect(await profileStatus(tabA.token)).toBe(200);
    expect(await profileStatus(tabB.token)).toBe(200);
    expect((await refresh(sessionSchema.parse(nextA.json()))).statusCode).toBe(200);
  });

  it('refuses an access token of another user', async () => {
    const admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const manager = await login(t.app, MANAGER_EMAIL, MANAGER_PASSWORD);
    const response = await refresh({ token: admin.token, refreshToken: manager.refreshToken });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalidRefresh);
  });

  it('refuses an unknown or expired refresh token', async () => {
    expect((await refresh({ token: 'x', refreshToken: 'not-a-refresh-token' })).statusCode).toBe(401);
    const session = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    t.clock.advance(31 * 24 * 3600_000);
    const response = await refresh(session);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalidRefresh);
  });
});

describe('access tokens', () => {
  it('stop working when expired', async () => {
    const short = await createTestApp({ env: { ACCESS_TOKEN_TTL_SECONDS: '60' } });
    try {
      const session = await login(short.app, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(Date.parse(session.expirationTime) - short.clock.now().getTime()).toBeLessThanOrEqual(60_000);
      expect((await short.app.inject({ method: 'GET', url: PROFILE, headers: bearer(session.token) })).statusCode).toBe(200);
      short.clock.advance(61_000);
      const expired = await short.app.inject({ method: 'GET', url: PROFILE, headers: bearer(session.token) });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ errors: [{ code: 'auth.unauthenticated', message: 'Authentication required' }] });
      // the refresh token still gets a new session
      const renewed = await short.app.inject({ method: 'POST', url: REFRESH, payload: { token: session.token, refreshToken: session.refreshToken } });
      expect(renewed.statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });

  it.each([
    ['no header', {}],
    ['garbage', { authorization: 'Bearer garbage' }],
    ['forged', { authorization: `Bearer ${'A'.repeat(43)}` }],
    ['other scheme', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
    ['empty bearer', { authorization: 'Bearer ' }],
  ])('answer 401 auth.unauthenticated for %s', async (_name, headers) => {
    const response = await t.app.inject({ method: 'GET', url: PROFILE, headers });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe('auth.unauthenticated');
  });
});

describe('revoke (logout)', () => {
  it('revokes the family: access and refresh tokens stop working at once', async () => {
    const session = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const response = await t.app.inject({ method: 'POST', url: REVOKE, payload: { refreshToken: session.refreshToken } });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await profileStatus(session.token)).toBe(401);
    expect((await refresh(session)).statusCode).toBe(401);
  });

  it('works when the access token has expired, and for an unknown token answers 204 too', async () => {
    const session = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    t.clock.advance(901_000);
    expect(await profileStatus(session.token)).toBe(401);
    const response = await t.app.inject({ method: 'POST', url: REVOKE, headers: bearer(session.token), payload: { refreshToken: session.refreshToken } });
    expect(response.statusCode).toBe(204);
    expect((await refresh(session)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: REVOKE, payload: { refreshToken: 'unknown' } })).statusCode).toBe(204);
  });
});

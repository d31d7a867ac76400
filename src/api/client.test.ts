import { describe, expect, it } from 'vitest';
import type { Session } from '../domain';
import { createFakeFetch, empty, gatewayError, json, makeSession, type Handler } from '../../test/fake-gateway';
import { ApiError } from './api-error';
import { createApiClient, FRESH_AFTER_WRITE_MS, READ_AHEAD_MS, REFRESH_PATH, REVOKE_PATH, TOKENS_PATH, type LockManagerLike } from './client';
import { createSessionStore } from './session-store';
import { createMemoryStorage, type KeyValueStorage } from './storage';

/** A client over a fake gateway and in-memory storage; `refreshed` is what a refresh answers. */
function setup(handler: Handler, options: { session?: Session | null; storage?: KeyValueStorage; locks?: LockManagerLike; now?: () => number } = {}) {
  const storage = options.storage ?? createMemoryStorage();
  const sessions = createSessionStore(storage);
  if (options.session) sessions.set(options.session);
  const refreshed = makeSession();
  const gateway = createFakeFetch((call) => (call.path === REFRESH_PATH ? json(200, refreshed) : handler(call)));
  const client = createApiClient({ fetch: gateway.fetch, baseUrl: () => '/api', sessions, locks: options.locks, ...(options.now ? { now: options.now } : {}) });
  let notified = 0;
  sessions.subscribe(() => (notified += 1));
  return { client, sessions, storage, gateway, refreshed, notifications: () => notified };
}

const rejection = (promise: Promise<unknown>) => promise.then(() => expect.fail('expected a failure'), (error: unknown) => error as ApiError);

describe('request: session rules', () => {
  it('attaches the bearer token of the session under the base URL', async () => {
    const session = makeSession();
    const { client, gateway } = setup(() => json(200, { ok: true }), { session });
    await expect(client.request('/organization/v1/organization')).resolves.toEqual({ ok: true });
    expect(gateway.calls[0]?.url).toBe('/api/organization/v1/organization');
    expect(gateway.calls[0]?.headers.authorization).toBe(`Bearer ${session.token}`);
  });

  it('sends no token when auth is off, even with a session', async () => {
    const { client, gateway } = setup(() => json(200, {}), { session: makeSession() });
    await client.request(TOKENS_PATH, { method: 'POST', body: { email: 'a@b.c', password: 'x' }, auth: false });
    expect(gateway.calls[0]?.headers.authorization).toBeUndefined();
    expect(gateway.calls[0]?.body).toEqual({ email: 'a@b.c', password: 'x' });
  });

  it('refreshes an expired session before the call and stores the new one', async () => {
    const expired = makeSession(-1000);
    const { client, gateway, sessions, refreshed } = setup(() => json(200, {}), { session: expired });
    await client.request('/user-profile/v1/user-profile');
    expect(gateway.calls.map((call) => call.path)).toEqual([REFRESH_PATH, '/user-profile/v1/user-profile']);
    expect(gateway.calls[0]?.body).toEqual({ token: expired.token, refreshToken: expired.refreshToken });
    expect(gateway.calls[1]?.headers.authorization).toBe(`Bearer ${refreshed.token}`);
    expect(sessions.get()).toEqual(refreshed);
  });

  it("throws 'Session not defined' (403) and logs out when there is no session", async () => {
    const storage = createMemoryStorage();
    storage.setItem('lobby.somethingElse', 'x');
    const { client, gateway, notifications } = setup(() => json(200, {}), { storage });
    const error = await rejection(client.request('/organization/v1/organization'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Session not defined');
    expect(error.status).toBe(403);
    expect(gateway.calls).toHaveLength(0);
    expect(storage.getItem('lobby.somethingElse')).toBeNull();
    expect(notifications()).toBeGreaterThan(0);
  });

  it('answers a 403 with one refresh and one retry, then succeeds', async () => {
    const session = makeSession();
    let calls = 0;
    const { client, gateway, refreshed } = setup(() => (++calls === 1 ? gatewayError(403, 'forbidden', 'Forbidden') : json(200, { data: [] })), { session });
    await expect(client.request('/organization/v1/organization')).resolves.toEqual({ data: [] });
    expect(gateway.calls.map((call) => call.path)).toEqual(['/organization/v1/organization', REFRESH_PATH, '/organization/v1/organization']);
    expect(gateway.calls[2]?.headers.authorization).toBe(`Bearer ${refreshed.token}`);
  });

  it('logs out when the retry is refused as unauthenticated (401) again', async () => {
    const { client, gateway, sessions } = setup(() => gatewayError(401, 'auth.unauthenticated', 'Token revoked'), { session: makeSession() });
    const error = await rejection(client.request('/organization/v1/organization'));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Token revoked');
    expect(sessions.get()).toBeNull();
    expect(gateway.callsTo(REFRESH_PATH)).toHaveLength(1);
    expect(gateway.callsTo('/organization/v1/organization')).toHaveLength(2);
  });

  it('keeps the session when the retry with a fresh token is still forbidden (403: no permission)', async () => {
    const { client, gateway, sessions, refreshed } = setup(() => gatewayError(403, 'forbidden', 'No access'), { session: makeSession() });
    const error = await rejection(client.request('/organization/v1/organization'));
    expect(error.status).toBe(403);
    expect(error.message).toBe('No access');
    expect(sessions.get()).toEqual(refreshed);
    expect(gateway.callsTo(REFRESH_PATH)).toHaveLength(1);
    expect(gateway.callsTo('/organization/v1/organization')).toHaveLength(2);
  });

  it('answers a 401 on the tokens path with a refresh and a retry', async () => {
    let calls = 0;
    const { client, gateway } = setup(() => (++calls === 1 ? gatewayError(401, 'auth.unauthenticated', 'Expired') : empty(204)), { session: makeSession() });
    await expect(client.request(`${TOKENS_PATH}/current`, { method: 'DELETE' })).resolves.toBeUndefined();
    expect(gateway.callsTo(REFRESH_PATH)).toHaveLength(1);
    expect(gateway.callsTo(`${TOKENS_PATH}/current`)).toHaveLength(2);
  });

  it('answers a 401 elsewhere the same way (an expired or revoked access token)', async () => {
    let calls = 0;
    const { client, gateway } = setup(() => (++calls === 1 ? gatewayError(401, 'auth.unauthenticated', 'Expired') : json(200, {})), { session: makeSession() });
    await client.request('/user-profile/v1/user-profile');
    expect(gateway.callsTo(REFRESH_PATH)).toHaveLength(1);
  });
});

describe('request: refresh failures', () => {
  function failingRefresh(answer: () => Response | Promise<Response>, session: Session) {
    const sessions = createSessionStore(createMemoryStorage());
    sessions.set(session);
    const gateway = createFakeFetch((call) => (call.path === REFRESH_PATH ? answer() : json(200, {})));
    const client = createApiClient({ fetch: gateway.fetch, baseUrl: () => '/api', sessions });
    return { client, sessions, gateway };
  }

  it("throws 'Failed to refresh token' and logs out when the gateway refuses the refresh", async () => {
    const session = makeSession(-1000);
    const { client, sessions, gateway } = failingRefresh(() => gatewayError(401, 'auth.invalid_refresh_token', 'Invalid refresh token'), session);
    const error = await rejection(client.request('/user-profile/v1/user-profile'));
    expect(error.message).toBe('Failed to refresh token');
    expect(error.status).toBe(401);
    expect(sessions.get()).toBeNull();
    expect(gateway.callsTo(REVOKE_PATH)[0]?.body).toEqual({ refreshToken: session.refreshToken });
  });

  it('keeps the session when the refresh meets a gateway failure (5xx) or no network', async () => {
    const unwell = failingRefresh(() => json(503, {}), makeSession(-1000));
    expect((await rejection(unwell.client.request('/x'))).message).toBe('Failed to refresh token');
    expect(unwell.sessions.get()).not.toBeNull();

    const stale = makeSession(-1000);
    const offline = failingRefresh(() => Promise.reject(new TypeError('Failed to fetch')), stale);
    // no network for the refresh: the call goes on with the stale token (the service worker may answer it from its cache)
    await expect(offline.client.request('/x')).resolves.toEqual({});
    expect(offline.gateway.calls.map((call) => call.path)).toEqual([REFRESH_PATH, '/x']);
    expect(offline.gateway.calls[1]?.headers.authorization).toBe(`Bearer ${stale.token}`);
    expect(offline.sessions.get()).toEqual(stale);
  });
});

describe('request: a refresh that ends after a logout', () => {
  it('does not bring the session back, and revokes the pair it brought', async () => {
    const sessions = createSessionStore(createMemoryStorage());
    sessions.set(makeSession(-1000));
    const fresh = makeSession();
    let answerRefresh: (response: Response) => void = () => undefined;
    const gateway = createFakeFetch((call) =>
      call.path === REFRESH_PATH ? new Promise<Response>((resolve) => (answerRefresh = resolve)) : call.path === REVOKE_PATH ? empty(204) : json(200, {}),
    );
    const client = createApiClient({ fetch: gateway.fetch, baseUrl: () => '/api', sessions });
    const pending = rejection(client.request('/x'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    client.logout();
    answerRefresh(json(200, fresh));
    expect((await pending).message).toBe('Failed to refresh token');
    expect(sessions.get()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(gateway.callsTo(REVOKE_PATH).map((call) => call.body)).toContainEqual({ refreshToken: fresh.refreshToken });
  });
});

describe('request: answers', () => {
  it.each([204, 205])('gives an empty result for %i', async (status) => {
    const { client } = setup(() => empty(status), { session: makeSession() });
    await expect(client.request('/x', { method: 'POST', body: {} })).resolves.toBeUndefined();
  });

  it("joins the gateway's error messages with ', ' and keeps status, body and codes", async () => {
    const body = { errors: [{ code: 'validation', message: 'Name is required', field: 'name' }, { code: 'validation', message: 'Status is invalid' }] };
    const { client } = setup(() => json(400, body), { session: makeSession() });
    const error = await rejection(client.request('/x', { method: 'POST', body: {} }));
    expect(error.message).toBe('Name is required, Status is invalid');
    expect(error.status).toBe(400);
    expect(error.body).toEqual(body);
    expect(error.codes).toEqual(['validation', 'validation']);
    expect(error.fieldMessage('name')).toBe('Name is required');
  });

  it('falls back to the status when the answer has no errors list', async () => {
    const { client } = setup(() => new Response('oops', { status: 500 }), { session: makeSession() });
    const error = await rejection(client.request('/x'));
    expect(error.message).toBe('Request failed with status 500');
    expect(error.status).toBe(500);
  });

  it('reports a network failure without logging out', async () => {
    const { client, sessions } = setup(() => Promise.reject(new TypeError('Failed to fetch')), { session: makeSession() });
    const error = await rejection(client.request('/x'));
    expect(error).toMatchObject({ status: 0, network: true, message: 'Cannot reach the gateway. Check your connection and try again.' });
    expect(sessions.get()).not.toBeNull();
  });
});

describe('request: read cache', () => {
  it('names the user of the session on every authenticated call, also after a refresh', async () => {
    const session = makeSession();
    let calls = 0;
    const { client, gateway } = setup(() => (++calls === 1 ? gatewayError(401, 'auth.unauthenticated', 'Expired') : json(200, {})), { session });
    await client.request('/organization/v1/organization');
    const reads = gateway.callsTo('/organization/v1/organization');
    expect(reads.map((call) => call.headers['x-lobby-user'])).toEqual([session.uuid, session.uuid]);
  });

  it('does not name a user on a call without the session', async () => {
    const { client, gateway } = setup(() => json(200, {}), { session: makeSession() });
    await client.request(TOKENS_PATH, { method: 'POST', body: { email: 'a@b.c', password: 'x' }, auth: false });
    expect(gateway.calls[0]?.headers['x-lobby-user']).toBeUndefined();
  });

  it('records when a GET answer came from the read cache, and clears it when a fresh one arrives', async () => {
    const sessions = createSessionStore(createMemoryStorage());
    sessions.set(makeSession());
    let cachedAt: string | null = '2025-03-01T08:30:00.000Z';
    const gateway = createFakeFetch(() => {
      const response = json(200, { data: [] });
      if (cachedAt) response.headers.set('X-Lobby-Cached-At', cachedAt);
      return response;
    });
    const recorded: [string, string | null][] = [];
    const client = createApiClient({ fetch: gateway.fetch, baseUrl: () => '/api', sessions, cachedReads: { record: (path, at) => recorded.push([path, at]) } });
    await client.request('/organization/v1/organization');
    cachedAt = null;
    await client.request('/organization/v1/organization');
    await client.request('/organization/v1/organization', { method: 'POST', body: {} });
    expect(recorded).toEqual([
      ['/organization/v1/organization', '2025-03-01T08:30:00.000Z'],
      ['/organization/v1/organization', null],
    ]);
  });

  it('records the GETs answered fresh while no service worker controlled the page, to be read again through it', async () => {
    const sessions = createSessionStore(createMemoryStorage());
    const session = makeSession();
    sessions.set(session);
    let controlled = false;
    const gateway = createFakeFetch((call) => {
      if (call.path === '/missing') return gatewayError(404, 'not_found', 'Not found');
      const response = json(200, { data: [] });
      if (call.path === '/cached') response.headers.set('X-Lobby-Cached-At', '2025-03-01T08:30:00.000Z');
      return response;
    });
    const unseen: { user: string; path: string }[] = [];
    const client = createApiClient({ fetch: gateway.fetch, baseUrl: () => '/api', sessions, serviceWorkerControls: () => controlled, unseenReads: { add: (read) => unseen.push(read) } });
    await client.request('/organization/o1/pms-connection');
    await client.request('/cached');
    await client.request('/missing').catch(() => undefined);
    await client.request('/organization/o1/pms-connection', { method: 'PUT', body: {} });
    await client.request('/public', { auth: false });
    controlled = true;
    await client.request('/organization/o1/hotel-definition');
    expect(unseen).toEqual([{ user: session.uuid, path: '/organization/o1/pms-connection' }]);
  });
});

describe('written: the reads after a write come from the gateway', () => {
  const PATH = '/organization/o1/hotel/h1/pms-rate-code';

  it('sends the reads of the next FRESH_AFTER_WRITE_MS fresh (no-cache: the service worker may not answer them from its copy), and none before or after', async () => {
    let clock = 1_000_000;
    const { client, gateway } = setup(() => json(200, { data: [] }), { session: makeSession(), now: () => clock });
    await client.request(PATH);
    client.written();
    await client.request(PATH);
    await client.request(PATH, { method: 'POST', body: { name: 'x' } });
    clock += FRESH_AFTER_WRITE_MS - 1;
    await client.request(PATH);
    clock += 1;
    await client.request(PATH);
    expect(gateway.callsTo(PATH).map((call) => `${call.method} ${call.cache ?? 'default'} ${call.headers['x-lobby-fresh'] ?? '-'}`)).toEqual(['GET default -', 'GET no-cache 1', 'POST default -', 'GET no-cache 1', 'GET default -']);
  });

  it('does not hand a read sent ahead of the write to a read after it', async () => {
    let answered = 0;
    const { client, gateway } = setup(() => json(200, { data: [{ n: ++answered }] }), { session: makeSession() });
    client.readAhead(PATH);
    client.written();
    await expect(client.request(PATH)).resolves.toEqual({ data: [{ n: 2 }] });
    expect(gateway.callsTo(PATH).map((call) => call.cache ?? 'default')).toEqual(['default', 'no-cache']);
  });
});

describe('readAhead: a read sent before its caller', () => {
  const PATH = '/organization/o1/pms-connection';

  it('is taken by the first plain GET of its path: one exchange, its answer; the next GET sends its own', async () => {
    let answered = 0;
    const { client, gateway } = setup(() => json(200, { data: [{ n: ++answered }] }), { session: makeSession() });
    client.readAhead(PATH);
    client.readAhead(PATH);
    await expect(client.request(PATH)).resolves.toEqual({ data: [{ n: 1 }] });
    expect(gateway.callsTo(PATH)).toHaveLength(1);
    await expect(client.request(PATH)).resolves.toEqual({ data: [{ n: 2 }] });
    expect(gateway.callsTo(PATH)).toHaveLength(2);
  });

  it('is not taken by a write or a GET with its own headers, nor once READ_AHEAD_MS have passed, nor under another token', async () => {
    let clock = 1_000_000;
    const session = makeSession();
    const { client, gateway, sessions } = setup(() => json(200, { data: [] }), { session, now: () => clock });
    client.readAhead(PATH);
    await client.request(PATH, { method: 'POST', body: { name: 'x' } });
    await client.request(PATH, { headers: { 'If-None-Match': '"1"' } });
    expect(gateway.callsTo(PATH)).toHaveLength(3);
    // still there for the plain GET
    await client.request(PATH);
    expect(gateway.callsTo(PATH)).toHaveLength(3);

    client.readAhead(PATH);
    clock += READ_AHEAD_MS;
    await client.request(PATH);
    expect(gateway.callsTo(PATH)).toHaveLength(5);

    client.readAhead(PATH);
    sessions.set(makeSession());
    await client.request(PATH);
    expect(gateway.callsTo(PATH)).toHaveLength(7);
    expect(gateway.callsTo(PATH)[6]?.headers.authorization).toBe(`Bearer ${sessions.get()?.token}`);
  });

  it('sends nothing without a live session', () => {
    const signedOut = setup(() => json(200, {}), { session: null });
    signedOut.client.readAhead(PATH);
    const expired = setup(() => json(200, {}), { session: makeSession(-1000) });
    expired.client.readAhead(PATH);
    expect([signedOut.gateway.calls.length, expired.gateway.calls.length]).toEqual([0, 0]);
  });

  it('goes through the session rules when taken: a 401 sent ahead is refreshed and sent again', async () => {
    let calls = 0;
    const { client, gateway, refreshed } = setup(() => (++calls === 1 ? gatewayError(401, 'unauthorized', 'Token expired') : json(200, { data: [] })), { session: makeSession() });
    client.readAhead(PATH);
    await expect(client.request(PATH)).resolves.toEqual({ data: [] });
    expect(gateway.calls.map((call) => call.path)).toEqual([PATH, REFRESH_PATH, PATH]);
    expect(gateway.calls[2]?.headers.authorization).toBe(`Bearer ${refreshed.token}`);
  });
});

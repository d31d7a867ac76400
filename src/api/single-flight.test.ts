import { describe, expect, it } from 'vitest';
import { createFakeFetch, json, makeSession } from '../../test/fake-gateway';
import { createApiClient, REFRESH_PATH, type LockManagerLike } from './client';
import { createSessionStore } from './session-store';
import { createMemoryStorage } from './storage';

/** Serialises callbacks per process like navigator.locks does across the tabs of an origin. */
function createFakeLocks(): LockManagerLike {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request(_name, callback) {
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/** A gateway whose refresh rotates tokens: a spent refresh token is refused, like ours. */
function rotatingGateway() {
  let current = makeSession();
  let spent = new Set<string>();
  const gateway = createFakeFetch(async (call) => {
    if (call.path !== REFRESH_PATH) return json(200, { ok: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { refreshToken } = call.body as { refreshToken: string };
    if (spent.has(refreshToken)) return json(401, { errors: [{ code: 'auth.invalid_refresh_token', message: 'Invalid refresh token' }] });
    spent = new Set([...spent, refreshToken]);
    current = makeSession();
    return json(200, current);
  });
  return { gateway, latest: () => current };
}

describe('refresh is single-flight', () => {
  it('refreshes once for two concurrent calls with an expired session', async () => {
    const { gateway, latest } = rotatingGateway();
    const sessions = createSessionStore(createMemoryStorage());
    sessions.set(makeSession(-1000));
    const client = createApiClient({ fetch: gateway.fetch, baseUrl: () => '/api', sessions });
    await Promise.all([client.request('/a'), client.request('/b')]);
    expect(gateway.callsTo(REFRESH_PATH)).toHaveLength(1);
    expect(gateway.callsTo('/a')[0]?.headers.authorization).toBe(`Bearer ${latest().token}`);
    expect(gateway.callsTo('/b')[0]?.headers.authorization).toBe(`Bearer ${latest().token}`);
  });

  it('refreshes once for two tabs sharing storage, the second using the token the first stored', async () => {
    const { gateway, latest } = rotatingGateway();
    const storage = createMemoryStorage();
    const locks = createFakeLocks();
    const tabA = createSessionStore(storage);
    const tabB = createSessionStore(storage);
    tabA.set(makeSession(-1000));
    const clientA = createApiClient({ fetch: gateway.fetch, baseUrl: () => '/api', sessions: tabA, locks });
    const clientB = createApiClient({ fetch: gateway.fetch, baseUrl: () => '/api', sessions: tabB, locks });
    await Promise.all([clientA.request('/a'), clientB.request('/b')]);
    expect(gateway.callsTo(REFRESH_PATH)).toHaveLength(1);
    expect(tabB.get()?.token).toBe(latest().token);
    expect(gateway.callsTo('/b')[0]?.headers.authorization).toBe(`Bearer ${latest().token}`);
  });
});

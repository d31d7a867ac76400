import { describe, expect, it } from 'vitest';
import { isCachedApiPath, keepFetchedOk, requestUser, stampFetchedAt } from './read-cache-rules';

const user = '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11';

describe('what the read cache keeps', () => {
  it.each([
    ['/api/organization/v1/organization', true],
    ['/api/user-profile/v1/user-profile', true],
    ['/api/docs', false],
    ['/api/docs/json', false],
    ['/api/authentication/v1/users/tokens', false],
    ['/api/authentication/v1/users/tokens/refresh', false],
    ['/api/authentication/v1/users/tokens-elsewhere', true],
    ['/organizations', false],
    ['/apis/x', false],
  ])('%s: %s', (path, kept) => {
    expect(isCachedApiPath(path)).toBe(kept);
  });

  it('reads the user a request names, only when it is a uuid', () => {
    expect(requestUser(new Request('http://x/api/a', { headers: { 'X-Lobby-User': user.toUpperCase() } }))).toBe(user);
    expect(requestUser(new Request('http://x/api/a', { headers: { 'X-Lobby-User': '../../other' } }))).toBeNull();
    expect(requestUser(new Request('http://x/api/a'))).toBeNull();
  });

  it('keeps only 200 answers, stamped with the time they were fetched, body and headers unchanged', async () => {
    const keep = keepFetchedOk.cacheWillUpdate;
    if (!keep) throw new Error('cacheWillUpdate missing');
    const request = new Request('http://x/api/a');
    const before = Date.now();
    const kept = await keep({ request, response: new Response('{"data":[]}', { status: 200, headers: { 'Content-Type': 'application/json' } }), event: undefined as never, state: {} });
    expect(kept?.status).toBe(200);
    expect(kept?.headers.get('Content-Type')).toBe('application/json');
    expect(Date.parse(kept?.headers.get('X-Lobby-Cached-At') ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(await kept?.text()).toBe('{"data":[]}');
    for (const status of [201, 204, 304, 403, 404, 500]) {
      const body = status === 204 || status === 304 ? null : '{}';
      expect(await keep({ request, response: new Response(body, { status }), event: undefined as never, state: {} })).toBeNull();
    }
  });

  it('stamps the given time', () => {
    const stamped = stampFetchedAt(new Response('x'), new Date('2025-03-01T08:30:00.000Z'));
    expect(stamped.headers.get('X-Lobby-Cached-At')).toBe('2025-03-01T08:30:00.000Z');
  });
});

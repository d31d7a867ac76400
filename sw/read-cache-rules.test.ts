import { describe, expect, it } from 'vitest';
import { cacheTrimmer, isCachedApiPath, keepFetchedOk, requestUser, stampFetchedAt, type TrimmableCache } from './read-cache-rules';

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

/** A cache as Cache Storage keeps it (keys in the order written, a write of a key already there replacing it), counting its listings. */
function storedCache() {
  const entries: string[] = [];
  let listings = 0;
  const cache: TrimmableCache = {
    keys: async () => {
      listings += 1;
      return entries.map((url) => new Request(url));
    },
    delete: async (request) => {
      const at = entries.indexOf(request.url);
      if (at >= 0) entries.splice(at, 1);
      return at >= 0;
    },
  };
  return {
    cache,
    write: (url: string) => {
      const at = entries.indexOf(url);
      if (at >= 0) entries.splice(at, 1);
      entries.push(url);
    },
    entries: () => [...entries],
    listings: () => listings,
  };
}

describe('trimming a user\'s read cache', () => {
  it('keeps the newest entries up to the cap, listing the cache only when it may be over it', async () => {
    const stored = storedCache();
    const trim = cacheTrimmer(async () => stored.cache, 3);
    const url = (n: number) => `http://lobby.test/api/read/${n}`;
    // the first write after the worker starts lists the cache: its count is not known yet
    stored.write(url(1));
    await trim('lobby-reads');
    expect(stored.listings()).toBe(1);
    stored.write(url(2));
    await trim('lobby-reads');
    stored.write(url(3));
    await trim('lobby-reads');
    expect(stored.listings()).toBe(1);
    // a fourth entry: over the cap, listed, the oldest goes
    stored.write(url(4));
    await trim('lobby-reads');
    expect(stored.listings()).toBe(2);
    expect(stored.entries()).toEqual([url(2), url(3), url(4)]);
    // a write replacing an entry is counted as one more: listed, nothing to remove
    stored.write(url(3));
    await trim('lobby-reads');
    expect(stored.entries()).toEqual([url(2), url(4), url(3)]);
    expect(stored.listings()).toBe(3);
    for (const n of [5, 6, 7]) {
      stored.write(url(n));
      await trim('lobby-reads');
    }
    expect(stored.entries()).toEqual([url(5), url(6), url(7)]);
  });

  it('counts each cache on its own', async () => {
    const caches = new Map([
      ['a', storedCache()],
      ['b', storedCache()],
    ]);
    const trim = cacheTrimmer(async (name) => (caches.get(name) ?? storedCache()).cache, 2);
    for (const n of [1, 2, 3]) {
      caches.get('a')?.write(`http://lobby.test/a/${n}`);
      await trim('a');
    }
    caches.get('b')?.write('http://lobby.test/b/1');
    await trim('b');
    expect(caches.get('a')?.entries()).toEqual(['http://lobby.test/a/2', 'http://lobby.test/a/3']);
    expect(caches.get('b')?.entries()).toEqual(['http://lobby.test/b/1']);
    expect(caches.get('b')?.listings()).toBe(1);
  });
});

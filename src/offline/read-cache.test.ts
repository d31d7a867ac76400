import { describe, expect, it, vi } from 'vitest';
import { READ_CACHE_MAX_AGE_DAYS, READ_CACHE_MAX_ENTRIES, clearReadCaches, readCacheName } from './read-cache';

/** Cache Storage reduced to the names it holds. */
function cacheStorage(names: string[]) {
  const held = new Set(names);
  const storage = {
    keys: async () => [...held],
    delete: async (name: string) => held.delete(name),
  } as unknown as CacheStorage;
  return { storage, held };
}

describe('clearReadCaches', () => {
  it('deletes the cached answers of every user and nothing else', async () => {
    const { storage, held } = cacheStorage([readCacheName('a'), readCacheName('b'), 'workbox-precache-v2-http://x/', 'lobby-apis']);
    await clearReadCaches(storage);
    expect([...held]).toEqual(['workbox-precache-v2-http://x/', 'lobby-apis']);
  });

  it('does nothing where there is no Cache Storage', async () => {
    await expect(clearReadCaches(undefined)).resolves.toBeUndefined();
  });
});

describe('limits named to the operator', () => {
  it("are the service worker's own", async () => {
    // Workbox looks for the worker's global scope as it loads
    vi.stubGlobal('self', globalThis);
    const worker = await import('../../sw/read-cache');
    vi.unstubAllGlobals();
    expect(READ_CACHE_MAX_ENTRIES).toBe(worker.MAX_ENTRIES);
    expect(READ_CACHE_MAX_AGE_DAYS * 24 * 3600).toBe(worker.MAX_AGE_SECONDS);
  });
});

import { describe, expect, it } from 'vitest';
import { clearReadCaches, readCacheName } from './read-cache';

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

import { describe, expect, it } from 'vitest';
import { createCachedReads, createUnseenReads, type UnseenRead } from './cached-reads';

describe('cachedReads', () => {
  it('keeps the cached-at time of a path until a fresh answer for it arrives', () => {
    const store = createCachedReads();
    let heard = 0;
    store.subscribe(() => (heard += 1));
    store.record('/a', '2025-03-01T08:30:00.000Z');
    store.record('/b', null);
    expect(store.get('/a')).toBe('2025-03-01T08:30:00.000Z');
    expect(store.get('/b')).toBeNull();
    store.record('/a', null);
    expect(store.get('/a')).toBeNull();
    expect(heard).toBe(2);
  });

  it('ignores a time it cannot read, and forgets everything on clear', () => {
    const store = createCachedReads();
    store.record('/a', 'yesterday-ish');
    expect(store.get('/a')).toBeNull();
    store.record('/a', '2025-03-01T08:30:00.000Z');
    store.clear();
    expect(store.get('/a')).toBeNull();
  });
});

describe('unseenReads', () => {
  const ME = '11111111-1111-4111-8111-111111111111';

  it('hands what was read before the service worker took control to be read again, once each, then each later one at once', () => {
    const reads = createUnseenReads();
    reads.add({ user: ME, path: '/organization/o1/pms-connection' });
    reads.add({ user: ME, path: '/user-profile/v1/user-profile' });
    reads.add({ user: ME, path: '/organization/o1/pms-connection' });
    const again: UnseenRead[] = [];
    reads.readAgainWith((read) => again.push(read));
    expect(again.map((read) => read.path)).toEqual(['/user-profile/v1/user-profile', '/organization/o1/pms-connection']);
    // sent before the takeover, answered after it
    reads.add({ user: ME, path: '/organization/o1/hotel-definition' });
    expect(again.map((read) => read.path)).toEqual(['/user-profile/v1/user-profile', '/organization/o1/pms-connection', '/organization/o1/hotel-definition']);
  });

  it('keeps the most recent reads only, and forgets them when the user changes', () => {
    const reads = createUnseenReads(2);
    for (const path of ['/a', '/b', '/c']) reads.add({ user: ME, path });
    const again: string[] = [];
    const cleared = createUnseenReads();
    cleared.add({ user: ME, path: '/x' });
    cleared.clear();
    cleared.readAgainWith((read) => again.push(read.path));
    expect(again).toEqual([]);
    reads.readAgainWith((read) => again.push(read.path));
    expect(again).toEqual(['/b', '/c']);
  });
});

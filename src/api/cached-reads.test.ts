import { describe, expect, it } from 'vitest';
import { createCachedReads } from './cached-reads';

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

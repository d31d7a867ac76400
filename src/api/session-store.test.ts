import { describe, expect, it } from 'vitest';
import { createFakeFetch, empty, makeSession } from '../../test/fake-gateway';
import { createApiClient, REVOKE_PATH } from './client';
import { createSessionStore, SESSION_STORAGE_KEY } from './session-store';
import { createMemoryStorage } from './storage';

describe('session store', () => {
  it('treats a corrupt stored session as none and removes it', () => {
    const storage = createMemoryStorage();
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ refreshToken: 'x' }));
    expect(createSessionStore(storage).get()).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    storage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(createSessionStore(storage).get()).toBeNull();
    expect(createSessionStore(storage).userless()).toBe(false);
  });

  it('keeps a session that names no user as unusable but userless, until a logout clears it', () => {
    const storage = createMemoryStorage();
    const { uuid: _uuid, ...withoutUser } = makeSession();
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(withoutUser));
    const store = createSessionStore(storage);
    expect(store.get()).toBeNull();
    expect(store.userless()).toBe(true);
    store.clear();
    expect(store.userless()).toBe(false);
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    store.set(makeSession());
    expect(store.userless()).toBe(false);
  });

  it('returns the same object until the stored value changes', () => {
    const store = createSessionStore(createMemoryStorage());
    store.set(makeSession());
    expect(store.get()).toBe(store.get());
  });

  it("tells its listeners when another tab changes the session ('storage' event)", () => {
    const events = new EventTarget();
    const store = createSessionStore(createMemoryStorage(), events as unknown as Window);
    let heard = 0;
    store.subscribe(() => (heard += 1));
    events.dispatchEvent(Object.assign(new Event('storage'), { key: 'lobby.other' }));
    events.dispatchEvent(Object.assign(new Event('storage'), { key: SESSION_STORAGE_KEY }));
    events.dispatchEvent(Object.assign(new Event('storage'), { key: null }));
    expect(heard).toBe(2);
  });
});

describe('logout', () => {
  it("revokes the refresh token and clears every 'lobby.*' key but the language", () => {
    const storage = createMemoryStorage();
    const sessions = createSessionStore(storage);
    const session = makeSession();
    sessions.set(session);
    for (const key of ['lobby.language', 'lobby.cookieConsent', 'lobby.draft.x', 'other.app']) storage.setItem(key, '1');
    const gateway = createFakeFetch(() => empty(204));
    let heard = 0;
    sessions.subscribe(() => (heard += 1));
    createApiClient({ fetch: gateway.fetch, baseUrl: () => '/api', sessions }).logout();
    expect(sessions.get()).toBeNull();
    expect(heard).toBe(1);
    expect(['lobby.language', 'lobby.cookieConsent', 'other.app'].map((key) => storage.getItem(key))).toEqual(['1', null, '1']);
    expect(storage.getItem('lobby.draft.x')).toBeNull();
    expect(gateway.callsTo(REVOKE_PATH)[0]?.body).toEqual({ refreshToken: session.refreshToken });
  });

  it('never fails or waits on the revoke', () => {
    const sessions = createSessionStore(createMemoryStorage());
    sessions.set(makeSession());
    const client = createApiClient({ fetch: () => Promise.reject(new TypeError('offline')), baseUrl: () => '/api', sessions });
    expect(() => client.logout()).not.toThrow();
    expect(sessions.get()).toBeNull();
  });
});

import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../api/storage';
import { LobbyDatabase } from './db';
import { saveDraft } from './drafts';
import { LOGOUT_MARKER_KEY, logOutAndWipe, waitForLogout, type LogoutDeps } from './logout';
import { enqueue, listEntries } from './outbox';
import { readCacheName } from './read-cache';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
let counter = 0;
const dbs: LobbyDatabase[] = [];

afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

function open() {
  const db = new LobbyDatabase(`logout-test-${(counter += 1)}`, { indexedDB, IDBKeyRange });
  dbs.push(db);
  return db;
}

/** Cache Storage whose listing waits until `open()`: a wipe that takes its time. */
function slowCaches() {
  const names = new Set([readCacheName(ME)]);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const storage = {
    keys: async () => {
      await gate;
      return [...names];
    },
    delete: async (name: string) => names.delete(name),
  } as unknown as CacheStorage;
  return { storage, names, open };
}

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

async function browserWith(db: LobbyDatabase) {
  await enqueue({ method: 'POST', path: '/a', body: {}, userUuid: ME, label: 'mine' }, db);
  await saveDraft({ userUuid: ME, orgUuid: 'o', kind: 'k', recordId: 'new' }, { name: 'x' }, { baseVersion: null }, db);
  await enqueue({ method: 'POST', path: '/b', body: {}, userUuid: OTHER, label: 'theirs' }, db);
  const storage = createMemoryStorage();
  storage.setItem('lobby.language', 'en');
  storage.setItem('lobby.session', '{"uuid":"me"}');
  storage.setItem('mantine-color-scheme-value', 'light');
  return storage;
}

describe('logOutAndWipe', () => {
  it("ends the session, then removes the user's data and every localStorage key but the language", async () => {
    const db = open();
    const storage = await browserWith(db);
    const order: string[] = [];
    await logOutAndWipe(ME, () => order.push('session ended'), { db, storage, caches: undefined });
    expect(order).toEqual(['session ended']);
    expect(await listEntries(ME, db)).toEqual([]);
    expect(await db.drafts.count()).toBe(0);
    expect((await listEntries(OTHER, db)).map((entry) => entry.label)).toEqual(['theirs']);
    expect(storage.length).toBe(1);
    expect(storage.getItem('lobby.language')).toBe('en');
  });

  it('keeps a sign-in (in any tab sharing the lock) waiting until the wipe is done', async () => {
    const db = open();
    const storage = await browserWith(db);
    const caches = slowCaches();
    const deps: LogoutDeps = { db, storage, caches: caches.storage };
    const logout = logOutAndWipe(ME, () => storage.removeItem('lobby.session'), deps);
    let signInMayGo = false;
    const signIn = waitForLogout(deps).then(() => (signInMayGo = true));
    await tick();
    expect(signInMayGo).toBe(false);
    expect(storage.getItem(LOGOUT_MARKER_KEY)).toContain(ME);

    caches.open();
    await Promise.all([logout, signIn]);
    expect(signInMayGo).toBe(true);
    expect(caches.names.size).toBe(0);
    expect(storage.getItem(LOGOUT_MARKER_KEY)).toBeNull();
  });

  it('keeps the marker when the browser database could not be emptied, and the next sign-in finishes the wipe once', async () => {
    const db = open();
    const storage = await browserWith(db);
    db.close();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await logOutAndWipe(ME, () => undefined, { db, storage, caches: undefined });
    expect(logged).toHaveBeenCalledWith('Lobby could not empty its browser database', expect.anything());
    logged.mockRestore();
    expect(storage.getItem(LOGOUT_MARKER_KEY)).toContain(ME);

    await db.open();
    await waitForLogout({ db, storage, caches: undefined });
    expect(await listEntries(ME, db)).toEqual([]);
    expect(await listEntries(OTHER, db)).toHaveLength(1);
    expect(storage.getItem(LOGOUT_MARKER_KEY)).toBeNull();
    expect(storage.getItem('lobby.language')).toBe('en');
  });
});

describe('waitForLogout', () => {
  it('finishes a logout cut short (its tab closed mid-wipe) before the sign-in goes', async () => {
    const db = open();
    const storage = await browserWith(db);
    storage.setItem(LOGOUT_MARKER_KEY, JSON.stringify({ userUuid: ME, startedAt: Date.now() - 60_000 }));
    await waitForLogout({ db, storage, caches: undefined });
    expect(await listEntries(ME, db)).toEqual([]);
    expect((await listEntries(OTHER, db)).map((entry) => entry.label)).toEqual(['theirs']);
    expect(storage.getItem(LOGOUT_MARKER_KEY)).toBeNull();
    expect(storage.getItem('lobby.session')).toBeNull();
  });

  it("without Web Locks, waits for another tab's running logout to remove its marker, and leaves the rest to it", async () => {
    const db = open();
    const storage = await browserWith(db);
    storage.setItem(LOGOUT_MARKER_KEY, JSON.stringify({ userUuid: ME, startedAt: Date.now() }));
    let done = false;
    const waiting = waitForLogout({ db, storage, caches: undefined, locksAcrossTabs: false }).then(() => (done = true));
    await tick(120);
    expect(done).toBe(false);
    storage.removeItem(LOGOUT_MARKER_KEY); // the other tab finished
    await waiting;
    expect(await listEntries(ME, db)).toHaveLength(1);
  });

  it('answers at once when no logout runs or was left half done', async () => {
    const db = open();
    const storage = await browserWith(db);
    await waitForLogout({ db, storage, caches: undefined });
    expect(await listEntries(ME, db)).toHaveLength(1);
    expect(storage.getItem('lobby.session')).not.toBeNull();
  });
});

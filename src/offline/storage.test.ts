import Dexie from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LobbyDatabase } from './db';
import { createDraftAutosaver, discardDraft, draftId, flushAllDrafts, listDrafts, loadDraft, saveDraft } from './drafts';
import { enqueue, listEntries } from './outbox';
import type { DraftScope } from './records';
import { liveMirroredSession, mirrorSession } from './session-mirror';
import { backoffDelay } from './sync';
import { listOutcomes, recordOutcome } from './outcomes';
import { readCacheName } from './read-cache';
import { unsyncedWork, wipeUserData } from './wipe';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const scope: DraftScope = { userUuid: ME, orgUuid: 'org-1', kind: 'pms-connection', recordId: 'new' };
let counter = 0;
const dbs: Dexie[] = [];
const name = () => `storage-test-${(counter += 1)}`;
const open = (dbName = name()) => {
  const db = new LobbyDatabase(dbName, { indexedDB, IDBKeyRange });
  dbs.push(db);
  return db;
};

afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  vi.useRealTimers();
});

describe('drafts', () => {
  it('stores, restores and discards a draft per user, organization, kind and record', async () => {
    const db = open();
    await saveDraft(scope, { name: 'Opera' }, { baseVersion: 3, now: 1000 }, db);
    await saveDraft({ ...scope, orgUuid: 'org-2' }, { name: 'Other org' }, { baseVersion: null }, db);
    expect(await loadDraft(scope, db)).toMatchObject({ value: { name: 'Opera' }, baseVersion: 3, updatedAt: 1000, error: null });
    expect(await listDrafts(ME, db)).toHaveLength(2);
    expect(await loadDraft({ ...scope, userUuid: 'someone-else' }, db)).toBeNull();
    await discardDraft(scope, db);
    expect(await loadDraft(scope, db)).toBeNull();
  });

  it('drops an unreadable draft with a warning instead of failing', async () => {
    const db = open();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await db.drafts.put({ id: draftId(scope), userUuid: ME, garbage: true } as never);
    expect(await loadDraft(scope, db)).toBeNull();
    expect(warn).toHaveBeenCalled();
    expect(await db.drafts.count()).toBe(0);
    warn.mockRestore();
  });

  it('autosaves once per burst of edits after the debounce, and flushes on demand', async () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const saver = createDraftAutosaver<string>(async (value) => void writes.push(value), 300);
    saver.schedule('a');
    saver.schedule('ab');
    saver.schedule('abc');
    await vi.advanceTimersByTimeAsync(299);
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toEqual(['abc']);
    saver.schedule('abcd');
    await flushAllDrafts();
    expect(writes).toEqual(['abc', 'abcd']);
    saver.schedule('lost on cancel');
    saver.cancel();
    await saver.dispose();
    expect(writes).toEqual(['abc', 'abcd']);
  });
});

describe('schema versions', () => {
  it('migrates a version 1 database: outbox entries and drafts gain their new fields and stay readable', async () => {
    const dbName = name();
    const v1 = new Dexie(dbName, { indexedDB, IDBKeyRange });
    v1.version(1).stores({ drafts: 'id, userUuid', outbox: '++seq, id, userUuid, status' });
    await v1.table('outbox').add({
      id: 'e1',
      idempotencyKey: 'k1',
      method: 'POST',
      path: '/organization/o/pms-connection',
      body: { name: 'Old' },
      ifMatch: null,
      userUuid: ME,
      created: 1,
      attempts: 0,
      status: 'pending',
    });
    await v1.table('drafts').add({ id: draftId(scope), userUuid: ME, orgUuid: 'org-1', kind: 'pms-connection', recordId: 'new', value: { name: 'x' }, baseVersion: null, updatedAt: 5 });
    v1.close();

    const db = open(dbName);
    const [entry] = await listEntries(ME, db);
    expect(entry).toMatchObject({ id: 'e1', label: 'POST /organization/o/pms-connection', recordUuid: null, errorMessages: [], theirs: null, draft: null });
    expect(await loadDraft(scope, db)).toMatchObject({ value: { name: 'x' }, error: null });
  });
});

describe('session mirror and wipe', () => {
  it('mirrors a live session for the service worker and forgets an expired or cleared one', async () => {
    const db = open();
    const session = { token: 't', refreshToken: 'r', expirationTime: new Date(10_000).toISOString(), lastLoginTime: null, uuid: ME };
    await mirrorSession(session, 'https://gateway.example/api', db);
    expect(await liveMirroredSession(5_000, db)).toMatchObject({ userUuid: ME, token: 't', baseUrl: 'https://gateway.example/api' });
    expect(await liveMirroredSession(20_000, db)).toBeNull();
    await mirrorSession(null, '/api', db);
    expect(await liveMirroredSession(5_000, db)).toBeNull();
  });

  it("counts the user's unsynced work apart from other users', and wipes only the user's", async () => {
    const db = open();
    await enqueue({ method: 'POST', path: '/a', body: {}, userUuid: ME, label: 'mine' }, db);
    await saveDraft(scope, { name: 'x' }, { baseVersion: null }, db);
    await recordOutcome({ userUuid: ME, kind: 'alreadyRemoved', label: 'mine gone' }, db);
    // left by another user whose session ended without a logout
    await enqueue({ method: 'POST', path: '/b', body: {}, userUuid: OTHER, label: 'theirs 1' }, db);
    await enqueue({ method: 'PUT', path: '/b/1', body: {}, userUuid: OTHER, label: 'theirs 2' }, db);
    await saveDraft({ ...scope, userUuid: OTHER }, { name: 'y' }, { baseVersion: null }, db);
    await recordOutcome({ userUuid: OTHER, kind: 'alreadyRemoved', label: 'theirs gone' }, db);
    await mirrorSession({ token: 't', refreshToken: 'r', expirationTime: new Date(Date.now() + 60_000).toISOString(), lastLoginTime: null, uuid: ME }, '/api', db);
    expect(await unsyncedWork(ME, db)).toEqual({ mine: { changes: 1, drafts: 1 }, others: { changes: 2, drafts: 1 } });

    const caches = new Set([readCacheName(ME), readCacheName(OTHER), 'workbox-precache-v2']);
    const storage = { keys: async () => [...caches], delete: async (name: string) => caches.delete(name) } as unknown as CacheStorage;
    await wipeUserData(ME, db, storage);

    expect(await listEntries(ME, db)).toEqual([]);
    expect(await listDrafts(ME, db)).toEqual([]);
    expect(await listOutcomes(ME, db)).toEqual([]);
    expect((await listEntries(OTHER, db)).map((entry) => entry.label)).toEqual(['theirs 1', 'theirs 2']);
    expect(await listDrafts(OTHER, db)).toHaveLength(1);
    expect((await listOutcomes(OTHER, db)).map((outcome) => outcome.label)).toEqual(['theirs gone']);
    // the service worker holds no token any more: nothing is replayed until someone signs in
    expect(await liveMirroredSession(Date.now(), db)).toBeNull();
    expect([...caches]).toEqual(['workbox-precache-v2']);
    expect(await unsyncedWork(ME, db)).toEqual({ mine: { changes: 0, drafts: 0 }, others: { changes: 2, drafts: 1 } });
  });

  it('does not count a draft that holds no change (only a form\'s open step) as unsaved work', async () => {
    const db = open();
    await saveDraft(scope, { step: 3 }, { baseVersion: 2, changed: false }, db);
    await saveDraft({ ...scope, userUuid: OTHER }, { step: 1 }, { baseVersion: 2, changed: false }, db);
    await saveDraft({ ...scope, recordId: 'r2' }, { name: 'typed' }, { baseVersion: 2 }, db);
    expect(await unsyncedWork(ME, db)).toEqual({ mine: { changes: 0, drafts: 1 }, others: { changes: 0, drafts: 0 } });
    // a draft written by an older version, without the mark, counts
    const old: DraftScope = { ...scope, userUuid: OTHER, recordId: 'old' };
    await db.drafts.put({ ...old, id: draftId(old), value: {}, baseVersion: null, updatedAt: 1, error: null } as never);
    expect(await unsyncedWork(ME, db)).toEqual({ mine: { changes: 0, drafts: 1 }, others: { changes: 0, drafts: 1 } });
    expect(await loadDraft(old, db)).toMatchObject({ changed: true });
  });
});

describe('backoff', () => {
  it('starts at 2 s and doubles up to 60 s (before jitter)', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffDelay)).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000]);
  });
});

import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { LobbyDatabase } from './db';
import { applyRescuedDrafts, createDraftAutosaver, draftId, draftRecord, loadDraft, rescueDraftWrite, saveDraft, type DraftWrite } from './drafts';
import type { DraftScope } from './records';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const scope: DraftScope = { userUuid: ME, orgUuid: 'org-1', kind: 'pms-connection', recordId: 'opera' };
const theirs: DraftScope = { ...scope, userUuid: OTHER };

/** localStorage as the page has it, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

let counter = 0;
const dbs: LobbyDatabase[] = [];
const open = () => {
  const db = new LobbyDatabase(`draft-rescue-${(counter += 1)}`, { indexedDB, IDBKeyRange });
  dbs.push(db);
  return db;
};
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

const record = (host: string, at: number, of: DraftScope = scope): DraftWrite => ({ record: draftRecord(of, { host }, { baseVersion: 3, now: at }) });

describe('what a page going away could not wait for', () => {
  it('moves the rescued draft into IndexedDB for its user, where it is newer, and forgets it', async () => {
    const db = open();
    const storage = memoryStorage();
    await saveDraft(scope, { host: 'older.local' }, { baseVersion: 3, now: 1_000 }, db);
    rescueDraftWrite(record('typed-last.local', 2_000), storage);
    rescueDraftWrite(record('their.local', 2_000, theirs), storage);
    await applyRescuedDrafts(ME, db, storage);
    expect((await loadDraft(scope, db))?.value).toEqual({ host: 'typed-last.local' });
    // another user's stays for them, theirs alone
    expect(await loadDraft(theirs, db)).toBeNull();
    expect(storage.length).toBe(1);
    await applyRescuedDrafts(OTHER, db, storage);
    expect((await loadDraft(theirs, db))?.value).toEqual({ host: 'their.local' });
    expect(storage.length).toBe(0);
  });

  it('never replaces a draft written after it, and removes a draft only when it was emptied after that draft', async () => {
    const db = open();
    const storage = memoryStorage();
    await saveDraft(scope, { host: 'newer.local' }, { baseVersion: 3, now: 5_000 }, db);
    rescueDraftWrite(record('stale.local', 4_000), storage);
    await applyRescuedDrafts(ME, db, storage);
    expect((await loadDraft(scope, db))?.value).toEqual({ host: 'newer.local' });

    const later = open();
    await saveDraft(scope, { host: 'kept.local' }, { baseVersion: 3, now: 1_000 }, later);
    const removal = memoryStorage();
    rescueDraftWrite({ remove: scope, at: 2_000 }, removal);
    await applyRescuedDrafts(ME, later, removal);
    expect(await loadDraft(scope, later)).toBeNull();
  });

  it('keeps nothing while a logout runs, and drops what it cannot read', async () => {
    const db = open();
    const storage = memoryStorage();
    storage.setItem('lobby.logout', JSON.stringify({ user: ME, startedAt: 1 }));
    rescueDraftWrite(record('after-logout.local', 2_000), storage);
    expect(storage.getItem(`lobby.draft-rescue.${draftId(scope)}`)).toBeNull();
    storage.removeItem('lobby.logout');
    storage.setItem(`lobby.draft-rescue.${draftId(scope)}`, '{not json');
    await applyRescuedDrafts(ME, db, storage);
    expect(storage.length).toBe(0);
    expect(await loadDraft(scope, db)).toBeNull();
  });

  it('an autosaver keeps the value it has not stored yet: scheduled, or on its way', async () => {
    const storage = memoryStorage();
    const kept = () => {
      const raw = storage.getItem(`lobby.draft-rescue.${draftId(scope)}`);
      return raw === null ? null : ((JSON.parse(raw) as { record: { value: unknown } }).record.value as unknown);
    };
    let land: () => void = () => undefined;
    const landed = new Promise<void>((resolve) => (land = resolve));
    const saver = createDraftAutosaver<{ host: string }>(
      () => landed,
      60_000,
      (value) => {
        const write = record(value.host, Date.now());
        // stored where the test looks, as the page's rescue would
        rescueDraftWrite(write, storage);
        return write;
      },
    );
    saver.rescue();
    expect(kept()).toBeNull();
    saver.schedule({ host: 'scheduled.local' });
    saver.rescue();
    expect(kept()).toEqual({ host: 'scheduled.local' });
    storage.clear();
    const flushed = saver.flush();
    // on its way to IndexedDB, not landed: still kept
    saver.rescue();
    expect(kept()).toEqual({ host: 'scheduled.local' });
    storage.clear();
    land();
    await flushed;
    saver.rescue();
    expect(kept()).toBeNull();
    await saver.dispose();
  });
});

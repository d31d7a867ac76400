/**
 * Drafts: the unsaved work of a form, kept in IndexedDB so no reload, crash or dropped network
 * loses it. A form's autosaver writes at most every ~300 ms (one transaction per write) and is
 * flushed explicitly before navigation, page hide/unload and an update reload (flushAllDrafts).
 * Each draft records the server version the edit started from, and is scoped to the user and the
 * organization; the user's logout deletes that user's drafts (another user's stay for them).
 */
import { z } from 'zod';
import { lobbyDb, type LobbyDatabase } from './db';
import { LOGOUT_MARKER_KEY } from './logout';
import { draftRecordSchema, draftScopeSchema, parseStored, type DraftRecord, type DraftScope } from './records';

export const DRAFT_SAVE_DELAY_MS = 300;

export function draftId(scope: DraftScope): string {
  return [scope.userUuid, scope.orgUuid ?? '-', scope.kind, scope.recordId].map(encodeURIComponent).join('/');
}

/** The stored draft of a form, or null; an unreadable one is deleted. */
export async function loadDraft(scope: DraftScope, db: LobbyDatabase = lobbyDb()): Promise<DraftRecord | null> {
  await applyRescuedDrafts(scope.userUuid, db);
  const id = draftId(scope);
  const raw = await db.drafts.get(id);
  if (raw === undefined) return null;
  const draft = parseStored(draftRecordSchema, raw, 'draft');
  if (draft === null) await db.drafts.delete(id);
  return draft;
}

export interface SaveDraftOptions {
  baseVersion: number | null;
  /** the gateway's words when it refused the change from this draft */
  error?: string | null;
  /** the status of that refusal */
  errorStatus?: number | null;
  /** whether the value holds a change of the record (default true); see DraftRecord.changed */
  changed?: boolean;
  now?: number;
}

/** A form's value as its stored draft. */
export function draftRecord(scope: DraftScope, value: unknown, options: SaveDraftOptions): DraftRecord {
  return {
    ...scope,
    id: draftId(scope),
    value,
    baseVersion: options.baseVersion,
    updatedAt: options.now ?? Date.now(),
    error: options.error ?? null,
    errorStatus: options.errorStatus ?? null,
    changed: options.changed ?? true,
  };
}

export async function saveDraft(scope: DraftScope, value: unknown, options: SaveDraftOptions, db: LobbyDatabase = lobbyDb()): Promise<DraftRecord> {
  const record = draftRecord(scope, value, options);
  await db.drafts.put(record);
  return record;
}

export async function discardDraft(scope: DraftScope, db: LobbyDatabase = lobbyDb()): Promise<void> {
  await db.drafts.delete(draftId(scope));
}

/** Drafts of a user (all organizations), readable ones only. */
export async function listDrafts(userUuid: string, db: LobbyDatabase = lobbyDb()): Promise<DraftRecord[]> {
  // read inside live queries, which may not write: the rescued drafts are moved in by the page's
  // start (applyRescuedDrafts) and by loadDraft, and a live query sees them land
  const rows = await db.drafts.where('userUuid').equals(userUuid).toArray();
  return rows.flatMap((raw) => parseStored(draftRecordSchema, raw, 'draft') ?? []);
}

// ---------------------------------------------------------------------------------------------
// Rescue: a page that goes away (a reload, the tab closed) cannot wait for IndexedDB. A write
// started while it goes may never land, and what was typed in the last moments before it would be
// lost. So on page hide each form's value not yet stored is also written, synchronously, to
// localStorage; the next page of the same user moves it into IndexedDB before it reads a draft,
// where it is newer than what IndexedDB holds. A logout empties localStorage (logout.ts).

/** What a form's value comes to as its stored draft: a record to keep, or its draft to remove. */
export type DraftWrite = { record: DraftRecord } | { remove: DraftScope; at: number };

/** Stores what a form's value came to: its draft record as made, or no draft. */
export async function writeDraft(write: DraftWrite, db: LobbyDatabase = lobbyDb()): Promise<void> {
  if ('record' in write) await db.drafts.put(write.record);
  else await discardDraft(write.remove, db);
}

const RESCUE_PREFIX = 'lobby.draft-rescue.';
const rescueSchema = z.union([z.object({ record: draftRecordSchema }), z.object({ remove: draftScopeSchema, at: z.number() })]);

type RescueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

function rescueStorage(): RescueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Keeps `write` where a page going away can: in localStorage, at once. Never throws (a full or refused storage keeps nothing). */
export function rescueDraftWrite(write: DraftWrite, storage: RescueStorage | null = rescueStorage()): void {
  if (storage === null) return;
  try {
    // a logout under way has removed the user's drafts: nothing comes back from it
    if (storage.getItem(LOGOUT_MARKER_KEY) !== null) return;
    const scope = 'record' in write ? write.record : write.remove;
    storage.setItem(RESCUE_PREFIX + draftId(scope), JSON.stringify(write));
  } catch {
    // quota or privacy mode: IndexedDB's write, started beside it, is all there is
  }
}

const rescuesApplied = new WeakMap<LobbyDatabase, Map<string, Promise<void>>>();

/**
 * Moves the user's rescued drafts into IndexedDB (each where it is newer than what is stored there)
 * and removes them from localStorage; once per page and user: when the page knows its user, and
 * before a form reads its draft (never from a live query, which may not write).
 */
export function applyRescuedDrafts(userUuid: string, db: LobbyDatabase = lobbyDb(), storage?: RescueStorage | null): Promise<void> {
  // the page's own localStorage: once per page and user (a storage given is read each time)
  if (storage !== undefined) return moveRescued(userUuid, db, storage);
  let byUser = rescuesApplied.get(db);
  if (!byUser) rescuesApplied.set(db, (byUser = new Map()));
  const known = byUser.get(userUuid);
  if (known) return known;
  const applying = moveRescued(userUuid, db, rescueStorage());
  byUser.set(userUuid, applying);
  return applying;
}

async function moveRescued(userUuid: string, db: LobbyDatabase, storage: RescueStorage | null): Promise<void> {
  if (storage === null) return;
  /** the user's rescued writes, and keys that hold nothing readable (null: removed) */
  const found: { key: string; write: DraftWrite | null }[] = [];
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key === null || !key.startsWith(RESCUE_PREFIX)) continue;
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(storage.getItem(key) ?? 'null');
      } catch {
        // unreadable: removed below
      }
      const write = rescueSchema.safeParse(parsed).data as DraftWrite | undefined;
      if (write === undefined) found.push({ key, write: null });
      else if (('record' in write ? write.record : write.remove).userUuid === userUuid) found.push({ key, write });
    }
  } catch {
    return;
  }
  for (const { key, write } of found) {
    if (write !== null) {
      const id = draftId('record' in write ? write.record : write.remove);
      await db.transaction('rw', db.drafts, async () => {
        const stored = (await db.drafts.get(id)) as { updatedAt?: number } | undefined;
        const storedAt = stored?.updatedAt ?? Number.NEGATIVE_INFINITY;
        if ('record' in write) {
          if (write.record.updatedAt > storedAt) await db.drafts.put(write.record);
        } else if (stored !== undefined && write.at > storedAt) await db.drafts.delete(id);
      });
    }
    storage.removeItem(key);
  }
}

export interface DraftAutosaver<T> {
  /** Remember `value`; it is written after the debounce delay. */
  schedule(value: T): void;
  /** Write what is scheduled now; resolves when it is stored. */
  flush(): Promise<void>;
  /** Forget what is scheduled without writing it (after a discard or a save). */
  cancel(): void;
  /** Stop: flush and unregister. */
  dispose(): Promise<void>;
  /** Keep the value not yet stored (scheduled, or on its way) where a page going away can: see rescueDraftWrite. */
  rescue(): void;
}

const active = new Set<DraftAutosaver<unknown>>();

/**
 * Debounced writer for one form. Writes are chained, so they land in order; the last value
 * scheduled is the one that stays.
 */
export function createDraftAutosaver<T>(write: (value: T) => Promise<unknown>, delayMs = DRAFT_SAVE_DELAY_MS, prepare?: (value: T) => DraftWrite): DraftAutosaver<T> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let scheduled: { value: T } | null = null;
  /** the last value handed to `write` that has not landed yet */
  let writing: { value: T } | null = null;
  let chain: Promise<unknown> = Promise.resolve();

  const writeNow = (): Promise<void> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const next = scheduled;
    scheduled = null;
    if (next !== null) {
      writing = next;
      chain = chain
        .then(() => write(next.value))
        .catch((error: unknown) => console.error('Lobby could not store a draft', error))
        .finally(() => {
          if (writing === next) writing = null;
        });
    }
    return chain.then(() => undefined);
  };

  const saver: DraftAutosaver<T> = {
    schedule(value) {
      scheduled = { value };
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => void writeNow(), delayMs);
    },
    flush: writeNow,
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      scheduled = null;
    },
    rescue() {
      const pending = scheduled ?? writing;
      if (pending !== null && prepare) rescueDraftWrite(prepare(pending.value));
    },
    async dispose() {
      await writeNow();
      active.delete(saver as DraftAutosaver<unknown>);
    },
  };
  active.add(saver as DraftAutosaver<unknown>);
  return saver;
}

/** Writes every form's pending draft now: before an update reload, page hide and logout. */
export async function flushAllDrafts(): Promise<void> {
  await Promise.all([...active].map((saver) => saver.flush()));
}

let listening = false;

/** Flush drafts when the page is hidden or unloaded (tab closed, navigation away, app switched). */
export function flushDraftsOnPageHide(target: Pick<Window, 'addEventListener'> & { document?: Document } = window): void {
  if (listening) return;
  listening = true;
  // kept synchronously first (a write to IndexedDB started now may not land before the page goes)
  const hide = () => {
    for (const saver of active) saver.rescue();
    void flushAllDrafts();
  };
  target.addEventListener('pagehide', hide);
  target.addEventListener('beforeunload', hide);
  target.document?.addEventListener('visibilitychange', () => {
    if (target.document?.visibilityState === 'hidden') void flushAllDrafts();
  });
}

/**
 * Drafts: the unsaved work of a form, kept in IndexedDB so no reload, crash or dropped network
 * loses it. A form's autosaver writes at most every ~300 ms (one transaction per write) and is
 * flushed explicitly before navigation, page hide/unload and an update reload (flushAllDrafts).
 * Each draft records the server version the edit started from, and is scoped to the user and the
 * organization; the user's logout deletes that user's drafts (another user's stay for them).
 */
import { lobbyDb, type LobbyDatabase } from './db';
import { draftRecordSchema, parseStored, type DraftRecord, type DraftScope } from './records';

export const DRAFT_SAVE_DELAY_MS = 300;

export function draftId(scope: DraftScope): string {
  return [scope.userUuid, scope.orgUuid ?? '-', scope.kind, scope.recordId].map(encodeURIComponent).join('/');
}

/** The stored draft of a form, or null; an unreadable one is deleted. */
export async function loadDraft(scope: DraftScope, db: LobbyDatabase = lobbyDb()): Promise<DraftRecord | null> {
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

export async function saveDraft(scope: DraftScope, value: unknown, options: SaveDraftOptions, db: LobbyDatabase = lobbyDb()): Promise<DraftRecord> {
  const record: DraftRecord = {
    ...scope,
    id: draftId(scope),
    value,
    baseVersion: options.baseVersion,
    updatedAt: options.now ?? Date.now(),
    error: options.error ?? null,
    errorStatus: options.errorStatus ?? null,
    changed: options.changed ?? true,
  };
  await db.drafts.put(record);
  return record;
}

export async function discardDraft(scope: DraftScope, db: LobbyDatabase = lobbyDb()): Promise<void> {
  await db.drafts.delete(draftId(scope));
}

/** Drafts of a user (all organizations), readable ones only. */
export async function listDrafts(userUuid: string, db: LobbyDatabase = lobbyDb()): Promise<DraftRecord[]> {
  const rows = await db.drafts.where('userUuid').equals(userUuid).toArray();
  return rows.flatMap((raw) => parseStored(draftRecordSchema, raw, 'draft') ?? []);
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
}

const active = new Set<DraftAutosaver<unknown>>();

/**
 * Debounced writer for one form. Writes are chained, so they land in order; the last value
 * scheduled is the one that stays.
 */
export function createDraftAutosaver<T>(write: (value: T) => Promise<unknown>, delayMs = DRAFT_SAVE_DELAY_MS): DraftAutosaver<T> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let scheduled: { value: T } | null = null;
  let chain: Promise<unknown> = Promise.resolve();

  const writeNow = (): Promise<void> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const next = scheduled;
    scheduled = null;
    if (next !== null) chain = chain.then(() => write(next.value)).catch((error: unknown) => console.error('Lobby could not store a draft', error));
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
  target.addEventListener('pagehide', () => void flushAllDrafts());
  target.addEventListener('beforeunload', () => void flushAllDrafts());
  target.document?.addEventListener('visibilitychange', () => {
    if (target.document?.visibilityState === 'hidden') void flushAllDrafts();
  });
}

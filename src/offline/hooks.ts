/**
 * React bindings of the offline core: live views of the outbox (across tabs and the service
 * worker, through Dexie's live queries), the sync status, and useDraft for forms.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { z } from 'zod';
import { lobbyDb } from './db';
import { describeRefusal } from './describe';
import { applyRescuedDrafts, createDraftAutosaver, discardDraft, draftId, draftRecord, DRAFT_SAVE_DELAY_MS, listDrafts, loadDraft, writeDraft, type DraftAutosaver, type DraftWrite } from './drafts';
import { differsFrom, draftToKeep, restoredDraft, sameValue, type ChangeTest } from './form-value';
import { listOutcomes } from './outcomes';
import { countEntries, listEntries, type OutboxCounts } from './outbox';
import type { DraftRecord, DraftScope, OutboxEntry, OutcomeRecord } from './records';
import { syncStatus, type SyncStatus } from './sync';

const NO_ENTRIES: OutboxEntry[] = [];

/** The signed-in user's outbox in queue order, live; undefined until first read (an empty list is never claimed before the queue is read). */
export function useOutboxRead(userUuid: string | null): OutboxEntry[] | undefined {
  return useLiveQuery(() => (userUuid ? listEntries(userUuid, lobbyDb()) : NO_ENTRIES), [userUuid]);
}

/** The signed-in user's outbox in queue order, live (empty until first read). */
export function useOutboxEntries(userUuid: string | null): OutboxEntry[] {
  return useOutboxRead(userUuid) ?? NO_ENTRIES;
}

const NO_OUTCOMES: OutcomeRecord[] = [];

/** The signed-in user's recent outcomes (changes settled without an entry left), newest first, live. */
export function useOutcomes(userUuid: string | null): OutcomeRecord[] {
  return useLiveQuery(() => (userUuid ? listOutcomes(userUuid, lobbyDb()) : NO_OUTCOMES), [userUuid], NO_OUTCOMES);
}

/** The outbox's counts, live; undefined until the queue is first read. */
export function useOutboxCounts(userUuid: string | null): OutboxCounts | undefined {
  const entries = useOutboxRead(userUuid);
  return useMemo(() => (entries === undefined ? undefined : countEntries(entries)), [entries]);
}

/** The user's drafts of one kind in one organization that hold a change, newest first, live; undefined while first read. */
export function useDraftList(userUuid: string | null, orgUuid: string | null, kind: string): DraftRecord[] | undefined {
  // what the last page kept at its hide is moved in first (outside the live query, which may not
  // write): a list read before it would reopen no form for what was typed last
  const [rescuedFor, setRescuedFor] = useState<string | null>(null);
  useEffect(() => {
    if (userUuid === null) return undefined;
    let live = true;
    const done = () => {
      if (live) setRescuedFor(userUuid);
    };
    void applyRescuedDrafts(userUuid).then(done, done);
    return () => {
      live = false;
    };
  }, [userUuid]);
  const ready = userUuid === null || rescuedFor === userUuid;
  return useLiveQuery(async () => {
    if (!ready) return undefined;
    if (!userUuid) return [];
    const drafts = await listDrafts(userUuid);
    // a draft holding no change is no unsaved work to reopen a form for
    return drafts.filter((draft) => draft.changed && draft.orgUuid === orgUuid && draft.kind === kind).sort((a, b) => b.updatedAt - a.updatedAt);
  }, [userUuid, orgUuid, kind, ready]);
}

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(syncStatus.subscribe, syncStatus.get, syncStatus.get);
}

export interface UseDraftOptions<T> {
  /** null while the form has no owner yet (no session): nothing is stored */
  scope: DraftScope | null;
  /** the value without a draft: the record as loaded, or an empty form */
  initial: T;
  /** the server version the edit starts from (null for a new record) */
  baseVersion: number | null;
  /** a stored draft must still fit the form; one that does not is dropped */
  schema: z.ZodType<T>;
  /**
   * whether a value holds a change of the record, when the value also carries the form's own state
   * (an open step): that state alone is kept as a draft, but never announced nor counted as unsaved
   * changes. Default: any difference from `initial`.
   */
  isChange?: ChangeTest<T>;
  /**
   * how the value is stored, when not as it is: a form holding lists of 100,000 items stores only
   * what differs from `initial`, so a keystroke never copies them into IndexedDB (nor a restore
   * validates them). With it, `schema` is not used: `unpack` checks what it reads.
   */
  storage?: DraftStorage<T>;
}

/** A form's next value, or how to make it from the value as it is. */
export type DraftUpdate<T> = T | ((current: T) => T);

/** A draft's value as stored, and back: `unpack` gives null when the stored value no longer fits (the draft is dropped). */
export interface DraftStorage<T> {
  pack(value: T, initial: T): unknown;
  unpack(stored: unknown, initial: T): T | null;
}

export interface DraftState<T> {
  /** false until the stored draft (if any) was read */
  ready: boolean;
  value: T;
  /**
   * the next value, or how to make it from the value as it is by then (with every change made
   * before it, rendered or not): a handler or effect that computes from the value it rendered
   * with would undo a change made meanwhile (the hotel's lists arriving as a step is opened)
   */
  setValue(next: DraftUpdate<T>): void;
  /** the value holds a change of `initial` (isChange, by default sameValue): Save is offered only then */
  changed: boolean;
  /**
   * when the restored draft was last written, while the form holds a change; null when the form did
   * not start from a draft holding one, or nothing is changed any more
   */
  restoredAt: number | null;
  /** the version the restored draft started from */
  restoredBaseVersion: number | null;
  /** why the gateway refused a change from this form (its words, else its status), in the interface language */
  error: string | null;
  /** forget the draft and go back to `initial` (or to what a change being handed over leaves) */
  discard(): Promise<void>;
  /** store what is typed now */
  flush(): Promise<void>;
  /**
   * the change was handed to the outbox: the draft is no longer needed, and the form as it is now
   * counts as unchanged until the record is read again (with the change in it)
   */
  clear(): Promise<void>;
  /**
   * Hand a change to the outbox: from this moment (not once `queue` resolves) the form counts
   * `baseline`, the record as the change leaves it, as its starting point, so a question asked
   * meanwhile ("You have unsaved changes") sees no change that is being saved. Edits beside the
   * change (`baseline` need not be the whole value) stay changes, and keep the draft; with none, the
   * draft is dropped once queued. A `queue` that throws leaves the form as it was.
   */
  handOver<R>(baseline: T, queue: () => Promise<R>): Promise<R>;
}

/** Per draft, the last write (or removal) a form started and has not seen land yet. */
const lastWrites = new Map<string, Promise<unknown>>();

function trackWrite<R>(scope: DraftScope, write: Promise<R>): Promise<R> {
  const id = draftId(scope);
  lastWrites.set(id, write);
  const settled = () => {
    if (lastWrites.get(id) === write) lastWrites.delete(id);
  };
  write.then(settled, settled);
  return write;
}

/** Resolves once the last write of that draft started by any form has landed (or failed). */
function afterLastWrite(scope: DraftScope): Promise<void> {
  const pending = lastWrites.get(draftId(scope));
  return pending === undefined ? Promise.resolve() : pending.then(
    () => undefined,
    () => undefined,
  );
}

interface DraftHookState<T> {
  key: string | null;
  ready: boolean;
  value: T;
  restoredAt: number | null;
  restoredBaseVersion: number | null;
  error: string | null;
  /** the record as the change handed to the outbox leaves it, and the `initial` it was handed over from */
  handed: { value: T; over: T } | null;
}

/** A stored draft's value as the form has it, or `success` false when it no longer fits. */
function readStored<T>(stored: unknown, { schema, storage, initial }: { schema: z.ZodType<T>; storage?: DraftStorage<T>; initial: T }): { success: true; data: T } | { success: false } {
  if (!storage) {
    const parsed = schema.safeParse(stored);
    return parsed.success ? { success: true, data: parsed.data } : { success: false };
  }
  const data = storage.unpack(stored, initial);
  return data === null ? { success: false } : { success: true, data };
}

/** A form's value, kept as a draft in IndexedDB while it differs from `initial`. */
export function useDraft<T>({ scope, initial, baseVersion, schema, isChange = differsFrom, storage }: UseDraftOptions<T>): DraftState<T> {
  const scopeKey = scope ? JSON.stringify(scope) : null;
  const [state, setState] = useState<DraftHookState<T>>(() => ({
    key: scopeKey,
    ready: scope === null,
    value: initial,
    restoredAt: null,
    restoredBaseVersion: null,
    error: null,
    handed: null,
  }));
  /** a value to store, with the record as read it was made over (what it is packed and compared against) */
  const saver = useRef<DraftAutosaver<{ value: T; initial: T }> | null>(null);
  /** the version the edit started from: a restored draft keeps its own, not the record's newer one */
  const startedFrom = useRef<number | null>(baseVersion);
  const latest = useRef({ scope, initial, baseVersion, schema, isChange, storage });
  // what was committed, not what a render under way (a transition, yielding to timers) has seen:
  // a draft written meanwhile must never pair a value shown with a record not shown yet
  useLayoutEffect(() => {
    latest.current = { scope, initial, baseVersion, schema, isChange, storage };
  });
  /**
   * the value with every change asked for so far, rendered or not: what an update made of the value
   * as it is starts from, and what a hand-over that settles later compares with its baseline (kept
   * by every change of the value below)
   */
  const valueNow = useRef(state.value);
  /** the hand-over as it is now, rendered or not (kept with state.handed) */
  const handedNow = useRef(state.handed);

  if (state.key !== scopeKey) {
    valueNow.current = initial;
    handedNow.current = null;
    setState({ key: scopeKey, ready: scope === null, value: initial, restoredAt: null, restoredBaseVersion: null, error: null, handed: null });
  }

  useEffect(() => {
    const current = latest.current;
    if (current.scope === null) return undefined;
    const ownScope = current.scope;
    let live = true;
    startedFrom.current = current.baseVersion;
    // what a value comes to as the stored draft: a record, or no draft (nothing changed)
    // against the record as read when the value was made: a list the value shares with that read is
    // named, not copied, even when the record was read again before the write (a big hotel's lists)
    const prepare = ({ value, initial }: { value: T; initial: T }): DraftWrite => {
      const keep = draftToKeep(value, initial, latest.current.isChange);
      if (keep === null) return { remove: ownScope, at: Date.now() };
      const stored = latest.current.storage ? latest.current.storage.pack(value, initial) : value;
      return { record: draftRecord(ownScope, stored, { baseVersion: startedFrom.current, changed: keep.changed }) };
    };
    const autosaver = createDraftAutosaver<{ value: T; initial: T }>((made) => writeDraft(prepare(made)), DRAFT_SAVE_DELAY_MS, prepare);
    saver.current = autosaver;
    // a form on the same record that just went (the page drew it again, after a save) may still be
    // writing its last value: read after it, or what it kept last (the open step) would be lost
    void afterLastWrite(ownScope)
      .then(() => loadDraft(ownScope))
      .then((draft) => {
        if (!live) return;
        const parsed = draft ? readStored(draft.value, current) : null;
        const restore = draft && parsed?.success ? restoredDraft({ value: parsed.data, changed: draft.changed }, current.initial, current.isChange) : 'drop';
        if (draft && parsed?.success && restore !== 'drop') {
          startedFrom.current = draft.baseVersion;
          const error = describeRefusal(draft.error, draft.errorStatus);
          const restoredAt = restore === 'announce' ? draft.updatedAt : null;
          valueNow.current = parsed.data;
          setState((prev) => ({ ...prev, ready: true, value: parsed.data, restoredAt, restoredBaseVersion: draft.baseVersion, error }));
        } else {
          if (draft) void discardDraft(ownScope);
          setState((prev) => ({ ...prev, ready: true }));
        }
      });
    return () => {
      live = false;
      saver.current = null;
      void trackWrite(ownScope, autosaver.dispose());
    };
  }, [scopeKey]);

  const setValue = useCallback((update: DraftUpdate<T>) => {
    const next = typeof update === 'function' ? (update as (current: T) => T)(valueNow.current) : update;
    // nothing changed: nothing to render, nothing to store
    if (Object.is(next, valueNow.current)) return;
    valueNow.current = next;
    setState((prev) => ({ ...prev, value: next }));
    saver.current?.schedule({ value: next, initial: latest.current.initial });
  }, []);

  const discard = useCallback(async () => {
    saver.current?.cancel();
    const current = latest.current;
    startedFrom.current = current.baseVersion;
    // back to the record, or to what a hand-over not yet read back leaves of it
    const handed = handedNow.current;
    const value = handed !== null && sameValue(handed.over, current.initial) ? handed.value : current.initial;
    valueNow.current = value;
    setState((prev) => ({ ...prev, value, restoredAt: null, restoredBaseVersion: null, error: null }));
    if (current.scope) await trackWrite(current.scope, discardDraft(current.scope));
  }, []);

  const flush = useCallback(async () => {
    await saver.current?.flush();
  }, []);

  /** nothing is left to keep: the stored draft goes, and the edit starts again from the record */
  const forget = useCallback(async () => {
    saver.current?.cancel();
    const current = latest.current;
    startedFrom.current = current.baseVersion;
    setState((prev) => ({ ...prev, restoredAt: null, restoredBaseVersion: null, error: null }));
    if (current.scope) await trackWrite(current.scope, discardDraft(current.scope));
  }, []);

  const clear = useCallback(async () => {
    const handed = { value: valueNow.current, over: latest.current.initial };
    handedNow.current = handed;
    setState((prev) => ({ ...prev, handed }));
    await forget();
  }, [forget]);

  const handOver = useCallback(
    async <R,>(baseline: T, queue: () => Promise<R>): Promise<R> => {
      const handed = { value: baseline, over: latest.current.initial };
      handedNow.current = handed;
      setState((prev) => ({ ...prev, handed }));
      let result: R;
      try {
        result = await queue();
      } catch (error) {
        if (handedNow.current === handed) handedNow.current = null;
        setState((prev) => (prev.handed === handed ? { ...prev, handed: null } : prev));
        throw error;
      }
      if (!latest.current.isChange(valueNow.current, baseline)) await forget();
      return result;
    },
    [forget],
  );

  // a hand-over is the baseline until the record is read again: then the record (the change in it) is
  const handed = state.handed !== null && sameValue(state.handed.over, initial) ? state.handed.value : null;
  const changed = isChange(state.value, handed ?? initial);
  return {
    ready: state.ready,
    value: state.value,
    setValue,
    changed,
    restoredAt: changed ? state.restoredAt : null,
    restoredBaseVersion: state.restoredBaseVersion,
    error: state.error,
    discard,
    flush,
    clear,
    handOver,
  };
}

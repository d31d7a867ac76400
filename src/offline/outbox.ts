/**
 * The outbox: every change meant for the gateway is written here, in IndexedDB, before the
 * interface says it is saved; the drainer (drain.ts) sends the entries in order, each with its
 * Idempotency-Key, so a change is applied exactly once however often it is sent. Nothing leaves
 * the outbox silently: an entry goes when the gateway accepted it, or when the operator discards it.
 */
import { changedFields, type ChangeSummary } from '../domain/change-summary';
import { lobbyDb, type LobbyDatabase } from './db';
import { draftId, loadDraft, saveDraft } from './drafts';
import { outboxEntrySchema, parseStored, type DraftScope, type MutationMethod, type NewOutboxEntry, type OutboxEntry, type OutboxFile } from './records';

export interface EnqueueInput {
  method: MutationMethod;
  path: string;
  body?: unknown;
  ifMatch?: number | null;
  userUuid: string;
  orgUuid?: string | null;
  label: string;
  recordUuid?: string | null;
  collection?: string | null;
  original?: unknown;
  draft?: DraftScope | null;
  /**
   * what the change carries, for the Sync page (a hotel save's comes from the worker); by default an
   * edit (PUT/PATCH over an `original`) names the fields it changes, and other changes carry none
   */
  summary?: ChangeSummary | null;
  /** a file the change uploads (multipart, field `file`): the change then goes alone, never in a batch */
  file?: OutboxFile | null;
}

/** The default summary of a change: the fields an edit changes against the record as the operator saw it. */
export function defaultSummary(input: Pick<EnqueueInput, 'method' | 'body' | 'original'>): ChangeSummary | null {
  if ((input.method !== 'PUT' && input.method !== 'PATCH') || input.original === undefined || input.original === null) return null;
  const fields = changedFields(input.original, input.body);
  return fields.length === 0 ? null : { items: [], fields };
}

const newId = () => crypto.randomUUID();

type OfflineProbe = () => boolean;
const browserOffline: OfflineProbe = () => typeof navigator !== 'undefined' && navigator.onLine === false;
let offlineProbe: OfflineProbe = browserOffline;

/** The page registers what it knows of the gateway (the header's Offline); a change made then is marked offline. */
export function setOfflineProbe(probe: OfflineProbe | null): void {
  offlineProbe = probe ?? browserOffline;
}

type SyncRequester = (trigger: 'queued' | 'manual') => void;
let requestSyncHandler: SyncRequester | null = null;

/** The page's sync scheduler registers itself here; enqueue then asks it to send (./retry-rule.ts decides when). */
export function setSyncRequester(handler: SyncRequester | null): void {
  requestSyncHandler = handler;
}

/**
 * Ask for a replay (no-op until the scheduler runs): 'manual' (Sync now, Retry, a resolved
 * conflict) sends at once; 'queued' (a change was just queued) waits out a running backoff.
 */
export function requestSync(trigger: 'queued' | 'manual' = 'manual'): void {
  requestSyncHandler?.(trigger);
}

/** The entry `enqueue` stores for `input` (made at `created`, offline or not), before it has its place in the queue. */
export function newEntry(input: EnqueueInput, offline: boolean, created = Date.now()): NewOutboxEntry {
  return {
    id: newId(),
    idempotencyKey: newId(),
    method: input.method,
    path: input.path,
    body: input.body ?? null,
    ifMatch: input.ifMatch ?? null,
    userUuid: input.userUuid,
    orgUuid: input.orgUuid ?? null,
    created,
    offline,
    attempts: 0,
    status: 'pending',
    lastError: null,
    lastStatus: null,
    problem: null,
    errorMessages: [],
    label: input.label,
    recordUuid: input.recordUuid ?? null,
    collection: input.collection ?? null,
    original: input.original ?? null,
    theirs: null,
    draft: input.draft ?? null,
    backoff: null,
    summary: input.summary === undefined ? defaultSummary(input) : input.summary,
    file: input.file ?? null,
  };
}

/** Stores the change (one transaction) and returns it with its place in the queue. */
export async function enqueue(input: EnqueueInput, db: LobbyDatabase = lobbyDb()): Promise<OutboxEntry> {
  const entry = newEntry(input, offlineProbe());
  const seq = await db.transaction('rw', db.outbox, async () => {
    // A refused change was returned to its form; saving that form again supersedes it.
    if (input.draft) {
      const form = draftId(input.draft);
      await db.outbox
        .where('userUuid')
        .equals(input.userUuid)
        .filter((queued) => queued.status === 'failed' && queued.draft !== null && draftId(queued.draft) === form)
        .delete();
    }
    return db.outbox.add(entry as OutboxEntry);
  });
  requestSync('queued');
  return { ...entry, seq };
}

/**
 * Readable entries of a user in queue order. An unreadable one is skipped with a warning but kept:
 * it may be a change written by a newer version of the app, which will send it (a logout counts
 * it among the unsynced changes).
 */
export async function listEntries(userUuid: string, db: LobbyDatabase = lobbyDb()): Promise<OutboxEntry[]> {
  const rows = await db.outbox.where('userUuid').equals(userUuid).sortBy('seq');
  return rows.flatMap((raw) => parseStored(outboxEntrySchema, raw, 'outbox entry') ?? []);
}

export interface OutboxCounts {
  pending: number;
  failed: number;
  conflict: number;
}

export function countEntries(entries: readonly OutboxEntry[]): OutboxCounts {
  const counts: OutboxCounts = { pending: 0, failed: 0, conflict: 0 };
  for (const entry of entries) {
    if (entry.status === 'failed') counts.failed += 1;
    else if (entry.status === 'conflict') counts.conflict += 1;
    else counts.pending += 1;
  }
  return counts;
}

/**
 * Send a failed or conflicting entry again. A refused request's outcome is stored under its key on
 * the gateway, so a retry goes with a fresh Idempotency-Key (the refused one was not applied).
 */
export async function retryEntry(seq: number, db: LobbyDatabase = lobbyDb()): Promise<void> {
  await db.outbox.update(seq, { status: 'pending', idempotencyKey: newId(), lastError: null, lastStatus: null, problem: null, errorMessages: [], errorCodes: [], backoff: null });
  requestSync('manual');
}

/** The operator gives a change up (after confirming): it leaves the queue. */
export async function discardEntry(seq: number, db: LobbyDatabase = lobbyDb()): Promise<void> {
  await db.outbox.delete(seq);
}

/**
 * The operator resolved a conflict: `body` is sent again over `version` (the gateway's current
 * one), with a fresh Idempotency-Key because the body changed. `null` body for a delete.
 */
export async function resolveConflict(seq: number, body: unknown, version: number, db: LobbyDatabase = lobbyDb()): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(seq);
    if (!entry) return;
    await db.outbox.update(seq, {
      status: 'pending',
      body,
      ifMatch: version,
      idempotencyKey: newId(),
      theirs: null,
      lastError: null,
      lastStatus: null,
      problem: null,
      errorMessages: [],
      errorCodes: [],
      backoff: null,
    });
  });
  requestSync('manual');
}

/** Why the gateway refused a change: its words (null when it gave none) and the status. */
export interface Refusal {
  message: string | null;
  status: number;
}

/** A refused change goes back to the form it came from, with the gateway's message. */
export async function returnToDraft(entry: OutboxEntry, refusal: Refusal, db: LobbyDatabase = lobbyDb()): Promise<void> {
  if (!entry.draft || entry.method === 'DELETE') return;
  const newer = await loadDraft(entry.draft, db);
  const error = { error: refusal.message, errorStatus: refusal.status };
  // the operator has typed in that form since: keep the newer work, only say why the change was refused
  if (newer && newer.updatedAt > entry.created) await saveDraft(entry.draft, newer.value, { baseVersion: newer.baseVersion, ...error }, db);
  else await saveDraft(entry.draft, entry.body, { baseVersion: entry.ifMatch, ...error }, db);
}

/**
 * What became of a queued change, as a form tells the operator after Save:
 *   applied      it left the outbox: the gateway accepted it
 *   refused      the gateway refused it (its data went back to the form), with the entry for its words
 *   conflict     someone changed the record meanwhile: the operator chooses on the Sync page
 *   unreachable  tried, and the gateway could not be reached: sent when it can be
 *   waiting      no verdict yet (sent and not answered, the gateway asked to wait, or not tried yet)
 */
export type SendOutcome =
  | { kind: 'applied' }
  | { kind: 'refused'; entry: OutboxEntry }
  | { kind: 'conflict'; entry: OutboxEntry }
  | { kind: 'unreachable' }
  | { kind: 'waiting' };

const SETTLE_POLL_MS = 100;

const seenGoneListeners = new Set<(seq: number) => void>();

/**
 * Hears of each queued change `whenSettled` finds gone from the outbox, before its caller does: a
 * list that waits for the live outbox query (which can come later) would otherwise still show a row
 * the notice already calls removed. Returns the unsubscribe.
 */
export function onSeenGone(listener: (seq: number) => void): () => void {
  seenGoneListeners.add(listener);
  return () => void seenGoneListeners.delete(listener);
}

/**
 * Whether a pending change waits because the gateway cannot be reached: its own last attempt got no
 * answer, or, not tried yet, the browser is offline or an earlier change of the queue got none (a
 * running backoff holds it back: ./retry-rule.ts).
 */
async function waitsForGateway(entry: OutboxEntry, db: LobbyDatabase): Promise<boolean> {
  if (entry.problem === 'unreachable') return true;
  if (entry.attempts > 0) return false;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  const earlier = await db.outbox.where('userUuid').equals(entry.userUuid).filter((queued) => queued.seq < entry.seq && queued.problem === 'unreachable').count();
  return earlier > 0;
}

/**
 * The screens' waits for a verdict (whenSettled), as component tests tune them: there a fake
 * gateway's answer can take seconds on a loaded machine, so every wait lasts at least
 * `atLeastMs` (test/setup-dom.ts), a test of the "not confirmed yet" notice (which holds the answer
 * back) sets it to 0, and `round` moves at each test's end so a wait left running by one test never
 * shows its notice in the next. The app leaves both as they are.
 */
export const verdictWaits = { atLeastMs: 0, round: 0 };

/**
 * Watches a queued change for up to `timeoutMs`: resolves as soon as the gateway accepted,
 * refused or found a conflict, else at the deadline with what is known (unreachable or waiting).
 */
export async function whenSettled(seq: number, timeoutMs: number, db: LobbyDatabase = lobbyDb()): Promise<SendOutcome> {
  const until = Date.now() + Math.max(timeoutMs, verdictWaits.atLeastMs);
  const round = verdictWaits.round;
  const outcome = await settledOrDeadline(seq, until, db);
  // a wait of an ended test never settles
  return verdictWaits.round === round ? outcome : new Promise<SendOutcome>(() => undefined);
}

async function settledOrDeadline(seq: number, until: number, db: LobbyDatabase): Promise<SendOutcome> {
  const round = verdictWaits.round;
  for (;;) {
    const raw = await db.outbox.get(seq);
    // the test that waited has ended: nothing more to read or to tell
    if (verdictWaits.round !== round) return { kind: 'waiting' };
    if (raw === undefined) {
      for (const listener of seenGoneListeners) listener(seq);
      return { kind: 'applied' };
    }
    const entry = outboxEntrySchema.safeParse(raw).data;
    if (entry?.status === 'failed') return { kind: 'refused', entry };
    if (entry?.status === 'conflict') return { kind: 'conflict', entry };
    // a send found the gateway out of reach: known at once, no need to wait for the deadline
    if (entry?.status === 'pending' && entry.problem === 'unreachable') return { kind: 'unreachable' };
    if (Date.now() >= until) return entry?.status === 'pending' && (await waitsForGateway(entry, db)) ? { kind: 'unreachable' } : { kind: 'waiting' };
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

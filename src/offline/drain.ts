/**
 * The drainer: sends the outbox to the gateway, oldest first. One drainer runs
 * at a time across tabs and the service worker (Web Lock 'lobby-outbox'; a second caller returns
 * 'busy' at once). Entries of another user are never sent. The bearer token is asked for at send
 * time (deps.token), so it is fresh.
 *
 *   pending ──mark sending (attempts+1)──► fetch ──► 2xx ─────────► removed; later changes of the same
 *      ▲                                    │                       record follow its new version
 *      │                                    ├─ no answer / 5xx / 429 / 409 busy ─► pending with a backoff,
 *      │                                    │     drain stops (next automatic attempt: 2 s doubling to 60 s,
 *      │                                    │     ./retry-rule.ts; a return of connectivity sends at once)
 *      │                                    ├─ 401 ─► refresh once, send again; 401 again ─► pending, stop
 *      │                                    ├─ 409 / 412 ─► conflict (theirs kept), drain goes on
 *      │                                    ├─ 404 to a DELETE ─► removed (the record is gone, as asked);
 *      │                                    │     an outcome 'alreadyRemoved' tells the Sync page
 *      │                                    └─ other 4xx ─► failed, data returned to its draft, goes on
 *      └──────── Retry / conflict resolved (fresh Idempotency-Key)
 *
 * A crash or a stopped service worker between "sending" and the answer leaves the entry 'sending':
 * the next drain sends it again with the same Idempotency-Key, and the gateway answers the stored
 * outcome instead of applying it twice.
 *
 * Backoff: before sending, the drain asks ./retry-rule.ts whether the next entry may go for what
 * triggered it; an automatic trigger during the entry's backoff, or while the browser is offline,
 * stops with 'waiting' and sends nothing. Page and service worker follow the same stored backoff.
 *
 * Order: strictly by queue position. An entry waits while an earlier entry of the same record is
 * failed or in conflict (its change depends on that one); entries of other records go on.
 *
 * Batches (issue 20): the queue goes in batches (POST /outbox/v1/batch, at most BATCH_MAX_CHANGES
 * changes and BATCH_MAX_BYTES each, gzip-compressed from 8 KB), each change keeping its own
 * Idempotency-Key, If-Match and made-at; the gateway applies them in order, each as if sent alone,
 * and answers each. Every answer is settled exactly as the diagram says for a change sent alone, in
 * one IndexedDB transaction per batch. A change of a record already in the batch follows it: applied
 * only if the earlier one was (else 424: it stays queued, behind it), over its new version where the
 * outbox would have moved its If-Match. A refused change does not stop the unrelated ones behind it.
 * The batch as a whole: no answer → every change keeps a backoff; 401 → refresh once, send again;
 * 5xx / 429 → backoff, stop; 404 / 405 (a gateway without the route) → one change per request, for
 * this page's or worker's life; another 4xx → that batch's changes go alone. The service worker's
 * replay (./sw-replay.ts) drains through here too.
 *
 * Uploads (a confirmed CSV import queued offline): the entry keeps the file's bytes, name and type,
 * and goes alone as multipart/form-data (field `file`) with its Idempotency-Key, never inside a
 * batch; a batch ends before it and the next starts after it, so the queue's order holds. Its
 * record is the hotel: a later change of the hotel waits behind it as behind any change of its
 * record. An import answered `succeed: false` is refused with the gateway's message; a 409 (another
 * import of the hotel runs) is sent again later like a busy answer.
 *
 * Nothing stored here is English text of ours: an entry keeps the gateway's own words (lastError,
 * errorMessages) and, where there were none, a problem code and the status, which the screens
 * render through the message catalogue (describeOutboxError).
 */
import {
  DEPENDENCY_FAILED_STATUS,
  ERROR_CODES,
  OUTBOX_BATCH_MAX_BYTES,
  OUTBOX_BATCH_MAX_CHANGES,
  OUTBOX_BATCH_PATH,
  PREFER_MINIMAL,
  apiErrorBodySchema,
  batchResponseSchema,
  type BatchChange,
} from '../domain';
import { lobbyDb, type LobbyDatabase } from './db';
import { recordOutcome } from './outcomes';
import { listEntries, returnToDraft } from './outbox';
import { outboxEntrySchema, type OutboxEntry, type OutboxFile } from './records';
import { mayAttempt, nextBackoff, type SyncTrigger } from './retry-rule';

export const OUTBOX_LOCK = 'lobby-outbox';
/** How long one send may take before it counts as no answer. */
export const SEND_TIMEOUT_MS = 30_000;

export interface OutboxLocks {
  /** Runs `callback` holding the lock, or with null at once when another holder has it. */
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

export interface DrainDeps {
  db?: LobbyDatabase;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** gateway base URL, e.g. '/api' */
  baseUrl: string;
  /** the signed-in user: only their entries are sent */
  userUuid: string;
  /** a live access token (refreshed first when expired), or null when there is none to be had */
  token(): Promise<string | null>;
  /** a new access token after a 401, or null when this context cannot refresh */
  refresh(): Promise<string | null>;
  locks?: OutboxLocks | undefined;
  /** told about every entry the gateway accepted, with its answer */
  onApplied?(entry: OutboxEntry, answer: unknown): void;
  /** what asked for this drain (./retry-rule.ts); default 'manual': sends whatever the backoff */
  trigger?: SyncTrigger;
  /** whether the browser says it is online (default navigator.onLine) */
  online?: () => boolean;
  /** the clock (default Date.now) */
  now?: () => number;
  /**
   * Batches (./drain-batch.ts): how many changes and bytes one request may carry, or false to send
   * one change per request. Default: batches of BATCH_MAX_CHANGES and BATCH_MAX_BYTES.
   */
  batch?: { maxChanges?: number; maxBytes?: number } | false;
}

/** waiting: the next change's backoff runs, or the browser is offline, and the trigger was automatic: nothing sent. */
export type DrainStop = 'empty' | 'network' | 'server' | 'auth' | 'busy' | 'waiting';

export interface DrainResult {
  stoppedBy: DrainStop;
  applied: number;
  failed: number;
  conflicts: number;
  /** network, server or waiting: when the next automatic attempt is due (absent: when the browser is online again) */
  retryAt?: number;
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The gateway's messages in an error answer, in order; none when it sent no readable list. */
function messagesOf(body: unknown): string[] {
  const parsed = apiErrorBodySchema.safeParse(body);
  return parsed.success ? parsed.data.errors.map((error) => error.message).filter((message) => message !== '') : [];
}

function codesOf(body: unknown): string[] {
  const parsed = apiErrorBodySchema.safeParse(body);
  return parsed.success ? parsed.data.errors.map((error) => error.code) : [];
}

/** The spec's error text: the errors list joined with a comma; null when the gateway gave no words. */
function messageOf(body: unknown): string | null {
  const messages = messagesOf(body);
  return messages.length > 0 ? messages.join(', ') : null;
}

/** Thrown when an answer's body is lost on the way: the change may be applied, so it is sent again (same key). */
class LostAnswer extends Error {}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new LostAnswer('the answer was cut off');
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const isBusy = (status: number, body: unknown) =>
  status === 409 && apiErrorBodySchema.safeParse(body).data?.errors.some((error) => error.code === ERROR_CODES.idempotencyMismatch) === true;

/** A 409 `in_use`: the gateway refused a removal the record's users still need; returned like any refusal, not a conflict. */
const isRefusedRemoval = (body: unknown) => apiErrorBodySchema.safeParse(body).data?.errors.some((error) => error.code === ERROR_CODES.inUse) === true;

/** The next entry to send: the first pending one not waiting behind a failed change of its record. */
export function nextToSend(entries: readonly OutboxEntry[]): OutboxEntry | null {
  const blocked = new Set<string>();
  for (const entry of entries) {
    if (isStuck(entry)) {
      if (entry.recordUuid) blocked.add(entry.recordUuid);
      continue;
    }
    if (entry.recordUuid && blocked.has(entry.recordUuid)) continue;
    return entry;
  }
  return null;
}

/** The headers a change carries, alone or inside a batch (there without the Authorization). */
/**
 * The headers a change carries, alone or in a batch (named as the batch route's schema names them;
 * header names are the same in any case): its Idempotency-Key, when the operator made it and whether
 * the gateway was out of reach then (for the change history), its If-Match, and Prefer: the outbox
 * reads no more of an answer than its version, so a route that can leaves the rest out (a big
 * hotel's save would answer megabytes of lists).
 */
function changeHeaders(entry: OutboxEntry): BatchChange['headers'] {
  const headers: BatchChange['headers'] = { 'Idempotency-Key': entry.idempotencyKey, 'X-Made-At': new Date(entry.created).toISOString(), Prefer: PREFER_MINIMAL };
  if (entry.offline === true) headers['X-Made-Offline'] = '1';
  if (entry.ifMatch !== null) headers['If-Match'] = `"${entry.ifMatch}"`;
  return headers;
}

const carriesBody = (entry: OutboxEntry) => entry.method !== 'DELETE' && entry.body !== null && entry.body !== undefined;

/** The multipart field a queued upload is sent in (the gateway's import routes read `file`). */
export const UPLOAD_FIELD = 'file';

/** The file a change uploads, or null (most changes). */
const uploadOf = (entry: OutboxEntry) => entry.file ?? null;

/** A queued upload's body: its file alone, as multipart/form-data (fetch writes the boundary). */
function uploadBody(file: OutboxFile): FormData {
  const form = new FormData();
  // a copy of the bytes in this realm: a Blob takes an ArrayBuffer-backed view
  form.append(UPLOAD_FIELD, new Blob([new Uint8Array(file.bytes)], { type: file.type || 'application/octet-stream' }), file.name);
  return form;
}

async function send(deps: DrainDeps, entry: OutboxEntry, token: string): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${token}`,
    'X-Lobby-User': entry.userUuid,
    ...changeHeaders(entry),
  };
  let body: string | FormData | undefined;
  const upload = uploadOf(entry);
  if (upload !== null) body = uploadBody(upload);
  else if (carriesBody(entry)) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(entry.body);
  }
  // a half-open hotel network must not hold the outbox lock for minutes: give up and retry later
  return deps.fetch(`${deps.baseUrl}${entry.path}`, { method: entry.method, headers, body, cache: 'no-store', signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
}

/** After a change of a record was applied, the record's later queued changes go over its new version. */
async function rebase(db: LobbyDatabase, entry: OutboxEntry, answer: unknown): Promise<void> {
  if (!entry.recordUuid) return;
  const version = (answer as { version?: unknown } | undefined)?.version;
  if (typeof version !== 'number') return;
  await db.outbox
    .where('recordUuid')
    .equals(entry.recordUuid)
    // only changes queued over the same version as this one: after a resolved conflict (sent over
    // their version) a later change made over the old one must meet the gateway's 412 itself
    .and((later) => later.seq > entry.seq && later.ifMatch !== null && later.ifMatch === entry.ifMatch && later.status !== 'conflict')
    .modify({ ifMatch: version });
}

/** An entry as stored (null: gone, or not one this version can read). */
const storedEntry = (raw: unknown): OutboxEntry | null => (raw === undefined ? null : (outboxEntrySchema.safeParse(raw).data ?? null));

const isStuck = (entry: OutboxEntry) => entry.status === 'failed' || entry.status === 'conflict';

/**
 * The entries to send, in order. The queue is read once per pass (not once per entry: that would
 * grow with the square of its length); each entry is read again just before it is sent, because
 * an earlier send may have moved its If-Match and the operator may have discarded it. A pass that
 * sent something is followed by another, for entries queued meanwhile.
 */
async function* sendable(deps: DrainDeps, db: LobbyDatabase): AsyncGenerator<OutboxEntry> {
  for (;;) {
    const snapshot = await listEntries(deps.userUuid, db);
    const blocked = new Set<string>();
    let sent = false;
    for (const queued of snapshot) {
      const raw = await db.outbox.get(queued.seq);
      const entry = raw === undefined ? null : outboxEntrySchema.safeParse(raw).data;
      if (!entry) continue;
      if (isStuck(entry) || (entry.recordUuid !== null && blocked.has(entry.recordUuid))) {
        if (entry.recordUuid !== null) blocked.add(entry.recordUuid);
        continue;
      }
      sent = true;
      yield entry;
      const after = await db.outbox.get(entry.seq);
      if (after && isStuck(after) && after.recordUuid !== null) blocked.add(after.recordUuid);
    }
    if (!sent) return;
  }
}

/**
 * What an answer made of a change (the same for a change sent alone and for one inside a batch):
 * applied (gone from the queue), failed (back to its form), conflict, auth (a 401: pending, the drain
 * stops) or unanswered (5xx, 429, busy: pending with a backoff, the drain stops).
 */
type Verdict = { kind: 'applied' | 'failed' | 'conflict' | 'auth' } | { kind: 'unanswered'; retryAt: number };

async function settle(db: LobbyDatabase, entry: OutboxEntry, status: number, body: unknown, now: () => number): Promise<Verdict> {
  // an import the gateway read and refused answers 200 with succeed false and its words: refused
  if (uploadOf(entry) !== null && status >= 200 && status < 300 && (body as { succeed?: unknown } | undefined)?.succeed === false) {
    const message = (body as { message?: unknown }).message;
    return settle(db, entry, 422, { errors: [{ code: ERROR_CODES.validation, message: typeof message === 'string' ? message : '' }] }, now);
  }
  if (status >= 200 && status < 300) {
    await db.transaction('rw', db.outbox, async () => {
      await db.outbox.delete(entry.seq);
      await rebase(db, entry, body);
    });
    return { kind: 'applied' };
  }
  const answered = { lastStatus: status, lastError: messageOf(body), problem: null };
  if (status === 401) {
    await db.outbox.update(entry.seq, { status: 'pending', ...answered });
    return { kind: 'auth' };
  }
  // a 409 to an upload: another import of the hotel runs (nothing to resolve): it is sent again later
  if (status >= 500 || status === 429 || isBusy(status, body) || (status === 409 && uploadOf(entry) !== null)) {
    const backoff = nextBackoff(entry.backoff, now());
    await db.outbox.update(entry.seq, { status: 'pending', ...answered, backoff });
    return { kind: 'unanswered', retryAt: backoff.until };
  }
  if (status === 404 && entry.method === 'DELETE') {
    // the record is not there: what the operator asked for. Done, and said so on the Sync page.
    await db.transaction('rw', db.outbox, db.outcomes, async () => {
      await db.outbox.delete(entry.seq);
      await recordOutcome({ userUuid: entry.userUuid, kind: 'alreadyRemoved', label: entry.label }, db);
    });
    return { kind: 'applied' };
  }
  if ((status === 409 && !isRefusedRemoval(body)) || status === 412) {
    const theirs = (body as { current?: unknown } | undefined)?.current ?? null;
    await db.outbox.update(entry.seq, { status: 'conflict', ...answered, errorMessages: messagesOf(body), errorCodes: codesOf(body), theirs, backoff: null });
    return { kind: 'conflict' };
  }
  await db.transaction('rw', db.outbox, db.drafts, async () => {
    await db.outbox.update(entry.seq, { status: 'failed', ...answered, errorMessages: messagesOf(body), errorCodes: codesOf(body), backoff: null });
    await returnToDraft(entry, { message: answered.lastError, status }, db);
  });
  return { kind: 'failed' };
}

/** Counts a verdict into the result; the stop it calls for, if any. */
function count(result: DrainResult, verdict: Verdict): Pick<DrainResult, 'stoppedBy' | 'retryAt'> | null {
  switch (verdict.kind) {
    case 'applied':
      result.applied += 1;
      return null;
    case 'failed':
      result.failed += 1;
      return null;
    case 'conflict':
      result.conflicts += 1;
      return null;
    case 'auth':
      return { stoppedBy: 'auth' };
    case 'unanswered':
      return { stoppedBy: 'server', retryAt: verdict.retryAt };
  }
}

interface DrainContext {
  deps: DrainDeps;
  db: LobbyDatabase;
  result: DrainResult;
  now: () => number;
  trigger: SyncTrigger;
  online: () => boolean;
}

/** The entry got no usable answer (network, cut off): it keeps a backoff, and the drain stops. */
async function unreachable(context: DrainContext, entries: readonly OutboxEntry[]): Promise<DrainResult> {
  const { db, result, now } = context;
  let retryAt = Number.POSITIVE_INFINITY;
  await db.transaction('rw', db.outbox, async () => {
    for (const entry of entries) {
      const backoff = nextBackoff(entry.backoff, now());
      retryAt = Math.min(retryAt, backoff.until);
      await db.outbox.update(entry.seq, { status: 'pending', lastStatus: null, lastError: null, problem: 'unreachable', offline: true, backoff });
    }
  });
  return { ...result, stoppedBy: 'network', retryAt };
}

/**
 * Sends one change alone and settles its answer; the stop it calls for, or null to go on. The entry
 * is marked sending first (a discarded one is not sent).
 */
async function sendOne(context: DrainContext, entry: OutboxEntry): Promise<DrainResult | null> {
  const { deps, db, result, now } = context;
  let token = await deps.token();
  if (token === null) return { ...result, stoppedBy: 'auth' };
  // discarded by the operator since it was read: not sent
  if ((await db.outbox.update(entry.seq, { status: 'sending', attempts: entry.attempts + 1 })) === 0) return null;

  let response: Response;
  let body: unknown;
  try {
    response = await send(deps, entry, token);
    if (response.status === 401) {
      token = await deps.refresh();
      if (token === null) {
        await db.outbox.update(entry.seq, { status: 'pending', lastStatus: 401, lastError: null, problem: 'session' });
        return { ...result, stoppedBy: 'auth' };
      }
      response = await send(deps, entry, token);
    }
    body = await readBody(response);
  } catch {
    return unreachable(context, [entry]);
  }
  const verdict = await settle(db, entry, response.status, body, now);
  if (verdict.kind === 'applied') deps.onApplied?.(entry, body);
  const stop = count(result, verdict);
  return stop ? { ...result, ...stop } : null;
}

/** One change per request: the way of gateways without the batch route. */
async function drainOneByOne(context: DrainContext): Promise<DrainResult> {
  const { deps, db, result, now, trigger, online } = context;
  for await (const entry of sendable(deps, db)) {
    if (!mayAttempt({ trigger, now: now(), browserOnline: online(), backoff: entry.backoff })) {
      return { ...result, stoppedBy: 'waiting', ...(online() && entry.backoff ? { retryAt: entry.backoff.until } : {}) };
    }
    const stop = await sendOne(context, entry);
    if (stop) return stop;
  }
  return result;
}

/** Entries of a batch the gateway would not take as a batch, sent alone in order (stuck records skipped). */
async function sendEachAlone(context: DrainContext, entries: readonly OutboxEntry[], blocked: Set<string>): Promise<DrainResult | null> {
  for (const sent of entries) {
    const raw = await context.db.outbox.get(sent.seq);
    const entry = raw === undefined ? null : (outboxEntrySchema.safeParse(raw).data ?? null);
    if (entry === null) continue;
    if (isStuck(entry) || (entry.recordUuid !== null && blocked.has(entry.recordUuid))) {
      if (entry.recordUuid !== null) blocked.add(entry.recordUuid);
      continue;
    }
    const stop = await sendOne(context, entry);
    if (stop) return stop;
    const after = await context.db.outbox.get(entry.seq);
    if (after && isStuck(after) && after.recordUuid !== null) blocked.add(after.recordUuid);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Batches (POST /outbox/v1/batch, src/domain/outbox-batch.ts)

/**
 * What one batch request carries by default: as many changes as the gateway takes (a slow link pays
 * a round trip per batch: at 1.6 Mbit/s and 150 ms, 10,000 changes replay at about 720 a second in
 * batches of 250 and 1,240 in batches of 1,000), and bytes well inside its bound, so a lost reply
 * costs little (it is answered again from the store).
 */
export const BATCH_MAX_CHANGES = OUTBOX_BATCH_MAX_CHANGES;
export const BATCH_MAX_BYTES = 1024 * 1024;
/** A batch is given longer than one change before it counts as no answer. */
export const BATCH_TIMEOUT_MS = 2 * SEND_TIMEOUT_MS;
/** Batch bodies of this many bytes or more go gzip-compressed (the gateway decompresses requests). */
const COMPRESS_FROM_BYTES = 8 * 1024;

/** Gateways (by base URL) found without the batch route in this page or worker: one change per request there. */
const withoutBatchRoute = new Set<string>();

/** Tests: forget what was learnt about the gateways' batch route. */
export function forgetBatchSupport(): void {
  withoutBatchRoute.clear();
}

const encoder = new TextEncoder();

interface Planned {
  entry: OutboxEntry;
  change: BatchChange;
}

/**
 * The next batch from `candidates` (in queue order, read afresh): sendable entries in order until the
 * count or byte bound, skipping stuck entries and those behind a stuck change of their record. A
 * change of a record already in the batch follows it (`after`; `rebase` where the outbox would move
 * its If-Match to the earlier change's new version). An entry larger than the byte bound alone goes
 * alone (`single`). `used`: how many candidates were looked at (the rest waits for the next batch).
 */
function planBatch(
  candidates: readonly unknown[],
  blocked: Set<string>,
  bounds: { maxChanges: number; maxBytes: number },
): { planned: Planned[]; used: number; single: OutboxEntry | null } {
  const planned: Planned[] = [];
  const lastOfRecord = new Map<string, number>();
  let bytes = 0;
  let used = 0;
  for (const raw of candidates) {
    // read as it is reached: a batch looks at about as many entries as it takes
    const entry = storedEntry(raw);
    if (entry === null) {
      used += 1;
      continue;
    }
    if (isStuck(entry) || (entry.recordUuid !== null && blocked.has(entry.recordUuid))) {
      if (entry.recordUuid !== null) blocked.add(entry.recordUuid);
      used += 1;
      continue;
    }
    if (uploadOf(entry) !== null) {
      // an upload is never put inside a batch (batches are JSON): alone, once what is before it has gone
      if (planned.length === 0) return { planned, used: used + 1, single: entry };
      break;
    }
    const change: BatchChange = { method: entry.method, path: entry.path, headers: changeHeaders(entry) };
    if (carriesBody(entry)) change.body = entry.body;
    const previous = entry.recordUuid === null ? undefined : lastOfRecord.get(entry.recordUuid);
    if (previous !== undefined) {
      change.after = previous;
      const before = planned[previous]?.entry;
      if (before !== undefined && entry.ifMatch !== null && entry.ifMatch === before.ifMatch) change.rebase = true;
    }
    const size = encoder.encode(JSON.stringify(change)).length + 1;
    if (size > bounds.maxBytes) {
      // too large to travel with others: alone, once what is before it has gone
      if (planned.length === 0) return { planned, used: used + 1, single: entry };
      break;
    }
    if (planned.length >= bounds.maxChanges || bytes + size > bounds.maxBytes) break;
    if (entry.recordUuid !== null) lastOfRecord.set(entry.recordUuid, planned.length);
    planned.push({ entry, change });
    bytes += size;
    used += 1;
  }
  return { planned, used, single: null };
}

async function gzip(text: string): Promise<Uint8Array | null> {
  if (typeof CompressionStream === 'undefined') return null;
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function sendBatch(deps: DrainDeps, changes: readonly BatchChange[], token: string): Promise<Response> {
  const text = JSON.stringify({ changes });
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${token}`,
    'X-Lobby-User': deps.userUuid,
    'Content-Type': 'application/json',
  };
  let body: BodyInit = text;
  if (text.length >= COMPRESS_FROM_BYTES) {
    const compressed = await gzip(text);
    if (compressed !== null) {
      headers['Content-Encoding'] = 'gzip';
      body = compressed as Uint8Array<ArrayBuffer>;
    }
  }
  return deps.fetch(`${deps.baseUrl}${OUTBOX_BATCH_PATH}`, { method: 'POST', headers, body, cache: 'no-store', signal: AbortSignal.timeout(BATCH_TIMEOUT_MS) });
}

/** The batch's entries go back to the queue as they were (not tried). */
async function release(db: LobbyDatabase, entries: readonly OutboxEntry[]): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    for (const entry of entries) await db.outbox.update(entry.seq, { status: 'pending' });
  });
}

type StoredEntry = { seq: number; recordUuid?: string | null; ifMatch?: number | null; status?: string } & Record<string, unknown>;

/**
 * A batch's answers settled in memory inside their transaction, then written at once: the batch's
 * entries and every queued change of their records, read in two reads; removals and changes in two
 * writes. Settling an answer alone costs a few reads and writes per change, which a replay of
 * thousands pays thousands of times.
 */
class QueueView {
  private readonly removed = new Set<number>();
  private readonly changed = new Set<number>();
  private constructor(
    private readonly db: LobbyDatabase,
    private readonly bySeq: Map<number, StoredEntry>,
    private readonly byRecord: Map<string, StoredEntry[]>,
  ) {}

  static async read(db: LobbyDatabase, entries: readonly OutboxEntry[]): Promise<QueueView> {
    const records = [...new Set(entries.flatMap((entry) => (entry.recordUuid === null ? [] : [entry.recordUuid])))];
    // one read of each record's changes (a read of a range, which every IndexedDB does at once; anyOf walks a cursor)
    const related = (await Promise.all(records.map((record) => db.outbox.where('recordUuid').equals(record).toArray()))).flat() as StoredEntry[];
    const own = (await db.outbox.bulkGet(entries.map((entry) => entry.seq))) as (StoredEntry | undefined)[];
    const bySeq = new Map<number, StoredEntry>();
    for (const raw of [...related, ...own]) if (raw !== undefined) bySeq.set(raw.seq, raw);
    const byRecord = new Map<string, StoredEntry[]>();
    for (const raw of bySeq.values()) {
      if (typeof raw.recordUuid !== 'string') continue;
      const list = byRecord.get(raw.recordUuid);
      if (list) list.push(raw);
      else byRecord.set(raw.recordUuid, [raw]);
    }
    return new QueueView(db, bySeq, byRecord);
  }

  get(seq: number): StoredEntry | undefined {
    return this.bySeq.get(seq);
  }

  change(seq: number, fields: Partial<StoredEntry>): void {
    const raw = this.bySeq.get(seq);
    if (raw === undefined) return;
    Object.assign(raw, fields);
    this.changed.add(seq);
  }

  remove(seq: number): void {
    const raw = this.bySeq.get(seq);
    this.bySeq.delete(seq);
    this.changed.delete(seq);
    this.removed.add(seq);
    if (raw !== undefined && typeof raw.recordUuid === 'string') {
      const list = this.byRecord.get(raw.recordUuid);
      if (list) this.byRecord.set(raw.recordUuid, list.filter((other) => other.seq !== seq));
    }
  }

  /** What `rebase` does: the record's later changes queued over the same version as `entry` go over `version`. */
  rebase(entry: OutboxEntry, version: number): void {
    for (const later of this.byRecord.get(entry.recordUuid ?? '') ?? []) {
      if (later.seq > entry.seq && later.ifMatch !== null && later.ifMatch !== undefined && later.ifMatch === entry.ifMatch && later.status !== 'conflict') this.change(later.seq, { ifMatch: version });
    }
  }

  async flush(): Promise<void> {
    if (this.removed.size > 0) await this.db.outbox.bulkDelete([...this.removed]);
    if (this.changed.size > 0) await this.db.outbox.bulkPut([...this.changed].map((seq) => this.bySeq.get(seq) as never));
    this.removed.clear();
    this.changed.clear();
  }

  /** After an entry was settled in the database: its stored state again. */
  async reread(seq: number): Promise<void> {
    const raw = (await this.db.outbox.get(seq)) as StoredEntry | undefined;
    if (raw === undefined) {
      this.remove(seq);
      this.removed.delete(seq);
      return;
    }
    this.bySeq.set(seq, raw);
    if (typeof raw.recordUuid === 'string') {
      const list = (this.byRecord.get(raw.recordUuid) ?? []).filter((other) => other.seq !== seq);
      list.push(raw);
      list.sort((a, b) => a.seq - b.seq);
      this.byRecord.set(raw.recordUuid, list);
    }
  }
}

type BatchOutcome = { kind: 'done'; result: DrainResult } | { kind: 'one-by-one' };

/**
 * Sends the queue in batches. Each answer in the reply is settled exactly as the answer of a change
 * sent alone; a change answered 424 (the earlier change of its record was not applied) stays queued
 * behind it. The gateway has no batch route (404, 405): one by one from here, and for the rest of
 * this page's or worker's life. It refuses a batch as such (another 4xx): that batch's changes go
 * alone, and the next batch is tried again.
 */
async function drainInBatches(context: DrainContext, bounds: { maxChanges: number; maxBytes: number }): Promise<BatchOutcome> {
  const { deps, db, result, now, trigger, online } = context;
  for (;;) {
    // the queue's order (seq), without reading every entry: each is read as its batch is planned
    const snapshot = ((await db.outbox.where('userUuid').equals(deps.userUuid).toArray()) as { seq: number }[]).map((raw) => raw.seq).sort((a, b) => a - b);
    const blocked = new Set<string>();
    let cursor = 0;
    let sentInPass = false;
    while (cursor < snapshot.length) {
      // read afresh, mark sending and plan in one transaction: an earlier batch may have moved an
      // If-Match, and the operator may have discarded a change meanwhile
      // a few more than a batch takes, for entries it skips (stuck, or behind a stuck change)
      const window = snapshot.slice(cursor, cursor + bounds.maxChanges + 32);
      const plan = await db.transaction('rw', db.outbox, async () => {
        const fresh = await db.outbox.bulkGet(window);
        const planned = planBatch(fresh, blocked, bounds);
        const first = planned.single ?? planned.planned[0]?.entry;
        if (first !== undefined && !mayAttempt({ trigger, now: now(), browserOnline: online(), backoff: first.backoff })) return { ...planned, waiting: first };
        // marked sending in one write, each as stored with its status and attempts changed
        const stored = new Map(fresh.flatMap((raw) => (raw === undefined ? [] : [[(raw as { seq: number }).seq, raw] as const])));
        await db.outbox.bulkPut(planned.planned.map(({ entry }) => ({ ...(stored.get(entry.seq) as object), status: 'sending', attempts: entry.attempts + 1 }) as never));
        return { ...planned, waiting: null };
      });
      if (plan.waiting !== null) {
        return { kind: 'done', result: { ...result, stoppedBy: 'waiting', ...(online() && plan.waiting.backoff ? { retryAt: plan.waiting.backoff.until } : {}) } };
      }
      cursor += plan.used;
      if (plan.single !== null) {
        // too large to travel with others: it goes alone
        sentInPass = true;
        const stop = await sendEachAlone(context, [plan.single], blocked);
        if (stop) return { kind: 'done', result: stop };
        continue;
      }
      if (plan.planned.length === 0) continue;
      sentInPass = true;
      const entries = plan.planned.map((item) => item.entry);
      const changes = plan.planned.map((item) => item.change);

      let token = await deps.token();
      if (token === null) {
        await release(db, entries);
        return { kind: 'done', result: { ...result, stoppedBy: 'auth' } };
      }
      let response: Response;
      let body: unknown;
      try {
        response = await sendBatch(deps, changes, token);
        if (response.status === 401) {
          token = await deps.refresh();
          if (token === null) {
            await db.transaction('rw', db.outbox, async () => {
              for (const entry of entries) await db.outbox.update(entry.seq, { status: 'pending', lastStatus: 401, lastError: null, problem: 'session' });
            });
            return { kind: 'done', result: { ...result, stoppedBy: 'auth' } };
          }
          response = await sendBatch(deps, changes, token);
        }
        body = await readBody(response);
      } catch {
        return { kind: 'done', result: await unreachable(context, entries) };
      }
      const status = response.status;
      if (status === 404 || status === 405) {
        withoutBatchRoute.add(deps.baseUrl);
        await release(db, entries);
        return { kind: 'one-by-one' };
      }
      if (status === 401) {
        await release(db, entries);
        return { kind: 'done', result: { ...result, stoppedBy: 'auth' } };
      }
      if (status >= 500 || status === 429) {
        let retryAt = Number.POSITIVE_INFINITY;
        for (const entry of entries) {
          const verdict = await settle(db, entry, status, body, now);
          if (verdict.kind === 'unanswered') retryAt = Math.min(retryAt, verdict.retryAt);
        }
        return { kind: 'done', result: { ...result, stoppedBy: 'server', retryAt } };
      }
      const parsed = response.ok ? batchResponseSchema.safeParse(body) : null;
      if (parsed === null) {
        // the gateway refused the batch as such (too large for it, say): these changes go alone
        await release(db, entries);
        const stop = await sendEachAlone(context, entries, blocked);
        if (stop) return { kind: 'done', result: stop };
        continue;
      }
      if (!parsed.success || parsed.data.results.length > entries.length) return { kind: 'done', result: await unreachable(context, entries) };

      // every answer settled in one transaction, in order, each as if it had come alone
      const applied: { entry: OutboxEntry; body: unknown }[] = [];
      const stop = await db.transaction('rw', db.outbox, db.drafts, db.outcomes, async () => {
        let stopped: Pick<DrainResult, 'stoppedBy' | 'retryAt'> | null = null;
        const queue = await QueueView.read(db, entries);
        for (const [index, sent] of entries.entries()) {
          const answer = parsed.data.results[index];
          // read again: an earlier answer may have moved its If-Match (the gateway did the same)
          const entry = storedEntry(queue.get(sent.seq));
          if (entry === null) continue;
          if (answer === undefined || answer.status === DEPENDENCY_FAILED_STATUS) {
            // not tried, or held back behind its record's earlier change: it waits in the queue
            queue.change(entry.seq, { status: 'pending' });
            continue;
          }
          let verdict: Verdict;
          if (answer.status >= 200 && answer.status < 300 && uploadOf(entry) === null) {
            // applied: gone from the queue, and its record's later changes go over its new version (as settle does)
            queue.remove(entry.seq);
            const version = (answer.body as { version?: unknown } | undefined)?.version;
            if (entry.recordUuid !== null && typeof version === 'number') queue.rebase(entry, version);
            verdict = { kind: 'applied' };
          } else {
            // any other answer, as if it had come alone (what was settled so far is written first)
            await queue.flush();
            verdict = await settle(db, entry, answer.status, answer.body, now);
            await queue.reread(entry.seq);
          }
          if (verdict.kind === 'applied') applied.push({ entry, body: answer.body });
          else if ((verdict.kind === 'failed' || verdict.kind === 'conflict') && entry.recordUuid !== null) blocked.add(entry.recordUuid);
          stopped = count(result, verdict) ?? stopped;
        }
        await queue.flush();
        return stopped;
      });
      for (const item of applied) deps.onApplied?.(item.entry, item.body);
      if (stop) return { kind: 'done', result: { ...result, ...stop } };
    }
    if (!sentInPass) return { kind: 'done', result };
  }
}

async function drainHoldingLock(deps: DrainDeps, db: LobbyDatabase): Promise<DrainResult> {
  const context: DrainContext = {
    deps,
    db,
    result: { stoppedBy: 'empty', applied: 0, failed: 0, conflicts: 0 },
    now: deps.now ?? Date.now,
    trigger: deps.trigger ?? 'manual',
    online: deps.online ?? browserOnline,
  };
  if (deps.batch !== false && !withoutBatchRoute.has(deps.baseUrl)) {
    const bounds = {
      maxChanges: Math.max(1, Math.min(deps.batch?.maxChanges ?? BATCH_MAX_CHANGES, OUTBOX_BATCH_MAX_CHANGES)),
      maxBytes: Math.max(1, Math.min(deps.batch?.maxBytes ?? BATCH_MAX_BYTES, OUTBOX_BATCH_MAX_BYTES - 64)),
    };
    const outcome = await drainInBatches(context, bounds);
    if (outcome.kind === 'done') return outcome.result;
  }
  return drainOneByOne(context);
}

/** Sends what the signed-in user has queued, in order, until the queue is empty or must wait. */
export async function drainOutbox(deps: DrainDeps): Promise<DrainResult> {
  const db = deps.db ?? lobbyDb();
  if (!deps.locks) return drainHoldingLock(deps, db);
  return deps.locks.request(OUTBOX_LOCK, { ifAvailable: true }, async (lock) => {
    if (lock === null) return { stoppedBy: 'busy', applied: 0, failed: 0, conflicts: 0 } satisfies DrainResult;
    return drainHoldingLock(deps, db);
  });
}

/** navigator.locks where the context has it (pages, workers, service workers). */
export function webLocks(): OutboxLocks | undefined {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return undefined;
  return { request: (name, options, callback) => locks.request(name, options, callback) };
}

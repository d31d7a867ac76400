/**
 * The drainer: sends the outbox to the gateway, oldest first, one entry at a time. One drainer runs
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
 * Nothing stored here is English text of ours: an entry keeps the gateway's own words (lastError,
 * errorMessages) and, where there were none, a problem code and the status, which the screens
 * render through the message catalogue (describeOutboxError).
 */
import { ERROR_CODES, MADE_AT_HEADER, MADE_OFFLINE_HEADER, apiErrorBodySchema } from '../domain';
import { lobbyDb, type LobbyDatabase } from './db';
import { recordOutcome } from './outcomes';
import { listEntries, returnToDraft } from './outbox';
import { outboxEntrySchema, type OutboxEntry } from './records';
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

async function send(deps: DrainDeps, entry: OutboxEntry, token: string): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${token}`,
    'Idempotency-Key': entry.idempotencyKey,
    'X-Lobby-User': entry.userUuid,
    // for the change history: when the operator made it, and whether the gateway was out of reach then
    [MADE_AT_HEADER]: new Date(entry.created).toISOString(),
  };
  if (entry.offline === true) headers[MADE_OFFLINE_HEADER] = '1';
  if (entry.ifMatch !== null) headers['If-Match'] = `"${entry.ifMatch}"`;
  let body: string | undefined;
  if (entry.method !== 'DELETE' && entry.body !== null && entry.body !== undefined) {
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

async function drainHoldingLock(deps: DrainDeps, db: LobbyDatabase): Promise<DrainResult> {
  const result: DrainResult = { stoppedBy: 'empty', applied: 0, failed: 0, conflicts: 0 };
  const now = deps.now ?? Date.now;
  const trigger = deps.trigger ?? 'manual';
  const online = deps.online ?? browserOnline;
  /** the entry got no usable answer: it keeps a backoff, and the drain stops */
  const unanswered = async (entry: OutboxEntry, stop: 'network' | 'server', answered: Partial<OutboxEntry>): Promise<DrainResult> => {
    const backoff = nextBackoff(entry.backoff, now());
    await db.outbox.update(entry.seq, { status: 'pending', ...answered, backoff });
    return { ...result, stoppedBy: stop, retryAt: backoff.until };
  };
  for await (const entry of sendable(deps, db)) {
    if (!mayAttempt({ trigger, now: now(), browserOnline: online(), backoff: entry.backoff })) {
      return { ...result, stoppedBy: 'waiting', ...(online() && entry.backoff ? { retryAt: entry.backoff.until } : {}) };
    }

    let token = await deps.token();
    if (token === null) return { ...result, stoppedBy: 'auth' };
    // discarded by the operator since it was read: not sent
    if ((await db.outbox.update(entry.seq, { status: 'sending', attempts: entry.attempts + 1 })) === 0) continue;

    let response: Response;
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
    } catch {
      return unanswered(entry, 'network', { lastStatus: null, lastError: null, problem: 'unreachable', offline: true });
    }

    let body: unknown;
    try {
      body = await readBody(response);
    } catch {
      return unanswered(entry, 'network', { lastStatus: null, lastError: null, problem: 'unreachable', offline: true });
    }
    const status = response.status;
    if (response.ok) {
      await db.transaction('rw', db.outbox, async () => {
        await db.outbox.delete(entry.seq);
        await rebase(db, entry, body);
      });
      result.applied += 1;
      deps.onApplied?.(entry, body);
      continue;
    }
    const answered = { lastStatus: status, lastError: messageOf(body), problem: null };
    if (status === 401) {
      await db.outbox.update(entry.seq, { status: 'pending', ...answered });
      return { ...result, stoppedBy: 'auth' };
    }
    if (status >= 500 || status === 429 || isBusy(status, body)) return unanswered(entry, 'server', answered);
    if (status === 404 && entry.method === 'DELETE') {
      // the record is not there: what the operator asked for. Done, and said so on the Sync page.
      await db.transaction('rw', db.outbox, db.outcomes, async () => {
        await db.outbox.delete(entry.seq);
        await recordOutcome({ userUuid: entry.userUuid, kind: 'alreadyRemoved', label: entry.label }, db);
      });
      result.applied += 1;
      deps.onApplied?.(entry, body);
      continue;
    }
    if ((status === 409 && !isRefusedRemoval(body)) || status === 412) {
      const theirs = (body as { current?: unknown } | undefined)?.current ?? null;
      await db.outbox.update(entry.seq, { status: 'conflict', ...answered, errorMessages: messagesOf(body), errorCodes: codesOf(body), theirs, backoff: null });
      result.conflicts += 1;
      continue;
    }
    await db.transaction('rw', db.outbox, db.drafts, async () => {
      await db.outbox.update(entry.seq, { status: 'failed', ...answered, errorMessages: messagesOf(body), errorCodes: codesOf(body), backoff: null });
      await returnToDraft(entry, { message: answered.lastError, status }, db);
    });
    result.failed += 1;
  }
  return result;
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

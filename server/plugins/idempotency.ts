/**
 * Exactly-once mutations (docs/architecture.md "Gateway API conventions"). With an Idempotency-Key header the
 * key, a hash of (method, url, If-Match, body) and the outcome are written in the SAME transaction as the
 * effect: the key row is inserted first, so a concurrent duplicate waits on it (PostgreSQL) or runs
 * after it (PGlite) and then replays the stored outcome. A 4xx outcome rolls the effect's
 * transaction back and is stored in a second, short one (no savepoint on the way of every write);
 * a 5xx rolls everything back so a retry runs again.
 * Keys are scoped to the signed-in user (anonymous requests share the nil uuid scope).
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/domain/index';
import { sha256 } from '../auth/secrets';
import type { Database, Transaction } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from '../http-error';
import { IF_MATCH_HEADER } from './if-match';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAY_HEADER = 'idempotency-replayed';
const ANONYMOUS = '00000000-0000-0000-0000-000000000000';
export const IDEMPOTENCY_RETENTION_MS = 24 * 3600_000;

export interface MutationOutcome {
  statusCode: number;
  /** omitted for 204 */
  body?: unknown;
}

export type MutationEffect = (tx: Transaction) => Promise<MutationOutcome>;

/** JSON with object keys sorted, so the same body always hashes the same. */
export function stableStringify(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
}

/** Whether `key` is a usable Idempotency-Key: 1 to 255 visible ASCII characters. */
export const isIdempotencyKey = (key: string): boolean => /^[\x21-\x7e]{1,255}$/.test(key);

/** The request's Idempotency-Key (null: none); 400 when it is not 1 to 255 visible ASCII characters. */
export function readKey(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !isIdempotencyKey(key)) {
    throw HttpError.of(400, ERROR_CODES.validation, 'Idempotency-Key must be 1 to 255 visible ASCII characters', 'Idempotency-Key');
  }
  return key;
}

/** Whose keys a request's key is among: the signed-in user's, or the anonymous scope. */
export const keyOwner = (userUuid: string | undefined): string => userUuid ?? ANONYMOUS;

/**
 * What a key's request is, to tell a replay from another request under the same key. If-Match is
 * part of it: the same key sent again with another version is another request (422), not a replay
 * of the 412 the old version got. `body` is the body as the route's schema parsed it.
 */
export function mutationHash(method: string, url: string, ifMatch: string | string[] | undefined, body: unknown): string {
  return sha256(stableStringify({ method, url, ifMatch: (Array.isArray(ifMatch) ? ifMatch.join(',') : ifMatch)?.trim() ?? null, body: body ?? null }));
}

function send(reply: FastifyReply, outcome: MutationOutcome, replayed: boolean): FastifyReply {
  if (replayed) void reply.header(REPLAY_HEADER, 'true');
  void reply.code(outcome.statusCode);
  if (outcome.statusCode === 204 || outcome.body === undefined || outcome.body === null) return reply.send();
  return reply.send(outcome.body);
}

type Stored = { kind: 'done'; outcome: MutationOutcome; replayed: boolean } | { kind: 'reused' } | { kind: 'busy' };

/**
 * `work` in a transaction of its own. A change of an outbox batch on PostgreSQL commits without
 * waiting for the disk (ADR 0031): the batch calls flushCommits before it answers, so nothing it
 * answers can be lost.
 */
function inTransaction<T>(request: FastifyRequest, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return request.server.lobby.db.transaction(async (tx) => {
    if (request.inBatch && request.server.lobby.groupCommit) await tx.execute(sql`set local synchronous_commit = off`);
    return work(tx);
  });
}

/**
 * Waits until every transaction committed so far is on disk: a transaction that takes an id
 * commits with synchronous_commit on, and the WAL is flushed in order, so the commits before it
 * (a batch's, made without waiting) are flushed with it. One disk wait for a whole batch.
 */
export async function flushCommits(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_current_xact_id()`);
  });
}

/** Runs `effect` once per Idempotency-Key in one transaction and answers its (stored) outcome. */
export async function withMutation(request: FastifyRequest, reply: FastifyReply, effect: MutationEffect): Promise<FastifyReply> {
  const key = readKey(request);
  if (key === null) return send(reply, await inTransaction(request, effect), false);
  const userUuid = keyOwner(request.auth?.userUuid);
  const requestHash = mutationHash(request.method, request.url, request.headers[IF_MATCH_HEADER], request.body);
  const now = request.server.lobby.now();
  /** Claims the key (with its outcome when it is already known): false when another request holds it. */
  const claim = async (tx: Transaction, outcome?: MutationOutcome): Promise<boolean> => {
    const stored = outcome === undefined ? {} : { statusCode: outcome.statusCode, response: outcome.body ?? null };
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userUuid, key, requestHash, createdAt: now, ...stored })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return claimed.length > 0;
  };
  /** What the key already holds, when another request claimed it first. */
  const held = async (tx: Transaction): Promise<Stored> => {
    const [row] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userUuid, userUuid), eq(idempotencyKeys.key, key)));
    if (!row || row.statusCode === null) return { kind: 'busy' };
    if (row.requestHash !== requestHash) return { kind: 'reused' };
    return { kind: 'done', outcome: { statusCode: row.statusCode, body: row.response ?? undefined }, replayed: true };
  };
  let stored: Stored;
  try {
    stored = await inTransaction(request, async (tx): Promise<Stored> => {
      if (!(await claim(tx))) return held(tx);
      const outcome = await effect(tx);
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: outcome.statusCode, response: outcome.body ?? null })
        .where(and(eq(idempotencyKeys.userUuid, userUuid), eq(idempotencyKeys.key, key)));
      return { kind: 'done', outcome, replayed: false };
    });
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    // refused (4xx): the effect's writes went with its transaction, and the refusal is stored on
    // its own, unless another request with the key got there meanwhile (then that one is answered)
    const outcome: MutationOutcome = { statusCode: error.statusCode, body: error.body() };
    stored = await inTransaction(request, async (tx): Promise<Stored> => ((await claim(tx, outcome)) ? { kind: 'done', outcome, replayed: false } : held(tx)));
  }
  if (stored.kind === 'reused') {
    throw HttpError.of(422, ERROR_CODES.idempotencyMismatch, 'This Idempotency-Key was already used for a different request', 'Idempotency-Key');
  }
  if (stored.kind === 'busy') {
    throw HttpError.of(409, ERROR_CODES.idempotencyMismatch, 'A request with this Idempotency-Key is still in progress', 'Idempotency-Key');
  }
  return send(reply, stored.outcome, stored.replayed);
}

/** Drops keys older than the retention (at least 24 h). */
export async function purgeIdempotencyKeys(db: Database, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)));
}

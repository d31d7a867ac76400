/**
 * Recent outcomes: what a replay settled without leaving an entry in the outbox, kept so the
 * operator reads it on the Sync page instead of the change vanishing without a word (a delete the
 * gateway answered 404: the record was already gone, which is what was asked). Per user, the
 * newest MAX_OUTCOMES are kept until dismissed; the user's logout removes them.
 */
import { lobbyDb, type LobbyDatabase } from './db';
import { MAX_OUTCOMES, outcomeRecordSchema, parseStored, type OutcomeRecord } from './records';

export { MAX_OUTCOMES };

export type NewOutcome = Omit<OutcomeRecord, 'id' | 'at'> & { at?: number };

/** Adds an outcome (inside the caller's transaction when there is one) and drops the user's oldest beyond MAX_OUTCOMES. */
export async function recordOutcome(outcome: NewOutcome, db: LobbyDatabase = lobbyDb()): Promise<void> {
  await db.outcomes.add({ userUuid: outcome.userUuid, kind: outcome.kind, label: outcome.label, at: outcome.at ?? Date.now() } as OutcomeRecord);
  const ids = await db.outcomes.where('userUuid').equals(outcome.userUuid).primaryKeys();
  const surplus = ids.sort((a, b) => a - b).slice(0, Math.max(0, ids.length - MAX_OUTCOMES));
  if (surplus.length > 0) await db.outcomes.bulkDelete(surplus);
}

/** A user's outcomes, newest first; unreadable ones are skipped. */
export async function listOutcomes(userUuid: string, db: LobbyDatabase = lobbyDb()): Promise<OutcomeRecord[]> {
  const rows = await db.outcomes.where('userUuid').equals(userUuid).toArray();
  return rows.flatMap((raw) => parseStored(outcomeRecordSchema, raw, 'outcome') ?? []).sort((a, b) => b.id - a.id);
}

/** The operator has read it. */
export async function dismissOutcome(id: number, db: LobbyDatabase = lobbyDb()): Promise<void> {
  await db.outcomes.delete(id);
}

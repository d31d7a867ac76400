/**
 * Set application of an outbox batch (docs/adr/0037-batch-runs-as-sets.md): a run of consecutive
 * creates and updates of resources that declared `batch` rules is applied in ONE transaction with a
 * few statements for the whole run (the parents locked at once, the records read at once, one
 * multi-row insert and one multi-row upsert per table, one insert of the history and one of the
 * Idempotency-Keys with their outcomes), instead of some eight statements per change.
 *
 * It answers exactly what the changes sent one after another would have answered, or nothing: every
 * rule a change alone would meet is checked for the run as a whole, in an order-aware way (a key
 * written in the run may be held, before the run or in it, by its writer only; a record named must
 * exist before the run or be created earlier in it), and anything these checks cannot vouch for (a
 * refusal, a conflict, a key already used, a malformed header, a replay) rolls the run back and
 * returns null: the caller then applies the run one change at a time, as before, and that path gives
 * every refusal its own answer.
 */
import { randomUUID } from 'node:crypto';
import { and, getTableColumns, inArray, is, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { type BatchResult, DEPENDENCY_FAILED_STATUS, ERROR_CODES, MADE_AT_HEADER, MADE_OFFLINE_HEADER, madeAtOf, OUTBOX_BATCH_MESSAGES } from '../../src/domain/index';
import type { Transaction } from '../db/client';
import { insertJsonRows } from '../db/json-rows';
import { historyEntries, idempotencyKeys, organizations } from '../db/schema';
import { parseIfMatch } from '../plugins/if-match';
import { isIdempotencyKey, keyOwner, mutationHash } from '../plugins/idempotency';
import { callerGrantee } from '../services/directory';
import { recordChange } from '../services/history';
import { batchSetPlanners, NIL_UUID, type RowOf, type ResourceTable, type SetPlanner, UUID } from './define-resource';

/** A change of the batch, with its index among the batch's changes. */
export interface SetChange {
  index: number;
  method: string;
  path: string;
  body?: unknown;
  headers: Readonly<Record<string, string | undefined>>;
  after?: number | undefined;
  rebase?: boolean | undefined;
}

type Row = RowOf<ResourceTable> & Record<string, unknown>;

interface Matched {
  planner: SetPlanner;
  op: 'create' | 'update';
  /** the path's parameters as sent */
  raw: Record<string, string>;
}

/** Which resource write a change is, when its resource declared batch rules. */
export function matchSetChange(method: string, path: string): Matched | null {
  if (method !== 'POST' && method !== 'PUT') return null;
  for (const planner of batchSetPlanners()) {
    const found = (method === 'POST' ? planner.collection : planner.item).exec(path);
    if (!found) continue;
    const raw: Record<string, string> = {};
    planner.params.forEach((name, position) => (raw[name] = found[position + 1] as string));
    if (method === 'PUT') raw.id = found[planner.params.length + 1] as string;
    return { planner, op: method === 'POST' ? 'create' : 'update', raw };
  }
  return null;
}

/** Thrown inside the run's transaction when a rule cannot vouch for the run: it is rolled back and applied one change at a time. */
class OneAtATime extends Error {}
const oneAtATime = (): never => {
  throw new OneAtATime();
};

interface Planned {
  change: SetChange;
  planner: SetPlanner;
  op: 'create' | 'update';
  params: Record<string, string>;
  /** the parent's uuid as stored (lower case) */
  parent: string;
  /** the enclosing parent's value as sent (a hotel's organization), or null */
  outer: string | null;
  /** the record's uuid (lower case; a create without one gets one, as the database would give it) */
  id: string;
  /** the body as the route's schema parses it (what the key's hash covers) */
  body: unknown;
  input: unknown;
  key: string | null;
}

const headerOf = (change: SetChange, name: string): string | undefined => {
  for (const [header, value] of Object.entries(change.headers)) if (header.toLowerCase() === name) return value;
  return undefined;
};
export const isSuccess = (status: number) => status >= 200 && status < 300;
/** The version an answer's record has, for a change that follows it (`rebase`). */
export const versionOf = (body: unknown): number | null => {
  const version = (body as { version?: unknown } | null | undefined)?.version;
  return typeof version === 'number' && Number.isInteger(version) ? version : null;
};
/** The answer of a change whose `after` failed: 424, not tried, not stored. */
export const dependencyFailed = (): BatchResult => ({
  status: DEPENDENCY_FAILED_STATUS,
  body: { errors: [{ code: ERROR_CODES.dependencyFailed, message: OUTBOX_BATCH_MESSAGES.dependencyFailed }] },
});

/**
 * Applies `run` (consecutive changes of the batch, each a create or update of a resource with batch
 * rules) as sets: the answers by change index, or null when the run must be applied one change at a
 * time (nothing of it was applied). `results`: the answers of the batch's changes before the run.
 */
export async function applyRunAsSet(request: FastifyRequest, run: readonly SetChange[], results: readonly BatchResult[]): Promise<Map<number, BatchResult> | null> {
  const lobby = request.server.lobby;
  const userUuid = request.auth?.userUuid;
  const me = await callerGrantee(request);
  if (!me || !userUuid) return null;

  // what can be known without the database: the route, the parent, the caller's rule, the body, the headers
  const planned: Planned[] = [];
  const allowed = new Map<string, boolean>();
  const answers = new Map<number, BatchResult>();
  for (const change of run) {
    // a change that follows one which failed (before the run) is answered 424 and not stored, as the route does
    const dependency = change.after === undefined ? undefined : (answers.get(change.after) ?? results[change.after]);
    if (dependency !== undefined && !isSuccess(dependency.status)) {
      answers.set(change.index, dependencyFailed());
      continue;
    }
    const matched = matchSetChange(change.method, change.path);
    if (!matched) return null;
    const { planner, op, raw } = matched;
    const { declaration } = planner;
    const scope = declaration.parent;
    const rawParent = raw[scope.param] ?? '';
    const outer = scope.within ? (raw[scope.within.param] ?? '') : null;
    if (outer !== null && !UUID.test(outer)) return null;
    const params = Object.fromEntries(Object.entries(raw).filter(([name]) => name !== 'id').map(([name, value]) => [name, value.toLowerCase()]));
    const rule = `${declaration.path} ${outer ?? ''} ${rawParent}`;
    let granted = allowed.get(rule);
    if (granted === undefined) {
      granted = await declaration.authorize(me, rawParent.toLowerCase(), { params, db: lobby.db });
      allowed.set(rule, granted);
    }
    if (!granted || !UUID.test(rawParent)) return null;
    const key = headerOf(change, 'idempotency-key') ?? null;
    if (key !== null && !isIdempotencyKey(key)) return null;
    const parsed = (op === 'create' ? declaration.schemas.create : declaration.schemas.update).safeParse(change.body);
    if (!parsed.success) return null;
    let id: string;
    let input: unknown;
    if (op === 'create') {
      const { uuid, ...rest } = parsed.data as { uuid?: string };
      if (uuid === NIL_UUID) return null;
      id = (uuid ?? randomUUID()).toLowerCase();
      input = rest;
    } else {
      if (!UUID.test(raw.id ?? '')) return null;
      id = (raw.id as string).toLowerCase();
      input = parsed.data;
    }
    planned.push({ change, planner, op, params, parent: rawParent.toLowerCase(), outer, id, body: parsed.data, input, key });
  }

  if (planned.length === 0) return answers;
  try {
    await lobby.db.transaction(async (tx) => {
      if (lobby.groupCommit) await tx.execute(sql`set local synchronous_commit = off`);
      const planners = [...new Set(planned.map((item) => item.planner))];
      const now = lobby.now();
      await lockParents(tx, planned);
      const stored = await readRecords(tx, planned);
      await checkUniqueKeys(tx, planners, planned);
      const referenced = await readReferences(tx, planners, planned);
      const created = await insertCreates(tx, planners, planned, now);
      await walk(tx, request, planned, { stored, created, referenced, answers, results, userUuid, now });
    });
  } catch (error) {
    if (error instanceof OneAtATime) return null;
    request.log.warn({ err: error }, 'a batch run could not be applied as a set; applying it one change at a time');
    return null;
  }
  return answers;
}

/** Locks every parent the run writes under (as a write with rules does), in uuid order; an unknown one sends the run one at a time (404). */
async function lockParents(tx: Transaction, run: readonly Planned[]): Promise<void> {
  const byScope = new Map<SetPlanner['declaration']['parent'], Planned[]>();
  for (const item of run) {
    const scope = item.planner.declaration.parent;
    const list = byScope.get(scope);
    if (list) list.push(item);
    else byScope.set(scope, [item]);
  }
  // organizations before units, as the gateway's other writers lock them
  const scopes = [...byScope.keys()].sort((a, b) => Number(b.table === organizations) - Number(a.table === organizations));
  for (const scope of scopes) {
    const items = byScope.get(scope) as Planned[];
    const uuids = [...new Set(items.map((item) => item.parent))].sort();
    const rows = (await tx
      .select({ uuid: scope.key, ...(scope.within ? { within: scope.within.column } : {}) })
      .from(scope.table)
      .where(and(inArray(scope.key, uuids), ...(scope.filter ? [scope.filter] : [])))
      .orderBy(scope.key)
      .for('no key update')) as { uuid: string; within?: string }[];
    const found = new Map(rows.map((row) => [String(row.uuid).toLowerCase(), row.within === undefined ? null : String(row.within).toLowerCase()]));
    for (const item of items) {
      if (!found.has(item.parent)) oneAtATime();
      if (item.outer !== null && found.get(item.parent) !== item.outer.toLowerCase()) oneAtATime();
    }
  }
}

/** The stored rows of the records the run updates and does not create, locked for update. */
async function readRecords(tx: Transaction, run: readonly Planned[]): Promise<Map<string, Row>> {
  const createdIds = new Set(run.filter((item) => item.op === 'create').map((item) => item.id));
  const byTable = new Map<SetPlanner, Set<string>>();
  for (const item of run) {
    if (item.op !== 'update' || createdIds.has(item.id)) continue;
    const ids = byTable.get(item.planner) ?? new Set<string>();
    ids.add(item.id);
    byTable.set(item.planner, ids);
  }
  const stored = new Map<string, Row>();
  for (const [planner, ids] of byTable) {
    const table = planner.declaration.table;
    const rows = (await tx
      .select()
      .from(table as PgTable)
      .where(inArray(table.uuid, [...ids]))
      .for('update')) as Row[];
    for (const row of rows) stored.set(String(row.uuid).toLowerCase(), row);
  }
  return stored;
}

/**
 * A unique key written in the run (every key a record takes on the way, not only its last) may be
 * held, before the run or in it, by the record writing it and no other: then each change alone
 * would have passed the rule too, in its turn, and the run's end holds no two records with one key.
 */
async function checkUniqueKeys(tx: Transaction, planners: readonly SetPlanner[], run: readonly Planned[]): Promise<void> {
  for (const planner of planners) {
    const rule = planner.rules.uniqueKey;
    if (!rule) continue;
    const writer = new Map<string, string>();
    const parents = new Set<string>();
    for (const item of run) {
      if (item.planner !== planner) continue;
      const slot = `${item.parent} ${rule.of(item.input)}`;
      const other = writer.get(slot);
      if (other !== undefined && other !== item.id) oneAtATime();
      writer.set(slot, item.id);
      parents.add(item.parent);
    }
    if (writer.size === 0) continue;
    const keys = [...new Set([...writer.keys()].map((slot) => slot.slice(slot.indexOf(' ') + 1)))];
    const table = planner.declaration.table;
    const holders = (await tx
      .select()
      .from(table as PgTable)
      .where(and(inArray(planner.parentColumn, [...parents]), rule.candidates(keys), ...(rule.live ? [rule.live] : [])))) as Row[];
    for (const holder of holders) {
      const slot = `${String(holder[planner.declaration.parentKey]).toLowerCase()} ${rule.stored(holder)}`;
      const by = writer.get(slot);
      if (by !== undefined && by !== String(holder.uuid).toLowerCase()) oneAtATime();
    }
  }
}

/** The parent of each live record the run's changes name (references), by uuid. */
async function readReferences(tx: Transaction, planners: readonly SetPlanner[], run: readonly Planned[]): Promise<Map<string, string>> {
  const parentOf = new Map<string, string>();
  for (const planner of planners) {
    const rule = planner.rules.references;
    if (!rule) continue;
    const named = new Set<string>();
    for (const item of run) if (item.planner === planner) for (const uuid of rule.of(item.input)) if (UUID.test(uuid)) named.add(uuid.toLowerCase());
    if (named.size === 0) continue;
    const rows = (await tx
      .select({ uuid: rule.table.uuid, parent: rule.parentColumn })
      .from(rule.table as PgTable)
      .where(and(inArray(rule.table.uuid, [...named]), ...(rule.live ? [rule.live] : [])))) as { uuid: string; parent: string }[];
    for (const row of rows) parentOf.set(String(row.uuid).toLowerCase(), String(row.parent).toLowerCase());
  }
  return parentOf;
}

/** Inserts the records the run creates, as created (one statement per table, in the order the run first names them): their rows by uuid. */
async function insertCreates(tx: Transaction, planners: readonly SetPlanner[], run: readonly Planned[], now: Date): Promise<Map<string, Row>> {
  const created = new Map<string, Row>();
  for (const planner of planners) {
    const { declaration } = planner;
    const values = run
      .filter((item) => item.planner === planner && item.op === 'create')
      .map((item) => ({
        uuid: item.id,
        ...Object.fromEntries(Object.entries(declaration.scopeKeys ?? {}).map(([column, param]) => [column, item.params[param as string] ?? ''])),
        [declaration.parentKey]: item.parent,
        ...planner.toValues(item.input),
        createdAt: now,
        updatedAt: now,
      }));
    if (values.length === 0) continue;
    const table = declaration.table;
    // the rows as the database will hold them, when every column left out has a value known here
    const complete = values.map((value) => withDefaults(table, value));
    let rows: Row[];
    if (complete.every((row): row is Row => row !== null)) {
      rows = (await insertJsonRows(tx, table as PgTable, complete, 'do nothing')) === complete.length ? complete : [];
    } else {
      rows = (await tx
        .insert(table as PgTable)
        .values(values as never)
        .onConflictDoNothing({ target: table.uuid })
        .returning()) as Row[];
    }
    // a uuid in use (or created twice in the run) is a 409 of its own
    if (rows.length !== values.length) oneAtATime();
    for (const row of rows) created.set(String(row.uuid).toLowerCase(), row);
  }
  return created;
}

interface WalkState {
  stored: Map<string, Row>;
  created: Map<string, Row>;
  referenced: Map<string, string>;
  answers: Map<number, BatchResult>;
  results: readonly BatchResult[];
  userUuid: string;
  now: Date;
}

/**
 * The run in its order, as the routes would take it: each update over the record as the changes
 * before it left it (its If-Match checked, or taken from the answer it follows), each answer, history
 * entry and key outcome; then the records' last states written, the history and the keys.
 */
async function walk(tx: Transaction, request: FastifyRequest, run: readonly Planned[], state: WalkState): Promise<void> {
  const { stored, created, referenced, answers, results, userUuid, now } = state;
  const current = new Map<string, Row>();
  /** the resource of each record created so far in the run, by uuid */
  const createdBy = new Map<string, SetPlanner>();
  const dirty = new Map<SetPlanner, Set<string>>();
  const history: (typeof historyEntries.$inferInsert)[] = [];
  const keys: (typeof idempotencyKeys.$inferInsert)[] = [];
  const owner = keyOwner(userUuid);
  const historyOn = !request.server.lobby.historyOff;

  for (const item of run) {
    const { change, planner } = item;
    const { declaration } = planner;
    // in the run, what a change follows succeeded (or the run is not applied as a set)
    const dependency = change.after === undefined ? undefined : (answers.get(change.after) ?? results[change.after]);
    const followed = change.rebase === true && dependency !== undefined ? versionOf(dependency.body) : null;
    const ifMatch = followed !== null ? `"${followed}"` : headerOf(change, 'if-match');
    let expected: number | '*' | null;
    try {
      expected = parseIfMatch(ifMatch);
    } catch {
      return oneAtATime();
    }
    const references = planner.rules.references;
    for (const uuid of references?.of(item.input) ?? []) {
      // a record named must be live under the same parent before the run, or created earlier in it
      const id = uuid.toLowerCase();
      const maker = createdBy.get(id);
      const parent = maker === undefined ? referenced.get(id) : maker.declaration.table === references?.table ? String(created.get(id)?.[maker.declaration.parentKey]).toLowerCase() : null;
      if (parent !== item.parent) oneAtATime();
    }

    let before: Row | null = null;
    let after: Row;
    if (item.op === 'create') {
      if (current.has(item.id) || createdBy.has(item.id)) oneAtATime();
      after = created.get(item.id) as Row;
      createdBy.set(item.id, planner);
    } else {
      // a record the run creates exists from its create on; one it does not, as it was read
      before = current.get(item.id) ?? (created.has(item.id) ? undefined : stored.get(item.id)) ?? null;
      if (before === null) return oneAtATime();
      if (String(before[declaration.parentKey]).toLowerCase() !== item.parent) oneAtATime();
      if (planner.softDeleteKey !== null && before[planner.softDeleteKey] === true) oneAtATime();
      if (expected !== null && expected !== '*' && expected !== before.version) oneAtATime();
      after = { ...before, ...planner.toValues(item.input), version: before.version + 1, updatedAt: now } as Row;
      const ids = dirty.get(planner) ?? new Set<string>();
      ids.add(item.id);
      dirty.set(planner, ids);
    }
    current.set(item.id, after);

    const record = declaration.toRecord(after);
    const statusCode = item.op === 'create' ? 201 : 200;
    // what the route's response schema would send
    const sent = declaration.schemas.record.safeParse(record);
    if (!sent.success) oneAtATime();
    answers.set(change.index, { status: statusCode, body: JSON.parse(JSON.stringify(sent.data)) as unknown });
    if (historyOn) {
      const write = recordChange(
        { kind: declaration.kind, recordUuid: item.id, orgUuid: item.params.org || item.parent, unitUuid: declaration.parent.table === organizations ? null : item.parent },
        before === null ? null : (declaration.toRecord(before) as Record<string, unknown>),
        record as Record<string, unknown>,
      );
      if (write.action !== 'changed' || write.changes.length > 0) {
        history.push({
          kind: write.kind,
          recordUuid: write.recordUuid,
          orgUuid: write.orgUuid.toLowerCase(),
          unitUuid: write.unitUuid?.toLowerCase() ?? null,
          userUuid,
          action: write.action,
          changes: write.changes,
          bulk: null,
          madeAt: madeAtOf(headerOf(change, MADE_AT_HEADER), now),
          appliedAt: now,
          offline: headerOf(change, MADE_OFFLINE_HEADER) === '1',
        });
      }
    }
    if (item.key !== null) {
      keys.push({ userUuid: owner, key: item.key, requestHash: mutationHash(change.method, `/api${change.path}`, ifMatch, item.body), statusCode, response: record, createdAt: now });
    }
  }

  // the records' last states: one upsert per table over rows that exist (read or created above)
  for (const [planner, ids] of dirty) {
    const table = planner.declaration.table;
    await insertJsonRows(tx, table as PgTable, [...ids].map((id) => current.get(id) as Row), { replaceOn: table.uuid });
  }
  await insertJsonRows(tx, historyEntries, history);
  // a key already used (a replay, or another request's): its own answer comes from the store, one change at a time
  if ((await insertJsonRows(tx, idempotencyKeys, keys, 'do nothing')) !== keys.length) oneAtATime();
}

/**
 * A created row as the database will hold it: the values written, and for each column left out its
 * default, when that is a value (or a function) known here; null when one is computed by the
 * database (then the insert answers the rows).
 */
function withDefaults(table: ResourceTable, values: Record<string, unknown>): Row | null {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table as PgTable) as Record<string, AnyPgColumn>)) {
    if (values[key] !== undefined) row[key] = values[key];
    else if (column.defaultFn !== undefined) row[key] = column.defaultFn();
    else if (column.default === undefined) {
      if (column.notNull) return null;
      row[key] = null;
    } else if (is(column.default, SQL)) return null;
    else row[key] = column.default;
  }
  return row as Row;
}

/**
 * The app's side of a resource (docs/architecture.md "Resources"): one declaration gives its query
 * keys, its list with the operator's queued changes applied (pending creates and edits, removals
 * waiting for the gateway), and its writes through the outbox with draft scope, original and
 * conflict data. A feature declares its resource here and keeps only what is its own.
 *
 * Not re-exported from ./index: it brings React Query and the request layer, which the service
 * worker (that replays the outbox) never needs.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, parseAnswer, request, useCachedAt, useSession } from '../api';
import { prefetchRead } from '../api/prefetch';
import { t } from '../i18n';
import type { ListName } from '../../worker/jobs';
import { readListInWorker } from './worker-jobs';
import { useOutboxEntries } from './hooks';
import { enqueue, onSeenGone } from './outbox';
import type { DraftScope, OutboxEntry } from './records';

/** What every resource record has. */
export interface ResourceRecord {
  uuid: string;
  version: number;
}

/** A queued removal of a record: the row stays, struck through, until the gateway confirms it. */
export interface QueuedRemoval {
  /** the outbox entry, to discard it (Undo) */
  seq: number;
  /** handed to the network already: too late to undo */
  sending: boolean;
}

/** A record as a list shows it: the gateway's, with what is queued for it. */
export type ResourceRow<TRecord> = TRecord & {
  /** a queued change of this record has not reached the gateway yet */
  pending: boolean;
  /** a queued removal waits for the gateway, or null */
  removal: QueuedRemoval | null;
};

/**
 * One resource under an organization (the outbox's scope): e.g. `/organization/{org}/pms-connection`,
 * or under a record of it, e.g. a hotel's packages at `/organization/{org}/hotel/{hotel}/pms-package`.
 * `TInput` is what a form edits (the PUT body; a POST adds the client uuid). `TScope` says where a
 * collection is: the organization's uuid (the default), or an object naming it and its parent.
 */
export interface ClientResourceDeclaration<TRecord extends ResourceRecord, TInput extends object, TScope extends ResourceScope = string> {
  /** outbox collection and draft kind, e.g. 'pms-connection' */
  kind: string;
  /** first element of its query keys, e.g. 'pms-connections' */
  queryKey: string;
  /** collection path below the gateway's base URL */
  path(scope: TScope): string;
  /** the GET of the list, when it asks for more than the collection path (a query string); default: path */
  listPath?(scope: TScope): string;
  /** the zod object of a record: its keys are what a removal keeps as `original` */
  record: z.ZodObject;
  list: z.ZodType<{ data: TRecord[] }>;
  /**
   * A list that can hold 10,000s of records (a big hotel's): its answer is parsed and checked in
   * the worker (the same contract, named here) and taken back in parts, never on the main thread.
   */
  listInWorker?: ListName;
  /** the form's fields of a record (an edit's `original`, beside its version) */
  inputOf(record: TRecord): TInput;
  /** a record not at the gateway yet, before a queued create's body is laid over it */
  blank(scope: TScope): Omit<TRecord, 'uuid' | 'version'>;
  /** list order, the gateway's */
  compare(a: TRecord, b: TRecord): number;
  /** a record with a queued body laid over it; default: the body's fields replace the record's */
  merge?(record: TRecord, body: Partial<TInput>): TRecord;
  /**
   * A queued change of another collection that also writes a record of this one (the hotel save
   * creates or changes its hotel unit): the record's uuid and the body laid over it, else null.
   * Such a record shows as pending, created when the list does not have it yet.
   */
  alsoWrites?(entry: OutboxEntry, scope: TScope): { recordUuid: string; body: Partial<TInput> } | null;
  /**
   * Whether a queued change takes the record out of this collection (default: a DELETE). A device
   * leaves its organization by a PUT …/unassign, and its row waits, struck through, with Undo, as
   * a removal's does.
   */
  removes?(entry: OutboxEntry): boolean;
  /** what the operator reads on the Sync page for each change */
  labels: { create(input: TInput): string; update(input: TInput): string; delete(record: TRecord): string };
}

/**
 * Where a collection is: an organization's uuid, or `{ org, ...parents }` (each value a uuid), or
 * null for a collection of no organization (the users a user manager manages).
 */
export type ResourceScope = string | null | ({ org: string } & Record<string, string>);

/** The organization of a scope: the outbox keeps, shows and drops changes per organization. */
export const orgOfScope = (scope: ResourceScope): string | null => (scope === null || typeof scope === 'string' ? scope : scope.org);
/**
 * The draft id of a record not created yet, in a collection: 'new' in an organization's, and
 * 'new:' with the enclosing ids in a unit's or a hotel's, so an unfinished new category of one unit
 * never opens on another unit of the organization (drafts are kept per organization and kind).
 */
export const newRecordIdOf = (scope: ResourceScope): string => {
  if (scope === null || typeof scope === 'string') return 'new';
  const within = Object.entries(scope).filter(([key]) => key !== 'org').map(([, id]) => id);
  return within.length === 0 ? 'new' : `new:${within.join('/')}`;
};
const scopeParts = (scope: ResourceScope): string[] => (scope === null ? [] : typeof scope === 'string' ? [scope] : Object.values(scope));

export interface ClientResource<TRecord extends ResourceRecord, TInput extends object, TScope extends ResourceScope = string> {
  declaration: ClientResourceDeclaration<TRecord, TInput, TScope>;
  path(scope: TScope): string;
  itemPath(scope: TScope, uuid: string): string;
  keys: { list(userUuid: string | null, scope: TScope): readonly [string, string | null, ...string[]] };
  /** GET of the collection: the records as the gateway has them (`enabled` false: not read yet) */
  useList(scope: TScope, enabled?: boolean): ReturnType<typeof useListQuery<TRecord>>;
  /** Starts the GET useList makes, before its screen shows (a route's prefetch); nothing when the list is cached already. */
  prefetchList(queryClient: QueryClient, userUuid: string, scope: TScope): void;
  applyQueued(list: readonly TRecord[], entries: readonly OutboxEntry[], scope: TScope): ResourceRow<TRecord>[];
  /**
   * The rows to show: the gateway's (or the read cache's) list plus what is queued; a record the
   * gateway has just removed stays out while the list is being fetched again. `markUndone` before
   * discarding a queued removal (Undo), so its row comes back.
   */
  useRows(
    scope: TScope,
    enabled?: boolean,
  ): {
    query: ReturnType<typeof useListQuery<TRecord>>;
    rows: ResourceRow<TRecord>[] | null;
    failedDeletes: OutboxEntry[];
    markUndone(uuid: string): void;
  };
  /** Queue a new record; it carries its own uuid so later changes can queue behind it. */
  queueCreate(scope: TScope, userUuid: string, input: TInput, draft: DraftScope | null): Promise<OutboxEntry>;
  /** Queue an edit over `version` (the version the edit started from). */
  queueUpdate(scope: TScope, userUuid: string, original: TRecord, version: number, input: TInput, draft: DraftScope | null): Promise<OutboxEntry>;
  queueDelete(scope: TScope, userUuid: string, record: TRecord): Promise<OutboxEntry>;
}

/** The read of a collection, for a screen's query and for a read started before the screen shows (a route's prefetch). */
function listQuery<TRecord>(queryKey: readonly unknown[], path: string, schema: z.ZodType<{ data: TRecord[] }>, inWorker?: ListName) {
  return {
    queryKey,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<TRecord[]> => {
      if (inWorker === undefined) return parseAnswer(schema, await request(path, { signal })).data;
      const response = await request<Response>(path, { signal, raw: true });
      const list = await readListInWorker(inWorker, await response.arrayBuffer());
      if (list === null) throw new ApiError(t('errors.unexpectedAnswer'), { status: response.status });
      return list as TRecord[];
    },
    // a list read again is taken as read: comparing 100,000 records with the last read, to keep
    // the unchanged ones, would be a long task of its own
    structuralSharing: inWorker === undefined,
  };
}

function useListQuery<TRecord>(queryKey: readonly unknown[], path: string, schema: z.ZodType<{ data: TRecord[] }>, enabled: boolean, inWorker?: ListName) {
  return useQuery({ ...listQuery(queryKey, path, schema, inWorker), enabled });
}

/** A create or edit the gateway applied: the body it carried, and how many edits (each raises the version by one). */
interface AppliedWrite<TInput> {
  body: Partial<TInput>;
  create: boolean;
  updates: number;
}

/** How long a write the gateway just applied keeps showing over a list not fetched since (from the gateway: see useWritesDone). */
const WRITE_DONE_MS = 10_000;

/**
 * When the gateway answered the list on screen: when it was read, or, for an answer the service
 * worker served from its read cache while the gateway was out of reach, when that answer was
 * fetched (X-Lobby-Cached-At). A cached list read after a write was applied may still be from
 * before it: it must not hide the write (an edit of a package just created, made offline, would
 * otherwise find no row and go out as a second create).
 */
function answeredAt(dataUpdatedAt: number, cachedAt: string | null): number {
  const cached = cachedAt === null ? Number.NaN : Date.parse(cachedAt);
  return Number.isNaN(cached) ? dataUpdatedAt : Math.min(cached, dataUpdatedAt);
}

/** Only the keys of `keys` (a row's view-only members, pending and removal, are left out). */
function pick(value: object, keys: readonly string[]): Record<string, unknown> {
  const source = value as Record<string, unknown>;
  return Object.fromEntries(keys.filter((key) => key in source).map((key) => [key, source[key]]));
}

export function defineClientResource<TRecord extends ResourceRecord, TInput extends object, TScope extends ResourceScope = string>(
  declaration: ClientResourceDeclaration<TRecord, TInput, TScope>,
): ClientResource<TRecord, TInput, TScope> {
  const { kind, path, compare, labels } = declaration;
  const itemPath = (scope: TScope, uuid: string) => `${path(scope)}/${uuid}`;
  const keys = { list: (userUuid: string | null, scope: TScope) => [declaration.queryKey, userUuid, ...scopeParts(scope)] as const };
  const recordKeys = Object.keys(declaration.record.shape);
  const listPath = declaration.listPath ?? path;
  const merge = declaration.merge ?? ((record: TRecord, body: Partial<TInput>) => ({ ...record, ...body }) as TRecord);

  /** a change of this collection: its kind, its organization, and its path under the collection's (a parent's own) */
  const isOf = (entry: OutboxEntry, scope: TScope) => {
    if (entry.collection !== kind || entry.orgUuid !== orgOfScope(scope)) return false;
    const collection = path(scope);
    return entry.path === collection || entry.path.startsWith(`${collection}/`);
  };
  const isQueued = (entry: OutboxEntry, scope: TScope) => isOf(entry, scope) && (entry.status === 'pending' || entry.status === 'sending');
  const removes = (entry: OutboxEntry) => declaration.removes?.(entry) ?? entry.method === 'DELETE';
  const isRemovalOf = (entry: OutboxEntry, scope: TScope) => isOf(entry, scope) && removes(entry);

  /**
   * The gateway's list with the operator's queued changes applied, in queue order (what it will
   * become); a record with a queued removal stays, marked with it, until the gateway removed it.
   */
  function applyQueued(list: readonly TRecord[], entries: readonly OutboxEntry[], scope: TScope): ResourceRow<TRecord>[] {
    const rows = new Map<string, ResourceRow<TRecord>>(list.map((record) => [record.uuid, { ...record, pending: false, removal: null }]));
    for (const entry of entries) {
      if (entry.status !== 'pending' && entry.status !== 'sending') continue;
      const other = isOf(entry, scope) ? null : (declaration.alsoWrites?.(entry, scope) ?? null);
      if (other !== null) {
        const found = rows.get(other.recordUuid);
        const base = found ?? { ...merge({ uuid: other.recordUuid, version: 1, ...declaration.blank(scope) } as unknown as TRecord, {}), pending: true, removal: null };
        rows.set(other.recordUuid, { ...base, ...merge(base, other.body), pending: true });
        continue;
      }
      if (!isQueued(entry, scope) || entry.recordUuid === null) continue;
      const body = (entry.body ?? {}) as Partial<TInput>;
      const current = rows.get(entry.recordUuid);
      // a removal does not make the row vanish before the gateway has done it: it waits, with a way back
      if (removes(entry)) {
        if (current) rows.set(entry.recordUuid, { ...current, removal: { seq: entry.seq, sending: entry.status === 'sending' } });
      } else if (entry.method === 'POST' && !current) {
        const created = merge({ uuid: entry.recordUuid, version: 1, ...declaration.blank(scope) } as unknown as TRecord, body);
        rows.set(entry.recordUuid, { ...created, pending: true, removal: null });
      } else if (current) rows.set(entry.recordUuid, { ...current, ...merge(current, body), pending: true });
    }
    return [...rows.values()].sort(compare);
  }

  /**
   * Records whose queued removal left the outbox while on its way (the gateway did it), with when
   * that was seen: until the list is fetched again they stay hidden, rather than showing again for
   * a moment as if never removed. `undone` names removals the operator took back (those rows come
   * back at once). A removal `whenSettled` saw leave counts at once: its notice never comes before
   * the row has gone (the live query of the outbox can tell later).
   */
  function useRemovalsDone(entries: readonly OutboxEntry[], scope: TScope) {
    const scopeKey = scopeParts(scope).join('/');
    /** the queued removals' records, by outbox seq */
    const queued = useRef<Map<number, string>>(new Map());
    const undone = useRef<Set<string>>(new Set());
    const [done, setDone] = useState<ReadonlyMap<string, number>>(new Map());
    // the earliest sighting counts: a removal seen by whenSettled and then by the live query stays as first seen
    const markDone = useCallback((uuids: readonly string[]) => {
      const seenAt = Date.now();
      setDone((previous) => (uuids.every((uuid) => previous.has(uuid)) ? previous : new Map([...uuids.map((uuid) => [uuid, seenAt] as const), ...previous])));
    }, []);
    useEffect(
      () =>
        onSeenGone((seq) => {
          const uuid = queued.current.get(seq);
          if (uuid !== undefined && !undone.current.has(uuid)) markDone([uuid]);
        }),
      [markDone],
    );
    // before paint: the row never shows again for a frame
    useLayoutEffect(() => {
      const removals = entries.filter((entry) => isRemovalOf(entry, scope) && entry.recordUuid !== null);
      const present = new Set(removals.map((entry) => entry.recordUuid as string));
      // done: a removal that was on its way and is gone from the outbox (a refused or conflicting one stays until dismissed, and was never done)
      const left = [...queued.current.values()].filter((uuid) => !present.has(uuid) && !undone.current.has(uuid));
      queued.current = new Map(removals.filter((entry) => isQueued(entry, scope)).map((entry) => [entry.seq, entry.recordUuid as string]));
      undone.current = new Set([...undone.current].filter((uuid) => present.has(uuid)));
      if (left.length > 0) markDone(left);
      // eslint-disable-next-line react-hooks/exhaustive-deps -- the scope is its key (an object scope is a new object each render)
    }, [entries, scopeKey]);
    const markUndone = useCallback((uuid: string) => void undone.current.add(uuid), []);
    return { done, markUndone };
  }

  /**
   * Creates and edits whose queued change left the outbox while this list was shown (the gateway
   * applied it), with the body they carried and when that was seen: until the list is fetched again
   * the row keeps showing it, rather than the record as it was for a moment. Bounded in time, so a
   * change discarded elsewhere (the Sync page of another tab) never lingers; but never dropped
   * before the gateway has answered the list since (`answered`): while only the read cache answers
   * (offline), the write stays, else the record would vanish from the list the operator edits.
   */
  function useWritesDone(entries: readonly OutboxEntry[], scope: TScope, answered: number) {
    const scopeKey = scopeParts(scope).join('/');
    const queued = useRef<Map<string, AppliedWrite<TInput>>>(new Map());
    const [done, setDone] = useState<ReadonlyMap<string, AppliedWrite<TInput> & { at: number }>>(new Map());
    useLayoutEffect(() => {
      const present = new Set(entries.filter((entry) => isOf(entry, scope) && entry.recordUuid !== null).map((entry) => entry.recordUuid as string));
      const left = [...queued.current].filter(([uuid]) => !present.has(uuid));
      const next = new Map<string, AppliedWrite<TInput>>();
      for (const entry of entries) {
        if (!isQueued(entry, scope) || entry.recordUuid === null) continue;
        if (removes(entry)) {
          next.delete(entry.recordUuid);
          continue;
        }
        const before = next.get(entry.recordUuid);
        next.set(entry.recordUuid, {
          body: { ...before?.body, ...(entry.body as Partial<TInput>) },
          create: (before?.create ?? false) || entry.method === 'POST',
          updates: (before?.updates ?? 0) + (entry.method === 'POST' ? 0 : 1),
        });
      }
      queued.current = next;
      if (left.length > 0) {
        const at = Date.now();
        setDone((previous) => new Map([...previous, ...left.map(([uuid, write]) => [uuid, { ...write, at }] as const)]));
      }
      // eslint-disable-next-line react-hooks/exhaustive-deps -- the scope is its key (an object scope is a new object each render)
    }, [entries, scopeKey]);
    useEffect(() => {
      if (done.size === 0) return;
      const timer = setTimeout(() => {
        const kept = (write: { at: number }) => Date.now() - write.at < WRITE_DONE_MS || write.at > answered;
        setDone((previous) => ([...previous.values()].every(kept) ? previous : new Map([...previous].filter(([, write]) => kept(write)))));
      }, WRITE_DONE_MS);
      return () => clearTimeout(timer);
    }, [done, answered]);
    return done;
  }

  function useList(scope: TScope, enabled = true) {
    const session = useSession();
    return useListQuery(keys.list(session?.uuid ?? null, scope), listPath(scope), declaration.list, session !== null && enabled, declaration.listInWorker);
  }

  function useRows(scope: TScope, enabled = true) {
    const session = useSession();
    const query = useList(scope, enabled);
    const entries = useOutboxEntries(session?.uuid ?? null);
    const fetchedAt = answeredAt(query.dataUpdatedAt, useCachedAt(listPath(scope)));
    const { done, markUndone } = useRemovalsDone(entries, scope);
    const written = useWritesDone(entries, scope, fetchedAt);
    const scopeKey = scopeParts(scope).join('/');
    /* eslint-disable react-hooks/exhaustive-deps -- the scope is its key (an object scope is a new object each render) */
    const rows = useMemo(() => {
      if (!query.data) return null;
      const shown = applyQueued(query.data, entries, scope).filter((row) => (done.get(row.uuid) ?? -Infinity) < fetchedAt);
      const fresh = [...written].filter(([, write]) => write.at >= fetchedAt);
      if (fresh.length === 0) return shown;
      const byUuid = new Map(shown.map((row) => [row.uuid, row]));
      for (const [uuid, write] of fresh) {
        const row = byUuid.get(uuid);
        if (row) {
          // each applied edit raised the version by one: a next edit goes over the version the gateway has
          if (!row.pending && row.removal === null) byUuid.set(uuid, { ...row, ...merge(row, write.body), version: row.version + write.updates });
        } else if (write.create && (done.get(uuid) ?? -Infinity) < fetchedAt) {
          const created = merge({ uuid, version: 1 + write.updates, ...declaration.blank(scope) } as unknown as TRecord, write.body);
          byUuid.set(uuid, { ...created, pending: false, removal: null });
        }
      }
      return [...byUuid.values()].sort(compare);
    }, [query.data, fetchedAt, entries, scopeKey, done, written]);
    const failedDeletes = useMemo(() => entries.filter((entry) => isRemovalOf(entry, scope) && entry.status === 'failed'), [entries, scopeKey]);
    /* eslint-enable react-hooks/exhaustive-deps */
    return { query, rows, failedDeletes, markUndone };
  }

  return {
    declaration,
    path,
    itemPath,
    keys,
    useList,
    prefetchList(queryClient, userUuid, scope) {
      prefetchRead(queryClient, listQuery(keys.list(userUuid, scope), listPath(scope), declaration.list, declaration.listInWorker));
    },
    applyQueued,
    useRows,
    queueCreate(scope, userUuid, input, draft) {
      const uuid = crypto.randomUUID();
      return enqueue({
        method: 'POST',
        path: path(scope),
        body: { uuid, ...input },
        userUuid,
        orgUuid: orgOfScope(scope),
        label: labels.create(input),
        recordUuid: uuid,
        collection: kind,
        draft,
      });
    },
    queueUpdate(scope, userUuid, original, version, input, draft) {
      return enqueue({
        method: 'PUT',
        path: itemPath(scope, original.uuid),
        body: input,
        ifMatch: version,
        userUuid,
        orgUuid: orgOfScope(scope),
        label: labels.update(input),
        recordUuid: original.uuid,
        collection: kind,
        // "Original" of the conflict view: the fields as the operator saw them, and their version
        original: { ...declaration.inputOf(original), version: original.version },
        draft,
      });
    },
    queueDelete(scope, userUuid, record) {
      return enqueue({
        method: 'DELETE',
        path: itemPath(scope, record.uuid),
        ifMatch: record.version,
        userUuid,
        orgUuid: orgOfScope(scope),
        label: labels.delete(record),
        recordUuid: record.uuid,
        collection: kind,
        original: pick(record, recordKeys),
      });
    },
  };
}

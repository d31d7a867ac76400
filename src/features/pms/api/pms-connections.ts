import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { organizationListResponseSchema, PMS_CONNECTION_KIND, pmsConnectionListResponseSchema, type PmsConnection, type PmsConnectionInput } from '../../../domain';
import { parseAnswer, request, useSession } from '../../../api';
import { t } from '../../../i18n';
import { enqueue, useOutboxEntries, type DraftScope, type OutboxEntry } from '../../../offline';

/** The outbox collection and draft kind of PMS connections. */
export { PMS_CONNECTION_KIND };

export const pmsConnectionsPath = (org: string) => `/organization/${org}/pms-connection`;
export const pmsConnectionPath = (org: string, uuid: string) => `${pmsConnectionsPath(org)}/${uuid}`;

export const pmsConnectionKeys = {
  list: (userUuid: string | null, org: string) => ['pms-connections', userUuid, org] as const,
};

/** GET /organization/{org}/pms-connection: the organization's connections as the gateway has them. */
export function usePmsConnections(org: string) {
  const session = useSession();
  return useQuery({
    queryKey: pmsConnectionKeys.list(session?.uuid ?? null, org),
    queryFn: async ({ signal }) => parseAnswer(pmsConnectionListResponseSchema, await request(pmsConnectionsPath(org), { signal })).data,
    enabled: session !== null,
  });
}

/** GET /organization/v1/organization, read for the organization's name (the organizations screens read the same list, under the same key). */
const ORGANIZATIONS_PATH = '/organization/v1/organization';

/**
 * The organization's name, for the page heading and title: undefined while unknown (loading, not
 * among the organizations the user sees, or the list could not be read).
 */
export function useOrganizationName(org: string): string | undefined {
  const session = useSession();
  const query = useQuery({
    queryKey: ['organizations', session?.uuid ?? 'none'] as const,
    queryFn: async ({ signal }) => parseAnswer(organizationListResponseSchema, await request(ORGANIZATIONS_PATH, { signal })).data,
    staleTime: 60_000,
    enabled: session !== null,
  });
  return query.data?.find((organization) => organization.uuid === org)?.name;
}

/** A queued removal of a connection: the row stays, struck through, until the gateway confirms it. */
export interface QueuedRemoval {
  /** the outbox entry, to discard it (Undo) */
  seq: number;
  /** handed to the network already: too late to undo */
  sending: boolean;
}

export interface PmsConnectionRow extends PmsConnection {
  /** a queued change of this connection has not reached the gateway yet */
  pending: boolean;
  /** a queued removal waits for the gateway, or null */
  removal: QueuedRemoval | null;
}

const isQueued = (entry: OutboxEntry, org: string) =>
  entry.collection === PMS_CONNECTION_KIND && entry.orgUuid === org && (entry.status === 'pending' || entry.status === 'sending');

/**
 * The gateway's list with the operator's queued changes applied, in queue order (what it will
 * become); a connection with a queued removal stays, marked with it, until the gateway removed it.
 */
export function applyQueued(list: readonly PmsConnection[], entries: readonly OutboxEntry[], org: string): PmsConnectionRow[] {
  const rows = new Map<string, PmsConnectionRow>(list.map((connection) => [connection.uuid, { ...connection, pending: false, removal: null }]));
  for (const entry of entries) {
    if (!isQueued(entry, org) || entry.recordUuid === null) continue;
    const body = (entry.body ?? {}) as Partial<PmsConnectionInput>;
    const current = rows.get(entry.recordUuid);
    // a removal does not make the row vanish before the gateway has done it: it waits, with a way back
    if (entry.method === 'DELETE') {
      if (current) rows.set(entry.recordUuid, { ...current, removal: { seq: entry.seq, sending: entry.status === 'sending' } });
    } else if (entry.method === 'POST' && !current) {
      rows.set(entry.recordUuid, { uuid: entry.recordUuid, orgUuid: org, version: 1, name: '', type: 'MOCK_PMS_INTERFACE', host: '', port: 1, ...body, pending: true, removal: null });
    } else if (current) rows.set(entry.recordUuid, { ...current, ...body, pending: true });
  }
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.uuid.localeCompare(b.uuid));
}

const isRemovalOf = (entry: OutboxEntry, org: string) => entry.collection === PMS_CONNECTION_KIND && entry.orgUuid === org && entry.method === 'DELETE';

/**
 * Connections whose queued removal left the outbox while on its way (the gateway did it), with when that was seen:
 * until the list is fetched again they stay hidden, rather than showing again for a moment as if
 * never removed. `undone` names removals the operator took back (those rows come back at once).
 */
function useRemovalsDone(entries: readonly OutboxEntry[], org: string) {
  const queued = useRef<Set<string>>(new Set());
  const undone = useRef<Set<string>>(new Set());
  const [done, setDone] = useState<ReadonlyMap<string, number>>(new Map());
  // before paint: the row never shows again for a frame
  useLayoutEffect(() => {
    const removals = entries.filter((entry) => isRemovalOf(entry, org) && entry.recordUuid !== null);
    const present = new Set(removals.map((entry) => entry.recordUuid as string));
    // done: a removal that was on its way and is gone from the outbox (a refused or conflicting one stays until dismissed, and was never done)
    const left = [...queued.current].filter((uuid) => !present.has(uuid) && !undone.current.has(uuid));
    queued.current = new Set(removals.filter((entry) => isQueued(entry, org)).map((entry) => entry.recordUuid as string));
    undone.current = new Set([...undone.current].filter((uuid) => present.has(uuid)));
    if (left.length > 0) {
      const seenAt = Date.now();
      setDone((previous) => new Map([...previous, ...left.map((uuid) => [uuid, seenAt] as const)]));
    }
  }, [entries, org]);
  const markUndone = useCallback((uuid: string) => undone.current.add(uuid), []);
  return { done, markUndone };
}

/**
 * The connections to show: the gateway's (or the read cache's) list plus what is queued; a
 * connection the gateway has just removed stays out while the list is being fetched again.
 * `markUndone` before discarding a queued removal (Undo), so its row comes back.
 */
export function usePmsConnectionRows(org: string) {
  const session = useSession();
  const query = usePmsConnections(org);
  const entries = useOutboxEntries(session?.uuid ?? null);
  const { done, markUndone } = useRemovalsDone(entries, org);
  const rows = useMemo(() => {
    if (!query.data) return null;
    const fetchedAt = query.dataUpdatedAt;
    return applyQueued(query.data, entries, org).filter((row) => (done.get(row.uuid) ?? -Infinity) < fetchedAt);
  }, [query.data, query.dataUpdatedAt, entries, org, done]);
  const failedDeletes = useMemo(() => entries.filter((entry) => isRemovalOf(entry, org) && entry.status === 'failed'), [entries, org]);
  return { query, rows, failedDeletes, markUndone };
}

/** Queue a new connection; it carries its own uuid so later changes can queue behind it. */
export function queueCreate(org: string, userUuid: string, input: PmsConnectionInput, draft: DraftScope | null) {
  const uuid = crypto.randomUUID();
  return enqueue({
    method: 'POST',
    path: pmsConnectionsPath(org),
    body: { uuid, ...input },
    userUuid,
    orgUuid: org,
    label: t('pms.label.create', { name: input.name }),
    recordUuid: uuid,
    collection: PMS_CONNECTION_KIND,
    draft,
  });
}

/** Queue an edit over `version` (the version the edit started from). */
export function queueUpdate(org: string, userUuid: string, original: PmsConnection, version: number, input: PmsConnectionInput, draft: DraftScope | null) {
  return enqueue({
    method: 'PUT',
    path: pmsConnectionPath(org, original.uuid),
    body: input,
    ifMatch: version,
    userUuid,
    orgUuid: org,
    label: t('pms.label.update', { name: input.name }),
    recordUuid: original.uuid,
    collection: PMS_CONNECTION_KIND,
    original: { name: original.name, type: original.type, host: original.host, port: original.port, version: original.version },
    draft,
  });
}

export function queueDelete(org: string, userUuid: string, connection: PmsConnection) {
  return enqueue({
    method: 'DELETE',
    path: pmsConnectionPath(org, connection.uuid),
    ifMatch: connection.version,
    userUuid,
    orgUuid: org,
    label: t('pms.label.delete', { name: connection.name }),
    recordUuid: connection.uuid,
    collection: PMS_CONNECTION_KIND,
    original: { uuid: connection.uuid, orgUuid: connection.orgUuid, name: connection.name, type: connection.type, host: connection.host, port: connection.port, version: connection.version },
  });
}

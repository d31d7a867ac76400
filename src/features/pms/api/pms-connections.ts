import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { pmsConnectionListResponseSchema, type PmsConnection, type PmsConnectionInput } from '../../../domain';
import { parseAnswer, request, useSession } from '../../../api';
import { t } from '../../../i18n';
import { enqueue, useOutboxEntries, type DraftScope, type OutboxEntry } from '../../../offline';

/** The outbox collection and draft kind of PMS connections. */
export const PMS_CONNECTION_KIND = 'pms-connection';

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

export interface PmsConnectionRow extends PmsConnection {
  /** a queued change of this connection has not reached the gateway yet */
  pending: boolean;
}

const isQueued = (entry: OutboxEntry, org: string) =>
  entry.collection === PMS_CONNECTION_KIND && entry.orgUuid === org && (entry.status === 'pending' || entry.status === 'sending');

/** The gateway's list with the operator's queued changes applied, in queue order (what it will become). */
export function applyQueued(list: readonly PmsConnection[], entries: readonly OutboxEntry[], org: string): PmsConnectionRow[] {
  const rows = new Map<string, PmsConnectionRow>(list.map((connection) => [connection.uuid, { ...connection, pending: false }]));
  for (const entry of entries) {
    if (!isQueued(entry, org) || entry.recordUuid === null) continue;
    const body = (entry.body ?? {}) as Partial<PmsConnectionInput>;
    const current = rows.get(entry.recordUuid);
    if (entry.method === 'DELETE') rows.delete(entry.recordUuid);
    else if (entry.method === 'POST' && !current) {
      rows.set(entry.recordUuid, { uuid: entry.recordUuid, orgUuid: org, version: 1, name: '', type: 'MOCK_PMS_INTERFACE', host: '', port: 1, ...body, pending: true });
    } else if (current) rows.set(entry.recordUuid, { ...current, ...body, pending: true });
  }
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.uuid.localeCompare(b.uuid));
}

/** The connections to show: the gateway's (or the read cache's) list plus what is queued. */
export function usePmsConnectionRows(org: string) {
  const session = useSession();
  const query = usePmsConnections(org);
  const entries = useOutboxEntries(session?.uuid ?? null);
  const rows = useMemo(() => (query.data ? applyQueued(query.data, entries, org) : null), [query.data, entries, org]);
  const failedDeletes = useMemo(
    () => entries.filter((entry) => entry.collection === PMS_CONNECTION_KIND && entry.orgUuid === org && entry.method === 'DELETE' && entry.status === 'failed'),
    [entries, org],
  );
  return { query, rows, failedDeletes };
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
    original: connection,
  });
}

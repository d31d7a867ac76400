import { useQuery } from '@tanstack/react-query';
import {
  organizationListResponseSchema,
  PMS_CONNECTION_KIND,
  pmsConnectionListResponseSchema,
  pmsConnectionSchema,
  type PmsConnection,
  type PmsConnectionInput,
} from '../../../domain';
import { parseAnswer, request, useSession } from '../../../api';
import { changeLabels } from '../../../ui';
import { defineClientResource, type ResourceRow } from '../../../offline/resource';
import { ORGANIZATIONS_PATH } from '../../../api/read-paths';
import { pmsConnectionsListPath } from './paths';
import { compareText } from '../../../domain/text-order';

/** The outbox collection and draft kind of PMS connections. */
export { PMS_CONNECTION_KIND };
export type { QueuedRemoval } from '../../../offline/resource';

/** PMS connections of an organization: list with queued changes, and writes through the outbox. */
export const pmsConnections = defineClientResource<PmsConnection, PmsConnectionInput>({
  kind: PMS_CONNECTION_KIND,
  queryKey: 'pms-connections',
  path: pmsConnectionsListPath,
  record: pmsConnectionSchema,
  list: pmsConnectionListResponseSchema,
  inputOf: ({ name, type, host, port }) => ({ name, type, host, port }),
  blank: (org) => ({ orgUuid: org, name: '', type: 'MOCK_PMS_INTERFACE', host: '', port: 1 }),
  compare: (a, b) => compareText(a.name, b.name) || a.uuid.localeCompare(b.uuid),
  labels: changeLabels('pms', ({ name }: { name: string }) => ({ name })),
});

export type PmsConnectionRow = ResourceRow<PmsConnection>;
export const pmsConnectionsPath = pmsConnections.path;
export const pmsConnectionPath = pmsConnections.itemPath;
export const pmsConnectionKeys = pmsConnections.keys;
export const usePmsConnections = pmsConnections.useList;
export const usePmsConnectionRows = pmsConnections.useRows;
export const applyQueued = pmsConnections.applyQueued;
export const { queueCreate, queueUpdate, queueDelete } = pmsConnections;

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

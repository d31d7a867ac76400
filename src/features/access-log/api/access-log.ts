/**
 * The access log as its screen reads it (issue 18, spec section 7): one page of entries, and the
 * organization's access-control services to filter by. Reads go through the request layer, so a
 * page read offline comes from the read cache and says so.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { parseAnswer, request, useSession } from '../../../api';
import { accessControlListResponseSchema, accessLogResponseSchema, TABLE_PAGE_SIZE } from '../../../domain';
import { toParams } from '../../../ui';

export interface AccessLogSearch {
  org: string;
  ouUuids: readonly string[];
  after: string;
  before: string;
  room: string;
  identificationMethods: readonly string[];
  serviceUuids: readonly string[];
  includeDescendants: boolean;
  /** from 1 */
  page: number;
}

/** GET /access-control/v1/access-control/find?… for one page of 10 entries. */
export function accessLogPath(search: AccessLogSearch): string {
  const params = toParams({
    orgUuid: search.org,
    ouUuids: search.ouUuids,
    limit: TABLE_PAGE_SIZE,
    offset: (search.page - 1) * TABLE_PAGE_SIZE,
    after: search.after,
    before: search.before,
    room: search.room.trim(),
    identificationMethods: search.identificationMethods,
    serviceUuids: search.serviceUuids,
    includeDescendants: search.includeDescendants,
  });
  return `/access-control/v1/access-control/find?${params.toString()}`;
}

export function useAccessLog(path: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: ['access-log', session?.uuid ?? null, path] as const,
    queryFn: async ({ signal }) => parseAnswer(accessLogResponseSchema, await request(path ?? '', { signal })),
    enabled: session !== null && path !== null,
    placeholderData: keepPreviousData,
  });
}

export const organizationServicesPath = (org: string) => `/organization/${org}/access-control-service`;

/** Every access-control service of the organization's hotels (what a log entry's service is). */
export function useOrganizationServices(org: string) {
  const session = useSession();
  return useQuery({
    queryKey: ['organization-access-services', session?.uuid ?? null, org] as const,
    queryFn: async ({ signal }) => parseAnswer(accessControlListResponseSchema, await request(organizationServicesPath(org), { signal })).data,
    enabled: session !== null && org !== '',
  });
}

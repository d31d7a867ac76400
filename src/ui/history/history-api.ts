/**
 * Reading the change history (docs/adr/0029-change-history.md): a record's entries and an
 * organization's activity, from the gateway (it decides who reads what).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, parseAnswer, request, useSession } from '../../api';
import { historyPageSchema, type HistoryPage } from '../../domain';

export const recordHistoryPath = (org: string, kind: string, uuid: string, limit: number) => `/organization/${org}/history/${kind}/${uuid}?limit=${limit}`;

/** A record's history, read only while `enabled` (the panel is open); a record with none answers an empty page. */
export function useRecordHistory(org: string, kind: string, uuid: string, limit: number, enabled: boolean) {
  const session = useSession();
  return useQuery({
    queryKey: ['history', session?.uuid ?? null, org, kind, uuid, limit] as const,
    queryFn: async ({ signal }): Promise<HistoryPage> => {
      try {
        return parseAnswer(historyPageSchema, await request(recordHistoryPath(org, kind, uuid, limit), { signal }));
      } catch (error) {
        // no entry yet (a record created before history was kept, or not yet arrived)
        if (error instanceof ApiError && error.status === 404) return { data: [], totalCount: 0, limit, offset: 0 };
        throw error;
      }
    },
    enabled: session !== null && enabled,
    placeholderData: keepPreviousData,
  });
}

export interface ActivitySearch {
  org: string;
  unitUuid: string | null;
  userUuid: string | null;
  kind: string | null;
  after: string;
  before: string;
  page: number;
}

export const ACTIVITY_PAGE_SIZE = 25;

export function activityPath({ org, unitUuid, userUuid, kind, after, before, page }: ActivitySearch): string {
  const params = new URLSearchParams({ limit: String(ACTIVITY_PAGE_SIZE), offset: String((page - 1) * ACTIVITY_PAGE_SIZE), after, before });
  if (unitUuid) params.set('unitUuid', unitUuid);
  if (userUuid) params.set('userUuid', userUuid);
  if (kind) params.set('kind', kind);
  return `/organization/${org}/activity?${params.toString()}`;
}

/** One page of an organization's activity; the previous page stays on screen while the next is read. */
export function useActivity(path: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: ['activity', session?.uuid ?? null, path] as const,
    queryFn: async ({ signal }) => parseAnswer(historyPageSchema, await request(path ?? '', { signal })),
    enabled: session !== null && path !== null,
    placeholderData: keepPreviousData,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationListResponseSchema, type Organization } from '../../../domain';
import { parseAnswer, request, useSession } from '../../../api';
import { ORGANIZATIONS_PATH } from '../../../api/read-paths';

export { ORGANIZATIONS_PATH } from '../../../api/read-paths';

/** GET /organization/v1/organization: the organizations the gateway lets this user see. */
export async function getOrganizations(signal?: AbortSignal): Promise<Organization[]> {
  const answer = parseAnswer(organizationListResponseSchema, await request(ORGANIZATIONS_PATH, { signal }));
  return answer.data;
}

export const organizationKeys = {
  all: (userUuid: string) => ['organizations', userUuid] as const,
};

export const organizationsQueryOptions = (userUuid: string) =>
  queryOptions({
    queryKey: organizationKeys.all(userUuid),
    queryFn: ({ signal }) => getOrganizations(signal),
    staleTime: 60_000,
  });

/** The visible organizations of the signed-in user. */
export function useOrganizations() {
  const session = useSession();
  return useQuery({ ...organizationsQueryOptions(session?.uuid ?? 'none'), enabled: session !== null });
}

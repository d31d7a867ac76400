import { useQuery } from '@tanstack/react-query';
import { accessControlListResponseSchema, pmsConnectionListResponseSchema } from '../../../domain';
import { parseAnswer, request, useSession } from '../../../api';

/** The organization's PMS connections, as options of a unit's PMS_CONNECTION setting. */
export function usePmsConnectionOptions(org: string) {
  const session = useSession();
  return useQuery({
    queryKey: ['pms-connection-options', session?.uuid ?? null, org] as const,
    queryFn: async ({ signal }) => parseAnswer(pmsConnectionListResponseSchema, await request(`/organization/${org}/pms-connection`, { signal })).data.map(({ uuid, name }) => ({ uuid, name })),
    enabled: session !== null && org !== '',
    staleTime: 60_000,
  });
}

/** The organization's access-control services (of every hotel), as options of a unit's POI_ACCESS_CONTROL_SERVICES. */
export function useAccessControlOptions(org: string) {
  const session = useSession();
  return useQuery({
    queryKey: ['access-control-options', session?.uuid ?? null, org] as const,
    queryFn: async ({ signal }) => parseAnswer(accessControlListResponseSchema, await request(`/organization/${org}/access-control-service`, { signal })).data.map(({ uuid, name }) => ({ uuid, name })),
    enabled: session !== null && org !== '',
    staleTime: 60_000,
  });
}

import { useQuery } from '@tanstack/react-query';
import { accessControlListResponseSchema, canSetupOrganization, pmsConnectionListResponseSchema } from '../../../domain';
import { parseAnswer, request, useSession } from '../../../api';
import { useProfile } from '../../../api/profile';

/**
 * The organization's PMS connections, as options of a unit's PMS_CONNECTION setting. Only who may
 * set the organization up may read them (spec section 6): for anyone else the list is never asked
 * for (the gateway would answer 403), and the query stays idle.
 */
export function usePmsConnectionOptions(org: string) {
  const session = useSession();
  const grants = useProfile().data;
  const maySetUp = grants !== undefined && canSetupOrganization(grants, org);
  return useQuery({
    queryKey: ['pms-connection-options', session?.uuid ?? null, org] as const,
    queryFn: async ({ signal }) => parseAnswer(pmsConnectionListResponseSchema, await request(`/organization/${org}/pms-connection`, { signal })).data.map(({ uuid, name }) => ({ uuid, name })),
    enabled: session !== null && org !== '' && maySetUp,
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

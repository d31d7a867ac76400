/**
 * What the hotel wizard reads first, apart from the wizard's code: its route loads this small module
 * beside the wizard's chunk and starts these reads as soon as it is there, not once the whole
 * wizard has loaded (issue 19: the heading and steps within 0.3 s).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { unitListResponseSchema } from '../../../domain';
import { parseAnswer, readAhead, request, useSession } from '../../../api';
import { prefetchRead, type RoutePrefetch } from '../../../api/prefetch';
import { lastGrants } from '../../../api/profile';
import { effectiveUnitsPath } from '../../../api/read-paths';
import { hotelWizardReads } from './paths';

/** GET of the organization's units, every depth, with their effective attributes, under the key the unit screens read it by. */
const organizationUnitsQuery = (userUuid: string | null, org: string) => ({
  queryKey: ['units', userUuid, org] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => parseAnswer(unitListResponseSchema, await request(effectiveUnitsPath(org), { signal })).data,
});

export function useOrganizationUnits(org: string) {
  const session = useSession();
  return useQuery({ ...organizationUnitsQuery(session?.uuid ?? null, org), enabled: session !== null && org !== '' });
}

/**
 * What the wizard of an existing hotel reads before anything shows, asked for by its route as soon
 * as the route matches: the organization's units (its heading) and, for who may read them, the PMS
 * connections and hotel definitions (its steps). Its lists follow once it shows. Settles once the
 * connections and definitions are asked for (or known not to be).
 */
export function prefetchHotelWizard(queryClient: QueryClient, userUuid: string, { uuid: org = '' }: Parameters<RoutePrefetch>[2]): Promise<void> {
  if (org === '') return Promise.resolve();
  const units = organizationUnitsQuery(userUuid, org);
  // the route's first match in this page (its loader runs again on each change of its URL, and
  // what is cached is not read again): the units and, for who could read them at the profile's
  // last read here, the connections and definitions are sent now (unless the app's first script
  // has just sent them), taken by their reads below once their code (their resources', with the
  // offline platform's) is there
  if (queryClient.getQueryState(units.queryKey) === undefined) for (const path of hotelWizardReads({ uuid: org }, lastGrants(userUuid))) readAhead(path);
  prefetchRead(queryClient, units);
  // the connections' and definitions' code (the offline resources) loads after the units are asked for
  return import('./pms-setup-prefetch').then(({ prefetchPmsSetup }) => prefetchPmsSetup(queryClient, userUuid, org));
}

import type { QueryClient } from '@tanstack/react-query';
import { canSetupHotelDefinitions, type Grants } from '../../../domain';
import { lastGrants, profileQueryOptions } from '../../../api/profile';
import { hotelDefinitions } from './hotel-resources';
import { pmsConnections } from './pms-connections';

/**
 * Asks for the organization's PMS connections and hotel definitions before a screen that shows
 * them (a route's prefetch), only for who may read them: the gateway refuses anyone else, and the
 * screen, asking itself, says so (a prefetch would only be refused a second time). Settles once
 * they are asked for, or known not to be.
 *
 * Who may is known from the profile, if read; else, when the profile this user had at its last
 * read in this browser allowed it, they are asked for at once, beside the profile rather than
 * after its answer (issue 19: the wizard's steps within 0.3 s). Grants taken away since cost one
 * refused read; the screen decides by the profile as read now either way.
 */
export function prefetchPmsSetup(queryClient: QueryClient, userUuid: string, org: string): Promise<void> {
  const ask = (grants: Grants) => {
    if (!canSetupHotelDefinitions(grants, org)) return;
    pmsConnections.prefetchList(queryClient, userUuid, org);
    hotelDefinitions.prefetchList(queryClient, userUuid, org);
  };
  const options = profileQueryOptions(userUuid);
  const known: Grants | null = queryClient.getQueryData(options.queryKey) ?? lastGrants(userUuid);
  if (known !== null && canSetupHotelDefinitions(known, org)) {
    ask(known);
    return Promise.resolve();
  }
  return queryClient.ensureQueryData(options).then(
    ask,
    // the profile not read: the screen reads it again and says why
    () => undefined,
  );
}

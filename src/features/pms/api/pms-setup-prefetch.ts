import type { QueryClient } from '@tanstack/react-query';
import { canSetupHotelDefinitions } from '../../../domain';
import { profileQueryOptions } from '../../../api/profile';
import { hotelDefinitions } from './hotel-resources';
import { pmsConnections } from './pms-connections';

/**
 * Asks for the organization's PMS connections and hotel definitions before a screen that shows
 * them (a route's prefetch), only for who may read them: the gateway refuses anyone else, and the
 * screen, asking itself, says so (a prefetch would only be refused a second time). Settles once
 * they are asked for, or known not to be.
 */
export function prefetchPmsSetup(queryClient: QueryClient, userUuid: string, org: string): Promise<void> {
  return queryClient.ensureQueryData(profileQueryOptions(userUuid)).then(
    (profile) => {
      if (!canSetupHotelDefinitions(profile, org)) return;
      pmsConnections.prefetchList(queryClient, userUuid, org);
      hotelDefinitions.prefetchList(queryClient, userUuid, org);
    },
    // the profile not read: the screen reads it again and says why
    () => undefined,
  );
}

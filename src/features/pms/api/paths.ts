/**
 * The organization's PMS lists by path, apart from their resources' code, and what the PMS screens
 * read first: the app's first script sends those reads with nothing else loaded (src/app/router.tsx).
 */
import { canSetupHotelDefinitions } from '../../../domain/grants';
import { effectiveUnitsPath, type ReadsAhead } from '../../../api/read-paths';

export const pmsConnectionsListPath = (org: string) => `/organization/${org}/pms-connection`;
export const hotelDefinitionsListPath = (org: string) => `/organization/${org}/hotel-definition`;

/**
 * The PMS connections and hotel definitions, for who could read them at the profile's last read
 * here: the gateway refuses anyone else, and the screen, asking itself, says so.
 */
export const pmsSetupReads: ReadsAhead = ({ uuid: org = '' }, grants) =>
  org !== '' && grants !== null && canSetupHotelDefinitions(grants, org) ? [pmsConnectionsListPath(org), hotelDefinitionsListPath(org)] : [];

/** The hotel wizard of an existing hotel: the organization's units (its heading), then its PMS setup (its steps). */
export const hotelWizardReads: ReadsAhead = (params, grants) => (params.uuid ? [effectiveUnitsPath(params.uuid), ...pmsSetupReads(params, grants)] : []);

/**
 * Paths of the reads the app may start as it starts (src/api/early-reads.ts), before the screen's
 * code and zod are there: no schema here, only where to read.
 */

/** GET of the signed-in user's profile (src/api/profile.ts), with every unit and organization below theirs. */
export const PROFILE_PATH = '/user-profile/v1/user-profile?includeOuDescendants=true&includeOrgDescendants=true';

/** GET of the organizations the gateway lets this user see. */
export const ORGANIZATIONS_PATH = '/organization/v1/organization';

/** GET of the organization, its own attributes and its tree (the unit screens, the organization's page). */
export const organizationDetailPath = (org: string) => `/organization/${org}?inheritAttributes=TRUE`;

/** GET of every unit of the organization the user sees. */
export const organizationUnitsPath = (org: string) => `/organization/${org}/ous?includeDescendants=TRUE`;

/** The same list with each unit's effective attributes (the unit tree, the hotel wizard). */
export const effectiveUnitsPath = (org: string) => `${organizationUnitsPath(org)}&inheritAttributes=TRUE`;

/** GET of the organization's PMS connections (read only by who may set the organization up). */
export const pmsConnectionsPath = (org: string) => `/organization/${org}/pms-connection`;

/** GET of the organization's PMS hotel definitions (read only by who may set the organization up). */
export const hotelDefinitionsPath = (org: string) => `/organization/${org}/hotel-definition`;

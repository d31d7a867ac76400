/**
 * The paths of the reads screens make first, apart from their schemas and resources: the app's
 * first script sends the reads of the screen its address opens (src/app/router.tsx, readsAheadAt)
 * before any screen's code is there, so nothing here may bring zod or React in.
 */
import type { Grants } from '../domain/grants';

/** GET /organization/v1/organization: the organizations the user may see. */
export const ORGANIZATIONS_PATH = '/organization/v1/organization';
/** GET /organization/{uuid}?inheritAttributes=TRUE: the organization, its own attributes and its tree. */
export const organizationDetailPath = (org: string) => `/organization/${org}?inheritAttributes=TRUE`;
/** GET /organization/{org}/ous?includeDescendants=TRUE: every unit of the organization the user sees. */
export const organizationUnitsPath = (org: string) => `/organization/${org}/ous?includeDescendants=TRUE`;
/** The same list with each unit's effective attributes (its own, else inherited). */
export const effectiveUnitsPath = (org: string) => `${organizationUnitsPath(org)}&inheritAttributes=TRUE`;

/**
 * What a route's screen reads first, as paths, from its address's params and the grants the user
 * had at the profile's last read here (null: none known). Only reads the screen makes itself, with
 * the same path: its request takes the read sent ahead (src/api/client.ts, readAhead).
 */
export type ReadsAhead = (params: Readonly<Record<string, string | undefined>>, grants: Grants | null) => string[];

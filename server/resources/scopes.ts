/** Parent scopes resources live under (server/resources/define-resource.ts). */
import { eq } from 'drizzle-orm';
import { organizationalUnits, organizations } from '../db/schema';
import type { ParentScope } from './define-resource';

/** '/organization/:org/…': records of one organization. */
export const organizationScope: ParentScope = {
  param: 'org',
  description: 'Organization uuid',
  table: organizations,
  key: organizations.uuid,
  notFound: 'Organization not found',
  forbidden: "You don't have permissions to view this organization",
};

/** '/organization/:org/hotel/:hotel/…': records of one hotel (a unit of type HOTEL) of the organization. */
export const hotelScope: ParentScope = {
  param: 'hotel',
  description: 'Hotel (unit) uuid',
  table: organizationalUnits,
  key: organizationalUnits.uuid,
  notFound: 'Hotel not found',
  forbidden: "You don't have permissions to view this organization",
  within: { param: 'org', description: 'Organization uuid', column: organizationalUnits.orgUuid },
  filter: eq(organizationalUnits.type, 'HOTEL'),
};

/**
 * '/…/:org/…/:ou/…': records of one unit of the organization, of any type (a hotel, a venue, a
 * revenue center); a unit of another organization, or none, is unknown (404).
 */
export const unitScope: ParentScope = {
  param: 'ou',
  description: 'Unit (organizational unit) uuid',
  table: organizationalUnits,
  key: organizationalUnits.uuid,
  notFound: 'Unit not found',
  forbidden: "You don't have permissions to set up this unit",
  within: { param: 'org', description: 'Organization uuid', column: organizationalUnits.orgUuid },
};

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

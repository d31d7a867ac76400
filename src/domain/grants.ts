/**
 * What a user's grants allow that the app's start decides before zod is loaded (a route's early
 * reads, src/app/router.tsx): no schema here, only the rules. src/domain/permissions.ts holds the
 * schemas and the other rules, and re-exports these.
 */
import type { Membership, MembershipType, Permission } from './permissions';

export interface Grants {
  permissions: readonly Permission[];
  memberships: readonly Membership[];
}

export const isOmnipresent = (grants: Grants, type: MembershipType) => grants.memberships.some((m) => m.membershipType === type && m.omnipresence);

/** Organization setup: SETUP_ORG and a MANAGEMENT membership listing the org, or omnipresence. */
export function canSetupOrganization(grants: Grants, orgUuid: string): boolean {
  if (isOmnipresent(grants, 'MANAGEMENT')) return true;
  return grants.permissions.includes('SETUP_ORG') && grants.memberships.some((m) => m.membershipType === 'MANAGEMENT' && m.orgs.includes(orgUuid));
}

/**
 * PMS hotel definitions (a hotel's PMS connection, property ID and room-access keys, a contactless
 * password among them): organization setup, whichever route reads or writes them (the
 * hotel-definition routes and the hotel save alike). Setting up one hotel is not enough: the
 * connection is the organization's.
 */
export function canSetupHotelDefinitions(grants: Grants, orgUuid: string): boolean {
  return canSetupOrganization(grants, orgUuid);
}

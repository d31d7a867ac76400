/**
 * Which user profiles a caller may read (spec section 6, user management). An omnipresent
 * MANAGEMENT membership sees everyone. A caller with MANAGE_USER sees users whose memberships reach
 * what the caller manages: a unit inside the caller's MANAGEMENT visibility (its units and their
 * descendants, or every unit of an organization it manages as a whole), or an organization the caller
 * manages as a whole. Everyone else sees only themself.
 */
import type { Membership, Permission, TreeOrganization } from '../../src/domain/index';
import { visibilityFor } from '../../src/domain/index';

export type UserFilter = 'all' | 'none' | ((memberships: readonly Membership[]) => boolean);

export function userFilterFor(caller: { permissions: readonly Permission[]; memberships: readonly Membership[] }, tree: readonly TreeOrganization[]): UserFilter {
  const management = caller.memberships.filter((m) => m.membershipType === 'MANAGEMENT');
  if (management.some((m) => m.omnipresence)) return 'all';
  if (!caller.permissions.includes('MANAGE_USER')) return 'none';
  const visibility = visibilityFor(caller.memberships, 'MANAGEMENT', tree);
  const existing = new Set(tree.map((org) => org.uuid));
  const wholeOrgs = new Set(management.flatMap((m) => m.orgs).filter((uuid) => existing.has(uuid)));
  return (memberships) =>
    memberships.some(
      (m) => !m.omnipresence && (m.orgs.some((org) => wholeOrgs.has(org)) || m.ous.some((ou) => visibility.ouUuids.has(ou))),
    );
}

export function canSee(filter: UserFilter, memberships: readonly Membership[]): boolean {
  if (filter === 'all') return true;
  if (filter === 'none') return false;
  return filter(memberships);
}

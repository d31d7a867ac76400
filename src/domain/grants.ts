/**
 * Who may do what (spec section 6), without zod: the app's first script decides with these which
 * reads a screen's route sends before the profile answers (src/app/router.tsx). The schemas of
 * these shapes are in ./permissions.ts.
 */
export const PERMISSIONS = [
  'SETUP_OU',
  'SETUP_ORG',
  'CREATE_ORG',
  'VIEW_TRANSACTIONS',
  'MANAGE_USER',
  'PROPAGATE_USER_MANAGEMENT',
  'PROPAGATE_ORG_CREATION',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const MEMBERSHIP_TYPES = ['BUSINESS_DATA', 'MANAGEMENT'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];

export interface Membership {
  membershipType: MembershipType;
  orgs: string[];
  ous: string[];
  omnipresence: boolean;
}

/** The minimum a visibility decision needs to know about the organization tree. */
export interface TreeOrganization {
  uuid: string;
  ous: ReadonlyArray<{ uuid: string; parentUuid: string | null }>;
}

export interface Visibility {
  /** true when an omnipresent membership of the type grants everything */
  all: boolean;
  /** organizations the user may see (whole org or some of its units) */
  orgUuids: Set<string>;
  /**
   * MANAGEMENT: the membership units that exist in the tree with their descendants, and every unit
   * of a member organization. BUSINESS_DATA: the permitted unit ids of spec section 6, i.e. only
   * the membership units that exist in the tree (see permittedBusinessUnitUuids).
   */
  ouUuids: Set<string>;
}

function descendantsOf(org: TreeOrganization, roots: ReadonlySet<string>): Set<string> {
  const children = new Map<string, string[]>();
  for (const ou of org.ous) {
    if (ou.parentUuid === null) continue;
    const list = children.get(ou.parentUuid) ?? [];
    list.push(ou.uuid);
    children.set(ou.parentUuid, list);
  }
  const found = new Set<string>();
  const stack = org.ous.filter((ou) => roots.has(ou.uuid)).map((ou) => ou.uuid);
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (found.has(next)) continue;
    found.add(next);
    for (const child of children.get(next) ?? []) stack.push(child);
  }
  return found;
}

const allUnits = (tree: readonly TreeOrganization[]) => new Set(tree.flatMap((o) => o.ous.map((ou) => ou.uuid)));

/**
 * Spec section 6: "For business data the permitted unit ids are all units found (omnipresence) or
 * the membership's units that exist in the tree." No descendants and no units of a member
 * organization: these ids decide whose transactions a user sees, so they are exactly what was granted.
 */
export function permittedBusinessUnitUuids(memberships: readonly Membership[], tree: readonly TreeOrganization[]): Set<string> {
  const business = memberships.filter((m) => m.membershipType === 'BUSINESS_DATA');
  const existing = allUnits(tree);
  if (business.some((m) => m.omnipresence)) return existing;
  return new Set(business.flatMap((m) => m.ous).filter((uuid) => existing.has(uuid)));
}

/**
 * Visibility rule of spec section 6: an omnipresent membership of the given type sees all;
 * otherwise the orgs and ous in the memberships plus their descendants. The units of BUSINESS_DATA
 * are the permitted unit ids of the same section instead (no descendants, see above).
 */
export function visibilityFor(
  memberships: readonly Membership[],
  type: MembershipType,
  tree: readonly TreeOrganization[],
): Visibility {
  const ofType = memberships.filter((m) => m.membershipType === type);
  if (ofType.some((m) => m.omnipresence)) {
    return { all: true, orgUuids: new Set(tree.map((o) => o.uuid)), ouUuids: allUnits(tree) };
  }
  const memberOrgs = new Set(ofType.flatMap((m) => m.orgs));
  const memberOus = new Set(ofType.flatMap((m) => m.ous));
  const orgUuids = new Set<string>();
  const ouUuids = new Set<string>();
  for (const org of tree) {
    if (memberOrgs.has(org.uuid)) {
      orgUuids.add(org.uuid);
      for (const ou of org.ous) ouUuids.add(ou.uuid);
      continue;
    }
    const reached = descendantsOf(org, memberOus);
    if (reached.size > 0) {
      orgUuids.add(org.uuid);
      for (const id of reached) ouUuids.add(id);
    }
  }
  if (type === 'BUSINESS_DATA') return { all: false, orgUuids, ouUuids: permittedBusinessUnitUuids(memberships, tree) };
  return { all: false, orgUuids, ouUuids };
}

export interface Grants {
  permissions: readonly Permission[];
  memberships: readonly Membership[];
}

const isOmnipresent = (grants: Grants, type: MembershipType) =>
  grants.memberships.some((m) => m.membershipType === type && m.omnipresence);

/** Organization setup: SETUP_ORG and a MANAGEMENT membership listing the org, or omnipresence. */
export function canSetupOrganization(grants: Grants, orgUuid: string): boolean {
  if (isOmnipresent(grants, 'MANAGEMENT')) return true;
  return (
    grants.permissions.includes('SETUP_ORG') &&
    grants.memberships.some((m) => m.membershipType === 'MANAGEMENT' && m.orgs.includes(orgUuid))
  );
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

/** OU setup: the org has ous and a non-empty MANAGEMENT-derived list with SETUP_OU, or omnipresence. */
export function canSetupUnits(grants: Grants, org: TreeOrganization, tree: readonly TreeOrganization[]): boolean {
  if (isOmnipresent(grants, 'MANAGEMENT')) return true;
  if (org.ous.length === 0 || !grants.permissions.includes('SETUP_OU')) return false;
  return visibilityFor(grants.memberships, 'MANAGEMENT', tree).orgUuids.has(org.uuid);
}

/** Transactions: the org has ous and a non-empty BUSINESS_DATA-derived list with VIEW_TRANSACTIONS, or omnipresence. */
export function canViewTransactions(grants: Grants, org: TreeOrganization, tree: readonly TreeOrganization[]): boolean {
  if (isOmnipresent(grants, 'BUSINESS_DATA')) return true;
  if (org.ous.length === 0 || !grants.permissions.includes('VIEW_TRANSACTIONS')) return false;
  return visibilityFor(grants.memberships, 'BUSINESS_DATA', tree).orgUuids.has(org.uuid);
}

/** An organization is visible when either membership type reaches it. */
export function visibleOrganizationUuids(memberships: readonly Membership[], tree: readonly TreeOrganization[]): Set<string> {
  const management = visibilityFor(memberships, 'MANAGEMENT', tree);
  const business = visibilityFor(memberships, 'BUSINESS_DATA', tree);
  return new Set([...management.orgUuids, ...business.orgUuids]);
}

/**
 * The units of an organization a user may see (read): every unit when either membership type
 * grants everything or lists the organization, otherwise the units the memberships reach with
 * their descendants (MANAGEMENT) and the permitted business-data units (BUSINESS_DATA).
 */
export function visibleUnitUuids(memberships: readonly Membership[], org: TreeOrganization, tree: readonly TreeOrganization[]): Set<string> {
  const inOrg = new Set(org.ous.map((ou) => ou.uuid));
  const reached = new Set<string>();
  for (const type of MEMBERSHIP_TYPES) {
    const visibility = visibilityFor(memberships, type, tree);
    if (visibility.all || memberships.some((m) => m.membershipType === type && m.orgs.includes(org.uuid))) return inOrg;
    const below = type === 'BUSINESS_DATA' ? descendantsOf(org, visibility.ouUuids) : visibility.ouUuids;
    for (const uuid of below) if (inOrg.has(uuid)) reached.add(uuid);
  }
  return reached;
}

/**
 * Setting up one unit, or placing a new one under `unitUuid` (null: directly under the
 * organization): organization setup covers every unit; otherwise SETUP_OU with a MANAGEMENT
 * membership that lists the organization, or that reaches the unit (its units and their
 * descendants). A user of one hotel sets up that hotel and what sits below it, nothing else.
 */
export function canSetupUnit(grants: Grants, org: TreeOrganization, tree: readonly TreeOrganization[], unitUuid: string | null): boolean {
  return unitSetupRule(grants, org, tree)(unitUuid);
}

/**
 * canSetupUnit for many units of one organization: what depends only on the grants and the tree is
 * worked out once (a screen asks it for every unit it shows).
 */
export function unitSetupRule(grants: Grants, org: TreeOrganization, tree: readonly TreeOrganization[]): (unitUuid: string | null) => boolean {
  if (canSetupOrganization(grants, org.uuid)) return () => true;
  if (!grants.permissions.includes('SETUP_OU')) return () => false;
  const management = grants.memberships.filter((m) => m.membershipType === 'MANAGEMENT');
  if (management.some((m) => m.orgs.includes(org.uuid))) return () => true;
  if (!tree.some((o) => o.uuid === org.uuid)) return () => false;
  const reached = visibilityFor(grants.memberships, 'MANAGEMENT', [org]).ouUuids;
  return (unitUuid) => unitUuid !== null && reached.has(unitUuid);
}

/** Creating organizations: CREATE_ORG, or an omnipresent MANAGEMENT membership. */
export function canCreateOrganization(grants: Grants): boolean {
  return isOmnipresent(grants, 'MANAGEMENT') || grants.permissions.includes('CREATE_ORG');
}

/**
 * The units whose transactions (and access log) a caller may read: with omnipresent BUSINESS_DATA
 * every unit; with VIEW_TRANSACTIONS the permitted business-data units of spec section 6 and the
 * units below them (a hotel's venues and revenue centers take its payments: the search's
 * includeDescendants=TRUE reads them with it); otherwise none.
 */
export function transactionUnitUuids(grants: Grants, tree: readonly TreeOrganization[]): Set<string> {
  if (isOmnipresent(grants, 'BUSINESS_DATA')) return allUnits(tree);
  if (!grants.permissions.includes('VIEW_TRANSACTIONS')) return new Set();
  const roots = permittedBusinessUnitUuids(grants.memberships, tree);
  const found = new Set<string>();
  for (const org of tree) for (const uuid of descendantsOf(org, roots)) found.add(uuid);
  return found;
}

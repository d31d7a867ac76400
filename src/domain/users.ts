/**
 * User management (spec sections 2, 3 and 6): the records a user manager reads and writes, and the
 * rule of what a grantor may give. Shared by the gateway, which enforces it on every write, and the
 * app, which offers only what it allows.
 *
 * The rule works on effective grants. A permission scoped by memberships (SETUP_ORG, SETUP_OU and
 * MANAGE_USER by MANAGEMENT ones, VIEW_TRANSACTIONS by BUSINESS_DATA ones) is a right over each
 * organization or unit of such a membership; a membership alone is the right to see it. A change of
 * a user's grants adds and removes such (right, place) pairs, and every pair it adds or removes must
 * be one the grantor holds. So a grantor gives only what they hold, on the units they hold it for,
 * and neither adding a unit to someone who holds a permission elsewhere nor adding a permission to
 * someone with units elsewhere passes it on beyond the grantor's own reach. Permissions changed in
 * the list itself must be held too (MANAGE_USER only with PROPAGATE_USER_MANAGEMENT, CREATE_ORG
 * only with PROPAGATE_ORG_CREATION), and omnipresence only by who has it.
 */
import { z } from 'zod';
import type { Grants, Membership, MembershipType, Permission, TreeOrganization } from './permissions';
import { membershipSchema, MEMBERSHIP_TYPES, permissionSchema, permittedBusinessUnitUuids, visibilityFor } from './permissions';
import { userProfileSchema } from './profile';

/** What the outbox, drafts and the change history call a user record. */
export const USER_KIND = 'user';

/** ACTIVE: can sign in. INVITED: created, not activated yet. DEACTIVATED: turned off by a user manager. */
export const USER_STATUSES = ['ACTIVE', 'INVITED', 'DEACTIVATED'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** A user as user management reads it: the profile, its version (If-Match) and status. */
export const managedUserSchema = userProfileSchema.extend({
  version: z.number().int(),
  status: userStatusSchema,
});
export type ManagedUser = z.infer<typeof managedUserSchema>;
export const managedUserListSchema = z.object({ data: z.array(managedUserSchema) });

/** At most this many organizations or units in one membership. */
export const MAX_MEMBERSHIP_PLACES = 5_000;

const grantsShape = {
  permissions: z.array(permissionSchema).max(16),
  memberships: z
    .array(
      membershipSchema.extend({
        orgs: z.array(z.string().uuid()).max(MAX_MEMBERSHIP_PLACES),
        ous: z.array(z.string().uuid()).max(MAX_MEMBERSHIP_PLACES),
      }),
    )
    .max(8),
};

/** Telephone numbers: digits with an optional leading +, spaces, dashes, dots and brackets; 6 to 15 digits. */
export const TELEPHONE_PATTERN = /^\+?[0-9 ().-]{6,24}$/;
export const TELEPHONE_MESSAGE = 'Enter a telephone number: digits, optionally with a leading + and spaces, dashes or brackets';
/** The stored form of a telephone number: its digits, with the leading + when there was one. */
export function normalizeTelephone(value: string): string {
  const trimmed = value.trim();
  return `${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}
export const telephoneSchema = z
  .string()
  .trim()
  .max(32)
  .refine((value) => TELEPHONE_PATTERN.test(value) && /^\d{6,15}$/.test(normalizeTelephone(value).replace('+', '')), TELEPHONE_MESSAGE)
  .transform(normalizeTelephone);

export const EMAIL_MESSAGE = 'Enter a valid email address';
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), EMAIL_MESSAGE)
  .transform((value) => value.toLowerCase());

/** POST /user-profile/v1/user-profile/users: a new user, invited by mail. */
export const userCreateSchema = z.object({
  uuid: z.string().uuid().optional(),
  email: emailSchema,
  telephone: telephoneSchema.nullable().optional(),
  ...grantsShape,
});
export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserCreateInput = z.input<typeof userCreateSchema>;

/** PUT /user-profile/v1/user-profile/users/{uuid}: the user's grants and whether they may sign in. */
export const userUpdateSchema = z.object({ ...grantsShape, active: z.boolean() });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** One membership per type, each organization and unit once, in a stable order. */
export function normalizeMemberships(memberships: readonly Membership[]): Membership[] {
  const result: Membership[] = [];
  for (const type of MEMBERSHIP_TYPES) {
    const ofType = memberships.filter((m) => m.membershipType === type);
    if (ofType.length === 0) continue;
    const omnipresence = ofType.some((m) => m.omnipresence);
    const orgs = [...new Set(ofType.flatMap((m) => m.orgs.map((uuid) => uuid.toLowerCase())))].sort();
    const ous = [...new Set(ofType.flatMap((m) => m.ous.map((uuid) => uuid.toLowerCase())))].sort();
    if (!omnipresence && orgs.length === 0 && ous.length === 0) continue;
    result.push({ membershipType: type, omnipresence, orgs, ous });
  }
  return result;
}

/** Permissions in the spec's order, each once. */
export function normalizePermissions(permissions: readonly Permission[]): Permission[] {
  const set = new Set(permissions);
  return permissionSchema.options.filter((permission) => set.has(permission));
}

/** Whether the user may open user management at all. */
export function canManageUsers(grants: Grants): boolean {
  return grants.permissions.includes('MANAGE_USER') || grants.memberships.some((m) => m.membershipType === 'MANAGEMENT' && m.omnipresence);
}

/** The permissions a membership type scopes; the others are not tied to a place. */
export const SCOPED_PERMISSIONS: Record<MembershipType, readonly Permission[]> = {
  MANAGEMENT: ['SETUP_ORG', 'SETUP_OU', 'MANAGE_USER'],
  BUSINESS_DATA: ['VIEW_TRANSACTIONS'],
};

/** Where a grantor reaches for one membership type. */
export interface PlaceReach {
  /** omnipresent: every organization and unit */
  all: boolean;
  /** organizations held as a whole */
  orgs: ReadonlySet<string>;
  /** units held (with their descendants for MANAGEMENT) */
  ous: ReadonlySet<string>;
}

/** What a grantor can give: permissions (in the list) and places per membership type. */
export interface GrantorReach {
  permissions: ReadonlySet<Permission>;
  omnipresence: ReadonlySet<MembershipType>;
  places: Record<MembershipType, PlaceReach>;
  /** a scoped permission the grantor holds at their places of its type */
  scoped: ReadonlySet<Permission>;
}

const NONE: PlaceReach = { all: false, orgs: new Set(), ous: new Set() };

/** Works out once what `grantor` may give, over `tree` (every organization with its units). */
export function grantorReach(grantor: Grants, tree: readonly TreeOrganization[]): GrantorReach {
  const has = (permission: Permission) => grantor.permissions.includes(permission);
  const omni = (type: MembershipType) => grantor.memberships.some((m) => m.membershipType === type && m.omnipresence);
  const root = omni('MANAGEMENT');
  const existingOrgs = new Set(tree.map((org) => org.uuid));
  const placesOf = (type: MembershipType): PlaceReach => {
    if (omni(type) || (type === 'MANAGEMENT' && root)) return { all: true, orgs: existingOrgs, ous: new Set(tree.flatMap((org) => org.ous.map((ou) => ou.uuid))) };
    const ofType = grantor.memberships.filter((m) => m.membershipType === type);
    if (ofType.length === 0) return NONE;
    const orgs = new Set(ofType.flatMap((m) => m.orgs).filter((uuid) => existingOrgs.has(uuid)));
    if (type === 'MANAGEMENT') return { all: false, orgs, ous: visibilityFor(grantor.memberships, 'MANAGEMENT', tree).ouUuids };
    // business data is exactly what was granted: the units of whole organizations and the membership's units, no descendants
    const ous = new Set(permittedBusinessUnitUuids(grantor.memberships, tree));
    for (const org of tree) if (orgs.has(org.uuid)) for (const ou of org.ous) ous.add(ou.uuid);
    return { all: false, orgs, ous };
  };
  const places = { MANAGEMENT: placesOf('MANAGEMENT'), BUSINESS_DATA: placesOf('BUSINESS_DATA') };
  const permissions = new Set<Permission>();
  const scoped = new Set<Permission>();
  if (root) {
    for (const permission of permissionSchema.options) permissions.add(permission);
    for (const permission of SCOPED_PERMISSIONS.MANAGEMENT) scoped.add(permission);
    if (omni('BUSINESS_DATA') || has('VIEW_TRANSACTIONS')) scoped.add('VIEW_TRANSACTIONS');
  } else if (has('MANAGE_USER')) {
    for (const permission of ['SETUP_ORG', 'SETUP_OU', 'VIEW_TRANSACTIONS', 'PROPAGATE_USER_MANAGEMENT', 'PROPAGATE_ORG_CREATION'] as const) {
      if (has(permission)) permissions.add(permission);
    }
    if (omni('BUSINESS_DATA')) permissions.add('VIEW_TRANSACTIONS');
    if (has('PROPAGATE_USER_MANAGEMENT')) permissions.add('MANAGE_USER');
    if (has('CREATE_ORG') && has('PROPAGATE_ORG_CREATION')) permissions.add('CREATE_ORG');
    for (const permission of ['SETUP_ORG', 'SETUP_OU', 'MANAGE_USER', 'VIEW_TRANSACTIONS'] as const) if (permissions.has(permission)) scoped.add(permission);
  }
  const omnipresence = new Set(MEMBERSHIP_TYPES.filter((type) => omni(type) && (root || has('MANAGE_USER'))));
  if (!root && !has('MANAGE_USER')) return { permissions, omnipresence, places: { MANAGEMENT: NONE, BUSINESS_DATA: NONE }, scoped };
  return { permissions, omnipresence, places, scoped };
}

/** A place of a membership: an organization, a unit, or everything (omnipresence). */
export type Place = { kind: 'all' } | { kind: 'org'; uuid: string } | { kind: 'ou'; uuid: string };

/** One thing a change would give or take that the grantor does not hold. */
export type GrantRefusal =
  | { kind: 'permission'; permission: Permission }
  | { kind: 'place'; membershipType: MembershipType; place: Place; permission: Permission | null };

/** The right (a scoped permission, or null: membership only) a user has over each place, as "type|right|place" keys. */
function effectivePairs(grants: Grants): Map<string, { membershipType: MembershipType; permission: Permission | null; place: Place }> {
  const pairs = new Map<string, { membershipType: MembershipType; permission: Permission | null; place: Place }>();
  for (const membership of normalizeMemberships(grants.memberships)) {
    const type = membership.membershipType;
    const places: Place[] = [
      ...(membership.omnipresence ? [{ kind: 'all' } as const] : []),
      ...membership.orgs.map((uuid) => ({ kind: 'org', uuid }) as const),
      ...membership.ous.map((uuid) => ({ kind: 'ou', uuid }) as const),
    ];
    const rights: (Permission | null)[] = [null, ...SCOPED_PERMISSIONS[type].filter((permission) => grants.permissions.includes(permission))];
    for (const place of places) {
      for (const permission of rights) {
        pairs.set(`${type}|${permission ?? ''}|${place.kind}|${'uuid' in place ? place.uuid : ''}`, { membershipType: type, permission, place });
      }
    }
  }
  return pairs;
}

function holdsPair(reach: GrantorReach, membershipType: MembershipType, permission: Permission | null, place: Place): boolean {
  if (permission !== null && !reach.scoped.has(permission)) return false;
  if (place.kind === 'all') return reach.omnipresence.has(membershipType);
  const places = reach.places[membershipType];
  if (places.all) return true;
  return place.kind === 'org' ? places.orgs.has(place.uuid) : places.ous.has(place.uuid);
}

/**
 * What a change of a user's grants from `before` to `after` gives or takes that the grantor does not
 * hold: empty when the grantor may make it. A new user is a change from no grants.
 */
export function grantRefusals(reach: GrantorReach, before: Grants, after: Grants): GrantRefusal[] {
  const refusals: GrantRefusal[] = [];
  const beforePermissions = new Set(before.permissions);
  const afterPermissions = new Set(after.permissions);
  for (const permission of permissionSchema.options) {
    if (beforePermissions.has(permission) !== afterPermissions.has(permission) && !reach.permissions.has(permission)) {
      refusals.push({ kind: 'permission', permission });
    }
  }
  const beforePairs = effectivePairs(before);
  const afterPairs = effectivePairs(after);
  const changed = [...[...afterPairs].filter(([key]) => !beforePairs.has(key)), ...[...beforePairs].filter(([key]) => !afterPairs.has(key))];
  for (const [, pair] of changed) {
    if (!holdsPair(reach, pair.membershipType, pair.permission, pair.place)) refusals.push({ kind: 'place', ...pair });
  }
  return refusals;
}

/**
 * Whether the grantor holds the user's rights at every place the user has them, so may take them
 * all (deactivate the user): nobody turns off someone's access to what they do not manage.
 */
export function holdsAllGrants(reach: GrantorReach, user: Grants): boolean {
  return [...effectivePairs(user).values()].every((pair) => holdsPair(reach, pair.membershipType, pair.permission, pair.place));
}

/** The organizations and units named by memberships that are not in the tree. */
export function unknownPlaces(memberships: readonly Membership[], tree: readonly TreeOrganization[]): string[] {
  const orgs = new Set(tree.map((org) => org.uuid));
  const ous = new Set(tree.flatMap((org) => org.ous.map((ou) => ou.uuid)));
  const unknown = new Set<string>();
  for (const membership of memberships) {
    for (const uuid of membership.orgs) if (!orgs.has(uuid.toLowerCase())) unknown.add(uuid.toLowerCase());
    for (const uuid of membership.ous) if (!ous.has(uuid.toLowerCase())) unknown.add(uuid.toLowerCase());
  }
  return [...unknown];
}

/** The words of a refusal, naming places by `nameOf` (their name, or the uuid when unknown). */
export function grantRefusalMessage(refusal: GrantRefusal, nameOf: (uuid: string) => string = (uuid) => uuid): string {
  if (refusal.kind === 'permission') return `You cannot give or take ${refusal.permission}: you do not hold the right to pass it on`;
  const where = refusal.place.kind === 'all' ? `everything (omnipresent ${refusal.membershipType})` : nameOf(refusal.place.uuid);
  const what = refusal.permission ?? `${refusal.membershipType} membership`;
  return `You cannot give or take ${what} on ${where}: you do not hold it there`;
}

const placeFlags = z.object({ MANAGEMENT: z.boolean(), BUSINESS_DATA: z.boolean() });

/**
 * GET /user-profile/v1/user-profile/users/grantable: what the caller may give, with the names of the
 * places, so the app offers exactly that. A unit's parentUuid is its nearest grantable ancestor.
 */
export const grantableSchema = z.object({
  permissions: z.array(permissionSchema),
  scoped: z.array(permissionSchema),
  omnipresence: z.array(z.enum(MEMBERSHIP_TYPES)),
  all: placeFlags,
  organizations: z.array(
    z.object({
      uuid: z.string().uuid(),
      name: z.string(),
      /** the organization as a whole may be given, per membership type */
      whole: placeFlags,
      ous: z.array(z.object({ uuid: z.string().uuid(), parentUuid: z.string().uuid().nullable(), name: z.string(), type: z.string(), ...placeFlags.shape })),
    }),
  ),
});
export type Grantable = z.infer<typeof grantableSchema>;

/** The grantor's reach as the gateway answered it (the app judges an edit by the same rule). */
export function reachOfGrantable(grantable: Grantable): GrantorReach {
  const placesOf = (type: MembershipType): PlaceReach => ({
    all: grantable.all[type],
    orgs: new Set(grantable.organizations.filter((org) => org.whole[type]).map((org) => org.uuid)),
    ous: new Set(grantable.organizations.flatMap((org) => org.ous.filter((ou) => ou[type]).map((ou) => ou.uuid))),
  });
  return {
    permissions: new Set(grantable.permissions),
    scoped: new Set(grantable.scoped),
    omnipresence: new Set(grantable.omnipresence),
    places: { MANAGEMENT: placesOf('MANAGEMENT'), BUSINESS_DATA: placesOf('BUSINESS_DATA') },
  };
}

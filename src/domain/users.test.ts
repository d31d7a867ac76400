import { describe, expect, it } from 'vitest';
import type { Grants, Membership, Permission, TreeOrganization } from './index';
import {
  canManageUsers,
  grantorReach,
  grantRefusals,
  holdsAllGrants,
  normalizeMemberships,
  normalizeTelephone,
  telephoneSchema,
  unknownPlaces,
  userCreateSchema,
} from './index';

// Two organizations. ORG_A: HOTEL_A1 > VENUE_A1 > RC_A1, and HOTEL_A2. ORG_B: HOTEL_B1.
const ORG_A = '0a000000-0000-4000-8000-000000000001';
const ORG_B = '0b000000-0000-4000-8000-000000000002';
const HOTEL_A1 = 'a1000000-0000-4000-8000-000000000001';
const VENUE_A1 = 'a1000000-0000-4000-8000-000000000002';
const RC_A1 = 'a1000000-0000-4000-8000-000000000003';
const HOTEL_A2 = 'a2000000-0000-4000-8000-000000000001';
const HOTEL_B1 = 'b1000000-0000-4000-8000-000000000001';
const tree: TreeOrganization[] = [
  {
    uuid: ORG_A,
    ous: [
      { uuid: HOTEL_A1, parentUuid: null },
      { uuid: VENUE_A1, parentUuid: HOTEL_A1 },
      { uuid: RC_A1, parentUuid: VENUE_A1 },
      { uuid: HOTEL_A2, parentUuid: null },
    ],
  },
  { uuid: ORG_B, ous: [{ uuid: HOTEL_B1, parentUuid: null }] },
];

const mgmt = (places: { orgs?: string[]; ous?: string[]; omnipresence?: boolean }): Membership => ({
  membershipType: 'MANAGEMENT',
  orgs: places.orgs ?? [],
  ous: places.ous ?? [],
  omnipresence: places.omnipresence ?? false,
});
const business = (places: { orgs?: string[]; ous?: string[]; omnipresence?: boolean }): Membership => ({ ...mgmt(places), membershipType: 'BUSINESS_DATA' });
const grants = (permissions: Permission[], memberships: Membership[] = []): Grants => ({ permissions, memberships });
const NOTHING = grants([]);

const admin = grants(
  ['SETUP_OU', 'SETUP_ORG', 'CREATE_ORG', 'VIEW_TRANSACTIONS', 'MANAGE_USER', 'PROPAGATE_USER_MANAGEMENT', 'PROPAGATE_ORG_CREATION'],
  [mgmt({ omnipresence: true }), business({ omnipresence: true })],
);
/** manages users, sets up units and sees transactions in organization A as a whole */
const orgAManager = grants(['MANAGE_USER', 'SETUP_OU', 'SETUP_ORG', 'VIEW_TRANSACTIONS'], [mgmt({ orgs: [ORG_A] }), business({ orgs: [ORG_A] })]);
/** manages users and sets up units of hotel A1 (and what is below it); sees transactions of hotel A1 only */
const hotelManager = grants(['MANAGE_USER', 'SETUP_OU', 'VIEW_TRANSACTIONS'], [mgmt({ ous: [HOTEL_A1] }), business({ ous: [HOTEL_A1] })]);
const hotelSetupOnly = grants(['SETUP_OU'], [mgmt({ ous: [HOTEL_A1] })]);
const propagator = grants(
  ['MANAGE_USER', 'PROPAGATE_USER_MANAGEMENT', 'CREATE_ORG', 'PROPAGATE_ORG_CREATION', 'SETUP_OU'],
  [mgmt({ orgs: [ORG_A] })],
);

const refusedFor = (grantor: Grants, before: Grants, after: Grants) => grantRefusals(grantorReach(grantor, tree), before, after);

describe('what a grantor may give (spec section 6)', () => {
  const cases: { name: string; grantor: Grants; before?: Grants; after: Grants; allowed: boolean }[] = [
    // the administrator gives anything
    { name: 'admin gives omnipresence and every permission', grantor: admin, after: admin, allowed: true },
    { name: 'admin gives SETUP_OU on one venue', grantor: admin, after: grants(['SETUP_OU'], [mgmt({ ous: [VENUE_A1] })]), allowed: true },
    { name: 'admin gives VIEW_TRANSACTIONS on one hotel', grantor: admin, after: grants(['VIEW_TRANSACTIONS'], [business({ ous: [HOTEL_B1] })]), allowed: true },
    // permissions only where held
    { name: 'org manager gives SETUP_OU on a unit of its organization', grantor: orgAManager, after: grants(['SETUP_OU'], [mgmt({ ous: [HOTEL_A2] })]), allowed: true },
    { name: 'org manager gives SETUP_ORG on its organization', grantor: orgAManager, after: grants(['SETUP_ORG'], [mgmt({ orgs: [ORG_A] })]), allowed: true },
    { name: 'org manager gives SETUP_OU in another organization', grantor: orgAManager, after: grants(['SETUP_OU'], [mgmt({ ous: [HOTEL_B1] })]), allowed: false },
    { name: 'org manager gives another organization as a whole', grantor: orgAManager, after: grants([], [mgmt({ orgs: [ORG_B] })]), allowed: false },
    { name: 'org manager gives omnipresence', grantor: orgAManager, after: grants(['SETUP_OU'], [mgmt({ omnipresence: true })]), allowed: false },
    { name: 'org manager gives CREATE_ORG it lacks', grantor: orgAManager, after: grants(['CREATE_ORG']), allowed: false },
    { name: 'org manager gives MANAGE_USER without PROPAGATE_USER_MANAGEMENT', grantor: orgAManager, after: grants(['MANAGE_USER'], [mgmt({ orgs: [ORG_A] })]), allowed: false },
    { name: 'org manager gives PROPAGATE_USER_MANAGEMENT it lacks', grantor: orgAManager, after: grants(['PROPAGATE_USER_MANAGEMENT']), allowed: false },
    { name: 'org manager gives VIEW_TRANSACTIONS on a unit of its organization', grantor: orgAManager, after: grants(['VIEW_TRANSACTIONS'], [business({ ous: [RC_A1] })]), allowed: true },
    // units: the hotel manager reaches hotel A1 and below, and sees transactions of hotel A1 exactly
    { name: 'hotel manager gives SETUP_OU on its hotel', grantor: hotelManager, after: grants(['SETUP_OU'], [mgmt({ ous: [HOTEL_A1] })]), allowed: true },
    { name: 'hotel manager gives SETUP_OU on a venue below its hotel', grantor: hotelManager, after: grants(['SETUP_OU'], [mgmt({ ous: [VENUE_A1] })]), allowed: true },
    { name: 'hotel manager gives SETUP_OU on the other hotel', grantor: hotelManager, after: grants(['SETUP_OU'], [mgmt({ ous: [HOTEL_A2] })]), allowed: false },
    { name: 'hotel manager gives the organization as a whole', grantor: hotelManager, after: grants(['SETUP_OU'], [mgmt({ orgs: [ORG_A] })]), allowed: false },
    { name: 'hotel manager gives SETUP_ORG it lacks', grantor: hotelManager, after: grants(['SETUP_ORG'], [mgmt({ ous: [HOTEL_A1] })]), allowed: false },
    { name: 'hotel manager gives VIEW_TRANSACTIONS on its hotel', grantor: hotelManager, after: grants(['VIEW_TRANSACTIONS'], [business({ ous: [HOTEL_A1] })]), allowed: true },
    { name: 'hotel manager gives VIEW_TRANSACTIONS below its hotel (it sees the hotel only)', grantor: hotelManager, after: grants(['VIEW_TRANSACTIONS'], [business({ ous: [VENUE_A1] })]), allowed: false },
    { name: 'hotel manager gives a bare membership of its hotel', grantor: hotelManager, after: grants([], [mgmt({ ous: [HOTEL_A1] })]), allowed: true },
    // no user management: nothing to give
    { name: 'a user without MANAGE_USER gives what it holds', grantor: hotelSetupOnly, after: grants(['SETUP_OU'], [mgmt({ ous: [HOTEL_A1] })]), allowed: false },
    // propagation rights
    { name: 'a propagator gives MANAGE_USER in its organization', grantor: propagator, after: grants(['MANAGE_USER'], [mgmt({ ous: [HOTEL_A1] })]), allowed: true },
    { name: 'a propagator gives PROPAGATE_USER_MANAGEMENT', grantor: propagator, after: grants(['MANAGE_USER', 'PROPAGATE_USER_MANAGEMENT']), allowed: true },
    { name: 'a propagator gives CREATE_ORG and PROPAGATE_ORG_CREATION', grantor: propagator, after: grants(['CREATE_ORG', 'PROPAGATE_ORG_CREATION']), allowed: true },
    { name: 'a propagator gives VIEW_TRANSACTIONS it lacks', grantor: propagator, after: grants(['VIEW_TRANSACTIONS']), allowed: false },
    // combinations: what a user already holds elsewhere does not travel through the grantor
    {
      name: 'adding a unit to a user who holds SETUP_ORG elsewhere, when the grantor lacks SETUP_ORG',
      grantor: hotelManager,
      before: grants(['SETUP_ORG'], [mgmt({ ous: [HOTEL_B1] })]),
      after: grants(['SETUP_ORG'], [mgmt({ ous: [HOTEL_B1, HOTEL_A1] })]),
      allowed: false,
    },
    {
      name: 'adding SETUP_OU to a user with units outside the grantor',
      grantor: hotelManager,
      before: grants([], [mgmt({ ous: [HOTEL_A1, HOTEL_B1] })]),
      after: grants(['SETUP_OU'], [mgmt({ ous: [HOTEL_A1, HOTEL_B1] })]),
      allowed: false,
    },
    {
      name: 'adding a unit within reach keeps what the user holds elsewhere untouched',
      grantor: hotelManager,
      before: grants(['SETUP_OU'], [mgmt({ ous: [HOTEL_B1] }), business({ orgs: [ORG_B] })]),
      after: grants(['SETUP_OU'], [mgmt({ ous: [HOTEL_B1, VENUE_A1] }), business({ orgs: [ORG_B] })]),
      allowed: true,
    },
    {
      name: 'taking away a unit outside the grantor',
      grantor: hotelManager,
      before: grants(['SETUP_OU'], [mgmt({ ous: [HOTEL_A1, HOTEL_B1] })]),
      after: grants(['SETUP_OU'], [mgmt({ ous: [HOTEL_A1] })]),
      allowed: false,
    },
    {
      name: 'taking away SETUP_OU held within reach',
      grantor: hotelManager,
      before: grants(['SETUP_OU'], [mgmt({ ous: [VENUE_A1] })]),
      after: grants([], [mgmt({ ous: [VENUE_A1] })]),
      allowed: true,
    },
    { name: 'no change at all', grantor: hotelManager, before: admin, after: admin, allowed: true },
  ];

  for (const { name, grantor, before, after, allowed } of cases) {
    it(`${allowed ? 'allows' : 'refuses'}: ${name}`, () => {
      const refusals = refusedFor(grantor, before ?? NOTHING, after);
      if (allowed) expect(refusals).toEqual([]);
      else expect(refusals.length).toBeGreaterThan(0);
    });
  }

  it('says what was refused: the permission, or the right and the place', () => {
    expect(refusedFor(orgAManager, NOTHING, grants(['CREATE_ORG']))).toEqual([{ kind: 'permission', permission: 'CREATE_ORG' }]);
    expect(refusedFor(hotelManager, NOTHING, grants(['SETUP_OU'], [mgmt({ ous: [HOTEL_A2] })]))).toEqual([
      { kind: 'place', membershipType: 'MANAGEMENT', permission: null, place: { kind: 'ou', uuid: HOTEL_A2 } },
      { kind: 'place', membershipType: 'MANAGEMENT', permission: 'SETUP_OU', place: { kind: 'ou', uuid: HOTEL_A2 } },
    ]);
  });

  it('lets a grantor take away only what it holds everywhere the user has it (deactivation)', () => {
    const reach = grantorReach(hotelManager, tree);
    expect(holdsAllGrants(reach, grants(['SETUP_OU'], [mgmt({ ous: [VENUE_A1] })]))).toBe(true);
    expect(holdsAllGrants(reach, grants(['SETUP_OU'], [mgmt({ ous: [VENUE_A1, HOTEL_B1] })]))).toBe(false);
    expect(holdsAllGrants(reach, admin)).toBe(false);
    expect(holdsAllGrants(grantorReach(admin, tree), admin)).toBe(true);
  });
});

describe('user management', () => {
  it('is open to MANAGE_USER and to omnipresent management', () => {
    expect(canManageUsers(admin)).toBe(true);
    expect(canManageUsers(hotelManager)).toBe(true);
    expect(canManageUsers(hotelSetupOnly)).toBe(false);
    expect(canManageUsers(grants([], [mgmt({ omnipresence: true })]))).toBe(true);
    expect(canManageUsers(grants([], [business({ omnipresence: true })]))).toBe(false);
  });

  it('keeps one membership per type, each place once, and drops empty ones', () => {
    expect(
      normalizeMemberships([mgmt({ ous: [HOTEL_A1.toUpperCase()] }), business({}), mgmt({ ous: [HOTEL_A1], orgs: [ORG_B] })]),
    ).toEqual([{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [ORG_B], ous: [HOTEL_A1] }]);
  });

  it('names the places that are not in the tree', () => {
    expect(unknownPlaces([mgmt({ ous: [HOTEL_A1, '99999999-0000-4000-8000-000000000000'] })], tree)).toEqual(['99999999-0000-4000-8000-000000000000']);
  });

  it('reads telephone numbers as their digits with the leading +', () => {
    expect(normalizeTelephone(' +44 (20) 7946-0958 ')).toBe('+442079460958');
    expect(telephoneSchema.parse('+44 20 7946 0958')).toBe('+442079460958');
    expect(telephoneSchema.safeParse('12345').success).toBe(false);
    expect(telephoneSchema.safeParse('call me').success).toBe(false);
    expect(telephoneSchema.safeParse('+1234567890123456').success).toBe(false);
  });

  it('reads a new user: email lower-cased, grants checked', () => {
    expect(userCreateSchema.parse({ email: ' Ana@Example.COM ', permissions: ['SETUP_OU'], memberships: [] }).email).toBe('ana@example.com');
    expect(userCreateSchema.safeParse({ email: 'not an address', permissions: [], memberships: [] }).success).toBe(false);
    expect(userCreateSchema.safeParse({ email: 'a@b.co', permissions: ['ROOT'], memberships: [] }).success).toBe(false);
  });
});

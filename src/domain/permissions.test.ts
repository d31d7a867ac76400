import { describe, expect, it } from 'vitest';
import {
  canCreateOrganization,
  canSetupOrganization,
  canSetupUnit,
  canSetupUnits,
  canViewTransactions,
  permittedBusinessUnitUuids,
  visibilityFor,
  visibleOrganizationUuids,
  visibleUnitUuids,
  type Grants,
  type Membership,
  type MembershipType,
  type TreeOrganization,
} from './permissions';

const ORG_A = '00000000-0000-4000-8000-00000000000a';
const ORG_B = '00000000-0000-4000-8000-00000000000b';
const ORG_C = '00000000-0000-4000-8000-00000000000c';
const HOTEL = '00000000-0000-4000-8000-000000000001';
const VENUE = '00000000-0000-4000-8000-000000000002';
const RC = '00000000-0000-4000-8000-000000000003';
const OTHER_HOTEL = '00000000-0000-4000-8000-000000000004';
const C_HOTEL = '00000000-0000-4000-8000-000000000005';
const STRAY = '00000000-0000-4000-8000-000000000099';

// ORG_A: HOTEL > VENUE > RC, and OTHER_HOTEL; ORG_B has no units; ORG_C: C_HOTEL.
const tree: TreeOrganization[] = [
  {
    uuid: ORG_A,
    ous: [
      { uuid: HOTEL, parentUuid: null },
      { uuid: VENUE, parentUuid: HOTEL },
      { uuid: RC, parentUuid: VENUE },
      { uuid: OTHER_HOTEL, parentUuid: null },
    ],
  },
  { uuid: ORG_B, ous: [] },
  { uuid: ORG_C, ous: [{ uuid: C_HOTEL, parentUuid: null }] },
];
const orgA = tree[0] as TreeOrganization;
const orgB = tree[1] as TreeOrganization;

const m = (membershipType: MembershipType, part: Partial<Membership>): Membership => ({
  membershipType,
  orgs: [],
  ous: [],
  omnipresence: false,
  ...part,
});
const sorted = (values: Iterable<string>) => [...values].sort();
const EVERY_UNIT = [HOTEL, VENUE, RC, OTHER_HOTEL, C_HOTEL];

describe('visibility of organizations and units (spec section 6)', () => {
  // [case, memberships, type, all, visible orgs, visible units]
  const cases: [string, Membership[], MembershipType, boolean, string[], string[]][] = [
    ['omnipresent MANAGEMENT sees everything', [m('MANAGEMENT', { omnipresence: true })], 'MANAGEMENT', true, [ORG_A, ORG_B, ORG_C], EVERY_UNIT],
    ['omnipresence of the other type grants nothing', [m('BUSINESS_DATA', { omnipresence: true })], 'MANAGEMENT', false, [], []],
    ['a MANAGEMENT unit: its org, the unit and its descendants', [m('MANAGEMENT', { ous: [VENUE] })], 'MANAGEMENT', false, [ORG_A], [VENUE, RC]],
    ['a MANAGEMENT org: the org and all its units', [m('MANAGEMENT', { orgs: [ORG_C] })], 'MANAGEMENT', false, [ORG_C], [C_HOTEL]],
    ['MANAGEMENT units not in the tree are ignored', [m('MANAGEMENT', { ous: [STRAY] })], 'MANAGEMENT', false, [], []],
    ['omnipresent BUSINESS_DATA: all units found', [m('BUSINESS_DATA', { omnipresence: true })], 'BUSINESS_DATA', true, [ORG_A, ORG_B, ORG_C], EVERY_UNIT],
    ['a BUSINESS_DATA unit: its org, and that unit only (no descendants)', [m('BUSINESS_DATA', { ous: [HOTEL] })], 'BUSINESS_DATA', false, [ORG_A], [HOTEL]],
    ['a BUSINESS_DATA org: the org, and no unit it was not given', [m('BUSINESS_DATA', { orgs: [ORG_C] })], 'BUSINESS_DATA', false, [ORG_C], []],
    [
      'BUSINESS_DATA units: those that exist in the tree, across memberships',
      [m('BUSINESS_DATA', { ous: [RC, STRAY] }), m('BUSINESS_DATA', { ous: [C_HOTEL] }), m('MANAGEMENT', { ous: [OTHER_HOTEL] })],
      'BUSINESS_DATA',
      false,
      [ORG_A, ORG_C],
      [RC, C_HOTEL],
    ],
  ];

  it.each(cases)('%s', (_case, memberships, type, all, orgs, units) => {
    const visibility = visibilityFor(memberships, type, tree);
    expect(visibility.all).toBe(all);
    expect(sorted(visibility.orgUuids)).toEqual(sorted(orgs));
    expect(sorted(visibility.ouUuids)).toEqual(sorted(units));
  });

  it('organizations are visible through either membership type', () => {
    const seen = visibleOrganizationUuids([m('BUSINESS_DATA', { ous: [HOTEL] }), m('MANAGEMENT', { orgs: [ORG_B] })], tree);
    expect(sorted(seen)).toEqual(sorted([ORG_A, ORG_B]));
  });
});

describe('permitted business-data unit ids (spec section 6)', () => {
  // [case, memberships, permitted unit ids]
  const cases: [string, Membership[], string[]][] = [
    ['omnipresence: all units found', [m('BUSINESS_DATA', { omnipresence: true })], EVERY_UNIT],
    ["a hotel: the hotel only, not its venue or revenue center", [m('BUSINESS_DATA', { ous: [HOTEL] })], [HOTEL]],
    ['a revenue center: that revenue center', [m('BUSINESS_DATA', { ous: [RC] })], [RC]],
    ['an organization: none of its units', [m('BUSINESS_DATA', { orgs: [ORG_A] })], []],
    ['units missing from the tree are left out', [m('BUSINESS_DATA', { ous: [STRAY, OTHER_HOTEL] })], [OTHER_HOTEL]],
    ['MANAGEMENT memberships give none, omnipresent or not', [m('MANAGEMENT', { omnipresence: true }), m('MANAGEMENT', { ous: [HOTEL] })], []],
    ['no membership: none', [], []],
  ];

  it.each(cases)('%s', (_case, memberships, units) => {
    expect(sorted(permittedBusinessUnitUuids(memberships, tree))).toEqual(sorted(units));
  });
});

describe('access rules (spec section 6)', () => {
  const grants = (permissions: Grants['permissions'], memberships: Membership[]): Grants => ({ permissions, memberships });

  // [case, grants, org, expected]
  const orgSetup: [string, Grants, string, boolean][] = [
    ['SETUP_ORG and a MANAGEMENT membership listing the org', grants(['SETUP_ORG'], [m('MANAGEMENT', { orgs: [ORG_A] })]), ORG_A, true],
    ['the membership without SETUP_ORG', grants([], [m('MANAGEMENT', { orgs: [ORG_A] })]), ORG_A, false],
    ['SETUP_ORG with a BUSINESS_DATA membership only', grants(['SETUP_ORG'], [m('BUSINESS_DATA', { orgs: [ORG_A] })]), ORG_A, false],
    ['SETUP_ORG with a MANAGEMENT unit of the org (not the org)', grants(['SETUP_ORG'], [m('MANAGEMENT', { ous: [HOTEL] })]), ORG_A, false],
    ['omnipresent MANAGEMENT, no permission', grants([], [m('MANAGEMENT', { omnipresence: true })]), ORG_B, true],
  ];
  it.each(orgSetup)('organization setup: %s', (_case, g, org, expected) => {
    expect(canSetupOrganization(g, org)).toBe(expected);
  });

  // [case, grants, org, expected]
  const unitSetup: [string, Grants, TreeOrganization, boolean][] = [
    ['SETUP_OU and a MANAGEMENT unit of the org', grants(['SETUP_OU'], [m('MANAGEMENT', { ous: [HOTEL] })]), orgA, true],
    ['the unit without SETUP_OU', grants([], [m('MANAGEMENT', { ous: [HOTEL] })]), orgA, false],
    ['SETUP_OU and a BUSINESS_DATA unit only', grants(['SETUP_OU'], [m('BUSINESS_DATA', { ous: [HOTEL] })]), orgA, false],
    ['an organization without units', grants(['SETUP_OU'], [m('MANAGEMENT', { orgs: [ORG_B] })]), orgB, false],
    ['omnipresent MANAGEMENT', grants([], [m('MANAGEMENT', { omnipresence: true })]), orgB, true],
  ];
  it.each(unitSetup)('unit setup: %s', (_case, g, org, expected) => {
    expect(canSetupUnits(g, org, tree)).toBe(expected);
  });

  // [case, grants, org, expected]
  const transactions: [string, Grants, TreeOrganization, boolean][] = [
    ['VIEW_TRANSACTIONS and a BUSINESS_DATA unit of the org', grants(['VIEW_TRANSACTIONS'], [m('BUSINESS_DATA', { ous: [RC] })]), orgA, true],
    ['VIEW_TRANSACTIONS and a MANAGEMENT unit only', grants(['VIEW_TRANSACTIONS'], [m('MANAGEMENT', { ous: [RC] })]), orgA, false],
    ['a BUSINESS_DATA unit without VIEW_TRANSACTIONS', grants([], [m('BUSINESS_DATA', { ous: [RC] })]), orgA, false],
    ['an organization without units', grants(['VIEW_TRANSACTIONS'], [m('BUSINESS_DATA', { orgs: [ORG_B] })]), orgB, false],
    ['omnipresent BUSINESS_DATA', grants([], [m('BUSINESS_DATA', { omnipresence: true })]), orgB, true],
  ];
  it.each(transactions)('transactions: %s', (_case, g, org, expected) => {
    expect(canViewTransactions(g, org, tree)).toBe(expected);
  });
});

describe('setting up one unit and seeing units (organization and units screens)', () => {
  const orgA = tree.find((org) => org.uuid === ORG_A) as TreeOrganization;
  const management = (orgs: string[], ous: string[], omnipresence = false): Membership => ({ membershipType: 'MANAGEMENT', orgs, ous, omnipresence });
  const business = (ous: string[]): Membership => ({ membershipType: 'BUSINESS_DATA', orgs: [], ous, omnipresence: false });
  const rows: [string, Grants, string | null, boolean][] = [
    ['omnipresent management: anywhere', { permissions: [], memberships: [management([], [], true)] }, null, true],
    ['organization setup: under the organization', { permissions: ['SETUP_ORG'], memberships: [management([ORG_A], [])] }, null, true],
    ['SETUP_OU with the organization listed: anywhere in it', { permissions: ['SETUP_OU'], memberships: [management([ORG_A], [])] }, OTHER_HOTEL, true],
    ['SETUP_OU of one hotel: the hotel', { permissions: ['SETUP_OU'], memberships: [management([], [HOTEL])] }, HOTEL, true],
    ['SETUP_OU of one hotel: below it', { permissions: ['SETUP_OU'], memberships: [management([], [HOTEL])] }, RC, true],
    ['SETUP_OU of one hotel: not its sibling', { permissions: ['SETUP_OU'], memberships: [management([], [HOTEL])] }, OTHER_HOTEL, false],
    ['SETUP_OU of one hotel: not directly under the organization', { permissions: ['SETUP_OU'], memberships: [management([], [HOTEL])] }, null, false],
    ['a hotel membership without SETUP_OU: nothing', { permissions: [], memberships: [management([], [HOTEL])] }, HOTEL, false],
    ['business data only: nothing', { permissions: ['SETUP_OU'], memberships: [business([HOTEL])] }, HOTEL, false],
  ];
  it.each(rows)('%s', (_name, grants, unit, expected) => {
    expect(canSetupUnit(grants, orgA, tree, unit)).toBe(expected);
  });

  it('sees every unit with the organization listed, else the units reached and what is below them', () => {
    expect(visibleUnitUuids([management([ORG_A], [])], orgA, tree)).toEqual(new Set([HOTEL, VENUE, RC, OTHER_HOTEL]));
    expect(visibleUnitUuids([management([], [VENUE])], orgA, tree)).toEqual(new Set([VENUE, RC]));
    expect(visibleUnitUuids([business([HOTEL])], orgA, tree)).toEqual(new Set([HOTEL, VENUE, RC]));
    expect(visibleUnitUuids([management([], [C_HOTEL])], orgA, tree)).toEqual(new Set());
    expect(visibleUnitUuids([management([], [], true)], orgA, tree).size).toBe(4);
  });

  it('creates organizations with CREATE_ORG or omnipresent management only', () => {
    expect(canCreateOrganization({ permissions: ['CREATE_ORG'], memberships: [] })).toBe(true);
    expect(canCreateOrganization({ permissions: [], memberships: [management([], [], true)] })).toBe(true);
    expect(canCreateOrganization({ permissions: ['SETUP_ORG'], memberships: [management([ORG_A], [])] })).toBe(false);
  });
});

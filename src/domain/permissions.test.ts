import { describe, expect, it } from 'vitest';
import {
  canSetupOrganization,
  canSetupUnits,
  canViewTransactions,
  visibilityFor,
  visibleOrganizationUuids,
  type Membership,
  type TreeOrganization,
} from './permissions';

const ORG_A = '00000000-0000-4000-8000-00000000000a';
const ORG_B = '00000000-0000-4000-8000-00000000000b';
const HOTEL = '00000000-0000-4000-8000-000000000001';
const VENUE = '00000000-0000-4000-8000-000000000002';
const RC = '00000000-0000-4000-8000-000000000003';
const OTHER_HOTEL = '00000000-0000-4000-8000-000000000004';
const STRAY = '00000000-0000-4000-8000-000000000099';

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
];

const m = (membershipType: Membership['membershipType'], part: Partial<Membership>): Membership => ({
  membershipType,
  orgs: [],
  ous: [],
  omnipresence: false,
  ...part,
});

describe('visibility (spec section 6)', () => {
  it('an omnipresent membership of the type sees everything', () => {
    const v = visibilityFor([m('MANAGEMENT', { omnipresence: true })], 'MANAGEMENT', tree);
    expect(v.all).toBe(true);
    expect([...v.orgUuids].sort()).toEqual([ORG_A, ORG_B].sort());
  });

  it('omnipresence of the other type grants nothing for this type', () => {
    const v = visibilityFor([m('BUSINESS_DATA', { omnipresence: true })], 'MANAGEMENT', tree);
    expect(v.all).toBe(false);
    expect(v.orgUuids.size).toBe(0);
  });

  it('a unit membership sees its organization and the unit with its descendants only', () => {
    const v = visibilityFor([m('MANAGEMENT', { ous: [VENUE] })], 'MANAGEMENT', tree);
    expect([...v.orgUuids]).toEqual([ORG_A]);
    expect([...v.ouUuids].sort()).toEqual([VENUE, RC].sort());
  });

  it('an organization membership sees all its units; units not in the tree are ignored', () => {
    const v = visibilityFor([m('BUSINESS_DATA', { orgs: [ORG_B], ous: [STRAY] })], 'BUSINESS_DATA', tree);
    expect([...v.orgUuids]).toEqual([ORG_B]);
    expect(v.ouUuids.size).toBe(0);
  });

  it('organizations are visible through either membership type', () => {
    const seen = visibleOrganizationUuids([m('BUSINESS_DATA', { ous: [HOTEL] }), m('MANAGEMENT', { orgs: [ORG_B] })], tree);
    expect([...seen].sort()).toEqual([ORG_A, ORG_B].sort());
  });
});

describe('access rules', () => {
  const orgA = tree[0] as TreeOrganization;
  const orgB = tree[1] as TreeOrganization;

  it('organization setup needs SETUP_ORG and a MANAGEMENT membership listing the org, or omnipresence', () => {
    expect(canSetupOrganization({ permissions: ['SETUP_ORG'], memberships: [m('MANAGEMENT', { orgs: [ORG_A] })] }, ORG_A)).toBe(true);
    expect(canSetupOrganization({ permissions: [], memberships: [m('MANAGEMENT', { orgs: [ORG_A] })] }, ORG_A)).toBe(false);
    expect(canSetupOrganization({ permissions: ['SETUP_ORG'], memberships: [m('BUSINESS_DATA', { orgs: [ORG_A] })] }, ORG_A)).toBe(false);
    expect(canSetupOrganization({ permissions: [], memberships: [m('MANAGEMENT', { omnipresence: true })] }, ORG_B)).toBe(true);
  });

  it('unit setup needs units, SETUP_OU and a MANAGEMENT-derived list, or omnipresence', () => {
    const manager = { permissions: ['SETUP_OU'] as const, memberships: [m('MANAGEMENT', { ous: [HOTEL] })] };
    expect(canSetupUnits({ ...manager, permissions: [...manager.permissions] }, orgA, tree)).toBe(true);
    expect(canSetupUnits({ permissions: [], memberships: manager.memberships }, orgA, tree)).toBe(false);
    expect(canSetupUnits({ permissions: ['SETUP_OU'], memberships: [m('MANAGEMENT', { orgs: [ORG_B] })] }, orgB, tree)).toBe(false);
  });

  it('transactions need units, VIEW_TRANSACTIONS and a BUSINESS_DATA-derived list, or omnipresence', () => {
    expect(canViewTransactions({ permissions: ['VIEW_TRANSACTIONS'], memberships: [m('BUSINESS_DATA', { ous: [RC] })] }, orgA, tree)).toBe(true);
    expect(canViewTransactions({ permissions: ['VIEW_TRANSACTIONS'], memberships: [m('MANAGEMENT', { ous: [RC] })] }, orgA, tree)).toBe(false);
    expect(canViewTransactions({ permissions: [], memberships: [m('BUSINESS_DATA', { omnipresence: true })] }, orgB, tree)).toBe(true);
  });
});

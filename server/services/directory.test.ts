import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { organizationalUnits, organizations } from '../db/schema';
import { adminAndDemo, createTestApp, type TestApp } from '../test-helpers';
import { transactionUnitUuids, type Grants, type Membership } from '../../src/domain/index';
import { loadTree, loadTreeFor } from './directory';
import { canSee, userFilterFor } from './user-visibility';

let t: TestApp;
let demo: string;
let other: string;
const [otherHotel, otherBar] = [randomUUID(), randomUUID()];
const otherUnits: string[] = [otherHotel, otherBar];

beforeAll(async () => {
  t = await createTestApp({ demoTransactions: 0, demoAccessLog: 0 });
  demo = (await adminAndDemo(t)).org;
  const [row] = await t.db.insert(organizations).values({ name: 'Other Tenant', legalCompanyName: 'Other Tenant Ltd' }).returning({ uuid: organizations.uuid });
  other = row?.uuid ?? '';
  await t.db.insert(organizationalUnits).values([
    { uuid: otherHotel, orgUuid: other, parentUuid: null, type: 'HOTEL', name: 'Other Hotel' },
    { uuid: otherBar, orgUuid: other, parentUuid: otherHotel, type: 'REVENUE_CENTER', name: 'Other Bar' },
  ]);
});

afterAll(async () => {
  await t?.close();
});

const byUuid = <T extends { uuid: string }>(items: readonly T[]) => [...items].sort((a, b) => a.uuid.localeCompare(b.uuid));

describe('loadTree', () => {
  it('holds every organization with its units when no organization is named', async () => {
    const tree = await loadTree(t.db);
    expect(tree.map((org) => org.uuid)).toEqual(expect.arrayContaining([demo, other]));
    expect(byUuid(tree.find((org) => org.uuid === other)?.ous ?? [])).toEqual(
      byUuid([
        { uuid: otherHotel, parentUuid: null },
        { uuid: otherBar, parentUuid: otherHotel },
      ]),
    );
    expect(tree.find((org) => org.uuid === demo)?.ous.length).toBeGreaterThan(0);
  });

  it("holds the named organization alone, with the very units the whole tree gives it, and none of another tenant's", async () => {
    const whole = await loadTree(t.db);
    const scoped = await loadTree(t.db, demo);
    expect(scoped.map((org) => org.uuid)).toEqual([demo]);
    expect(byUuid(scoped[0]?.ous ?? [])).toEqual(byUuid(whole.find((org) => org.uuid === demo)?.ous ?? []));
    expect(scoped[0]?.ous.some((ou) => otherUnits.includes(ou.uuid))).toBe(false);
    // a uuid in capitals names the same organization
    expect(await loadTree(t.db, demo.toUpperCase())).toEqual(scoped);
  });

  it('is empty for an organization that does not exist, and for a path segment that is no uuid (no database error)', async () => {
    expect(await loadTree(t.db, randomUUID())).toEqual([]);
    expect(await loadTree(t.db, 'not-a-uuid')).toEqual([]);
    expect(await loadTree(t.db, "'; drop table organizations; --")).toEqual([]);
  });
});

describe('loadTreeFor', () => {
  const membership = (membershipType: Membership['membershipType'], orgs: string[], ous: string[], omnipresence = false): Membership => ({ membershipType, omnipresence, orgs, ous });
  const grants = (...memberships: Membership[]): Grants => ({ permissions: ['VIEW_TRANSACTIONS'], memberships });

  it('holds the organizations the memberships name or hold a named unit of, and no other', async () => {
    expect((await loadTreeFor(t.db, grants(membership('BUSINESS_DATA', [], [otherBar])))).map((org) => org.uuid)).toEqual([other]);
    expect((await loadTreeFor(t.db, grants(membership('MANAGEMENT', [demo], [])))).map((org) => org.uuid)).toEqual([demo]);
    const both = await loadTreeFor(t.db, grants(membership('MANAGEMENT', [demo], []), membership('BUSINESS_DATA', [], [otherHotel])));
    expect(both.map((org) => org.uuid).sort()).toEqual([demo, other].sort());
    expect(await loadTreeFor(t.db, grants())).toEqual([]);
  });

  it('is the whole tree for an omnipresent membership', async () => {
    const whole = await loadTree(t.db);
    expect(await loadTreeFor(t.db, grants(membership('MANAGEMENT', [], [], true)))).toEqual(whole);
  });

  it('gives the transactions the very units the whole tree gives', async () => {
    const whole = await loadTree(t.db);
    const demoUnit = whole.find((org) => org.uuid === demo)?.ous[0]?.uuid ?? '';
    for (const given of [grants(membership('BUSINESS_DATA', [], [otherHotel])), grants(membership('BUSINESS_DATA', [], [demoUnit, otherBar])), grants(membership('BUSINESS_DATA', [demo], []))]) {
      expect([...transactionUnitUuids(given, await loadTreeFor(t.db, given))].sort()).toEqual([...transactionUnitUuids(given, whole)].sort());
    }
  });
});

describe("a user manager's filter", () => {
  const membership = (membershipType: Membership['membershipType'], orgs: string[], ous: string[], omnipresence = false): Membership => ({ membershipType, omnipresence, orgs, ous });

  it('sees the very users from loadTreeFor as from the whole tree', async () => {
    const whole = await loadTree(t.db);
    const demoUnits = whole.find((org) => org.uuid === demo)?.ous.map((ou) => ou.uuid) ?? [];
    const managers = [
      { permissions: ['MANAGE_USER' as const], memberships: [membership('MANAGEMENT', [], [otherHotel])] },
      { permissions: ['MANAGE_USER' as const], memberships: [membership('MANAGEMENT', [demo], []), membership('BUSINESS_DATA', [], [otherBar])] },
      { permissions: ['MANAGE_USER' as const], memberships: [membership('BUSINESS_DATA', [], [], true), membership('MANAGEMENT', [], [demoUnits[0] ?? ''])] },
    ];
    const users = [
      [membership('BUSINESS_DATA', [], [otherBar])],
      [membership('MANAGEMENT', [other], [])],
      [membership('BUSINESS_DATA', [], demoUnits.slice(0, 1))],
      [membership('MANAGEMENT', [demo], [])],
      [membership('BUSINESS_DATA', [], demoUnits.slice(-1))],
    ];
    for (const manager of managers) {
      const scoped = userFilterFor(manager, await loadTreeFor(t.db, manager));
      const full = userFilterFor(manager, whole);
      const seen = users.map((user) => canSee(full, user));
      expect(seen.some(Boolean)).toBe(true);
      expect(users.map((user) => canSee(scoped, user))).toEqual(seen);
    }
  });
});

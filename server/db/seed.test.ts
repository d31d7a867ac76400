import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCIES, newPasswordProblems, PERMISSIONS, pmsConnectionInputSchema, TIME_ZONES } from '../../src/domain/index';
import { verifyPassword } from '../auth/passwords';
import type { TestDatabase } from '../test-helpers';
import { createTestDatabase } from '../test-helpers';
import {
  accessControlServices,
  devices,
  deviceUnits,
  discounts,
  hotelDefinitions,
  memberships,
  orderItemCategories,
  orderItemDefinitions,
  orderItemTags,
  organizationalUnits,
  organizations,
  pmsConnections,
  pmsPackages,
  posInstallations,
  rateCodes,
  users,
} from './schema';
import { DEMO_MANAGER_EMAIL, seedDatabase } from './seed';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const options = { adminEmail: 'Admin@Lobby.local', adminPassword: null, demo: true, demoPassword: 'Demo-Password1', demoTransactions: 1000 };

async function counts() {
  const db = database.db;
  const [u] = await db.select({ n: count() }).from(users);
  const [m] = await db.select({ n: count() }).from(memberships);
  const [o] = await db.select({ n: count() }).from(organizations);
  const [ous] = await db.select({ n: count() }).from(organizationalUnits);
  const [pms] = await db.select({ n: count() }).from(pmsConnections);
  return { users: u?.n, memberships: m?.n, organizations: o?.n, units: ous?.n, pmsConnections: pms?.n };
}

describe('seedDatabase', () => {
  it('creates the administrator, the demo tree and the manager on an empty database', async () => {
    const result = await seedDatabase(database.db, options);
    expect(result.created).toBe(true);
    const [admin, manager] = result.accounts;
    expect(admin).toMatchObject({ role: 'admin', email: 'admin@lobby.local', passwordFrom: 'generated' });
    expect(newPasswordProblems(admin?.password ?? '')).toEqual([]);
    // the password given in the environment is not handed back (it would end up printed)
    expect(manager).toEqual({ role: 'manager', email: DEMO_MANAGER_EMAIL, password: null, passwordFrom: 'environment' });

    const db = database.db;
    const [adminRow] = await db.select().from(users).where(eq(users.email, 'admin@lobby.local'));
    expect(adminRow?.permissions).toEqual([...PERMISSIONS]);
    expect(await verifyPassword(adminRow?.passwordHash ?? null, admin?.password ?? '')).toBe(true);
    const adminMemberships = await db.select().from(memberships).where(eq(memberships.userUuid, adminRow?.uuid ?? ''));
    expect(adminMemberships.map((m) => [m.membershipType, m.omnipresence]).sort()).toEqual([
      ['BUSINESS_DATA', true],
      ['MANAGEMENT', true],
    ]);

    const [org] = await db.select().from(organizations);
    expect(org).toMatchObject({ name: 'Demo Hospitality Group', legalCompanyName: 'Demo Hospitality Group', status: 'ACTIVE' });
    const units = await db.select().from(organizationalUnits);
    const byUuid = new Map(units.map((u) => [u.uuid, u]));
    const ofType = (type: string) => units.filter((u) => u.type === type);
    expect(ofType('HOTEL')).toHaveLength(2);
    expect(ofType('VENUE')).toHaveLength(3);
    expect(ofType('REVENUE_CENTER')).toHaveLength(4);
    for (const hotel of ofType('HOTEL')) {
      expect(hotel.parentUuid).toBeNull();
      expect(hotel.attributes).toMatchObject({ NAME: hotel.name, TYPE: 'HOTEL' });
      // each demo hotel's PMS set-up: a definition on a connection, 40 packages, 150 rate codes, 5 access services
      const [definition] = await db.select().from(hotelDefinitions).where(eq(hotelDefinitions.hotelUuid, hotel.uuid));
      expect(definition?.pmsConnectionUuid).toMatch(/^[0-9a-f-]{36}$/);
      const packages = await db.select().from(pmsPackages).where(eq(pmsPackages.hotelUuid, hotel.uuid));
      expect(packages).toHaveLength(40);
      const live = new Set(packages.map((item) => item.uuid));
      const codes = await db.select().from(rateCodes).where(eq(rateCodes.hotelUuid, hotel.uuid));
      expect(codes).toHaveLength(150);
      expect(new Set(codes.map((code) => code.name)).size).toBe(150);
      for (const code of codes) expect(code.packages.length > 0 && code.packages.every((uuid) => live.has(uuid))).toBe(true);
      const services = await db.select().from(accessControlServices).where(eq(accessControlServices.hotelUuid, hotel.uuid));
      expect(services).toHaveLength(5);
      for (const service of services) expect(service.hotelsAndPackages.every((entry) => entry.hotelDefinitionUuid === definition?.uuid && live.has(entry.pmsPackageUuid))).toBe(true);
    }
    // regional settings come from the organization, and one hotel overrides them
    expect(org?.attributes).toMatchObject({ LOCALE: 'en-GB', CURRENCY: 'EUR', TIME_ZONE: 'Europe/London' });
    expect(CURRENCIES).toContain(org?.attributes.CURRENCY);
    // every seeded zone is one of the time-zone list's values, so each shows with its label
    const zones = [org?.attributes.TIME_ZONE, ...units.map((unit) => unit.attributes.TIME_ZONE)].filter((zone) => zone !== undefined && zone !== null);
    expect(zones.length).toBeGreaterThan(1);
    for (const zone of zones) expect(TIME_ZONES.map((entry) => entry.value)).toContain(zone);
    expect(ofType('HOTEL').find((hotel) => hotel.name === 'Sunset Bay Resort')?.attributes).toMatchObject({ LOCALE: 'en-US', CURRENCY: 'USD', TIME_ZONE: 'America/New_York' });
    for (const venue of ofType('VENUE')) expect(byUuid.get(venue.parentUuid ?? '')?.type).toBe('HOTEL');
    for (const rc of ofType('REVENUE_CENTER')) {
      expect(byUuid.get(rc.parentUuid ?? '')?.type).toBe('VENUE');
      expect(rc.attributes).toMatchObject({ NAME: rc.name, TYPE: 'REVENUE_CENTER' });
    }
    expect(units.every((u) => u.orgUuid === org?.uuid)).toBe(true);

    const connections = await db.select().from(pmsConnections);
    expect(connections.map(({ orgUuid, name, type, host, port, version }) => ({ orgUuid, name, type, host, port, version })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { orgUuid: org?.uuid, name: 'Mock PMS', type: 'MOCK_PMS_INTERFACE', host: 'localhost', port: 7000, version: 1 },
      { orgUuid: org?.uuid, name: 'Opera Main', type: 'OPERA_IFC8_XML', host: 'opera.demo.local', port: 5010, version: 1 },
    ]);
    for (const connection of connections) expect(pmsConnectionInputSchema.safeParse(connection).success).toBe(true);

    const [managerRow] = await db.select().from(users).where(eq(users.email, DEMO_MANAGER_EMAIL));
    expect(managerRow?.permissions).toEqual(['SETUP_OU', 'SETUP_ORG']);
    const managerMemberships = await db.select().from(memberships).where(eq(memberships.userUuid, managerRow?.uuid ?? ''));
    expect(managerMemberships).toHaveLength(1);
    expect(managerMemberships[0]).toMatchObject({ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [] });
    const managed = byUuid.get(managerMemberships[0]?.ous[0] ?? '');
    expect(managed?.type).toBe('HOTEL');
    expect(managerMemberships[0]?.ous).toHaveLength(1);
  });

  it('seeds devices, POS installations, a venue menu and discounts in the units\' currency', async () => {
    const db = database.db;
    const [org] = await db.select().from(organizations);
    const units = await db.select().from(organizationalUnits);
    const venues = units.filter((u) => u.type === 'VENUE');
    const all = await db.select().from(devices);
    expect(all).toHaveLength(20);
    expect(all.filter((device) => device.orgUuid === null)).toHaveLength(6);
    expect(all.filter((device) => device.orgUuid === org?.uuid)).toHaveLength(14);
    const placed = await db.select().from(deviceUnits);
    expect(placed).toHaveLength(9);
    expect(new Set(placed.map((p) => p.ouUuid))).toEqual(new Set(venues.map((v) => v.uuid)));
    const installations = await db.select().from(posInstallations);
    expect(installations.map((i) => i.ouUuid).sort()).toEqual(venues.map((v) => v.uuid).sort());
    const venue = units.find((u) => u.name === 'Rooftop Bar');
    const categories = await db.select().from(orderItemCategories);
    expect(categories).toHaveLength(10);
    expect(new Set(categories.map((c) => c.group))).toEqual(new Set(['Drinks', 'Food']));
    const items = await db.select().from(orderItemDefinitions);
    expect(items).toHaveLength(120);
    expect(items.every((item) => item.ouUuid === venue?.uuid && Number.isInteger(item.priceMinor) && item.priceMinor > 0 && item.categoryUuid !== null)).toBe(true);
    expect(items.filter((item) => item.favorite).map((item) => item.favoriteOrder).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([...Array(12).keys()]);
    expect(items.some((item) => item.tagUuids.length > 0)).toBe(true);
    expect(await db.select().from(orderItemTags)).toHaveLength(8);
    const seededDiscounts = await db.select().from(discounts);
    expect(seededDiscounts).toHaveLength(8);
    expect(seededDiscounts.filter((d) => d.status === 'DEACTIVATED')).toHaveLength(2);
    expect(seededDiscounts.every((d) => Number.isInteger(d.value))).toBe(true);
  });

  it('changes nothing when run again, and names the accounts without passwords', async () => {
    const before = await counts();
    const again = await seedDatabase(database.db, { ...options, adminPassword: 'Other-Password1' });
    expect(again).toEqual({
      created: false,
      accounts: [
        { role: 'admin', email: 'admin@lobby.local', password: null, passwordFrom: 'first-start' },
        { role: 'manager', email: DEMO_MANAGER_EMAIL, password: null, passwordFrom: 'first-start' },
      ],
    });
    expect(await counts()).toEqual(before);
    expect(before).toEqual({ users: 2, memberships: 3, organizations: 1, units: 9, pmsConnections: 2 });
  });

  it('seeds only the administrator with LOBBY_DEMO=0', async () => {
    const other = await createTestDatabase();
    try {
      const result = await seedDatabase(other.db, { adminEmail: 'root@example.com', adminPassword: 'Root-Password1', demo: false, demoPassword: null });
      expect(result.accounts).toEqual([{ role: 'admin', email: 'root@example.com', password: null, passwordFrom: 'environment' }]);
      const [o] = await other.db.select({ n: count() }).from(organizations);
      const [u] = await other.db.select({ n: count() }).from(users);
      const [pms] = await other.db.select({ n: count() }).from(pmsConnections);
      expect([o?.n, u?.n, pms?.n]).toEqual([0, 1, 0]);
    } finally {
      await other.close();
    }
  });
});

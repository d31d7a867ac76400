import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LOG_ID_METHODS } from '../../src/domain/index';
import type { TestDatabase } from '../test-helpers';
import { createTestDatabase } from '../test-helpers';
import { accessControlServices, accessLogEntries, devices, deviceUnits, organizationalUnits, organizations } from './schema';
import { DEMO_ACCESS_SERVICES_PER_HOTEL, DEMO_ORGANIZATION_NAME, seedDatabase } from './seed';
import { DEMO_ACCESS_LOG_DAYS, seedDemoAccessLog } from './seed-access-log';

const ENTRIES = 3000;
let database: TestDatabase;
let seededAt = new Date();
beforeAll(async () => {
  database = await createTestDatabase();
  seededAt = new Date();
  // the demo without its transactions (200,000 by default: about a minute here), which the access log does not use
  await seedDatabase(database.db, { adminEmail: 'admin@lobby.local', adminPassword: 'Admin-Password-1', demo: true, demoPassword: 'Demo-Password1', demoAccessLog: ENTRIES, demoTransactions: 0 });
});
afterAll(async () => {
  await database.close();
});

describe('the demo access log', () => {
  it('writes the configured number of entries across both hotels and all 5 services of each', async () => {
    const db = database.db;
    const [total] = await db.select({ n: count() }).from(accessLogEntries);
    expect(total?.n).toBe(ENTRIES);
    const hotels = await db.select().from(organizationalUnits).where(eq(organizationalUnits.type, 'HOTEL'));
    expect(hotels).toHaveLength(2);
    for (const hotel of hotels) {
      const services = await db.select().from(accessControlServices).where(eq(accessControlServices.hotelUuid, hotel.uuid));
      expect(services).toHaveLength(DEMO_ACCESS_SERVICES_PER_HOTEL);
      const perService = await db
        .select({ serviceUuid: accessLogEntries.serviceUuid, serviceName: accessLogEntries.serviceName, n: count() })
        .from(accessLogEntries)
        .where(eq(accessLogEntries.hotelUuid, hotel.uuid))
        .groupBy(accessLogEntries.serviceUuid, accessLogEntries.serviceName);
      // every service of the hotel, under its own name, with an even share of the entries
      expect(perService.map((row) => [row.serviceUuid, row.serviceName]).sort()).toEqual(services.map((service) => [service.uuid, service.name]).sort());
      for (const row of perService) expect(row.n).toBe(ENTRIES / (2 * DEMO_ACCESS_SERVICES_PER_HOTEL));
    }
  });

  it('spreads entries over the last 90 days with every identification method, about 8 % denied, rooms 101 to 512', async () => {
    const db = database.db;
    const rows = await db.select().from(accessLogEntries);
    const oldest = Math.min(...rows.map((row) => row.occurredAt.getTime()));
    const newest = Math.max(...rows.map((row) => row.occurredAt.getTime()));
    expect(newest).toBeLessThanOrEqual(Date.now());
    expect(oldest).toBeGreaterThanOrEqual(seededAt.getTime() - DEMO_ACCESS_LOG_DAYS * 86_400_000 - 1000);
    // spread, not bunched: entries in each of the 90 days
    const days = new Set(rows.map((row) => Math.floor((seededAt.getTime() - row.occurredAt.getTime()) / 86_400_000)));
    expect(days.size).toBeGreaterThanOrEqual(DEMO_ACCESS_LOG_DAYS);

    const methods = new Map<string, number>();
    for (const row of rows) methods.set(row.identificationMethod, (methods.get(row.identificationMethod) ?? 0) + 1);
    expect([...methods.keys()].sort()).toEqual([...ACCESS_LOG_ID_METHODS].sort());
    for (const n of methods.values()) expect(n).toBeGreaterThan(ENTRIES / 4);

    const denied = rows.filter((row) => !row.granted).length / rows.length;
    expect(denied).toBeGreaterThan(0.06);
    expect(denied).toBeLessThan(0.1);

    const rooms = new Set(rows.map((row) => row.room));
    for (const room of rooms) expect(room).toMatch(/^[1-5](0[1-9]|1[0-2])$/);
    expect(rooms.size).toBe(60);
    expect(rooms).toContain('101');
    expect(rooms).toContain('512');
  });

  it("names a device placed on the hotel or one of its units, or none", async () => {
    const db = database.db;
    const [org] = await db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
    const units = await db.select().from(organizationalUnits).where(eq(organizationalUnits.orgUuid, org?.uuid ?? ''));
    const hotelOf = (uuid: string): string => {
      const unit = units.find((candidate) => candidate.uuid === uuid);
      return unit?.parentUuid ? hotelOf(unit.parentUuid) : uuid;
    };
    const placed = await db.select({ alias: devices.alias, ouUuid: deviceUnits.ouUuid }).from(deviceUnits).innerJoin(devices, eq(devices.uuid, deviceUnits.deviceUuid));
    const rows = await db.select().from(accessLogEntries);
    for (const hotel of new Set(rows.map((row) => row.hotelUuid))) {
      const theirs = new Set(placed.filter((device) => hotelOf(device.ouUuid) === hotel).map((device) => device.alias));
      const aliases = rows.filter((row) => row.hotelUuid === hotel).map((row) => row.deviceAlias);
      expect(aliases.filter((alias) => alias === null).length).toBeGreaterThan(0);
      const named = new Set(aliases.filter((alias): alias is string => alias !== null));
      expect([...named].sort()).toEqual([...theirs].sort());
    }
  });

  it('is written by one statement inside the database: a second organization gets its own share in one call', async () => {
    const db = database.db;
    const [org] = await db.insert(organizations).values({ name: 'Alpine Lodges', legalCompanyName: 'Alpine Lodges AG' }).returning();
    const [hotel] = await db.insert(organizationalUnits).values({ orgUuid: org?.uuid ?? '', type: 'HOTEL', name: 'Alpine Lodge' }).returning();
    await db.insert(accessControlServices).values({ orgUuid: org?.uuid ?? '', hotelUuid: hotel?.uuid ?? '', name: 'Ski room' });
    await seedDemoAccessLog(db, org?.uuid ?? '', 250);
    const [alpine] = await db.select({ n: count() }).from(accessLogEntries).where(eq(accessLogEntries.orgUuid, org?.uuid ?? ''));
    expect(alpine?.n).toBe(250);
    // a hotel without devices: no device named
    const [withDevice] = await db
      .select({ n: count() })
      .from(accessLogEntries)
      .where(sql`${accessLogEntries.orgUuid} = ${org?.uuid ?? ''} and ${accessLogEntries.deviceAlias} is not null`);
    expect(withDevice?.n).toBe(0);
    const [total] = await db.select({ n: count() }).from(accessLogEntries);
    expect(total?.n).toBe(ENTRIES + 250);
  });
});

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../services/hotels';
import { openPglite, type DatabaseHandle } from './client';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';
import { organizationalUnits, organizations, pmsPackages, rateCodePublications, rateCodes } from './schema';

let handle: DatabaseHandle | null = null;
const folders: string[] = [];
afterAll(async () => {
  await handle?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The committed migrations up to (not including) the one tagged `before`, as a folder drizzle's migrator reads. */
function migrationsBefore(before: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'lobby-migrations-'));
  folders.push(folder);
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === before);
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return folder;
}

describe('migration 0016 (rate codes written ahead, docs/adr/0042)', () => {
  afterAll(async () => {
    await handle?.close();
    handle = null;
  });
  it('keeps the rate codes of a database made before it, read and written through the rate_codes view as before', async () => {
    handle = await openPglite(null);
    const { db } = handle;
    await migratePglite(db as Parameters<typeof migratePglite>[0], { migrationsFolder: migrationsBefore('0016_rate_code_rows_ahead') });
    const [org] = await db.insert(organizations).values({ name: 'Before', legalCompanyName: 'Before Ltd' }).returning();
    const [hotel] = await db.insert(organizationalUnits).values({ orgUuid: org?.uuid ?? '', type: 'HOTEL', name: 'Old Hotel' }).returning();
    const [code] = await db.insert(rateCodes).values({ orgUuid: org?.uuid ?? '', hotelUuid: hotel?.uuid ?? '', name: 'BAR', externalId: 'BAR', packages: ['p1'] }).returning();

    await migrateDatabase(handle);
    const [kind] = rowsOf<{ table_type: string }>(await db.execute(sql`select table_type from information_schema.tables where table_name = 'rate_codes'`));
    expect(kind?.table_type).toBe('VIEW');
    expect(await db.select().from(rateCodes).where(eq(rateCodes.hotelUuid, hotel?.uuid ?? ''))).toEqual([code]);
    // written through the view: an update, an insert with the table's defaults, a delete
    const [updated] = await db.update(rateCodes).set({ packages: ['p2'], version: 2 }).where(eq(rateCodes.uuid, code?.uuid ?? '')).returning();
    expect(updated).toMatchObject({ name: 'BAR', packages: ['p2'], version: 2 });
    const [added] = await db.insert(rateCodes).values({ orgUuid: org?.uuid ?? '', hotelUuid: hotel?.uuid ?? '', name: 'RACK', externalId: 'RACK' }).returning();
    expect(added).toMatchObject({ version: 1, packages: [] });
    await db.delete(rateCodes).where(eq(rateCodes.uuid, code?.uuid ?? ''));
    expect((await db.select({ name: rateCodes.name }).from(rateCodes)).map((row) => row.name)).toEqual(['RACK']);
  });
});

describe('migration 0017 (packages written ahead, docs/adr/0044)', () => {
  it('keeps the packages and the imports\' registrations of a database made before it, packages read and written through the pms_packages view as before', async () => {
    handle = await openPglite(null);
    const { db } = handle;
    await migratePglite(db as Parameters<typeof migratePglite>[0], { migrationsFolder: migrationsBefore('0017_package_rows_ahead') });
    const [org] = await db.insert(organizations).values({ name: 'Before', legalCompanyName: 'Before Ltd' }).returning();
    const [hotel] = await db.insert(organizationalUnits).values({ orgUuid: org?.uuid ?? '', type: 'HOTEL', name: 'Old Hotel' }).returning();
    const orgUuid = org?.uuid ?? '';
    const hotelUuid = hotel?.uuid ?? '';
    await db.execute(sql`insert into pms_packages (org_uuid, hotel_uuid, name, external_id, calculation_rule) values (${orgUuid}::uuid, ${hotelUuid}::uuid, 'BB', 'BB', 'ADULT')`);
    await db.execute(sql`insert into rate_code_publications (import_uuid, hotel_uuid, live) values (gen_random_uuid(), ${hotelUuid}::uuid, true)`);

    await migrateDatabase(handle);
    const [kind] = rowsOf<{ table_type: string }>(await db.execute(sql`select table_type from information_schema.tables where table_name = 'pms_packages'`));
    expect(kind?.table_type).toBe('VIEW');
    const [old] = await db.select().from(pmsPackages).where(eq(pmsPackages.hotelUuid, hotelUuid));
    expect(old).toMatchObject({ externalId: 'BB', calculationRule: 'ADULT', deleted: false, version: 1 });
    // the import's registration is one of an import, live as it was
    expect(await db.select({ kind: rateCodePublications.kind, live: rateCodePublications.live }).from(rateCodePublications)).toEqual([{ kind: 'import', live: true }]);
    // written through the view: an update, an insert with the table's defaults, a delete
    const [updated] = await db.update(pmsPackages).set({ deleted: true, version: 2 }).where(eq(pmsPackages.uuid, old?.uuid ?? '')).returning();
    expect(updated).toMatchObject({ externalId: 'BB', deleted: true, version: 2 });
    const [added] = await db.insert(pmsPackages).values({ orgUuid, hotelUuid, name: 'HB', externalId: 'HB', calculationRule: 'PERSON' }).returning();
    expect(added).toMatchObject({ version: 1, deleted: false });
    await db.delete(pmsPackages).where(eq(pmsPackages.uuid, old?.uuid ?? ''));
    expect((await db.select({ externalId: pmsPackages.externalId }).from(pmsPackages)).map((row) => row.externalId)).toEqual(['HB']);
    // a row written ahead is out of the view until its registration is live
    const ahead = crypto.randomUUID();
    await db.execute(sql`insert into rate_code_publications (import_uuid, hotel_uuid, kind) values (${ahead}::uuid, ${hotelUuid}::uuid, 'save')`);
    await db.execute(sql`insert into pms_package_rows (org_uuid, hotel_uuid, name, external_id, calculation_rule, imported_by) values (${orgUuid}::uuid, ${hotelUuid}::uuid, 'AI', 'AI', 'ADULT', ${ahead}::uuid)`);
    expect((await db.select({ externalId: pmsPackages.externalId }).from(pmsPackages)).map((row) => row.externalId)).toEqual(['HB']);
    await db.update(rateCodePublications).set({ live: true }).where(eq(rateCodePublications.importUuid, ahead));
    expect((await db.select({ externalId: pmsPackages.externalId }).from(pmsPackages)).map((row) => row.externalId).sort()).toEqual(['AI', 'HB']);
  });
});

describe('migration 0019 (one key for a hotel item: its hotel, of its organization, docs/adr/0047)', () => {
  afterAll(async () => {
    await handle?.close();
    handle = null;
  });
  it("keeps a database's packages and rate codes, refuses one naming a hotel of another organization, and removes them with their hotel", async () => {
    await handle?.close();
    handle = await openPglite(null);
    const { db } = handle;
    await migratePglite(db as Parameters<typeof migratePglite>[0], { migrationsFolder: migrationsBefore('0019_hotel_item_keys') });
    const [org] = await db.insert(organizations).values({ name: 'Ours', legalCompanyName: 'Ours Ltd' }).returning();
    const [other] = await db.insert(organizations).values({ name: 'Theirs', legalCompanyName: 'Theirs Ltd' }).returning();
    const orgUuid = org?.uuid ?? '';
    const [hotel] = await db.insert(organizationalUnits).values({ orgUuid, type: 'HOTEL', name: 'Our Hotel' }).returning();
    const hotelUuid = hotel?.uuid ?? '';
    await db.insert(pmsPackages).values({ orgUuid, hotelUuid, name: 'BB', externalId: 'BB', calculationRule: 'ADULT' });
    await db.insert(rateCodes).values({ orgUuid, hotelUuid, name: 'BAR', externalId: 'BAR' });

    await migrateDatabase(handle);
    expect((await db.select({ externalId: pmsPackages.externalId }).from(pmsPackages)).map((row) => row.externalId)).toEqual(['BB']);
    expect((await db.select({ name: rateCodes.name }).from(rateCodes)).map((row) => row.name)).toEqual(['BAR']);
    // our hotel, named by another organization's rows: refused
    await expect(db.insert(pmsPackages).values({ orgUuid: other?.uuid ?? '', hotelUuid, name: 'X', externalId: 'X', calculationRule: 'ADULT' })).rejects.toThrow();
    await expect(db.insert(rateCodes).values({ orgUuid: other?.uuid ?? '', hotelUuid, name: 'X', externalId: 'X' })).rejects.toThrow();
    // a hotel that does not exist: refused
    await expect(db.insert(rateCodes).values({ orgUuid, hotelUuid: crypto.randomUUID(), name: 'Y', externalId: 'Y' })).rejects.toThrow();
    // the hotel removed: its packages and rate codes go with it
    await db.delete(organizationalUnits).where(eq(organizationalUnits.uuid, hotelUuid));
    expect(await db.select().from(pmsPackages)).toEqual([]);
    expect(await db.select().from(rateCodes)).toEqual([]);
  });
});

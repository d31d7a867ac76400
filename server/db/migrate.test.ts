import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../services/hotels';
import { openPglite, type DatabaseHandle } from './client';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';
import { organizationalUnits, organizations, rateCodes } from './schema';

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

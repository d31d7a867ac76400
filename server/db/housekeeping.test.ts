import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedImageUrl } from '../../src/domain/index';
import { removeOldMailFiles } from '../mail/outbox';
import { removeUnusedImages, UNUSED_IMAGE_MS } from '../services/images';
import type { TestApp, TestDatabase } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createTestDatabase, createUser, login } from '../test-helpers';
import { housekeeping, pruneHistory } from './maintenance';
import { historyEntries, images, organizationalUnits, organizations } from './schema';

/** A valid 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const HOUR = 3600_000;

let t: TestApp;
let org = '';
let root = '';

beforeAll(async () => {
  t = await createTestApp();
  org = (await t.db.select().from(organizations))[0]?.uuid ?? '';
  root = mkdtempSync(join(tmpdir(), 'lobby-housekeeping-'));
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

async function image(fields: { orgUuid?: string | null; userUuid?: string; unreferencedSince?: Date } = {}): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await t.db.insert(images).values({ key, orgUuid: fields.orgUuid === undefined ? org : fields.orgUuid, userUuid: fields.userUuid ?? null, contentType: 'image/png', fileName: 'x.png', size: PNG.length, bytes: PNG, unreferencedSince: fields.unreferencedSince ?? null });
  return key;
}
const exists = async (key: string) => (await t.db.select({ key: images.key }).from(images).where(eq(images.key, key))).length === 1;

describe('unused images', () => {
  it('removes an image nothing has named for a day, and keeps what a unit or the organization names and profile images', async () => {
    const [unit] = await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.orgUuid, org));
    const onUnit = await image();
    const onOrganization = await image();
    const unused = await image();
    const owner = await createUser(t.db, { email: 'face@example.com' });
    const profile = await image({ orgUuid: null, userUuid: owner });
    await t.db.update(organizationalUnits).set({ attributes: { ...unit?.attributes, LOGO: onUnit } }).where(eq(organizationalUnits.uuid, unit?.uuid ?? ''));
    const [row] = await t.db.select().from(organizations).where(eq(organizations.uuid, org));
    await t.db.update(organizations).set({ attributes: { ...row?.attributes, POI_IDLE_IMAGE: onOrganization } }).where(eq(organizations.uuid, org));

    const start = t.clock.now();
    expect(await removeUnusedImages(t.db, start)).toBe(0);
    expect(await removeUnusedImages(t.db, new Date(start.getTime() + UNUSED_IMAGE_MS - HOUR))).toBe(0);
    expect(await exists(unused)).toBe(true);
    await removeUnusedImages(t.db, new Date(start.getTime() + UNUSED_IMAGE_MS));
    expect(await exists(unused)).toBe(false);
    for (const kept of [onUnit, onOrganization, profile]) expect(await exists(kept)).toBe(true);
  });

  it('counts the day from when nothing named it any more, and a write naming it again keeps it', async () => {
    const admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
    const dropped = await image();
    const renamed = await image();
    const hotel = await t.app.inject({
      method: 'POST',
      url: `/api/organization/${org}/hotels`,
      headers: bearer(admin),
      payload: { parentUuid: null, attributes: { NAME: 'Logo Hotel', LOGO: dropped, LOGO_URL: uploadedImageUrl('http://lobby.test', dropped) } },
    });
    expect(hotel.statusCode).toBe(201);
    const hotelUuid = hotel.json<{ uuid: string }>().uuid;
    const start = t.clock.now();
    // named: kept; once a write drops it, it waits from the first run that finds it unnamed
    expect(await removeUnusedImages(t.db, start)).toBe(0);
    const put = (attributes: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: `/api/organization/${org}/hotels/${hotelUuid}`, headers: bearer(admin), payload: { parentUuid: null, attributes: { NAME: 'Logo Hotel', ...attributes } } });
    expect((await put({})).statusCode).toBe(200);
    await removeUnusedImages(t.db, new Date(start.getTime() + HOUR));
    // the other image waits too, until a write names it
    expect((await put({ LOGO: renamed, LOGO_URL: uploadedImageUrl('http://lobby.test', renamed) })).statusCode).toBe(200);
    await removeUnusedImages(t.db, new Date(start.getTime() + UNUSED_IMAGE_MS));
    expect(await exists(dropped)).toBe(true);
    await removeUnusedImages(t.db, new Date(start.getTime() + HOUR + UNUSED_IMAGE_MS));
    expect(await exists(dropped)).toBe(false);
    expect(await exists(renamed)).toBe(true);
  });
});

describe('mail and SMS files', () => {
  it('removes the files written before the retention, by the time in their names, and nothing else', async () => {
    const dir = join(root, 'mail');
    mkdirSync(dir);
    const name = (date: Date, ext: string) => `${date.toISOString().replace(/[-:.]/g, '')}-6f1c1b1e-1111-4111-8111-111111111111.${ext}`;
    const now = new Date('2026-06-01T12:00:00Z');
    const old = new Date('2026-05-01T11:59:59Z');
    const recent = new Date('2026-05-03T00:00:00Z');
    const files = [name(old, 'eml'), name(old, 'sms.txt'), name(recent, 'eml'), name(recent, 'sms.txt'), 'notes.txt', `${name(old, 'eml')}.bak`];
    for (const file of files) writeFileSync(join(dir, file), 'x');
    expect(await removeOldMailFiles(dir, new Date(now.getTime() - 30 * 24 * HOUR))).toBe(2);
    expect(readdirSync(dir).sort()).toEqual(files.slice(2).sort());
    expect(await removeOldMailFiles(join(root, 'none'), now)).toBe(0);
  });
});

describe('housekeeping of the gateway', () => {
  it('runs at start in the background, and closing the gateway waits for it', async () => {
    const database: TestDatabase = await createTestDatabase();
    const seeding = await createTestApp({ database });
    const orgUuid = (await seeding.db.select().from(organizations))[0]?.uuid ?? '';
    await seeding.close();
    const key = randomBytes(32).toString('base64url');
    await database.db.insert(images).values({ key, orgUuid, contentType: 'image/png', fileName: 'x.png', size: PNG.length, bytes: PNG, unreferencedSince: new Date(Date.now() - 2 * UNUSED_IMAGE_MS) });
    const mailDir = join(root, 'start-mail');
    mkdirSync(mailDir);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * HOUR);
    writeFileSync(join(mailDir, `${eightDaysAgo.toISOString().replace(/[-:.]/g, '')}-6f1c1b1e-1111-4111-8111-111111111111.eml`), 'x');
    try {
      const gateway = await createTestApp({ database, housekeeping: true, mailDir, env: { MAIL_RETENTION_DAYS: '7' } });
      await gateway.close();
      expect(await database.db.select().from(images).where(eq(images.key, key))).toEqual([]);
      expect(readdirSync(mailDir)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe('change-history retention', () => {
  it('removes the entries applied before the retention, in batches, and keeps the newer ones', async () => {
    const now = t.clock.now();
    const entry = (daysAgo: number) => ({
      kind: 'pms-package',
      recordUuid: randomUUID(),
      orgUuid: org,
      unitUuid: null,
      userUuid: randomUUID(),
      action: 'changed' as const,
      changes: [],
      madeAt: new Date(now.getTime() - daysAgo * 24 * HOUR),
      appliedAt: new Date(now.getTime() - daysAgo * 24 * HOUR),
    });
    await t.db.insert(historyEntries).values([...Array.from({ length: 7 }, () => entry(401)), entry(399)]);
    await housekeeping(t.db, now, { mailDir: null, mailRetentionDays: 30, historyRetentionDays: 400 });
    // (the other tests' writes left entries of today)
    const left = await t.db.select({ appliedAt: historyEntries.appliedAt }).from(historyEntries).where(lt(historyEntries.appliedAt, new Date(now.getTime() - 24 * HOUR)));
    expect(left.map((row) => Math.round((now.getTime() - row.appliedAt.getTime()) / (24 * HOUR)))).toEqual([399]);
    await t.db.insert(historyEntries).values(Array.from({ length: 5 }, () => entry(500)));
    expect(await pruneHistory(t.db, new Date(now.getTime() - 400 * 24 * HOUR), 2)).toBe(5);
  });
});

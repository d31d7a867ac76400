import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PmsPackage } from '../../src/domain/index';
import { PACKAGE_CSV_MESSAGES, PMS_PACKAGE_KIND } from '../../src/domain/index';
import { historyEntries, organizations, pmsPackages, rateCodes } from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login } from '../test-helpers';
import { PACKAGE_IMPORT_MESSAGES } from './hotel-csv';

let t: TestApp;
let admin = '';
let org = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  org = demo?.uuid ?? '';
});
afterAll(async () => {
  await t.close();
});

const BOUNDARY = '----lobby-csv-boundary';
function multipart(name: string, text: string): Buffer {
  return Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`), Buffer.from(text), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}
const hotelUrl = (hotel: string) => `/api/organization/${org}/hotel/${hotel}`;
const post = (url: string, name: string, text: string, token = admin) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: multipart(name, text) });

async function hotelWithCodes(name: string): Promise<{ hotel: string; packages: PmsPackage[] }> {
  const created = await t.app.inject({ method: 'POST', url: `/api/organization/${org}/hotels`, headers: bearer(admin), payload: { parentUuid: null, attributes: { NAME: name } } });
  expect(created.statusCode).toBe(201);
  const hotel = (created.json() as { uuid: string }).uuid;
  const packages = await t.app.inject({
    method: 'PATCH',
    url: `${hotelUrl(hotel)}/pms-package`,
    headers: bearer(admin),
    payload: { newPackages: [{ externalId: 'BREAKFAST' }, { externalId: '-SPA', calculationRule: 'PERSON' }, { externalId: 'KIDS', calculationRule: 'CHILDREN' }, { externalId: 'Dinner, 3 "courses"' }] },
  });
  expect(packages.statusCode).toBe(200);
  const list = (packages.json() as { data: PmsPackage[] }).data;
  const id = (externalId: string) => list.find((item) => item.externalId === externalId)?.uuid as string;
  const codes = await t.app.inject({
    method: 'PATCH',
    url: `${hotelUrl(hotel)}/pms-rate-code`,
    headers: bearer(admin),
    payload: {
      newRateCodes: [
        { name: 'BB', packages: [id('BREAKFAST')] },
        { name: '=HYPERLINK("http://x")', packages: [id('-SPA'), id('BREAKFAST')] },
        { name: '@HB', packages: [id('Dinner, 3 "courses"'), id('BREAKFAST')] },
        { name: 'RO', packages: [id('KIDS')] },
      ],
      updatedRateCodes: [],
      deletedRateCodes: [],
    },
  });
  expect(codes.statusCode).toBe(200);
  return { hotel, packages: list };
}

const snapshot = async (hotel: string) => ({
  codes: (await t.db.select().from(rateCodes).where(eq(rateCodes.hotelUuid, hotel))).map(({ uuid, name, packages, version }) => ({ uuid, name, packages, version })).sort((a, b) => a.uuid.localeCompare(b.uuid)),
  packages: (await t.db.select().from(pmsPackages).where(eq(pmsPackages.hotelUuid, hotel))).map(({ uuid, externalId, calculationRule, deleted, version }) => ({ uuid, externalId, calculationRule, deleted, version })).sort((a, b) => a.uuid.localeCompare(b.uuid)),
});

describe('hotel CSV export and import', () => {
  it('exports files that, imported back untouched, change nothing: every rate code and package keeps its version', async () => {
    const { hotel } = await hotelWithCodes('Round Trip Hotel');
    const before = await snapshot(hotel);

    const codes = await t.app.inject({ method: 'GET', url: `${hotelUrl(hotel)}/pms-rate-code/export`, headers: bearer(admin) });
    expect(codes.statusCode).toBe(200);
    expect(codes.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(codes.headers['content-disposition']).toContain(`filename="rate-codes-round-trip-hotel-${day}.csv"`);
    // formula cells neutralised; quotes and commas quoted
    expect(codes.body.split('\r\n')).toEqual([
      'Rate Code,Package ID',
      `'@HB,"Dinner, 3 ""courses"""`,
      `'@HB,BREAKFAST`,
      `"'=HYPERLINK(""http://x"")",'-SPA`,
      `"'=HYPERLINK(""http://x"")",BREAKFAST`,
      'BB,BREAKFAST',
      'RO,KIDS',
      '',
    ]);
    const packages = await t.app.inject({ method: 'GET', url: `${hotelUrl(hotel)}/pms-package/export`, headers: bearer(admin) });
    expect(packages.statusCode).toBe(200);
    expect(packages.headers['content-disposition']).toContain(`filename="packages-round-trip-hotel-${day}.csv"`);
    expect(packages.body).toBe(`Package ID,Calculation Rule\r\n'-SPA,PERSON\r\nBREAKFAST,ADULT\r\n"Dinner, 3 ""courses""",ADULT\r\nKIDS,CHILDREN\r\n`);

    const codesBack = await post(`${hotelUrl(hotel)}/pms-rate-code/import`, 'codes.csv', codes.body);
    expect(codesBack.json()).toMatchObject({ succeed: true, message: expect.stringContaining('0 added, 0 changed, 0 removed, 4 kept') });
    const packagesBack = await post(`${hotelUrl(hotel)}/pms-package/import`, 'packages.csv', packages.body);
    expect(packagesBack.json()).toEqual({ succeed: true, message: PACKAGE_IMPORT_MESSAGES.imported(4, { added: 0, changed: 0, removed: 0, kept: 4 }), imported: 4 });
    expect(await snapshot(hotel)).toEqual(before);
  });

  it('imports rate codes by ID: changed codes move on a version, the others keep theirs', async () => {
    const { hotel } = await hotelWithCodes('Rate Diff Hotel');
    const before = await snapshot(hotel);
    const file = `Rate Code,Package ID\r\n'=HYPERLINK("http://x"),KIDS\r\nBB,BREAKFAST\r\nNEW,KIDS\r\n'@HB,"Dinner, 3 ""courses"""\r\n'@HB,BREAKFAST\r\n`;
    const answer = await post(`${hotelUrl(hotel)}/pms-rate-code/import`, 'codes.csv', file);
    expect(answer.json()).toMatchObject({ succeed: true, message: expect.stringContaining('1 added, 1 changed, 1 removed, 2 kept') });
    const after = await snapshot(hotel);
    const byName = (list: typeof before.codes) => new Map(list.map((code) => [code.name, code]));
    expect(byName(after.codes).get('BB')).toEqual(byName(before.codes).get('BB'));
    expect(byName(after.codes).get('@HB')).toEqual(byName(before.codes).get('@HB'));
    expect(byName(after.codes).get('=HYPERLINK("http://x")')?.version).toBe(2);
    expect(byName(after.codes).has('RO')).toBe(false);
    expect(byName(after.codes).has('NEW')).toBe(true);
  });

  it('imports packages all or nothing: a package left out that rate codes use is refused with their IDs', async () => {
    const { hotel } = await hotelWithCodes('Package Import Hotel');
    const before = await snapshot(hotel);
    const refused = await post(`${hotelUrl(hotel)}/pms-package/import`, 'packages.csv', 'Package ID,Calculation Rule\r\nBREAKFAST,PERSON\r\nGOLF,ADULT\r\n');
    expect(refused.json()).toEqual({
      succeed: false,
      message: PACKAGE_IMPORT_MESSAGES.refused([PACKAGE_CSV_MESSAGES.inUse('-SPA', ['=HYPERLINK("http://x")'], 0), PACKAGE_CSV_MESSAGES.inUse('Dinner, 3 "courses"', ['@HB'], 0), PACKAGE_CSV_MESSAGES.inUse('KIDS', ['RO'], 0)], 0),
    });
    const bad = await post(`${hotelUrl(hotel)}/pms-package/import`, 'packages.csv', 'Package ID,Calculation Rule\r\nBREAKFAST,WEEKLY\r\n');
    expect(bad.json()).toEqual({ succeed: false, message: PACKAGE_IMPORT_MESSAGES.refused([PACKAGE_CSV_MESSAGES.unknownRule(2, 'WEEKLY')], 0) });
    expect(await snapshot(hotel)).toEqual(before);

    // every package in use kept: one changed, one added, none removed
    const file = `Package ID,Calculation Rule\r\nBREAKFAST,PERSON\r\n'-SPA,PERSON\r\nKIDS,CHILDREN\r\n"Dinner, 3 ""courses""",ADULT\r\nGOLF,Children\r\n`;
    const imported = await post(`${hotelUrl(hotel)}/pms-package/import`, 'packages.csv', file);
    expect(imported.json()).toEqual({ succeed: true, message: PACKAGE_IMPORT_MESSAGES.imported(5, { added: 1, changed: 1, removed: 0, kept: 3 }), imported: 5 });
    const live = await t.db.select().from(pmsPackages).where(and(eq(pmsPackages.hotelUuid, hotel), eq(pmsPackages.deleted, false)));
    expect(live.map((row) => `${row.externalId}:${row.calculationRule}`).sort()).toEqual(['-SPA:PERSON', 'BREAKFAST:PERSON', 'Dinner, 3 "courses":ADULT', 'GOLF:CHILDREN', 'KIDS:CHILDREN']);
    const history = await t.db.select().from(historyEntries).where(and(eq(historyEntries.recordUuid, hotel), eq(historyEntries.kind, PMS_PACKAGE_KIND)));
    expect(history.map((entry) => [entry.action, entry.bulk?.counts])).toEqual([['imported', { added: 1, changed: 1, removed: 0, kept: 3, created: 1 }]]);
  });

  it('answers the exports and the import only to who may set up the hotel', async () => {
    const { hotel } = await hotelWithCodes('Guarded CSV Hotel');
    await createUser(t.db, { email: 'csv.viewer@example.com', password: 'Viewer-Password-1', permissions: [], memberships: [{ membershipType: 'MANAGEMENT', orgs: [org], ous: [], omnipresence: false }] });
    const viewer = (await login(t.app, 'csv.viewer@example.com', 'Viewer-Password-1')).token;
    for (const url of [`${hotelUrl(hotel)}/pms-rate-code/export`, `${hotelUrl(hotel)}/pms-package/export`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(viewer) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await post(`${hotelUrl(hotel)}/pms-package/import`, 'p.csv', 'Package ID,Calculation Rule\r\nX,ADULT\r\n', viewer)).statusCode).toBe(403);
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/organization/{org}/hotel/{hotel}/pms-rate-code/export', '/api/organization/{org}/hotel/{hotel}/pms-package/export', '/api/organization/{org}/hotel/{hotel}/pms-package/import']));
  });

  it('applies an import once per Idempotency-Key: the outbox sending it again after a lost answer gets the stored answer, and a later import stays', async () => {
    const { hotel } = await hotelWithCodes('Replayed Import Hotel');
    const keyed = (kind: 'pms-rate-code' | 'pms-package', key: string, text: string) =>
      t.app.inject({
        method: 'POST',
        url: `${hotelUrl(hotel)}/${kind}/import`,
        headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'idempotency-key': key },
        payload: multipart(`${kind}.csv`, text),
      });
    const codes = async () => (await snapshot(hotel)).codes.map((code) => code.name).sort();
    const livePackages = async () => (await snapshot(hotel)).packages.filter((item) => !item.deleted).map((item) => item.externalId).sort();

    // rate codes: the first file keeps two codes; a second import (another key) removes one; the first sent again changes nothing
    const codesFile = 'Rate Code,Package ID\r\nBB,BREAKFAST\r\nRO,KIDS\r\n';
    const first = await keyed('pms-rate-code', 'import-codes-1', codesFile);
    expect(first.json()).toMatchObject({ succeed: true, imported: 2 });
    expect(await codes()).toEqual(['BB', 'RO']);
    expect((await keyed('pms-rate-code', 'import-codes-2', 'Rate Code,Package ID\r\nBB,BREAKFAST\r\n')).json()).toMatchObject({ succeed: true, imported: 1 });
    const replayed = await keyed('pms-rate-code', 'import-codes-1', codesFile);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers['idempotency-replayed']).toBe('true');
    expect(replayed.json()).toEqual(first.json());
    expect(await codes()).toEqual(['BB']);

    // packages: the same
    const packagesFile = 'Package ID,Calculation Rule\r\nBREAKFAST,ADULT\r\nGOLF,ADULT\r\n';
    const imported = await keyed('pms-package', 'import-packages-1', packagesFile);
    expect(imported.json()).toMatchObject({ succeed: true, imported: 2 });
    expect(await livePackages()).toEqual(['BREAKFAST', 'GOLF']);
    expect((await keyed('pms-package', 'import-packages-2', 'Package ID,Calculation Rule\r\nBREAKFAST,ADULT\r\n')).json()).toMatchObject({ succeed: true, imported: 1 });
    const again = await keyed('pms-package', 'import-packages-1', packagesFile);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json()).toEqual(imported.json());
    expect(await livePackages()).toEqual(['BREAKFAST']);
    const history = await t.db.select().from(historyEntries).where(and(eq(historyEntries.recordUuid, hotel), eq(historyEntries.action, 'imported')));
    expect(history).toHaveLength(4);
  });
});


import { PassThrough, Readable } from 'node:stream';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PmsPackage, RateCode } from '../../src/domain/index';
import { HOTEL_MESSAGES, RATE_CODE_CSV_MESSAGES, RATE_CODE_PACKAGES_MAX } from '../../src/domain/index';
import { DEFAULT_LIMITS } from '../context';
import { organizations, pmsPackages, rateCodeImportRows, rateCodeImports, rateCodes } from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { TestApp } from '../test-helpers';
import { rowsOf } from '../services/hotels';
import { beginImport, clearStaged, publishStaged, purgeStaleImports, RATE_CODE_IMPORT_BUSY, releaseImport, stageRuns, writeAhead } from '../services/rate-code-import';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login, sleep } from '../test-helpers';
import { RATE_CODE_IMPORT_MESSAGES } from './rate-code-import';

let t: TestApp;
let admin = '';
let adminUuid = '';
let org = '';

/** a running import refreshes its claim's heartbeat this often here (the gateway: every 5 s) */
const HEARTBEAT_MS = 100;

beforeAll(async () => {
  t = await createTestApp({ limits: { importHeartbeatMs: HEARTBEAT_MS } });
  const session = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  admin = session.token;
  adminUuid = session.uuid;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  org = demo?.uuid ?? '';
});
afterAll(async () => {
  await t.close();
});

const BOUNDARY = '----lobby-import-boundary';
const head = (name: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`);
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const importUrl = (hotel: string) => `/api/organization/${org}/hotel/${hotel}/pms-rate-code/import`;

/** Uploads a multipart body as a stream, so the route gets it in pieces as from a real client. */
function upload(hotel: string, body: Readable, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: importUrl(hotel), headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers }, payload: body });
}

async function hotelWithPackages(name: string, packageIds: readonly string[]): Promise<{ hotel: string; packages: PmsPackage[] }> {
  const created = await t.app.inject({ method: 'POST', url: `/api/organization/${org}/hotels`, headers: bearer(admin), payload: { parentUuid: null, attributes: { NAME: name } } });
  expect(created.statusCode).toBe(201);
  const hotel = (created.json() as { uuid: string }).uuid;
  const patched = await t.app.inject({ method: 'PATCH', url: `/api/organization/${org}/hotel/${hotel}/pms-package`, headers: bearer(admin), payload: { newPackages: packageIds.map((externalId) => ({ externalId })) } });
  expect(patched.statusCode).toBe(200);
  return { hotel, packages: (patched.json() as { data: PmsPackage[] }).data };
}

/** Every row of the hotel's rate codes, the ones written ahead and never made live too (the table under the rate_codes view). */
async function rowsIn(hotel: string): Promise<{ name: string; uuid: string; imported_by: string | null }[]> {
  return rowsOf(await t.db.execute(sql`select name, uuid, imported_by from rate_code_rows where hotel_uuid = ${hotel}::uuid order by name`));
}
async function registrationsOf(hotel: string): Promise<{ import_uuid: string; live: boolean }[]> {
  return rowsOf(await t.db.execute(sql`select import_uuid, live from rate_code_publications where hotel_uuid = ${hotel}::uuid`));
}

const PACKAGES = Array.from({ length: 40 }, (_, i) => `PKG_${String(i).padStart(2, '0')}`);
const PER_CODE = 4;

/** Row i of a generated file: codes of 4 packages each, grouped, CRLF, every 500th code quoted with a comma. */
function row(i: number): string {
  const code = Math.floor(i / PER_CODE);
  const name = code % 500 === 7 ? `"RC ${code}, promo"` : `RC${String(code).padStart(6, '0')}`;
  return `${name},${PACKAGES[(code * 7 + (i % PER_CODE) * 3) % PACKAGES.length]}\r\n`;
}

/** The file made lazily, 64 KB at a time, never whole. */
function generatedFile(rows: number): Readable {
  let i = 0;
  return Readable.from(
    (function* pieces() {
      yield head('codes.csv');
      yield Buffer.from('Rate Code,Package ID\r\n');
      while (i < rows) {
        let piece = '';
        while (i < rows && piece.length < 65_536) piece += row(i++);
        yield Buffer.from(piece);
      }
      yield tail;
    })(),
    { objectMode: false },
  );
}

describe('rate code CSV import, read as it arrives', () => {
  it('imports a 200,000-row file through the route: every rate code with its packages, in one go', async () => {
    const { hotel, packages } = await hotelWithPackages('Streamed Import Hotel', PACKAGES);
    const uuidOf = new Map(packages.map((item) => [item.externalId, item.uuid]));
    const rows = 200_000;
    const response = await upload(hotel, generatedFile(rows));
    expect(response.statusCode).toBe(200);
    const codes = rows / PER_CODE;
    expect(response.json()).toEqual({ succeed: true, message: RATE_CODE_IMPORT_MESSAGES.imported(codes, rows, { added: codes, changed: 0, removed: 0, kept: 0 }), imported: codes });
    const [stored] = await t.db.select({ n: count() }).from(rateCodes).where(eq(rateCodes.hotelUuid, hotel));
    expect(stored?.n).toBe(codes);
    // a quoted code and the last one, with their packages in file order
    for (const index of [7, codes - 1]) {
      const name = index % 500 === 7 ? `RC ${index}, promo` : `RC${String(index).padStart(6, '0')}`;
      const [code] = await t.db.select().from(rateCodes).where(and(eq(rateCodes.hotelUuid, hotel), eq(rateCodes.name, name)));
      const expected = Array.from({ length: PER_CODE }, (_, k) => uuidOf.get(PACKAGES[(index * 7 + k * 3) % PACKAGES.length] as string));
      expect(code?.packages).toEqual(expected);
    }
  });

  it('answers a file with problems as before: the first problem and its line, and nothing changes', async () => {
    const { hotel } = await hotelWithPackages('Refused Import Hotel', ['BB', 'SPA']);
    const first = await upload(hotel, Readable.from([head('codes.csv'), Buffer.from('Rate Code,Package ID\nX1,BB\n'), tail]));
    expect(first.json()).toMatchObject({ succeed: true, imported: 1 });
    const body = Buffer.from('\ufeffRate Code;Package ID\r\nX2;"BB"\r\nX2;GOLF\r\n;SPA\r\n');
    // pieces cut inside the BOM and after a CR
    const response = await upload(hotel, Readable.from([head('codes.csv'), body.subarray(0, 2), body.subarray(2, 24), body.subarray(24), tail]));
    expect(response.json()).toEqual({ succeed: false, message: RATE_CODE_IMPORT_MESSAGES.refused(RATE_CODE_CSV_MESSAGES.unknownPackage(3, 'GOLF'), 1) });
    const list = await t.app.inject({ method: 'GET', url: `/api/organization/${org}/hotel/${hotel}/pms-rate-code`, headers: bearer(admin) });
    expect((list.json() as { data: RateCode[] }).data.map((code) => code.name)).toEqual(['X1']);
  });

  it('refuses the file when a package it names is removed while it is being uploaded', async () => {
    const { hotel, packages } = await hotelWithPackages('Race Import Hotel', ['BB', 'SPA']);
    const body = new PassThrough();
    const answer = upload(hotel, body);
    body.write(head('codes.csv'));
    body.write('Rate Code,Package ID\nX1,BB\n');
    // the route has the file's first piece and has read the packages; SPA goes before the rest arrives
    await sleep(500);
    const spa = packages.find((item) => item.externalId === 'SPA') as PmsPackage;
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/organization/${org}/hotel/${hotel}/pms-package/${spa.uuid}`, headers: bearer(admin) });
    expect(removed.statusCode).toBe(204);
    body.end(Buffer.concat([Buffer.from('X1,SPA\n'), tail]));
    const response = await answer;
    expect(response.json()).toEqual({ succeed: false, message: RATE_CODE_IMPORT_MESSAGES.refused(RATE_CODE_IMPORT_MESSAGES.packageRemoved('SPA'), 0) });
    const [stored] = await t.db.select({ n: count() }).from(rateCodes).where(eq(rateCodes.hotelUuid, hotel));
    expect(stored?.n).toBe(0);
    const [live] = await t.db.select({ n: count() }).from(pmsPackages).where(and(eq(pmsPackages.hotelUuid, hotel), eq(pmsPackages.deleted, false)));
    expect(live?.n).toBe(1);
    // X1 was written ahead before the refusal: cleared, with its registration
    await t.app.lobby.settle();
    expect(await rowsIn(hotel)).toEqual([]);
    expect(await registrationsOf(hotel)).toEqual([]);
  });

  it('applies every rule of a rate code written through the JSON routes: an ID of at most 100 characters, at most 1,000 packages', async () => {
    const many = Array.from({ length: RATE_CODE_PACKAGES_MAX + 1 }, (_, i) => `P${i}`);
    const { hotel } = await hotelWithPackages('Rule Import Hotel', many);
    const longId = 'R'.repeat(1_000_000);
    const tooLong = await upload(hotel, Readable.from([head('codes.csv'), Buffer.from(`Rate Code,Package ID\nOK,P1\n${longId},P1\n`), tail]));
    expect(tooLong.json()).toEqual({ succeed: false, message: RATE_CODE_IMPORT_MESSAGES.refused(RATE_CODE_CSV_MESSAGES.rateCodeRule(3, HOTEL_MESSAGES.rateCodeIdTooLong), 0) });
    // the JSON route refuses the same code with the same words
    const json = await t.app.inject({ method: 'POST', url: `/api/organization/${org}/hotel/${hotel}/pms-rate-code`, headers: bearer(admin), payload: { name: 'R'.repeat(101), packages: [] } });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors.map((error: { message: string }) => error.message)).toContain(HOTEL_MESSAGES.rateCodeIdTooLong);

    const wide = await upload(hotel, Readable.from([head('codes.csv'), Buffer.from(`Rate Code,Package ID\n${many.map((id) => `WIDE,${id}`).join('\n')}\n`), tail]));
    expect(wide.json()).toEqual({ succeed: false, message: RATE_CODE_IMPORT_MESSAGES.refused(RATE_CODE_CSV_MESSAGES.rateCodeRule(2, HOTEL_MESSAGES.rateCodeTooManyPackages), 0) });
    const [stored] = await t.db.select({ n: count() }).from(rateCodes).where(eq(rateCodes.hotelUuid, hotel));
    expect(stored?.n).toBe(0);

    // 100 characters and 1,000 packages are taken
    const edge = `${'E'.repeat(100)}`;
    const fits = await upload(hotel, Readable.from([head('codes.csv'), Buffer.from(`Rate Code,Package ID\n${many.slice(0, RATE_CODE_PACKAGES_MAX).map((id) => `${edge},${id}`).join('\n')}\n`), tail]));
    expect(fits.json()).toMatchObject({ succeed: true, imported: 1 });
  });

  it('refuses a request with a second file with 400, importing neither', async () => {
    const { hotel } = await hotelWithPackages('Two Files Hotel', ['BB']);
    const second = Buffer.from(`\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="more.csv"\r\nContent-Type: text/csv\r\n\r\nRate Code,Package ID\nX2,BB\n`);
    const response = await upload(hotel, Readable.from([head('codes.csv'), Buffer.from('Rate Code,Package ID\nX1,BB\n'), second, tail]));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ code: 'validation', message: RATE_CODE_IMPORT_MESSAGES.oneFile, field: 'file' }] });
    const [stored] = await t.db.select({ n: count() }).from(rateCodes).where(eq(rateCodes.hotelUuid, hotel));
    expect(stored?.n).toBe(0);
  });

  it('answers another organization\'s read while an import is in progress, and refuses a second import of the same hotel with 409', async () => {
    const [alpine] = await t.db.insert(organizations).values({ name: 'Alpine Import Lodges', legalCompanyName: 'Alpine Import Lodges AG' }).returning();
    await createUser(t.db, { email: 'alpine.import@example.com', password: 'Alpine-Password-1', permissions: ['SETUP_ORG', 'SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [alpine?.uuid ?? ''], ous: [], omnipresence: false }] });
    const other = (await login(t.app, 'alpine.import@example.com', 'Alpine-Password-1')).token;
    const { hotel } = await hotelWithPackages('Busy Import Hotel', PACKAGES);

    // an import whose file is still arriving: some batches of rate codes staged, the rest to come
    const body = new PassThrough();
    let importDone = false;
    const answer = upload(hotel, body).then((response) => {
      importDone = true;
      return response;
    });
    body.write(head('codes.csv'));
    body.write('Rate Code,Package ID\r\n');
    const rows = 40_000;
    for (let i = 0; i < rows; i += 1_000) body.write(Array.from({ length: 1_000 }, (_, k) => row(i + k)).join(''));
    await expect.poll(async () => (await t.db.select({ n: count() }).from(rateCodeImportRows))[0]?.n ?? 0, { timeout: 60_000 }).toBeGreaterThan(0);

    // another organization reads meanwhile, and is answered before the import is
    const read = await t.app.inject({ method: 'GET', url: `/api/organization/${alpine?.uuid}`, headers: bearer(other) });
    expect(read.statusCode).toBe(200);
    expect(importDone).toBe(false);

    // the same hotel again: refused with the reason, nothing staged for it
    const second = await upload(hotel, Readable.from([head('codes.csv'), Buffer.from('Rate Code,Package ID\nX1,PKG_00\n'), tail]));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ errors: [{ code: 'conflict', message: RATE_CODE_IMPORT_BUSY.hotel, field: 'file' }] });
    expect(importDone).toBe(false);

    body.end(tail);
    const response = await answer;
    expect(response.json()).toMatchObject({ succeed: true, imported: rows / PER_CODE });
    const [stored] = await t.db.select({ n: count() }).from(rateCodes).where(eq(rateCodes.hotelUuid, hotel));
    expect(stored?.n).toBe(rows / PER_CODE);
    // the hotel is free again, and the staged rows are cleared
    expect(await t.db.select().from(rateCodeImports).where(eq(rateCodeImports.hotelUuid, hotel))).toEqual([]);
    const again = await upload(hotel, Readable.from([head('codes.csv'), Buffer.from('Rate Code,Package ID\nX1,PKG_00\n'), tail]));
    expect(again.json()).toMatchObject({ succeed: true, imported: 1 });
    await t.app.lobby.settle();
    expect((await t.db.select({ n: count() }).from(rateCodeImportRows))[0]?.n).toBe(0);
  });

  it('lets the same request sent again (same user and Idempotency-Key) take the place of an import its gateway left behind, at once', async () => {
    const { hotel, packages } = await hotelWithPackages('Resent Import Hotel', ['BB']);
    // what a gateway killed while the file arrived leaves: the hotel claimed under the request's key, some rows staged
    const leftOver = await beginImport(t.db, hotel, adminUuid, t.clock.now(), 'resent-import-key');
    await t.db.insert(rateCodeImportRows).values({ importUuid: leftOver.uuid, seq: 0, name: 'OLD', packages: [packages[0]?.uuid ?? ''], firstLine: 2 });
    const file = () => Readable.from([head('codes.csv'), Buffer.from('Rate Code,Package ID\nX1,BB\n'), tail]);

    // another request still waits for it
    const other = await upload(hotel, file(), { 'idempotency-key': 'another-key' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ errors: [{ code: 'conflict', message: RATE_CODE_IMPORT_BUSY.hotel, field: 'file' }] });
    // the client's retry does not
    const retry = await upload(hotel, file(), { 'idempotency-key': 'resent-import-key' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ succeed: true, imported: 1 });
    const codes = await t.db.select().from(rateCodes).where(eq(rateCodes.hotelUuid, hotel));
    expect(codes.map((code) => code.name)).toEqual(['X1']);
    await t.app.lobby.settle();
    expect(await t.db.select().from(rateCodeImportRows).where(eq(rateCodeImportRows.importUuid, leftOver.uuid))).toEqual([]);
    expect(await t.db.select().from(rateCodeImports).where(eq(rateCodeImports.hotelUuid, hotel))).toEqual([]);
  });

  it('refuses to publish an import its own retry took over with a 5xx, which its key does not keep', async () => {
    const { hotel } = await hotelWithPackages('Overtaken Import Hotel', ['BB']);
    const first = await beginImport(t.db, hotel, adminUuid, t.clock.now(), 'overtaken-key');
    const second = await beginImport(t.db, hotel, adminUuid, t.clock.now(), 'overtaken-key');
    expect(second.replaced).toEqual([first.uuid]);
    const publishing = t.db.transaction((tx) => publishStaged(tx, first.uuid, org, hotel, t.clock.now(), { userUuid: adminUuid, idempotencyKey: 'overtaken-key' }));
    await expect(publishing).rejects.toMatchObject({ statusCode: 503, message: RATE_CODE_IMPORT_BUSY.resent });
    // without the key it is the old refusal: another import took its place
    const third = await beginImport(t.db, hotel, adminUuid, t.clock.now(), 'overtaken-key');
    await expect(t.db.transaction((tx) => publishStaged(tx, second.uuid, org, hotel, t.clock.now()))).rejects.toMatchObject({ statusCode: 409, message: RATE_CODE_IMPORT_BUSY.replaced });
    await releaseImport(t.db, third.uuid);
  });
});

describe('making the staged rows live', () => {
  it('gives new rate codes the uuids made while staging, and on PGlite writes them only for the hotel of the organization it names', async () => {
    const { hotel, packages } = await hotelWithPackages('Publish Check Hotel', ['BB', 'SPA']);
    const uuidOf = new Map(packages.map((item) => [item.externalId, item.uuid]));
    const runs = [
      { name: 'RC_A', packageExternalIds: ['BB'], firstLine: 2 },
      { name: 'RC_B', packageExternalIds: ['SPA', 'BB'], firstLine: 3 },
    ];
    // under another organization's uuid (the foreign keys alone would let it through: that organization exists)
    const [other] = await t.db.insert(organizations).values({ name: 'Publish Check Other Org', legalCompanyName: 'Other Ltd' }).returning({ uuid: organizations.uuid });
    const wrong = await beginImport(t.db, hotel, adminUuid, t.clock.now());
    await stageRuns(t.db, wrong.uuid, 0, runs, uuidOf);
    await expect(t.db.transaction((tx) => publishStaged(tx, wrong.uuid, other?.uuid ?? '', hotel, t.clock.now(), null, true))).rejects.toMatchObject({ statusCode: 404, message: HOTEL_MESSAGES.hotelNotFound });
    expect(await t.db.select().from(rateCodes).where(eq(rateCodes.hotelUuid, hotel))).toEqual([]);
    await releaseImport(t.db, wrong.uuid);

    const right = await beginImport(t.db, hotel, adminUuid, t.clock.now());
    await stageRuns(t.db, right.uuid, 0, runs, uuidOf);
    const staged = await t.db.select({ name: rateCodeImportRows.name, uuid: rateCodeImportRows.uuid }).from(rateCodeImportRows).where(eq(rateCodeImportRows.importUuid, right.uuid));
    const outcome = await t.db.transaction((tx) => publishStaged(tx, right.uuid, org, hotel, t.clock.now(), null, t.app.lobby.embedded));
    expect(outcome).toMatchObject({ added: 2, changed: 0, removed: 0, kept: 0 });
    const live = await t.db.select({ name: rateCodes.name, uuid: rateCodes.uuid, orgUuid: rateCodes.orgUuid, packages: rateCodes.packages }).from(rateCodes).where(eq(rateCodes.hotelUuid, hotel));
    expect(new Map(live.map((code) => [code.name, code.uuid]))).toEqual(new Map(staged.map((row) => [row.name, row.uuid])));
    expect(live.find((code) => code.name === 'RC_B')).toMatchObject({ orgUuid: org, packages: [uuidOf.get('SPA'), uuidOf.get('BB')] });
  });
});

describe('the rate codes an import writes ahead (docs/adr/0042)', () => {
  const codesPath = (hotel: string) => `/api/organization/${org}/hotel/${hotel}/pms-rate-code`;
  const listed = async (hotel: string) => {
    const list = await t.app.inject({ method: 'GET', url: codesPath(hotel), headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    return (list.json() as { data: RateCode[] }).data;
  };
  const saveCodes = async (hotel: string, body: Record<string, unknown>) => {
    const saved = await t.app.inject({ method: 'PATCH', url: codesPath(hotel), headers: bearer(admin), payload: body });
    expect(saved.statusCode).toBe(200);
    return (saved.json() as { data: RateCode[] }).data;
  };

  it('keeps them out of every read and write until the last transaction makes them live, all at once', async () => {
    const { hotel, packages } = await hotelWithPackages('Ahead Hotel', ['BB', 'SPA']);
    const [bb, spa] = packages.map((item) => item.uuid) as [string, string];
    const uuidOf = new Map(packages.map((item) => [item.externalId, item.uuid]));
    const [old] = await saveCodes(hotel, { newRateCodes: [{ name: 'OLD', packages: [bb] }] });
    const running = await beginImport(t.db, hotel, adminUuid, t.clock.now());
    await stageRuns(t.db, running.uuid, 0, [
      { name: 'OLD', packageExternalIds: ['BB'], firstLine: 2 },
      { name: 'NEW1', packageExternalIds: ['SPA'], firstLine: 3 },
      { name: 'NEW2', packageExternalIds: ['BB', 'SPA'], firstLine: 4 },
    ], uuidOf);
    const ahead = await writeAhead(t.db, t.app.lobby.bulk, running.uuid, org, hotel, t.clock.now(), t.app.lobby.embedded);
    expect(ahead).toEqual({ staged: 3, written: 2 });
    expect((await rowsIn(hotel)).map((row) => [row.name, row.imported_by])).toEqual([['NEW1', running.uuid], ['NEW2', running.uuid], ['OLD', null]]);

    // the list, one of them by its uuid, the export, and a change to one: as if they were not there
    expect((await listed(hotel)).map((code) => code.name)).toEqual(['OLD']);
    const written = (await rowsIn(hotel)).find((row) => row.name === 'NEW1') as { uuid: string };
    expect((await t.app.inject({ method: 'GET', url: `${codesPath(hotel)}/${written.uuid}`, headers: bearer(admin) })).statusCode).toBe(404);
    const exported = await t.app.inject({ method: 'GET', url: `${codesPath(hotel)}/export`, headers: bearer(admin) });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('OLD');
    expect(exported.body).not.toContain('NEW1');
    const refused = await t.app.inject({ method: 'PATCH', url: codesPath(hotel), headers: bearer(admin), payload: { deletedRateCodes: [written.uuid] } });
    expect(refused.statusCode).toBe(404);
    expect(JSON.stringify(refused.json())).toContain(HOTEL_MESSAGES.rateCodeNotFound);

    const outcome = await t.db.transaction((tx) => publishStaged(tx, running.uuid, org, hotel, t.clock.now(), null, t.app.lobby.embedded, ahead));
    expect(outcome).toMatchObject({ added: 2, changed: 0, removed: 0, kept: 1 });
    const after = await listed(hotel);
    expect(after.map((code) => [code.name, code.packages])).toEqual([['NEW1', [spa]], ['NEW2', [bb, spa]], ['OLD', [bb]]]);
    expect(after.find((code) => code.name === 'OLD')).toMatchObject({ uuid: old?.uuid, version: old?.version });
    expect(after.find((code) => code.name === 'NEW1')?.uuid).toBe(written.uuid);
    expect(await registrationsOf(hotel)).toEqual([{ import_uuid: running.uuid, live: true }]);
  });

  it('matches again what a save changed after they were written: an ID made live since stays the save\'s, one removed since comes new', async () => {
    const { hotel, packages } = await hotelWithPackages('Ahead Race Hotel', ['BB', 'SPA']);
    const [bb, spa] = packages.map((item) => item.uuid) as [string, string];
    const uuidOf = new Map(packages.map((item) => [item.externalId, item.uuid]));
    const before = await saveCodes(hotel, { newRateCodes: [{ name: 'GONE', packages: [bb] }, { name: 'KEEP', packages: [bb] }] });
    const running = await beginImport(t.db, hotel, adminUuid, t.clock.now());
    await stageRuns(t.db, running.uuid, 0, [
      { name: 'GONE', packageExternalIds: ['SPA'], firstLine: 2 },
      { name: 'KEEP', packageExternalIds: ['BB'], firstLine: 3 },
      { name: 'MADE', packageExternalIds: ['SPA'], firstLine: 4 },
      { name: 'NEW', packageExternalIds: ['BB'], firstLine: 5 },
    ], uuidOf);
    const ahead = await writeAhead(t.db, t.app.lobby.bulk, running.uuid, org, hotel, t.clock.now(), t.app.lobby.embedded);
    expect(ahead).toEqual({ staged: 4, written: 2 });
    // meanwhile a save makes MADE live and removes GONE
    const gone = before.find((code) => code.name === 'GONE') as RateCode;
    const saved = await saveCodes(hotel, { newRateCodes: [{ name: 'MADE', packages: [bb] }], deletedRateCodes: [gone.uuid] });
    const made = saved.find((code) => code.name === 'MADE') as RateCode;

    const outcome = await t.db.transaction((tx) => publishStaged(tx, running.uuid, org, hotel, t.clock.now(), null, t.app.lobby.embedded, ahead));
    expect(outcome).toMatchObject({ added: 2, changed: 1, removed: 0, kept: 1 });
    const after = await listed(hotel);
    expect(after.map((code) => [code.name, code.packages])).toEqual([['GONE', [spa]], ['KEEP', [bb]], ['MADE', [spa]], ['NEW', [bb]]]);
    expect(after.find((code) => code.name === 'MADE')).toMatchObject({ uuid: made.uuid, version: made.version + 1 });
    expect(after.find((code) => code.name === 'GONE')?.uuid).not.toBe(gone.uuid);
    // one row per rate code: the one written ahead under MADE is gone
    expect((await rowsIn(hotel)).map((row) => row.name)).toEqual(['GONE', 'KEEP', 'MADE', 'NEW']);
  });

  it('clears the ones of an import that went no further, and housekeeping those of one its gateway left behind, never live ones', async () => {
    const { hotel, packages } = await hotelWithPackages('Ahead Clear Hotel', ['BB']);
    const uuidOf = new Map(packages.map((item) => [item.externalId, item.uuid]));
    const runs = Array.from({ length: 12 }, (_, i) => ({ name: `C${i}`, packageExternalIds: ['BB'], firstLine: i + 2 }));
    // one import made live first: its rows stay through everything below
    const live = await beginImport(t.db, hotel, adminUuid, t.clock.now());
    await stageRuns(t.db, live.uuid, 0, [{ name: 'LIVE', packageExternalIds: ['BB'], firstLine: 2 }], uuidOf);
    const liveAhead = await writeAhead(t.db, t.app.lobby.bulk, live.uuid, org, hotel, t.clock.now(), t.app.lobby.embedded);
    await t.db.transaction((tx) => publishStaged(tx, live.uuid, org, hotel, t.clock.now(), null, t.app.lobby.embedded, liveAhead));
    await clearStaged(t.db, t.app.lobby.bulk, live.uuid);

    const refused = await beginImport(t.db, hotel, adminUuid, t.clock.now());
    await stageRuns(t.db, refused.uuid, 0, runs, uuidOf);
    expect(await writeAhead(t.db, t.app.lobby.bulk, refused.uuid, org, hotel, t.clock.now(), t.app.lobby.embedded)).toEqual({ staged: 12, written: 12 });
    await releaseImport(t.db, refused.uuid);
    await clearStaged(t.db, t.app.lobby.bulk, refused.uuid);
    expect((await rowsIn(hotel)).map((row) => row.name)).toEqual(['LIVE']);
    expect((await registrationsOf(hotel)).map((row) => row.live)).toEqual([true]);

    // a gateway stopped after writing ahead: its claim, its rows, no heartbeat after
    const left = await beginImport(t.db, hotel, adminUuid, t.clock.now());
    await stageRuns(t.db, left.uuid, 0, runs, uuidOf);
    await writeAhead(t.db, t.app.lobby.bulk, left.uuid, org, hotel, t.clock.now(), t.app.lobby.embedded);
    // while it holds the hotel, housekeeping leaves it alone
    await purgeStaleImports(t.db, t.clock.now());
    expect((await rowsIn(hotel)).length).toBe(13);
    t.clock.advance(DEFAULT_LIMITS.importLeaseMs + 1_000);
    await purgeStaleImports(t.db, t.clock.now());
    expect((await rowsIn(hotel)).map((row) => row.name)).toEqual(['LIVE']);
    expect((await registrationsOf(hotel)).map((row) => row.live)).toEqual([true]);
    expect((await listed(hotel)).map((code) => code.name)).toEqual(['LIVE']);
    // and what it staged is not written once its claim is gone (its gateway still running, say): no row, no registration left behind
    expect(await writeAhead(t.db, t.app.lobby.bulk, left.uuid, org, hotel, t.clock.now(), t.app.lobby.embedded)).toMatchObject({ written: 0 });
    expect((await rowsIn(hotel)).map((row) => row.name)).toEqual(['LIVE']);
    expect((await registrationsOf(hotel)).map((row) => row.live)).toEqual([true]);
  });
});

describe('the lease of an import on its hotel (a heartbeat in the database)', () => {
  const LEASE_MS = DEFAULT_LIMITS.importLeaseMs;
  const oneCode = () => Readable.from([head('codes.csv'), Buffer.from('Rate Code,Package ID\nX1,BB\n'), tail]);
  const claimOf = async (hotel: string) => (await t.db.select().from(rateCodeImports).where(eq(rateCodeImports.hotelUuid, hotel)))[0];

  it('lets a new import (no Idempotency-Key) take the place of one whose gateway stopped beating, once the lease has run out, and clears its staged rows', async () => {
    const { hotel, packages } = await hotelWithPackages('Lapsed Import Hotel', ['BB']);
    // what a gateway killed while the file arrived leaves: the hotel claimed (no key, as the app's import sends it), some rows staged, no heartbeat after
    const leftOver = await beginImport(t.db, hotel, adminUuid, t.clock.now());
    await t.db.insert(rateCodeImportRows).values({ importUuid: leftOver.uuid, seq: 0, name: 'OLD', packages: [packages[0]?.uuid ?? ''], firstLine: 2 });

    // within the lease it still holds the hotel
    t.clock.advance(LEASE_MS - 5_000);
    const early = await upload(hotel, oneCode());
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ errors: [{ code: 'conflict', message: RATE_CODE_IMPORT_BUSY.hotel, field: 'file' }] });

    // past it, a new upload is imported at once
    t.clock.advance(10_000);
    const taken = await upload(hotel, oneCode());
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ succeed: true, imported: 1 });
    expect((await t.db.select().from(rateCodes).where(eq(rateCodes.hotelUuid, hotel))).map((code) => code.name)).toEqual(['X1']);
    await t.app.lobby.settle();
    expect(await t.db.select().from(rateCodeImportRows).where(eq(rateCodeImportRows.importUuid, leftOver.uuid))).toEqual([]);
    expect(await claimOf(hotel)).toBeUndefined();
  });

  it('keeps the hotel for an import still running past the lease: its heartbeat moves on, and a new import is refused', async () => {
    const { hotel } = await hotelWithPackages('Beating Import Hotel', ['BB']);
    const body = new PassThrough();
    const answer = upload(hotel, body);
    body.write(head('codes.csv'));
    body.write('Rate Code,Package ID\nX1,BB\n');
    await expect.poll(async () => (await claimOf(hotel)) ?? null, { timeout: 30_000 }).not.toBeNull();
    const started = (await claimOf(hotel))?.heartbeatAt as Date;

    // the file is still arriving when the lease would have run out without a heartbeat
    t.clock.advance(LEASE_MS + 5_000);
    const moved = t.clock.now();
    await expect.poll(async () => (await claimOf(hotel))?.heartbeatAt.getTime() ?? 0, { timeout: 30_000 }).toBeGreaterThanOrEqual(moved.getTime());
    expect(moved.getTime() - started.getTime()).toBeGreaterThan(LEASE_MS);
    const refused = await upload(hotel, oneCode());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errors: [{ code: 'conflict', message: RATE_CODE_IMPORT_BUSY.hotel, field: 'file' }] });

    body.end(Buffer.concat([Buffer.from('X2,BB\n'), tail]));
    const done = await answer;
    expect(done.json()).toMatchObject({ succeed: true, imported: 2 });
    expect(await claimOf(hotel)).toBeUndefined();
  });
});

/**
 * A big hotel save's new packages and rate codes written ahead on the embedded PGlite
 * (docs/adr/0044): out of every read until the save's transaction makes them live, all at once;
 * nothing left of a refused save; rows a stopped gateway left behind never block a save.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PmsPackage, RateCode } from '../../src/domain/index';
import { HOTEL_MESSAGES, PMS_PACKAGE_KIND, RATE_CODE_KIND } from '../../src/domain/index';
import { historyEntries } from '../db/schema';
import { rowsOf } from '../services/hotels';
import { purgeStaleImports } from '../services/rate-code-import';
import { markOf, SAVE_AHEAD_ABANDONED_MS, SAVE_AHEAD_MIN_ITEMS, worthWritingAhead } from '../services/save-ahead';
import type { TestApp } from '../test-helpers';
import { adminAndDemo, bearer, createTestApp } from '../test-helpers';

let t: TestApp;
let admin = '';
let org = '';

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, org } = await adminAndDemo(t));
});
afterAll(async () => {
  await t.close();
});

const hotelPath = (hotel: string) => `/api/organization/${org}/hotel/${hotel}`;
/** Enough new items to be written ahead: packages, and as many rate codes naming two of them each. */
function newItems(tag: string, count = SAVE_AHEAD_MIN_ITEMS / 2 + 250) {
  const packages = Array.from({ length: count }, (_, i) => ({ uuid: randomUUID(), externalId: `${tag}-P${i}`, calculationRule: 'ADULT' as const }));
  const rateCodes = Array.from({ length: count }, (_, i) => ({ uuid: randomUUID(), name: `${tag}-RC${i}`, packages: [packages[i]?.uuid as string, packages[(i + 1) % count]?.uuid as string] }));
  return { packages, rateCodes };
}
const save = (hotel: string, body: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `${hotelPath(hotel)}/save`, headers: { ...bearer(admin), prefer: 'return=minimal' }, payload: body });
const newHotelSave = (name: string, items: ReturnType<typeof newItems>) => ({
  hotel: { parentUuid: null, attributes: { NAME: name } },
  packages: { newPackages: items.packages },
  rateCodes: { newRateCodes: items.rateCodes },
});
async function listed<T>(hotel: string, list: 'pms-package' | 'pms-rate-code'): Promise<T[]> {
  const answer = await t.app.inject({ method: 'GET', url: `${hotelPath(hotel)}/${list}`, headers: bearer(admin) });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { data: T[] }).data;
}
/** A new hotel with nothing in it. */
async function emptyHotel(name: string): Promise<string> {
  const hotel = randomUUID();
  expect((await save(hotel, { hotel: { parentUuid: null, attributes: { NAME: name } }, packages: { newPackages: [] }, rateCodes: { newRateCodes: [] } })).statusCode).toBe(201);
  return hotel;
}
/** Rows of the hotel under the views, those written ahead and not live included. */
async function rowsUnder(hotel: string): Promise<{ packages: number; codes: number; ahead: number }> {
  const [row] = rowsOf<{ packages: number; codes: number; ahead: number }>(
    await t.db.execute(sql`
      select (select count(*) from pms_package_rows where hotel_uuid = ${hotel}::uuid)::int as packages,
             (select count(*) from rate_code_rows where hotel_uuid = ${hotel}::uuid)::int as codes,
             (select count(*) from pms_package_rows where hotel_uuid = ${hotel}::uuid and imported_by is not null)::int
               + (select count(*) from rate_code_rows where hotel_uuid = ${hotel}::uuid and imported_by is not null)::int as ahead`),
  );
  return row ?? { packages: 0, codes: 0, ahead: 0 };
}
async function registrationsOf(hotel: string): Promise<{ kind: string; live: boolean }[]> {
  return rowsOf(await t.db.execute(sql`select kind, live from rate_code_publications where hotel_uuid = ${hotel}::uuid`));
}

/**
 * Holds bulk work at its `at`-th turn from now (a save writing ahead takes one before each batch)
 * until released; the background work of earlier tests (clearing after a save) is done first, so
 * only the save's turns count.
 */
async function holdAtTurn(at: number) {
  await t.app.lobby.settle();
  const gate = t.app.lobby.bulk;
  const turn = gate.turn.bind(gate);
  let turns = 0;
  let reached!: () => void;
  let release!: () => void;
  const atTurn = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  gate.turn = async (maxWaitMs?: number) => {
    turns += 1;
    if (turns === at) {
      reached();
      await released;
    }
    return turn(maxWaitMs);
  };
  return {
    reached: atTurn,
    release: () => {
      gate.turn = turn;
      release();
    },
  };
}

describe('a big hotel save written ahead (docs/adr/0044)', () => {
  it('writes its new packages and rate codes out of every read until its transaction makes them live, all at once (on PostgreSQL, in that one transaction)', async () => {
    const hotel = randomUUID();
    const items = newItems('A');
    const body = newHotelSave('Ahead Save Hotel', items);
    if (!t.app.lobby.embedded) {
      expect((await save(hotel, body)).statusCode).toBe(201);
      expect(await rowsUnder(hotel)).toEqual({ packages: items.packages.length, codes: items.rateCodes.length, ahead: 0 });
      expect(await registrationsOf(hotel)).toEqual([]);
      return;
    }
    // turns: the registration, the packages' batch, the rate codes' batch: held before the rate codes
    const hold = await holdAtTurn(3);
    const saving = save(hotel, body);
    await hold.reached;
    expect(await rowsUnder(hotel)).toEqual({ packages: items.packages.length, codes: 0, ahead: items.packages.length });
    expect(await registrationsOf(hotel)).toEqual([{ kind: 'save', live: false }]);
    // other requests are answered meanwhile, and see nothing of the save: not the hotel, not its packages
    const units = await t.app.inject({ method: 'GET', url: `/api/organization/${org}/ous?includeDescendants=TRUE`, headers: bearer(admin) });
    expect(units.statusCode).toBe(200);
    expect(JSON.stringify(units.json())).not.toContain(hotel);
    expect((await t.app.inject({ method: 'GET', url: `${hotelPath(hotel)}/pms-package`, headers: bearer(admin) })).statusCode).toBe(404);
    const [seen] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from pms_packages where hotel_uuid = ${hotel}::uuid`));
    expect(seen?.n).toBe(0);

    hold.release();
    const answer = await saving;
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ version: 1, hotel: { uuid: hotel, name: 'Ahead Save Hotel' } });
    const packages = await listed<PmsPackage>(hotel, 'pms-package');
    const codes = await listed<RateCode>(hotel, 'pms-rate-code');
    expect(packages.map((item) => item.uuid).sort()).toEqual(items.packages.map((item) => item.uuid).sort());
    expect(codes.map((item) => item.uuid).sort()).toEqual(items.rateCodes.map((item) => item.uuid).sort());
    const first = codes.find((code) => code.uuid === items.rateCodes[0]?.uuid);
    expect(first).toMatchObject({ name: 'A-RC0', packages: items.rateCodes[0]?.packages, version: 1 });
    expect(new Set(packages.map((item) => item.version))).toEqual(new Set([1]));
    expect(await registrationsOf(hotel)).toEqual([{ kind: 'save', live: true }]);
    // its history: one entry per kind, every item counted as created
    const history = await t.db.select().from(historyEntries).where(and(eq(historyEntries.recordUuid, hotel), eq(historyEntries.kind, PMS_PACKAGE_KIND)));
    expect(history.map((entry) => entry.bulk?.counts)).toEqual([{ created: items.packages.length }]);
    const codeHistory = await t.db.select().from(historyEntries).where(and(eq(historyEntries.recordUuid, hotel), eq(historyEntries.kind, RATE_CODE_KIND)));
    expect(codeHistory.map((entry) => entry.bulk?.counts)).toEqual([{ created: items.rateCodes.length }]);
  });

  it('keeps an existing hotel\'s lists as they were until the save commits, then shows old and new together', async () => {
    const hotel = randomUUID();
    expect((await save(hotel, { hotel: { parentUuid: null, attributes: { NAME: 'Ahead Existing Hotel' } }, packages: { newPackages: [{ uuid: randomUUID(), externalId: 'OLD', calculationRule: 'PERSON' }] }, rateCodes: { newRateCodes: [] } })).statusCode).toBe(201);
    const items = newItems('B');
    const body = { packages: { newPackages: items.packages }, rateCodes: { newRateCodes: items.rateCodes } };
    const hold = t.app.lobby.embedded ? await holdAtTurn(3) : null;
    const saving = save(hotel, body);
    if (hold) {
      await hold.reached;
      expect((await listed<PmsPackage>(hotel, 'pms-package')).map((item) => item.externalId)).toEqual(['OLD']);
      expect(await listed<RateCode>(hotel, 'pms-rate-code')).toEqual([]);
      hold.release();
    }
    const answer = await saving;
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ version: 2 });
    expect(await listed<PmsPackage>(hotel, 'pms-package')).toHaveLength(items.packages.length + 1);
    expect(await listed<RateCode>(hotel, 'pms-rate-code')).toHaveLength(items.rateCodes.length);
  });

  it('leaves nothing of a big save it refuses: no hotel, no row written ahead, no registration', async () => {
    const hotel = randomUUID();
    const items = newItems('C');
    // the last rate code names a package of no hotel: refused in the save's transaction
    const last = items.rateCodes.at(-1) as { packages: string[] };
    last.packages = [randomUUID()];
    const answer = await save(hotel, newHotelSave('Refused Ahead Hotel', items));
    expect(answer.statusCode).toBe(422);
    expect(JSON.stringify(answer.json())).toContain(HOTEL_MESSAGES.rateCodePackageUnknown);
    await t.app.lobby.settle();
    expect(await rowsUnder(hotel)).toEqual({ packages: 0, codes: 0, ahead: 0 });
    expect(await registrationsOf(hotel)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `${hotelPath(hotel)}/pms-package`, headers: bearer(admin) })).statusCode).toBe(404);
  });

  it.each([
    ['a package ID used twice (spaces at either end aside)', HOTEL_MESSAGES.packageIdTaken, (items: ReturnType<typeof newItems>) => ((items.packages[7] as { externalId: string }).externalId = ` ${items.packages[3]?.externalId ?? ''} `)],
    ['a rate code ID used twice', HOTEL_MESSAGES.rateCodeIdTaken, (items: ReturnType<typeof newItems>) => ((items.rateCodes[9] as { name: string }).name = items.rateCodes[2]?.name ?? '')],
    ['a rate code naming a package that is not the hotel\'s', HOTEL_MESSAGES.rateCodePackageUnknown, (items: ReturnType<typeof newItems>) => (items.rateCodes[4] as { packages: string[] }).packages.push(randomUUID())],
  ])('refuses a new hotel\'s save, big or small, with %s as it always did, its rows checked ahead or not', async (_, message, spoil) => {
    // small: never written ahead; its transaction checks the new hotel's rows as a whole
    for (const count of [undefined, 20]) {
      const hotel = randomUUID();
      const items = newItems(`E${count ?? ''}`, count);
      spoil(items);
      const answer = await save(hotel, newHotelSave('Spoilt Ahead Hotel', items));
      expect(answer.statusCode).toBe(422);
      expect(JSON.stringify(answer.json())).toContain(message);
      await t.app.lobby.settle();
      expect(await rowsUnder(hotel)).toEqual({ packages: 0, codes: 0, ahead: 0 });
      expect((await t.app.inject({ method: 'GET', url: `${hotelPath(hotel)}/pms-package`, headers: bearer(admin) })).statusCode).toBe(404);
    }
  });

  it('never lets rows a stopped save wrote ahead take a uuid from a save: they make way, whether the save writes ahead or not', async () => {
    for (const count of [3, SAVE_AHEAD_MIN_ITEMS / 2 + 250]) {
      const hotel = await emptyHotel(`Made Way Hotel ${count}`);
      const items = newItems(`D${count}`, count);
      // what a gateway killed while writing ahead leaves: a registration not live, some of the rows
      const left = randomUUID();
      await t.db.execute(sql`insert into rate_code_publications (import_uuid, hotel_uuid, kind) values (${left}::uuid, ${hotel}::uuid, 'save')`);
      const orgUuid = org;
      await t.db.execute(sql`
        insert into pms_package_rows (uuid, org_uuid, hotel_uuid, name, external_id, calculation_rule, imported_by)
        select s.uuid, ${orgUuid}::uuid, ${hotel}::uuid, s.id, s.id, 'ADULT', ${left}::uuid
        from json_to_recordset(${JSON.stringify(items.packages.slice(0, 2).map((item) => ({ uuid: item.uuid, id: item.externalId })))}::json) as s(uuid uuid, id text)`);
      const answer = await save(hotel, { packages: { newPackages: items.packages }, rateCodes: { newRateCodes: items.rateCodes } });
      expect(answer.statusCode).toBe(200);
      expect((await listed<PmsPackage>(hotel, 'pms-package')).map((item) => item.uuid).sort()).toEqual(items.packages.map((item) => item.uuid).sort());
      expect(await listed<RateCode>(hotel, 'pms-rate-code')).toHaveLength(count);
      await t.app.lobby.settle();
      expect((await rowsUnder(hotel)).packages).toBe(count);
    }
  });

  it('checks an existing hotel\'s big save again in its transaction when something of the hotel was written after its checks ahead', async () => {
    const hotel = await emptyHotel('Moved Mark Hotel');
    const items = newItems('F');
    // a package of the hotel takes the ID of one of the save's: on PGlite after the save's checks
    // ahead, before its transaction (on PostgreSQL, which writes nothing ahead, before the save)
    const takeAnId = async () => {
      const patched = await t.app.inject({ method: 'PATCH', url: `${hotelPath(hotel)}/pms-package`, headers: bearer(admin), payload: { newPackages: [{ externalId: items.packages[10]?.externalId }] } });
      expect(patched.statusCode).toBe(200);
    };
    const body = { packages: { newPackages: items.packages }, rateCodes: { newRateCodes: items.rateCodes } };
    let answer;
    if (t.app.lobby.embedded) {
      // turns: the registration, the packages' batch, the rate codes' batch, the mark, three checks, then the transaction's
      const hold = await holdAtTurn(8);
      const saving = save(hotel, body);
      await hold.reached;
      const [registration] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from rate_code_publications where hotel_uuid = ${hotel}::uuid and kind = 'save' and not live`));
      expect(registration?.n).toBe(1);
      await takeAnId();
      hold.release();
      answer = await saving;
    } else {
      await takeAnId();
      answer = await save(hotel, body);
    }
    expect(answer.statusCode).toBe(422);
    expect(JSON.stringify(answer.json())).toContain(HOTEL_MESSAGES.packageIdTaken);
    expect((await listed<PmsPackage>(hotel, 'pms-package')).map((item) => item.externalId)).toEqual([items.packages[10]?.externalId]);
  });

  it('moves the hotel\'s mark on with every statement writing its packages or rate codes, through the views or not, and when rows written ahead go live', async () => {
    const hotel = await emptyHotel('Marked Hotel');
    const marks: number[] = [await markOf(t.db, hotel)];
    const step = async (statement: ReturnType<typeof sql>) => {
      await t.db.execute(statement);
      marks.push(await markOf(t.db, hotel));
    };
    const uuid = randomUUID();
    await step(sql`insert into pms_packages (uuid, org_uuid, hotel_uuid, name, external_id, calculation_rule) values (${uuid}::uuid, ${org}::uuid, ${hotel}::uuid, 'M1', 'M1', 'ADULT')`);
    await step(sql`update pms_packages set deleted = true where uuid = ${uuid}::uuid`);
    await step(sql`insert into rate_codes (org_uuid, hotel_uuid, name, external_id, packages) values (${org}::uuid, ${hotel}::uuid, 'R1', 'R1', '[]'::jsonb)`);
    await step(sql`update rate_codes set packages = '["x"]'::jsonb where hotel_uuid = ${hotel}::uuid`);
    await step(sql`delete from rate_codes where hotel_uuid = ${hotel}::uuid`);
    const registration = randomUUID();
    await step(sql`insert into rate_code_publications (import_uuid, hotel_uuid, kind) values (${registration}::uuid, ${hotel}::uuid, 'save')`);
    await step(sql`insert into pms_package_rows (org_uuid, hotel_uuid, name, external_id, calculation_rule, imported_by) values (${org}::uuid, ${hotel}::uuid, 'M2', 'M2', 'ADULT', ${registration}::uuid)`);
    await step(sql`update rate_code_publications set live = true where import_uuid = ${registration}::uuid`);
    await step(sql`delete from pms_packages where uuid = ${uuid}::uuid`);
    // the registration's row alone (made before the rows) does not change what the hotel holds
    expect(marks.slice(1).map((mark, index) => mark - (marks[index] as number))).toEqual([1, 1, 1, 1, 1, 0, 1, 1, 1]);
    if (t.app.lobby.embedded) {
      // on PGlite, where writes skip the row-by-row key checks, too
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`insert into rate_code_rows (org_uuid, hotel_uuid, name, external_id) values (${org}::uuid, ${hotel}::uuid, 'R2', 'R2')`);
      });
      expect(await markOf(t.db, hotel)).toBe((marks.at(-1) as number) + 1);
    }
  });

  it('housekeeping clears what a save left behind more than SAVE_AHEAD_ABANDONED_MS ago, never a save still writing or a live one', async () => {
    const hotel = await emptyHotel('Housekept Hotel');
    const now = t.clock.now();
    const registered = async (kind: string, live: boolean, at: Date) => {
      const uuid = randomUUID();
      await t.db.execute(sql`insert into rate_code_publications (import_uuid, hotel_uuid, kind, live, registered_at) values (${uuid}::uuid, ${hotel}::uuid, ${kind}, ${live}, ${at.toISOString()}::timestamptz)`);
      await t.db.execute(sql`
        insert into pms_package_rows (org_uuid, hotel_uuid, name, external_id, calculation_rule, imported_by)
        values (${org}::uuid, ${hotel}::uuid, ${uuid}, ${uuid}, 'ADULT', ${uuid}::uuid)`);
      return uuid;
    };
    const long = new Date(now.getTime() - SAVE_AHEAD_ABANDONED_MS - 1_000);
    const stopped = await registered('save', false, long);
    const writing = await registered('save', false, new Date(now.getTime() - 1_000));
    const live = await registered('save', true, long);
    await purgeStaleImports(t.db, now);
    const left = rowsOf<{ import_uuid: string }>(await t.db.execute(sql`select import_uuid from rate_code_publications where hotel_uuid = ${hotel}::uuid order by import_uuid`));
    expect(left.map((row) => row.import_uuid).sort()).toEqual([writing, live].sort());
    const rows = rowsOf<{ imported_by: string }>(await t.db.execute(sql`select imported_by from pms_package_rows where hotel_uuid = ${hotel}::uuid`));
    expect(rows.map((row) => row.imported_by).sort()).toEqual([writing, live].sort());
    expect(rows.map((row) => row.imported_by)).not.toContain(stopped);
  });
});

describe('worthWritingAhead', () => {
  const none = { newPackages: [], updatedPackages: [], deletedPackages: [] };
  const noCodes = { newRateCodes: [], updatedRateCodes: [], deletedRateCodes: [] };
  const items = newItems('W');
  const packages = { ...none, newPackages: items.packages };
  const rateCodes = { ...noCodes, newRateCodes: items.rateCodes };

  it('writes ahead from SAVE_AHEAD_MIN_ITEMS new items, each with its own uuid, none also updated or removed', () => {
    expect(worthWritingAhead(packages, rateCodes)).toBe(true);
    expect(worthWritingAhead({ ...none, newPackages: items.packages.slice(0, SAVE_AHEAD_MIN_ITEMS / 2) }, { ...noCodes, newRateCodes: items.rateCodes.slice(0, SAVE_AHEAD_MIN_ITEMS / 2 - 1) })).toBe(false);
    expect(worthWritingAhead({ ...none, newPackages: [...items.packages.slice(1), { externalId: 'X', calculationRule: 'ADULT' }] }, rateCodes)).toBe(false);
    expect(worthWritingAhead({ ...none, newPackages: [...items.packages.slice(1), { ...items.packages[2], uuid: (items.packages[2]?.uuid as string).toUpperCase() } as (typeof items.packages)[number]] }, rateCodes)).toBe(false);
    const first = items.rateCodes[0] as (typeof items.rateCodes)[number];
    expect(worthWritingAhead(packages, { ...rateCodes, deletedRateCodes: [first.uuid] })).toBe(false);
    expect(worthWritingAhead(packages, { ...rateCodes, updatedRateCodes: [{ ...first, version: 1 }] })).toBe(false);
    expect(worthWritingAhead({ ...packages, deletedPackages: [items.packages[5]?.uuid as string] }, rateCodes)).toBe(false);
  });
});

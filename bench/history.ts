/**
 * The cost of the change history (issue 21, docs/adr/0029-change-history.md), on the gateway's app
 * in this process (server/test-helpers.ts createTestApp: the demo seed on PGlite, or on a fresh
 * PostgreSQL database when DATABASE_URL is set), listening on loopback:
 * - the hotel save creating 10,000 packages + 10,000 rate codes (in requests of 2,500+2,500, under
 *   the 1 MB body limit) and updating 10% of them, and the rate-code import of 100,000 rows, each
 *   timed with history and without (lobby.historyOff, a switch for this bench only) alternately in
 *   the same run: the ratio of the p50s, goal ≤ 1.15×;
 * - the Activity page's query (GET /organization/{org}/activity: a page of 25 and the count) over
 *   1,000,000 entries of one organization spread over 400 days: the default search (last 30 days),
 *   filtered by kind, unit and user, and a later page; p95 of each.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { organizationalUnits, organizations } from '../server/db/schema';
import { DEMO_ORGANIZATION_NAME } from '../server/db/seed';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, login } from '../server/test-helpers';
import { rateCodeCsvBytes } from './csv';
import { latencyRow, percentile, type Row } from './stats';

const PACKAGES = 10_000;
const RATE_CODES = 10_000;
const SLICE = 2_500;
const PAIRS = 3;
const UPDATE_PAIRS = 5;
const CHANGED = 1_000;
const IMPORT_ROWS = 100_000;
const ENTRIES = 1_000_000;
const QUERIES = 20;
const CSV_PACKAGES = Array.from({ length: 40 }, (_, i) => `PKG_${['BREAKFAST', 'SPA', 'DINNER', 'PARKING', 'LATE_CHECKOUT'][i % 5]}_${String(i).padStart(2, '0')}`);
const KINDS = ['pms-package', 'rate-code', 'unit', 'user', 'discount', 'order-item', 'device', 'hotel-definition'];

const ratio = (withHistory: number[], without: number[]) => {
  const sortedWith = [...withHistory].sort((a, b) => a - b);
  const sortedWithout = [...without].sort((a, b) => a - b);
  return `with/without ${(percentile(sortedWith, 50) / percentile(sortedWithout, 50)).toFixed(2)}× (goal ≤ 1.15×)`;
};

export async function historyBench(): Promise<Row[]> {
  const t = await createTestApp({ demoTransactions: 0, demoAccessLog: 0 });
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded; set DATABASE_URL for PostgreSQL)';
  try {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
    const [org] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
    const orgUuid = org?.uuid ?? '';
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${address}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const answer = (await response.json()) as unknown;
      if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
      return answer;
    };
    /** runs `run` with history on and off, alternating which goes first, and returns both sets of times */
    const paired = async (pairs: number, run: (history: boolean, i: number) => Promise<number>) => {
      const on: number[] = [];
      const off: number[] = [];
      for (let i = 0; i < pairs; i += 1) {
        for (const history of i % 2 === 0 ? [true, false] : [false, true]) {
          t.app.lobby.historyOff = !history;
          (history ? on : off).push(await run(history, i));
        }
      }
      t.app.lobby.historyOff = false;
      return { on, off };
    };
    const rows: Row[] = [];
    const said = rows.push.bind(rows);
    rows.push = (...added: Row[]) => {
      for (const row of added) console.log(`  ${row.benchmark}: p50 ${row.p50?.toFixed(1) ?? '-'} ms, p95 ${row.p95?.toFixed(1) ?? '-'} ms ${row.figure ?? ''}`);
      return said(...added);
    };

    // ---- the hotel save of 10k + 10k ----
    const items = (tag: string) => {
      const packages = Array.from({ length: PACKAGES }, (_, i) => ({ uuid: randomUUID(), externalId: `${tag}_PKG_${String(i).padStart(5, '0')}`, calculationRule: 'ADULT' as 'ADULT' | 'PERSON' }));
      const rateCodes = Array.from({ length: RATE_CODES }, (_, i) => ({
        uuid: randomUUID(),
        name: `${tag}_RC_${String(i).padStart(5, '0')}`,
        packages: [0, 1, 2].map((k) => (packages[i - (i % SLICE) + ((i * 7 + k * 101) % SLICE)] as { uuid: string }).uuid),
      }));
      return { packages, rateCodes };
    };
    const hotels: { hotel: string; version: number; items: ReturnType<typeof items> }[] = [];
    const creates = await paired(PAIRS, async (history, i) => {
      const hotel = randomUUID();
      const made = items(`${history ? 'H' : 'N'}${i}`);
      let version = 0;
      const start = performance.now();
      for (let from = 0; from < PACKAGES; from += SLICE) {
        const body = {
          ...(from === 0 ? { hotel: { parentUuid: null, attributes: { NAME: `History bench ${history ? 'H' : 'N'}${i}` } } } : {}),
          packages: { newPackages: made.packages.slice(from, from + SLICE) },
          rateCodes: { newRateCodes: made.rateCodes.slice(from, from + SLICE) },
        };
        version = ((await call('PUT', `/organization/${orgUuid}/hotel/${hotel}/save`, body, from === 0 ? {} : { 'if-match': `"${version}"` })) as { version: number }).version;
      }
      const ms = performance.now() - start;
      hotels.push({ hotel, version, items: made });
      return ms;
    });
    rows.push({ ...latencyRow('history: hotel save, create 10k packages + 10k rate codes, with history', [...creates.on].sort((a, b) => a - b), `4 requests of ${SLICE}+${SLICE}; ${engine}`), figure: ratio(creates.on, creates.off) });
    rows.push(latencyRow('history: hotel save, same create without history (peer)', [...creates.off].sort((a, b) => a - b), 'lobby.historyOff, alternating with the above'));

    const target = hotels[0] as (typeof hotels)[number];
    const updates = await paired(UPDATE_PAIRS, async (history, i) => {
      const run = i * 2 + (history ? 0 : 1);
      const from = (run * CHANGED) % PACKAGES;
      // each run its own slice, all ADULT until now: every run changes as many rows, with history or without
      const packages = target.items.packages.slice(from, from + CHANGED).map((item) => ({ ...item, calculationRule: 'PERSON' as const }));
      const rateCodes = target.items.rateCodes.slice(from, from + CHANGED).map((code, k) => ({ uuid: code.uuid, name: code.name, packages: [0, 1, 2].map((n) => (target.items.packages[(from + k + n * 13 + run + 1) % PACKAGES] as { uuid: string }).uuid) }));
      const start = performance.now();
      const answer = (await call('PUT', `/organization/${orgUuid}/hotel/${target.hotel}/save`, { packages: { updatedPackages: packages }, rateCodes: { updatedRateCodes: rateCodes } }, { 'if-match': `"${target.version}"` })) as { version: number };
      target.version = answer.version;
      return performance.now() - start;
    });
    rows.push({ ...latencyRow(`history: hotel save, update ${CHANGED} packages + ${CHANGED} rate codes, with history`, [...updates.on].sort((a, b) => a - b), 'the 10k+10k hotel, If-Match'), figure: ratio(updates.on, updates.off) });
    rows.push(latencyRow('history: hotel save, same update without history (peer)', [...updates.off].sort((a, b) => a - b), 'lobby.historyOff, alternating with the above'));

    // ---- the 100k rate-code import ----
    const importHotel = randomUUID();
    await call('PUT', `/organization/${orgUuid}/hotel/${importHotel}/save`, {
      hotel: { parentUuid: null, attributes: { NAME: 'History bench import' } },
      packages: { newPackages: CSV_PACKAGES.map((externalId) => ({ uuid: randomUUID(), externalId, calculationRule: 'ADULT' })) },
    });
    const file = rateCodeCsvBytes(IMPORT_ROWS);
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([file], { type: 'text/csv' }), 'rate-codes.csv');
      const start = performance.now();
      const response = await fetch(`${address}/api/organization/${orgUuid}/hotel/${importHotel}/pms-rate-code/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      const answer = (await response.json()) as { succeed?: boolean };
      if (response.status !== 200 || answer.succeed !== true) throw new Error(`import answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
      return performance.now() - start;
    };
    await upload(); // the first import creates; the timed ones replace alike
    const imports = await paired(PAIRS, () => upload());
    rows.push({ ...latencyRow('history: csv import 100k rows, with history', [...imports.on].sort((a, b) => a - b), 'one bulk entry per import'), figure: ratio(imports.on, imports.off) });
    rows.push(latencyRow('history: csv import 100k rows without history (peer)', [...imports.off].sort((a, b) => a - b), 'lobby.historyOff, alternating with the above'));

    // ---- the Activity query over 1,000,000 entries ----
    const units = (await t.db.select({ uuid: organizationalUnits.uuid }).from(organizationalUnits).where(eq(organizationalUnits.orgUuid, orgUuid))).map((row) => row.uuid);
    const people = Array.from({ length: 20 }, () => randomUUID());
    const now = t.clock.now();
    const fillStart = performance.now();
    const batch = 100_000;
    for (let from = 0; from < ENTRIES; from += batch) {
      await t.db.execute(sql`
        INSERT INTO history_entries (kind, record_uuid, org_uuid, unit_uuid, user_uuid, action, changes, made_at, applied_at, offline)
        SELECT (${sql.raw(`ARRAY[${KINDS.map((kind) => `'${kind}'`).join(',')}]`)})[1 + g % ${KINDS.length}::int],
               gen_random_uuid(), ${orgUuid}::uuid,
               (${sql.raw(`ARRAY[${units.map((unit) => `'${unit}'::uuid`).join(',')}]`)})[1 + g % ${units.length}::int],
               (${sql.raw(`ARRAY[${people.map((person) => `'${person}'::uuid`).join(',')}]`)})[1 + g % ${people.length}::int],
               'changed', '[{"field":"name","before":"A","after":"B"}]'::jsonb,
               ${now.toISOString()}::timestamptz - (g * interval '34.56 seconds'), ${now.toISOString()}::timestamptz - (g * interval '34.56 seconds'), g % 10 = 0
        FROM generate_series(${from + 1}::int, ${from + batch}::int) AS g`);
    }
    // as autovacuum leaves a table: statistics and the visibility map (index-only scans for the counts)
    await t.db.execute(sql`VACUUM ANALYZE history_entries`);
    const fillMs = performance.now() - fillStart;
    const after = new Date(now.getTime() - 30 * 86_400_000).toISOString();
    const before = new Date(now.getTime() + 60_000).toISOString();
    const activity = (query: Record<string, string>) => `/organization/${orgUuid}/activity?${new URLSearchParams({ limit: '25', after, before, ...query }).toString()}`;
    const searches: [string, string][] = [
      ['last 30 days, first page', activity({})],
      ['last 30 days, kind rate-code', activity({ kind: 'rate-code' })],
      ['last 30 days, one unit', activity({ unitUuid: units[1] ?? units[0] ?? '' })],
      ['last 30 days, one user', activity({ userUuid: people[3] ?? '' })],
      ['last 30 days, page 10', activity({ offset: '225' })],
      ['no range, kind unit, first page', `/organization/${orgUuid}/activity?limit=25&kind=unit`],
    ];
    for (const [name, path] of searches) {
      await call('GET', path);
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < QUERIES; i += 1) {
        const start = performance.now();
        total = ((await call('GET', path)) as { totalCount: number }).totalCount;
        times.push(performance.now() - start);
      }
      rows.push({ ...latencyRow(`history: activity over 1M entries, ${name}`, times.sort((a, b) => a - b), `${total.toLocaleString('en')} matching; ${engine}`), figure: `p95 ${percentile(times, 95).toFixed(1)} ms` });
    }
    rows.push({ benchmark: 'history: 1M entries written (setup)', n: 1, p50: fillMs, note: 'INSERT … SELECT from generate_series, 10 batches, then VACUUM ANALYZE' });
    return rows;
  } finally {
    await t.close();
  }
}

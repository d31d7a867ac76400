/**
 * A transaction export of 100,000 rows, with the gateway in this process (built as the tests build
 * it, on in-memory PGlite; and on PostgreSQL too when DATABASE_URL names a server the bench may
 * create databases on): the rows are inserted set-based first (generate_series), then
 * - the job (server/jobs/export-runner.ts): rows per second, and this process's memory (RSS and
 *   heap) sampled every 20 ms while it runs against before it started: the CSV is written in chunks
 *   of 5,000 rows, so growth should stay near one batch, far below the file's size;
 * - the download over loopback HTTP, read as it arrives: MB per second and memory growth likewise
 *   (the file is streamed from its chunks, never held whole).
 * Figures only; nothing is asserted.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { eq, sql } from 'drizzle-orm';
import { exportJobs, organizationalUnits, organizations } from '../server/db/schema';
import type { TestDatabase } from '../server/test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, createTestDatabase, login } from '../server/test-helpers';
import type { Row } from './stats';

const ROWS = 100_000;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Peak {
  rss: number;
  heap: number;
}

/** A full garbage collection, so the figures before a run hold no garbage of the rows' insert. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** Samples memory while `run` runs; answers the peak growth over the figures before it (after a full GC). */
async function sampled<T>(run: () => Promise<T>): Promise<{ result: T; ms: number; growth: Peak; before: Peak }> {
  collectGarbage();
  const before = { rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed };
  const peak = { ...before };
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heapUsed);
  }, 20);
  const start = performance.now();
  try {
    const result = await run();
    return { result, ms: performance.now() - start, growth: { rss: peak.rss - before.rss, heap: peak.heap - before.heap }, before };
  } finally {
    clearInterval(timer);
  }
}

async function benchOn(label: string, database: TestDatabase): Promise<Row[]> {
  const t = await createTestApp({ database });
  try {
    const [org] = await t.db.insert(organizations).values({ name: 'Bench Exports', legalCompanyName: 'Bench Exports Lda' }).returning();
    const orgUuid = org?.uuid ?? '';
    const [hotel] = await t.db.insert(organizationalUnits).values({ orgUuid, type: 'HOTEL', name: 'Bench Hotel' }).returning();
    const hotelUuid = hotel?.uuid ?? '';
    const venues = [];
    for (const name of ['Bench Bar', 'Bench Restaurant', 'Bench Pool']) {
      venues.push((await t.db.insert(organizationalUnits).values({ orgUuid, type: 'VENUE', name, parentUuid: hotelUuid }).returning())[0]?.uuid ?? '');
    }
    const units = sql.raw(`ARRAY[${[hotelUuid, ...venues].map((uuid) => `'${uuid}'::uuid`).join(',')}]`);
    const insertStart = performance.now();
    await t.db.execute(sql`
      INSERT INTO transactions (org_uuid, ou_uuid, occurred_at, check_number, table_number, guests, employee, payment_method_type, payment_type,
        currency, subtotal_minor, discount_minor, tax_minor, tip_minor, total_minor, items, card_brand, card_last4, room_number, guest_name,
        pms_posting_status, receipt_number)
      SELECT ${orgUuid}::uuid, (${units})[1 + i % 4], timestamptz '2024-01-01T00:00:00Z' + i * interval '97 seconds' + (i % 1000) * interval '1 microsecond',
        i, (i % 40)::text, 1 + i % 6, 'Employee ' || (i % 25),
        (ARRAY['CARD_PRESENT','CASH','ROOM_CHARGE','CITY_LEDGER'])[1 + i % 4],
        CASE WHEN i % 20 = 0 THEN 'REFUND' ELSE 'SALES' END,
        'EUR', s.sub, 0, s.sub * 23 / 100, i % 300, s.sub + s.sub * 23 / 100 + i % 300,
        '[]'::jsonb,
        CASE WHEN i % 4 = 0 THEN 'VISA' END, CASE WHEN i % 4 = 0 THEN lpad((i % 10000)::text, 4, '0') END,
        CASE WHEN i % 4 = 2 THEN (100 + i % 400)::text END, CASE WHEN i % 4 = 2 THEN 'Guest, ' || (i % 997) END,
        CASE WHEN i % 4 = 2 THEN 'POSTED' END, 'R-' || i
      FROM generate_series(1, ${ROWS}) AS i, LATERAL (SELECT (CASE WHEN i % 20 = 0 THEN -1 ELSE 1 END) * (500 + (i * 37) % 20000) AS sub) AS s`);
    const insertMs = performance.now() - insertStart;

    const admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
    const query = new URLSearchParams({ after: '2023-12-01T00:00:00Z', before: '2030-01-01T00:00:00Z', timeZone: 'Europe/Lisbon', email: 'bench@example.com' });
    const queued = await t.app.inject({ method: 'POST', url: `/api/reporting/v1/reporting/ous/${hotelUuid}/transactions/export?${query}`, headers: { authorization: `Bearer ${admin}` } });
    if (queued.statusCode !== 202) throw new Error(`export answered ${queued.statusCode}: ${queued.body}`);
    const jobUuid = (queued.json() as { uuid: string }).uuid;
    const run = await sampled(() => t.app.lobby.exports.drain());
    const [job] = await t.db.select().from(exportJobs).where(eq(exportJobs.uuid, jobUuid));
    if (!job || job.status !== 'DONE' || job.rowCount !== ROWS) throw new Error(`export ended ${JSON.stringify(job)}`);

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const fetched = await sampled(async () => {
      const response = await fetch(`${address}/api/reporting/v1/reporting/exports/${jobUuid}/download`, { headers: { authorization: `Bearer ${admin}`, 'accept-encoding': 'identity' } });
      if (response.status !== 200 || !response.body) throw new Error(`download answered ${response.status}`);
      let bytes = 0;
      for await (const part of response.body) bytes += (part as Uint8Array).byteLength;
      return bytes;
    });
    await t.db.delete(organizations).where(eq(organizations.uuid, orgUuid));
    const size = job.byteCount ?? 0;
    return [
      { benchmark: `export (${label}): insert ${ROWS.toLocaleString('en')} transactions`, n: 1, figure: `${(insertMs / 1000).toFixed(1)} s`, note: 'one INSERT … SELECT generate_series' },
      {
        benchmark: `export (${label}): job of ${ROWS.toLocaleString('en')} rows`,
        n: 1,
        figure: `${Math.round((ROWS / run.ms) * 1000).toLocaleString('en')} rows/s`,
        note: `${(run.ms / 1000).toFixed(1)} s, file ${mb(size)}; growth while running: RSS +${mb(run.growth.rss)}, heap +${mb(run.growth.heap)} (before: RSS ${mb(run.before.rss)})`,
      },
      {
        benchmark: `export (${label}): download over HTTP`,
        n: 1,
        figure: `${(fetched.result / 1024 / 1024 / (fetched.ms / 1000)).toFixed(1)} MB/s`,
        note: `${mb(fetched.result)} in ${(fetched.ms / 1000).toFixed(2)} s; growth while streaming: RSS +${mb(fetched.growth.rss)}, heap +${mb(fetched.growth.heap)}`,
      },
    ];
  } finally {
    await t.close();
  }
}

export async function exportBench(): Promise<Row[]> {
  const postgresUrl = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const rows: Row[] = [];
  try {
    const pglite = await createTestDatabase();
    try {
      rows.push(...(await benchOn('PGlite', pglite)));
    } finally {
      await pglite.close();
    }
  } finally {
    if (postgresUrl !== undefined) process.env.DATABASE_URL = postgresUrl;
  }
  if (postgresUrl !== undefined) {
    const postgres = await createTestDatabase();
    try {
      rows.push(...(await benchOn('PostgreSQL', postgres)));
    } finally {
      await postgres.close();
    }
  }
  return rows;
}

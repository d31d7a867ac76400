/**
 * One organization's reads on a gateway of many tenants: the demo organization's unit list, hotel
 * list and detail, and the organization list of an omnipresent admin, first with the demo alone
 * (the peer, same run, same process), then with 4,000 more organizations of 10 hotels each (40,000
 * units) in the database. A decision about one organization reads that organization's units only
 * (server/services/directory.ts, loadTree): its reads should not grow with the other tenants. The
 * organization list answers every organization to the admin, so it grows with them by its nature.
 * In process (Fastify's inject), on PGlite and, where it can be started, PostgreSQL 15.
 */
import { sql } from 'drizzle-orm';
import { adminAndDemo, bearer, createTestApp, type TestApp } from '../server/test-helpers';
import { throwAwayPostgres } from './postgres';
import { latencyRow, timeEach, type Row } from './stats';

const TENANTS = 4_000;
const UNITS_PER_TENANT = 10;
const READS = 40;

const reads = (org: string) => [
  { name: "the organization's units (inheritAttributes)", url: `/api/organization/${org}/ous?includeDescendants=TRUE&inheritAttributes=TRUE` },
  { name: "the organization's hotels", url: `/api/organization/${org}/hotels` },
  { name: 'the organization with its unit tree', url: `/api/organization/${org}?inheritAttributes=TRUE` },
  { name: 'the organization list (admin: every organization)', url: '/api/organization/v1/organization' },
];

async function timeReads(t: TestApp, token: string, org: string): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>();
  for (const read of reads(org)) {
    const call = async () => {
      const answer = await t.app.inject({ method: 'GET', url: read.url, headers: bearer(token) });
      if (answer.statusCode !== 200) throw new Error(`${read.url} answered ${answer.statusCode}`);
    };
    for (let i = 0; i < 5; i += 1) await call();
    times.set(read.name, (await timeEach(READS, call)).sort((a, b) => a - b));
  }
  return times;
}

async function measure(database: string): Promise<Row[]> {
  const t = await createTestApp({ demoTransactions: 0, demoAccessLog: 0 });
  try {
    const { admin, org } = await adminAndDemo(t);
    const alone = await timeReads(t, admin, org);
    await t.db.execute(sql.raw(`insert into organizations (name, legal_company_name) select 'Tenant ' || g, 'Tenant ' || g || ' Ltd' from generate_series(1, ${TENANTS}) g`));
    await t.db.execute(
      sql.raw(`insert into organizational_units (org_uuid, type, name) select o.uuid, 'HOTEL', 'Hotel ' || g from organizations o cross join generate_series(1, ${UNITS_PER_TENANT}) g where o.name like 'Tenant %'`),
    );
    const many = await timeReads(t, admin, org);
    return reads(org).map(({ name }) => {
      const before = alone.get(name) ?? [];
      const after = many.get(name) ?? [];
      const row = latencyRow(`tenants ${database}: ${name}, ${TENANTS.toLocaleString('en')} other organizations`, after, `with the demo organization alone: p50 ${(before[Math.floor(before.length / 2)] ?? 0).toFixed(1)} ms`);
      return { ...row, figure: `${((row.p50 ?? 0) / (before[Math.floor(before.length / 2)] || 1)).toFixed(2)}× the demo alone (p50)` };
    });
  } finally {
    await t.close();
  }
}

export async function tenantsBench(): Promise<Row[]> {
  const saved = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const rows = await measure('PGlite');
  const pg = await throwAwayPostgres();
  if ('unavailable' in pg) return [...rows, { benchmark: 'tenants PostgreSQL', n: 0, note: pg.unavailable }];
  try {
    process.env.DATABASE_URL = pg.url;
    rows.push(...(await measure('PostgreSQL')));
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
    await pg.drop();
  }
  return rows;
}

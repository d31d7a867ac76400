/**
 * One organization's reads on a gateway of many tenants: the demo organization's unit list, hotel
 * list and detail, the organization list of an omnipresent admin and of a hotel's user manager, and
 * that manager's user-management reads (what they may give, a user, a user's units), first with the demo alone
 * (the peer, same run, same process), then with 4,000 more organizations of 10 hotels each (40,000
 * units) in the database. A decision about one organization reads that organization's units only
 * (server/services/directory.ts, loadTree): its reads should not grow with the other tenants. The
 * organization list answers every organization to the admin, so it grows with them by its nature.
 * In process (Fastify's inject), on PGlite and, where it can be started, PostgreSQL 15.
 */
import { eq, sql } from 'drizzle-orm';
import { organizationalUnits, users } from '../server/db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminAndDemo, bearer, createTestApp, createUser, login, type TestApp } from '../server/test-helpers';
import { throwAwayPostgres } from './postgres';
import { latencyRow, timeEach, type Row } from './stats';

const TENANTS = 4_000;
const UNITS_PER_TENANT = 10;
/** calls timed per read (BENCH_TENANTS_READS): the whole tree's reads took seconds each */
const READS = Number(process.env.BENCH_TENANTS_READS ?? 40);

/** The demo organization's user manager, who manages its first hotel: who reads what. */
interface Callers {
  admin: string;
  manager: string;
  managerUuid: string;
  adminUuid: string;
}

const MANAGER_EMAIL = 'tenants-bench-manager@example.com';
const MANAGER_PASSWORD = 'Bench-Password-1';

/** Tokens signed in at most 5 minutes ago: a slow read's 40 calls may outlast an access token (15 minutes). */
let signed: { at: number; callers: Callers } | null = null;
async function signedIn(t: TestApp, managerUuid: string, adminUuid: string): Promise<Callers> {
  if (signed === null || signed.callers.managerUuid !== managerUuid || performance.now() - signed.at > 5 * 60_000) {
    const callers = { admin: (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token, manager: (await login(t.app, MANAGER_EMAIL, MANAGER_PASSWORD)).token, managerUuid, adminUuid };
    signed = { at: performance.now(), callers };
  }
  return signed.callers;
}

const reads = (org: string, callers: Callers) => [
  { name: "the organization's units (inheritAttributes)", url: `/api/organization/${org}/ous?includeDescendants=TRUE&inheritAttributes=TRUE`, token: callers.admin },
  { name: "the organization's hotels", url: `/api/organization/${org}/hotels`, token: callers.admin },
  { name: 'the organization with its unit tree', url: `/api/organization/${org}?inheritAttributes=TRUE`, token: callers.admin },
  { name: 'the organization list (admin: every organization)', url: '/api/organization/v1/organization', token: callers.admin },
  { name: "the organization list (a hotel's user manager)", url: '/api/organization/v1/organization', token: callers.manager },
  { name: "what a hotel's user manager may give (users/grantable)", url: '/api/user-profile/v1/user-profile/users/grantable', token: callers.manager },
  { name: 'what the admin may give (every organization and unit)', url: '/api/user-profile/v1/user-profile/users/grantable', token: callers.admin },
  { name: "a hotel's user manager reads a user", url: `/api/user-profile/v1/user-profile/users/${callers.managerUuid}`, token: callers.manager },
  { name: "a user's units (/organization/v1/users/{uuid}/ous)", url: `/api/organization/v1/users/${callers.managerUuid}/ous`, token: callers.manager },
  { name: "the admin's units (every organization's)", url: `/api/organization/v1/users/${callers.adminUuid}/ous`, token: callers.admin },
];

async function timeReads(t: TestApp, managerUuid: string, adminUuid: string, org: string): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>();
  for (const { name } of reads(org, { admin: '', manager: '', managerUuid, adminUuid })) {
    const read = reads(org, await signedIn(t, managerUuid, adminUuid)).find((each) => each.name === name);
    if (read === undefined) continue;
    const call = async () => {
      const answer = await t.app.inject({ method: 'GET', url: read.url, headers: bearer(read.token) });
      if (answer.statusCode !== 200) throw new Error(`${read.url} answered ${answer.statusCode}`);
    };
    for (let i = 0; i < Math.min(5, READS); i += 1) await call();
    times.set(read.name, (await timeEach(READS, call)).sort((a, b) => a - b));
  }
  return times;
}

async function measure(database: string): Promise<Row[]> {
  const t = await createTestApp({ demoTransactions: 0, demoAccessLog: 0 });
  try {
    const { org } = await adminAndDemo(t);
    const [hotel] = await t.db.select({ uuid: organizationalUnits.uuid }).from(organizationalUnits).where(sql`${organizationalUnits.orgUuid} = ${org} and ${organizationalUnits.type} = 'HOTEL'`).limit(1);
    const managerUuid = await createUser(t.db, {
      email: MANAGER_EMAIL,
      password: MANAGER_PASSWORD,
      permissions: ['MANAGE_USER', 'SETUP_OU'],
      memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [], ous: [hotel?.uuid ?? ''] }],
    });
    const [adminRow] = await t.db.select({ uuid: users.uuid }).from(users).where(eq(users.email, ADMIN_EMAIL));
    const adminUuid = adminRow?.uuid ?? '';
    const alone = await timeReads(t, managerUuid, adminUuid, org);
    await t.db.execute(sql.raw(`insert into organizations (name, legal_company_name) select 'Tenant ' || g, 'Tenant ' || g || ' Ltd' from generate_series(1, ${TENANTS}) g`));
    await t.db.execute(
      sql.raw(`insert into organizational_units (org_uuid, type, name) select o.uuid, 'HOTEL', 'Hotel ' || g from organizations o cross join generate_series(1, ${UNITS_PER_TENANT}) g where o.name like 'Tenant %'`),
    );
    const many = await timeReads(t, managerUuid, adminUuid, org);
    return reads(org, { admin: '', manager: '', managerUuid, adminUuid }).map(({ name }) => {
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

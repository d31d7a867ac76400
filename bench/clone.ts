/**
 * The clone of a hotel (POST /organization/{org}/ous/{unit}/clone, issue 21) with 10,000 packages,
 * 10,000 rate codes of 3 packages each, its PMS hotel definition and 5 access-control services,
 * with the gateway in this process (built as the tests build it) on in-memory PGlite, and on
 * PostgreSQL too when DATABASE_URL names a server the bench may create databases on. Each run
 * clones the same hotel into a new one (the whole request: checks, set-based copies, history,
 * answer). Goal: under 2 s. The peer, in the same run: a plain INSERT … SELECT of the same rows
 * (what 20,000 inserts cost on this database and machine). Figures only; nothing is asserted.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { accessControlServices, hotelDefinitions, organizationalUnits, organizations, pmsPackages, rateCodes } from '../server/db/schema';
import type { TestDatabase } from '../server/test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createTestDatabase, login } from '../server/test-helpers';
import { latencyRow, percentile, type Row } from './stats';

const PACKAGES = 10_000;
const RATE_CODES = 10_000;
const PACKAGES_PER_CODE = 3;
const CLONES = 5;

async function benchOn(label: string, database: TestDatabase): Promise<Row[]> {
  const t = await createTestApp({ database, demoTransactions: 0, demoAccessLog: 0 });
  try {
    const token = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
    const [org] = await t.db.insert(organizations).values({ name: 'Bench Clones', legalCompanyName: 'Bench Clones Lda' }).returning();
    const orgUuid = org?.uuid ?? '';
    const [hotel] = await t.db
      .insert(organizationalUnits)
      .values({ orgUuid, type: 'HOTEL', name: 'Bench Hotel', attributes: { NAME: 'Bench Hotel', TYPE: 'HOTEL', PHONE_NUMBER: '+351 21 000 0000' } })
      .returning();
    const hotelUuid = hotel?.uuid ?? '';
    const [definition] = await t.db.insert(hotelDefinitions).values({ orgUuid, hotelUuid, name: 'Bench Hotel', externalId: 'BENCH01', contactlessCardPassword: 'A1B2C3D4E5F6' }).returning();
    await t.db.execute(sql`
      insert into pms_packages (org_uuid, hotel_uuid, name, external_id, calculation_rule)
      select ${orgUuid}::uuid, ${hotelUuid}::uuid, 'PKG_' || lpad(i::text, 5, '0'), 'PKG_' || lpad(i::text, 5, '0'), 'ADULT'
      from generate_series(0, ${PACKAGES - 1}) as i`);
    const packages = (await t.db.select({ uuid: pmsPackages.uuid }).from(pmsPackages).where(sql`${pmsPackages.hotelUuid} = ${hotelUuid}`)).map((row) => row.uuid);
    const codes = Array.from({ length: RATE_CODES }, (_, i) => ({
      orgUuid,
      hotelUuid,
      name: `RC_${String(i).padStart(5, '0')}`,
      externalId: `RC_${String(i).padStart(5, '0')}`,
      packages: [...new Set(Array.from({ length: PACKAGES_PER_CODE }, (_unused, k) => packages[(i * 7 + k * 101) % packages.length] as string))],
    }));
    for (let start = 0; start < codes.length; start += 1_000) await t.db.insert(rateCodes).values(codes.slice(start, start + 1_000));
    await t.db.insert(accessControlServices).values(
      Array.from({ length: 5 }, (_, i) => ({
        orgUuid,
        hotelUuid,
        name: `Gate ${i}`,
        defaultHotelUuid: hotelUuid,
        hotelsAndPackages: [{ hotelDefinitionUuid: definition?.uuid ?? '', pmsPackageUuid: packages[i] as string }],
      })),
    );

    const times: number[] = [];
    for (let run = 0; run < CLONES + 1; run += 1) {
      const start = performance.now();
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/organization/${orgUuid}/ous/${hotelUuid}/clone`,
        headers: { ...bearer(token), 'idempotency-key': randomUUID() },
        payload: { uuid: randomUUID(), name: `Bench Clone ${run}` },
      });
      const ms = performance.now() - start;
      if (response.statusCode !== 201) throw new Error(`clone answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      if (run > 0) times.push(ms); // the first warms the caches and the JIT
    }
    times.sort((a, b) => a - b);
    // the peer: the same rows copied by plain INSERT … SELECT with new uuids, no mapping, no checks (rolled back)
    const [peerHotel] = await t.db.insert(organizationalUnits).values({ orgUuid, type: 'HOTEL', name: 'Bench Peer' }).returning();
    const peers: number[] = [];
    for (let run = 0; run < CLONES; run += 1) {
      const start = performance.now();
      await t.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into pms_packages (uuid, org_uuid, hotel_uuid, name, external_id, calculation_rule)
            select gen_random_uuid(), org_uuid, ${peerHotel?.uuid ?? ''}::uuid, name, external_id, calculation_rule from pms_packages where hotel_uuid = ${hotelUuid}::uuid`);
          await tx.execute(sql`insert into rate_codes (uuid, org_uuid, hotel_uuid, name, external_id, packages)
            select gen_random_uuid(), org_uuid, ${peerHotel?.uuid ?? ''}::uuid, name, external_id, packages from rate_codes where hotel_uuid = ${hotelUuid}::uuid`);
          tx.rollback();
        })
        .catch(() => undefined);
      peers.push(performance.now() - start);
    }
    peers.sort((a, b) => a - b);
    const [copied] = await t.db.execute(sql`select count(*)::int as n from rate_codes where org_uuid = ${orgUuid}::uuid`).then((result) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[]);
    return [
      {
        ...latencyRow(`clone hotel 10k+10k (${label})`, times, `POST .../ous/{hotel}/clone: definition, ${PACKAGES} packages, ${RATE_CODES} rate codes (${PACKAGES_PER_CODE} packages each), 5 services; goal < 2 s`),
        figure: `${(percentile(times, 50) / percentile(peers, 50)).toFixed(2)}× the peer`,
      },
      { ...latencyRow(`clone hotel 10k+10k (${label}): plain copy of the same rows (peer)`, peers, 'INSERT … SELECT of the packages and rate codes with new uuids, no mapping, rolled back'), figure: `${copied?.n ?? 0} rate codes after the clones` },
    ];
  } finally {
    await t.close();
  }
}

export async function cloneBench(): Promise<Row[]> {
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

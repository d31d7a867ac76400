/**
 * The transactions history (issue 18): the demo seed's time for 200,000 transactions, then a search
 * page (10 rows, with the whole result's count and totals) for several filter combinations, on
 * PGlite and on PostgreSQL (beside the database DATABASE_URL names, else on the machine's PostgreSQL
 * 15, started as .ci/run starts it: bench/postgres.ts; a row says why when there is none). The app runs
 * in-process and is asked through inject, so the figures are the route's own code path without
 * the network. Goals: p95 ≤ 50 ms on PostgreSQL, and no combination slower than 4× the fastest.
 */
import { seedDatabase } from '../server/db/seed';
import { DEMO_TRANSACTIONS_DEFAULT } from '../server/db/seed-transactions';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createTestDatabase, login, MANAGER_PASSWORD } from '../server/test-helpers';
import { throwAwayPostgres } from './postgres';
import { latencyRow, percentile, timeEach, type Row } from './stats';

const SEARCHES = Number(process.env.BENCH_TRANSACTION_SEARCHES ?? 60);
const WARM_UP = 5;

async function benchOn(kind: 'PGlite' | 'PostgreSQL', count: number): Promise<Row[]> {
  const database = await createTestDatabase();
  const seedStart = performance.now();
  await seedDatabase(database.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, demo: true, demoPassword: MANAGER_PASSWORD, demoTransactions: count });
  const seedMs = performance.now() - seedStart;
  const t = await createTestApp({ database, seed: false });
  try {
    const token = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
    const units = (await t.db.query.organizationalUnits.findMany()).reduce<Record<string, string>>((all, unit) => ({ ...all, [unit.name]: unit.uuid }), {});
    const hotels = `${units['Harbour View Hotel']},${units['Sunset Bay Resort']}`;
    // a room number and a check number of the history, as an operator would type them
    const sample = await t.db.query.transactions.findFirst({ where: (row, { eq }) => eq(row.paymentMethodType, 'ROOM_CHARGE') });
    const now = Date.now();
    const last30 = `after=${encodeURIComponent(new Date(now - 30 * 86_400_000).toISOString())}&before=${encodeURIComponent(new Date(now).toISOString())}`;
    const combinations: [string, string][] = [
      ['units + last 30 days', `ouUuids=${hotels}&${last30}`],
      ['units, whole 18 months', `ouUuids=${hotels}`],
      ['room number', `ouUuids=${hotels}&roomNumber=${sample?.roomNumber ?? '101'}`],
      ['check number', `ouUuids=${hotels}&checkNumber=${sample?.checkNumber ?? 1001}`],
      ['one payment method (CITY_LEDGER)', `ouUuids=${hotels}&paymentMethodTypes=CITY_LEDGER`],
      ['one payment type (REFUND)', `ouUuids=${hotels}&paymentTypes=REFUND`],
      ['one unit, no descendants', `ouUuids=${units['Rooftop Bar POS']}&includeDescendants=FALSE`],
    ];
    const rows: Row[] = [{ benchmark: `transactions ${kind}: seed ${count.toLocaleString('en')}`, n: 1, figure: `${(seedMs / 1000).toFixed(1)} s`, note: 'seedDatabase with the demo history (one INSERT … SELECT, indexes built after, ANALYZE, VACUUM)' }];
    const p95s: [string, number][] = [];
    for (const [name, query] of combinations) {
      const run = async () => {
        const response = await t.app.inject({ method: 'GET', url: `/api/transaction/v1/transactions/search?${query}&pageSize=10`, headers: bearer(token) });
        if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}: ${response.body}`);
      };
      for (let i = 0; i < WARM_UP; i += 1) await run();
      const times = await timeEach(SEARCHES, run);
      const { totalCount } = JSON.parse((await t.app.inject({ method: 'GET', url: `/api/transaction/v1/transactions/search?${query}&pageSize=10`, headers: bearer(token) })).body) as { totalCount: number };
      rows.push(latencyRow(`transactions ${kind}: search, ${name}`, times, `${totalCount.toLocaleString('en')} matching rows`));
      p95s.push([name, percentile(times, 95)]);
    }
    const sorted = [...p95s].sort((a, b) => a[1] - b[1]);
    const [fastest, slowest] = [sorted[0] as [string, number], sorted[sorted.length - 1] as [string, number]];
    rows.push({ benchmark: `transactions ${kind}: slowest / fastest p95`, n: p95s.length, figure: `${(slowest[1] / fastest[1]).toFixed(1)}×`, note: `${slowest[0]} / ${fastest[0]} (goal ≤ 4×)` });
    return rows;
  } finally {
    await t.close();
    await database.close();
  }
}

export async function transactionsBench(): Promise<Row[]> {
  const count = Number(process.env.LOBBY_DEMO_TRANSACTIONS ?? DEMO_TRANSACTIONS_DEFAULT);
  const given = process.env.DATABASE_URL;
  const rows: Row[] = [];
  // createTestDatabase picks PGlite without DATABASE_URL, a throw-away PostgreSQL database with it
  delete process.env.DATABASE_URL;
  try {
    rows.push(...(await benchOn('PGlite', count)));
    if (given !== undefined) process.env.DATABASE_URL = given;
    // a database of its own to make the test database from (and drop it with)
    const made = await throwAwayPostgres();
    if ('unavailable' in made) rows.push({ benchmark: 'transactions PostgreSQL', n: 0, note: made.unavailable });
    else {
      process.env.DATABASE_URL = made.url;
      try {
        rows.push(...(await benchOn('PostgreSQL', count)));
      } finally {
        delete process.env.DATABASE_URL;
        await made.drop();
      }
    }
  } finally {
    if (given === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = given;
  }
  return rows;
}

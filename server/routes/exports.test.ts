import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LINK_DAYS, exportJobSchema, TRANSACTION_MESSAGES, type ExportJob } from '../../src/domain/index';
import { purgeExpired } from '../db/maintenance';
import { exportChunks, exportJobs, organizationalUnits, organizations, transactions, users } from '../db/schema';
import { EXPORT_COLUMNS, EXPORT_FAILED_SUBJECT, EXPORT_READY_SUBJECT } from '../jobs/export-runner';
import type { TestApp, TestDatabase } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createTestDatabase, createUser, login, outboxFor, sleep } from '../test-helpers';

let database: TestDatabase;
let t: TestApp;
let admin = '';
let adminUuid = '';
let quayOnly = '';
let org = '';
let quay = '';
let quayBar = '';
let hill = '';

const DAY_MS = 24 * 3600_000;
const WINDOW = { after: '2019-01-01T00:00:00Z', before: '2019-02-01T00:00:00Z' };

type NewTransaction = Partial<typeof transactions.$inferInsert> & { ouUuid: string; occurredAt: Date };
let check = 1000;
async function addTransactions(rows: NewTransaction[]): Promise<string[]> {
  const inserted = await t.db
    .insert(transactions)
    .values(
      rows.map((row) => {
        check += 1;
        return {
          orgUuid: org,
          checkNumber: check,
          employee: 'Ana Lima',
          paymentMethodType: 'CASH' as const,
          paymentType: 'SALES' as const,
          currency: 'EUR',
          subtotalMinor: 1000,
          taxMinor: 230,
          totalMinor: 1230,
          items: [],
          receiptNumber: `R-${check}`,
          ...row,
        };
      }),
    )
    .returning({ uuid: transactions.uuid });
  return inserted.map((row) => row.uuid);
}

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({ database });
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  adminUuid = (await t.db.select({ uuid: users.uuid }).from(users).where(eq(users.email, ADMIN_EMAIL)))[0]?.uuid ?? '';
  const [ledger] = await t.db.insert(organizations).values({ name: 'Ledger Hotels', legalCompanyName: 'Ledger Hotels Lda' }).returning();
  org = ledger?.uuid ?? '';
  const unit = async (name: string, type: 'HOTEL' | 'VENUE', parentUuid: string | null = null) =>
    (await t.db.insert(organizationalUnits).values({ orgUuid: org, type, name, parentUuid }).returning())[0]?.uuid ?? '';
  quay = await unit('Quay Hotel', 'HOTEL');
  quayBar = await unit('Quay Bar', 'VENUE', quay);
  hill = await unit('Hill Hotel', 'HOTEL');
  await createUser(t.db, {
    email: 'quay@example.com',
    password: 'Quay-Password-1',
    permissions: ['VIEW_TRANSACTIONS'],
    memberships: [{ membershipType: 'BUSINESS_DATA', omnipresence: false, orgs: [], ous: [quay] }],
  });
  quayOnly = (await login(t.app, 'quay@example.com', 'Quay-Password-1')).token;
});
afterAll(async () => {
  await t?.close();
  await database?.close();
});

type Query = Record<string, string>;
const exportQuery = (query: Query = {}) => new URLSearchParams({ ...WINDOW, timeZone: 'Europe/Lisbon', email: 'reports@example.com', ...query }).toString();
const exportUnit = (ou: string, query: Query = {}, token = admin, headers: Record<string, string> = {}, app = t.app) =>
  app.inject({ method: 'POST', url: `/api/reporting/v1/reporting/ous/${ou}/transactions/export?${exportQuery(query)}`, headers: { ...bearer(token), ...headers } });
const exportOrg = (orgUuid: string, query: Query = {}, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api/reporting/ous/organization/${orgUuid}/transactions/export?${exportQuery(query)}`, headers: bearer(token) });
const status = (job: string, token = admin) => t.app.inject({ method: 'GET', url: `/api/reporting/v1/reporting/exports/${job}`, headers: bearer(token) });
const download = (job: string, token = admin, app = t.app) => app.inject({ method: 'GET', url: `/api/reporting/v1/reporting/exports/${job}/download`, headers: bearer(token) });

async function queued(response: Awaited<ReturnType<typeof exportUnit>>): Promise<ExportJob> {
  expect(response.statusCode, response.body).toBe(202);
  const job = exportJobSchema.parse(response.json());
  expect(job.status).toBe('QUEUED');
  return job;
}

/** Queues, runs and downloads an export; answers the CSV's records as cells (a small RFC 4180 reader). */
async function exported(ou: string, query: Query = {}): Promise<{ job: ExportJob; csv: string; records: string[][] }> {
  const job = await queued(await exportUnit(ou, query));
  await t.app.lobby.exports.drain();
  const file = await download(job.uuid);
  expect(file.statusCode, file.body).toBe(200);
  return { job, csv: file.body, records: parseCsv(file.body) };
}

function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += char;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      cells.push(cell);
      records.push(cells);
      cells = [];
      cell = '';
      i += 1;
    } else {
      cell += char;
    }
  }
  return records;
}

const jobCount = async () => (await t.db.select({ n: count() }).from(exportJobs))[0]?.n ?? 0;

describe('POST .../transactions/export and the file', () => {
  let sale = '';
  let refund = '';
  beforeAll(async () => {
    [sale] = await addTransactions([
      {
        ouUuid: quayBar,
        occurredAt: new Date('2019-01-15T12:00:00Z'),
        tableNumber: '12',
        guests: 2,
        employee: '=HYPERLINK("http://evil.example","click")',
        paymentMethodType: 'ROOM_CHARGE',
        roomNumber: '204',
        guestName: 'Smith, John "Jack"',
        pmsPostingStatus: 'POSTED',
        subtotalMinor: 4000,
        discountMinor: 500,
        taxMinor: 805,
        tipMinor: 200,
        totalMinor: 4505,
      },
    ]) as [string];
    [refund] = (await addTransactions([
      { ouUuid: quay, occurredAt: new Date('2019-01-20T09:30:00Z'), employee: '+351 cashier', paymentMethodType: 'CARD_PRESENT', paymentType: 'REFUND', cardBrand: 'VISA', cardLast4: '0042', subtotalMinor: -1000, taxMinor: -250, totalMinor: -1250, relatedUuid: sale },
      { ouUuid: quay, occurredAt: new Date('2019-01-21T10:00:00Z'), employee: '-minus', guestName: '@mention' },
      // outside the window, and another hotel
      { ouUuid: quay, occurredAt: new Date('2019-02-01T00:00:00Z') },
      { ouUuid: hill, occurredAt: new Date('2019-01-16T00:00:00Z') },
    ])) as [string];
  });

  it('writes a header, one CRLF record per transaction of the unit and its descendants in the window, oldest first, and mails the link', async () => {
    const { job, csv, records } = await exported(quay);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(records[0]).toEqual([...EXPORT_COLUMNS]);
    expect(records).toHaveLength(4);
    const column = (record: string[] | undefined, name: (typeof EXPORT_COLUMNS)[number]) => record?.[EXPORT_COLUMNS.indexOf(name)];
    const first = records[1];
    expect(first).toEqual([
      '2019-01-15 12:00:00',
      'Quay Bar',
      String(check - 4),
      '12',
      '2',
      `'=HYPERLINK("http://evil.example","click")`,
      'ROOM_CHARGE',
      'SALES',
      '',
      '',
      '204',
      'Smith, John "Jack"',
      'POSTED',
      'EUR',
      '40.00',
      '5.00',
      '8.05',
      '2.00',
      '45.05',
      sale,
      '',
    ]);
    // quoted as RFC 4180 asks: the formula's quotes doubled, the name with a comma in quotes
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv).toContain('"Smith, John ""Jack"""');
    const refundRecord = records[2];
    expect(column(refundRecord, 'Payment type')).toBe('REFUND');
    expect(column(refundRecord, 'Total')).toBe('-12.50');
    expect(column(refundRecord, 'Taxes')).toBe('-2.50');
    expect(column(refundRecord, 'Card brand')).toBe('VISA');
    expect(column(refundRecord, 'Card last 4')).toBe('0042');
    expect(column(refundRecord, 'Transaction')).toBe(refund);
    expect(column(refundRecord, 'Related transaction')).toBe(sale);
    expect(column(refundRecord, 'Employee')).toBe("'+351 cashier");
    expect(csv).toContain('\r\n2019-01-20 09:30:00,Quay Hotel,'); // the amount stays a number: no apostrophe before -12.50
    expect(csv).toContain(',-12.50,');
    expect(column(records[3], 'Employee')).toBe("'-minus");
    expect(column(records[3], 'Guest name')).toBe("'@mention");

    const done = exportJobSchema.parse((await status(job.uuid)).json());
    expect(done).toMatchObject({ status: 'DONE', rowCount: 3, email: 'reports@example.com' });
    expect(Date.parse(done.expiresAt ?? '') - Date.parse(done.finishedAt ?? '')).toBe(EXPORT_LINK_DAYS * DAY_MS);

    const [mail, ...others] = await outboxFor(t.db, 'reports@example.com');
    expect(others).toHaveLength(0);
    expect(mail?.subject).toBe(EXPORT_READY_SUBJECT);
    expect(mail?.body).toContain(`http://lobby.test/exports/${job.uuid}`);
    expect(mail?.body).toContain('3 transactions');
    expect(mail?.body).toContain(`${EXPORT_LINK_DAYS} days`);
    expect(mail?.body).toContain('sign in');
  });

  it('answers the file as an attachment with a safe name, as UTF-8 CSV', async () => {
    const job = await queued(await exportUnit(quay, { includeDescendants: 'FALSE' }));
    await t.app.lobby.exports.drain();
    const file = await download(job.uuid);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="transactions-quay-hotel-2019-01-01-to-2019-02-01.csv"');
    // without descendants: the hotel's own two transactions only
    expect(parseCsv(file.body).map((record) => record[1])).toEqual(['Unit', 'Quay Hotel', 'Quay Hotel']);
  });

  it('writes times in the asked time zone: the same instant differs between Lisbon and New York', async () => {
    const lisbon = await exported(quay, { timeZone: 'Europe/Lisbon' });
    const newYork = await exported(quay, { timeZone: 'America/New_York' });
    expect(lisbon.records[1]?.[0]).toBe('2019-01-15 12:00:00');
    expect(newYork.records[1]?.[0]).toBe('2019-01-15 07:00:00');
    expect(newYork.records[1]?.[19]).toBe(lisbon.records[1]?.[19]);
  });

  it("the organization's export covers every unit the caller may read in it", async () => {
    const job = await queued(await exportOrg(org));
    await t.app.lobby.exports.drain();
    const records = parseCsv((await download(job.uuid)).body);
    expect(records.slice(1).map((record) => record[1])).toEqual(['Quay Bar', 'Hill Hotel', 'Quay Hotel', 'Quay Hotel']);
  });

  it('an export with no transaction in the window is the header alone', async () => {
    const { job, records } = await exported(hill, { after: '2018-01-01T00:00:00Z', before: '2018-02-01T00:00:00Z' });
    expect(records).toEqual([[...EXPORT_COLUMNS]]);
    expect(exportJobSchema.parse((await status(job.uuid)).json()).rowCount).toBe(0);
  });
});

describe('refused requests queue nothing', () => {
  it.each([
    ['a time zone that is not IANA', { timeZone: 'Mars/Olympus' }, TRANSACTION_MESSAGES.badTimeZone],
    ['an inverted range', { after: '2019-02-01T00:00:00Z', before: '2019-01-01T00:00:00Z' }, TRANSACTION_MESSAGES.invertedRange],
    ['a date without its offset', { after: '2019-01-01 00:00' }, TRANSACTION_MESSAGES.badDate],
    ['an email that is not one', { email: 'not-an-email' }, TRANSACTION_MESSAGES.badEmail],
  ])('%s: 400 in the error shape', async (_name, query, message) => {
    const before = await jobCount();
    const response = await exportUnit(quay, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'validation', message })]));
    expect(await jobCount()).toBe(before);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/reporting/v1/reporting/ous/${quay}/transactions/export?${exportQuery()}` });
    expect(response.statusCode).toBe(401);
  });

  it('honours Idempotency-Key: the same request twice queues one job', async () => {
    const before = await jobCount();
    const headers = { 'idempotency-key': 'export-once' };
    const first = await queued(await exportUnit(quay, {}, admin, headers));
    const again = await exportUnit(quay, {}, admin, headers);
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json().uuid).toBe(first.uuid);
    expect(await jobCount()).toBe(before + 1);
    await t.app.lobby.exports.drain();
  });
});

describe('who may export and download', () => {
  it('a user limited to one hotel exports that hotel, not another unit or organization (403, nothing queued)', async () => {
    const before = await jobCount();
    expect((await exportUnit(hill, {}, quayOnly)).statusCode).toBe(403);
    expect((await exportUnit('00000000-0000-4000-8000-000000000000', {}, quayOnly)).statusCode).toBe(403);
    expect((await exportUnit('not-a-uuid', {}, quayOnly)).statusCode).toBe(403);
    const demoOrg = (await t.db.select({ uuid: organizations.uuid }).from(organizations).where(eq(organizations.name, 'Demo Hospitality Group')))[0]?.uuid ?? '';
    expect((await exportOrg(demoOrg, {}, quayOnly)).statusCode).toBe(403);
    expect(await jobCount()).toBe(before);

    // the organization's export is limited to the hotel (and its venue)
    const job = await queued(await exportOrg(org, {}, quayOnly));
    await t.app.lobby.exports.drain();
    const file = await download(job.uuid, quayOnly);
    expect(file.statusCode).toBe(200);
    expect(new Set(parseCsv(file.body).slice(1).map((record) => record[1]))).toEqual(new Set(['Quay Bar', 'Quay Hotel']));
  });

  it("a user can't download an export of units they can't read, nor see another user's job; the download is checked again each time", async () => {
    const job = await queued(await exportOrg(org));
    await t.app.lobby.exports.drain();
    const refused = await download(job.uuid, quayOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Hill Hotel');
    expect((await status(job.uuid, quayOnly)).statusCode).toBe(404);

    // an export of the hotel is readable by both; without VIEW_TRANSACTIONS no longer by its requester
    const hotelJob = await queued(await exportUnit(quay, {}, quayOnly));
    await t.app.lobby.exports.drain();
    expect((await download(hotelJob.uuid, admin)).statusCode).toBe(200);
    const quayUser = (await t.db.select().from(users).where(eq(users.email, 'quay@example.com')))[0];
    await t.db.update(users).set({ permissions: [] }).where(eq(users.uuid, quayUser?.uuid ?? ''));
    expect((await download(hotelJob.uuid, quayOnly)).statusCode).toBe(403);
    await t.db.update(users).set({ permissions: ['VIEW_TRANSACTIONS'] }).where(eq(users.uuid, quayUser?.uuid ?? ''));
    expect((await download(hotelJob.uuid, quayOnly)).statusCode).toBe(200);
  });

  it('404 for an unknown export', async () => {
    expect((await download('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await download('nope')).json().errors[0].message).toBe(TRANSACTION_MESSAGES.exportNotFound);
    expect((await status('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('the job states a download meets', () => {
  it('409 while queued, then the file; 410 once the link expired, and housekeeping removes the file', async () => {
    const job = await queued(await exportUnit(quay));
    const early = await download(job.uuid);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].message).toBe(TRANSACTION_MESSAGES.exportNotReady);
    await t.app.lobby.exports.drain();
    expect((await download(job.uuid)).statusCode).toBe(200);

    // sessions expire sooner than the link: a fresh sign-in a week on
    t.clock.advance(EXPORT_LINK_DAYS * DAY_MS - 60_000);
    admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
    expect((await download(job.uuid)).statusCode).toBe(200);
    t.clock.advance(60_000);
    const expired = await download(job.uuid);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().errors[0]).toEqual({ code: 'gone', message: TRANSACTION_MESSAGES.exportExpired });

    await purgeExpired(t.db, t.clock.now());
    expect(await t.db.select({ seq: exportChunks.seq }).from(exportChunks).where(eq(exportChunks.jobUuid, job.uuid))).toEqual([]);
    expect((await download(job.uuid)).statusCode).toBe(410);
    t.clock.advance(-EXPORT_LINK_DAYS * DAY_MS);
    // back to now, with sessions of now
    admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
    quayOnly = (await login(t.app, 'quay@example.com', 'Quay-Password-1')).token;
  });

  it('a job that keeps failing is tried 3 times, then FAILED with a short mail; its download answers 409', async () => {
    const [row] = await t.db
      .insert(exportJobs)
      .values({ orgUuid: org, requestedBy: adminUuid, ouUuids: [quay], includeDescendants: true, after: new Date(WINDOW.after), before: new Date(WINDOW.before), timeZone: 'Not/AZone', email: 'broken@example.com' })
      .returning();
    await t.app.lobby.exports.drain();
    const [failed] = await t.db.select().from(exportJobs).where(eq(exportJobs.uuid, row?.uuid ?? ''));
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 3, claimToken: null });
    const mails = await outboxFor(t.db, 'broken@example.com');
    expect(mails.map((mail) => mail.subject)).toEqual([EXPORT_FAILED_SUBJECT]);
    expect(mails[0]?.body).not.toContain('/exports/');
    const answer = await download(row?.uuid ?? '');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().errors[0].message).toBe(TRANSACTION_MESSAGES.exportFailed);
  });
});

describe('exactly once across restarts and gateways', () => {
  it('a job left RUNNING by a gateway that died mid-run (lapsed lease, partial chunks) finishes once when a gateway starts', async () => {
    const [row] = await t.db
      .insert(exportJobs)
      .values({
        orgUuid: org,
        requestedBy: adminUuid,
        ouUuids: [quay, quayBar],
        includeDescendants: true,
        after: new Date(WINDOW.after),
        before: new Date(WINDOW.before),
        timeZone: 'Europe/Lisbon',
        email: 'restart@example.com',
        status: 'RUNNING',
        attempts: 1,
        claimToken: '00000000-0000-4000-8000-00000000dead',
        leaseUntil: new Date(Date.now() - 1000),
      })
      .returning();
    const uuid = row?.uuid ?? '';
    await t.db.insert(exportChunks).values([0, 1].map((seq) => ({ jobUuid: uuid, seq, data: `stale part ${seq}\r\n` })));

    // a gateway starting on the same database picks it up by itself
    const restarted = await createTestApp({ database, seed: false, exportJobs: true, clock: t.clock });
    try {
      let job = (await t.db.select().from(exportJobs).where(eq(exportJobs.uuid, uuid)))[0];
      for (let i = 0; i < 500 && job?.status !== 'DONE'; i += 1) {
        await sleep(20);
        job = (await t.db.select().from(exportJobs).where(eq(exportJobs.uuid, uuid)))[0];
      }
      expect(job).toMatchObject({ status: 'DONE', rowCount: 3, attempts: 2 });
      await restarted.app.lobby.exports.drain();
      await t.app.lobby.exports.drain();
      expect(await outboxFor(t.db, 'restart@example.com')).toHaveLength(1);
      const file = await download(uuid, admin, restarted.app);
      expect(file.body).not.toContain('stale');
      expect(parseCsv(file.body)).toHaveLength(4);
      expect((await t.db.select({ seq: exportChunks.seq }).from(exportChunks).where(eq(exportChunks.jobUuid, uuid))).map((chunk) => chunk.seq)).toEqual([0]);
    } finally {
      await restarted.app.close();
    }
  });

  it('two gateways racing on the same database: one runs the job, one DONE, one mail', async () => {
    const other = await createTestApp({ database, seed: false, clock: t.clock });
    try {
      const jobs: string[] = [];
      for (let i = 0; i < 3; i += 1) jobs.push((await queued(await exportUnit(quay, { email: `race${i}@example.com` }))).uuid);
      const ran = await Promise.all([t.app.lobby.exports.drain(), other.app.lobby.exports.drain()]);
      expect(ran.reduce((a, b) => a + b, 0)).toBe(3);
      for (const [i, uuid] of jobs.entries()) {
        const [job] = await t.db.select().from(exportJobs).where(eq(exportJobs.uuid, uuid));
        expect(job).toMatchObject({ status: 'DONE', attempts: 1 });
        expect(await outboxFor(t.db, `race${i}@example.com`)).toHaveLength(1);
        expect(parseCsv((await download(uuid, admin, other.app)).body)).toHaveLength(4);
      }
    } finally {
      await other.app.close();
    }
  });

  it('the OpenAPI document describes the export routes', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const exportPath = document.paths['/api/reporting/v1/reporting/ous/{ou}/transactions/export'];
    expect(exportPath.post.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['after', 'before', 'timeZone', 'includeDescendants', 'email', 'ou']));
    expect(document.paths['/api/reporting/ous/organization/{org}/transactions/export'].post.responses['202']).toBeDefined();
    expect(document.paths['/api/reporting/v1/reporting/exports/{job}/download'].get).toBeDefined();
  });
});

/**
 * Hotels through the real gateway (its own process, as bench/gateway.ts starts it), on embedded
 * PGlite in a fresh data directory AND on PostgreSQL (DATABASE_URL, else the CI's local PostgreSQL
 * of .ci/run, in a throw-away database created and dropped here; when it cannot be reached the
 * table says so). On each database:
 * - the hotel save (PUT /organization/{org}/hotel/{hotel}/save) creating 10,000 packages and 10,000
 *   rate codes of 3 packages each in one request, updating 1,000 + 1,000 of them, and changing nothing;
 * - the rate-code CSV import of 1,000,000 rows (upload + apply) with the gateway's peak memory growth;
 * - another organization's simple read (GET /organization/{org}), sent one after another while a
 *   200,000-row import runs, while 10k + 10k saves of new hotels run, and while saves adding
 *   10k + 10k to one growing hotel run, against the same read with nothing else running.
 * Each write beside a physical reference measured in the same run: the same rows written by plain
 * multi-row INSERTs (drizzle's insert().values(), at most 10,000 rows a statement) through the same
 * driver, in one transaction, with the ratio (figure). The gateway's PGlite is its own (a locked
 * data directory), so PGlite's reference runs on a PGlite of the bench's own, migrated the same way.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { throwAwayPostgres } from './postgres';
import { openPglite, openPostgres, type DatabaseHandle } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { organizationalUnits, organizations, pmsPackages, rateCodes } from '../server/db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startGateway } from '../test/e2e/harness';
import { rateCodeCsvBytes } from './csv';
import { latencyRow, percentile, timeEach, type Row } from './stats';

const PACKAGES = 10_000;
const RATE_CODES = 10_000;
const PACKAGES_PER_CODE = 3;
const CHANGED = 1_000;
const UPDATES = 10;
const CREATES = 5;
const BIG_IMPORT_ROWS = 1_000_000;
const BUSY_IMPORT_ROWS = 200_000;
/** rows of bench/csv.ts's generated file per rate code */
const CSV_ROWS_PER_CODE = 5;
const REFERENCE_BATCH = 10_000;
/** the package IDs of bench/csv.ts's generated file */
const CSV_PACKAGES = Array.from({ length: 40 }, (_, i) => `PKG_${['BREAKFAST', 'SPA', 'DINNER', 'PARKING', 'LATE_CHECKOUT'][i % 5]}_${String(i).padStart(2, '0')}`);

interface Answer {
  status: number;
  body: unknown;
}

interface HotelItems {
  packages: { uuid: string; externalId: string; calculationRule: 'ADULT' | 'PERSON' }[];
  rateCodes: { uuid: string; name: string; packages: string[] }[];
}

function hotelItems(tag: string): HotelItems {
  const packages = Array.from({ length: PACKAGES }, (_, i) => ({ uuid: randomUUID(), externalId: `${tag}_PKG_${String(i).padStart(5, '0')}`, calculationRule: 'ADULT' as const }));
  const rateCodes = Array.from({ length: RATE_CODES }, (_, i) => ({
    uuid: randomUUID(),
    name: `${tag}_RC_${String(i).padStart(5, '0')}`,
    packages: Array.from({ length: PACKAGES_PER_CODE }, (_, k) => (packages[(i * 7 + k * 101) % PACKAGES] as { uuid: string }).uuid),
  }));
  return { packages, rateCodes };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ratio = (ms: number, reference: number) => `${(ms / reference).toFixed(2)}× reference`;

/** The gateway's process (the one listening on the port), for its memory. */
function listenerPid(port: string): number | null {
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
    const match = /pid=(\d+)/.exec(out);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

function memoryOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return null;
  }
}

/** Starts the peak (VmHWM) again from the current RSS; false where the kernel does not allow it. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * The physical reference: the same rows as the gateway writes, by plain multi-row INSERTs through
 * the same driver into a hotel of its own, in one transaction; answers the time in ms.
 */
class Reference {
  private constructor(
    private readonly handle: DatabaseHandle,
    private readonly orgUuid: string,
    private readonly cleanup: () => Promise<void>,
  ) {}

  static async pglite(): Promise<Reference> {
    const dir = mkdtempSync(join(tmpdir(), 'lobby-bench-reference-'));
    const handle = await openPglite(join(dir, 'pglite'));
    await migrateDatabase(handle);
    const [org] = await handle.db.insert(organizations).values({ name: 'Reference', legalCompanyName: 'Reference' }).returning();
    return new Reference(handle, org?.uuid ?? '', async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    });
  }

  /** On the gateway's own PostgreSQL database (its demo organization). */
  static async postgres(url: string, orgUuid: string): Promise<Reference> {
    const handle = openPostgres(url, 1);
    return new Reference(handle, orgUuid, () => handle.close());
  }

  async write(packages: readonly { uuid: string; externalId: string; calculationRule: string }[], codes: readonly { name: string; packages: string[] }[]): Promise<number> {
    const { db } = this.handle;
    const [hotel] = await db.insert(organizationalUnits).values({ orgUuid: this.orgUuid, type: 'HOTEL', name: 'Reference hotel' }).returning();
    const hotelUuid = hotel?.uuid ?? '';
    const start = performance.now();
    await db.transaction(async (tx) => {
      for (let from = 0; from < packages.length; from += REFERENCE_BATCH) {
        await tx.insert(pmsPackages).values(
          packages.slice(from, from + REFERENCE_BATCH).map((item) => ({ uuid: item.uuid, orgUuid: this.orgUuid, hotelUuid, name: item.externalId, externalId: item.externalId, calculationRule: item.calculationRule as 'ADULT' })),
        );
      }
      for (let from = 0; from < codes.length; from += REFERENCE_BATCH) {
        await tx.insert(rateCodes).values(codes.slice(from, from + REFERENCE_BATCH).map((code) => ({ orgUuid: this.orgUuid, hotelUuid, name: code.name, externalId: code.name, packages: code.packages })));
      }
    });
    const ms = performance.now() - start;
    await db.delete(organizationalUnits).where(eq(organizationalUnits.uuid, hotelUuid));
    return ms;
  }

  close(): Promise<void> {
    return this.cleanup();
  }
}

async function measure(database: 'PGlite' | 'PostgreSQL', env: Record<string, string>, reference: (orgUuid: string) => Promise<Reference>): Promise<Row[]> {
  const gateway = await startGateway({ LOG_LEVEL: 'warn', ...env });
  const tag = (what: string) => `hotels ${database}: ${what}`;
  let ref: Reference | null = null;
  try {
    // a fresh session whenever the last one's access token has expired (a slow machine takes long)
    let token = '';
    const signIn = async () => {
      const session = await fetch(`${gateway.url}/api/authentication/v1/users/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      });
      token = ((await session.json()) as { token: string }).token;
    };
    await signIn();
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer & { sent: number }> => {
      const text = body === undefined ? undefined : JSON.stringify(body);
      const send = () =>
        fetch(`${gateway.url}/api${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(text === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          ...(text === undefined ? {} : { body: text }),
        });
      let response = await send();
      if (response.status === 401) {
        await response.arrayBuffer();
        await signIn();
        response = await send();
      }
      const answer = response.status === 204 ? null : ((await response.json()) as unknown);
      return { status: response.status, body: answer, sent: text === undefined ? 0 : Buffer.byteLength(text) };
    };
    const organizationList = (await call('GET', '/organization/v1/organization')).body as { data: { uuid: string; name: string }[] };
    const org = organizationList.data.find((item) => item.name === 'Demo Hospitality Group')?.uuid;
    const otherOrg = organizationList.data.find((item) => item.uuid !== org)?.uuid ?? org;
    if (!org || !otherOrg) throw new Error('no demo organization');
    ref = await reference(org);
    const savePath = (hotel: string) => `/organization/${org}/hotel/${hotel}/save`;
    const expect = (answer: Answer, statuses: number[], what: string) => {
      if (!statuses.includes(answer.status)) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
    };
    const rows: Row[] = [];

    // ---- the hotel save ----
    const creates: number[] = [];
    const createsMinimal: number[] = [];
    const createReferences: number[] = [];
    let target: { hotel: string; items: HotelItems; version: number } | null = null;
    let sent = 0;
    for (let run = 0; run < CREATES; run += 1) {
      // the full answer, then the same save as the outbox sends it (Prefer: return=minimal), then the reference
      for (const minimal of [false, true]) {
        const hotel = randomUUID();
        const items = hotelItems(`W${run}${minimal ? 'm' : ''}`);
        const start = performance.now();
        const answer = await call(
          'PUT',
          savePath(hotel),
          { hotel: { parentUuid: null, attributes: { NAME: `Bench hotel W${run}${minimal ? 'm' : ''}` } }, packages: { newPackages: items.packages }, rateCodes: { newRateCodes: items.rateCodes } },
          minimal ? { prefer: 'return=minimal' } : {},
        );
        (minimal ? createsMinimal : creates).push(performance.now() - start);
        expect(answer, [201], 'create');
        sent = answer.sent;
        if (!minimal) target = { hotel, items, version: (answer.body as { version: number }).version };
      }
      const copy = hotelItems(`R${run}`);
      createReferences.push(await ref.write(copy.packages, copy.rateCodes));
    }
    creates.sort((a, b) => a - b);
    createsMinimal.sort((a, b) => a - b);
    createReferences.sort((a, b) => a - b);
    rows.push(
      {
        ...latencyRow(tag('save creating 10k packages + 10k rate codes'), creates, `one PUT .../save, body ${kb(sent)}, answering the 20,000 items; reference p50 ${percentile(createReferences, 50).toFixed(0)} ms (20,000 rows, 2 INSERTs)`),
        figure: ratio(percentile(creates, 50), percentile(createReferences, 50)),
      },
      {
        ...latencyRow(tag('save creating 10k packages + 10k rate codes, as the outbox sends it'), createsMinimal, `Prefer: return=minimal (the app's save): the hotel and its version; same reference`),
        figure: ratio(percentile(createsMinimal, 50), percentile(createReferences, 50)),
      },
    );

    // updates: 1,000 packages (another calculation rule) and 1,000 rate codes (other packages)
    const hotel = target as NonNullable<typeof target>;
    let version = hotel.version;
    const updateReferences: number[] = [];
    const updates = await timeEach(UPDATES, async (run) => {
      const from = (run * CHANGED) % PACKAGES;
      const packages = hotel.items.packages.slice(from, from + CHANGED).map((item) => ({ ...item, calculationRule: run % 2 === 0 ? ('PERSON' as const) : ('ADULT' as const) }));
      const codes = hotel.items.rateCodes.slice(from, from + CHANGED).map((code, i) => ({
        uuid: code.uuid,
        name: code.name,
        packages: Array.from({ length: PACKAGES_PER_CODE }, (_, k) => (hotel.items.packages[(from + i + k * 13 + run + 1) % PACKAGES] as { uuid: string }).uuid),
      }));
      const answer = await call('PUT', savePath(hotel.hotel), { packages: { updatedPackages: packages }, rateCodes: { updatedRateCodes: codes } }, { 'if-match': `"${version}"` });
      expect(answer, [200], `update ${run}`);
      version = (answer.body as { version: number }).version;
    });
    for (let run = 0; run < UPDATES; run += 1) {
      const copy = hotelItems(`U${run}`);
      updateReferences.push(await ref.write(copy.packages.slice(0, CHANGED), copy.rateCodes.slice(0, CHANGED)));
    }
    updateReferences.sort((a, b) => a - b);
    // the same updates as the outbox sends them: the answer without the lists (Prefer: return=minimal)
    const updatesMinimal = await timeEach(UPDATES, async (run) => {
      const from = ((run + UPDATES) * CHANGED) % PACKAGES;
      const packages = hotel.items.packages.slice(from, from + CHANGED).map((item) => ({ ...item, calculationRule: run % 2 === 0 ? ('CHILDREN' as const) : ('PERSON' as const) }));
      const codes = hotel.items.rateCodes.slice(from, from + CHANGED).map((code, i) => ({
        uuid: code.uuid,
        name: code.name,
        packages: Array.from({ length: PACKAGES_PER_CODE }, (_, k) => (hotel.items.packages[(from + i + k * 17 + run + 2) % PACKAGES] as { uuid: string }).uuid),
      }));
      const answer = await call('PUT', savePath(hotel.hotel), { packages: { updatedPackages: packages }, rateCodes: { updatedRateCodes: codes } }, { 'if-match': `"${version}"`, prefer: 'return=minimal' });
      expect(answer, [200], `update ${run}, minimal answer`);
      version = (answer.body as { version: number }).version;
    });
    rows.push(
      {
        ...latencyRow(tag(`save updating ${CHANGED} packages + ${CHANGED} rate codes`), updates, `of the 10k+10k hotel, If-Match, answering the 20,000 items; reference p50 ${percentile(updateReferences, 50).toFixed(0)} ms (2,000 rows inserted)`),
        figure: ratio(percentile(updates, 50), percentile(updateReferences, 50)),
      },
      {
        ...latencyRow(tag(`save updating ${CHANGED} packages + ${CHANGED} rate codes, as the outbox sends it`), updatesMinimal, `Prefer: return=minimal (the app's save): the hotel and its version; same reference`),
        figure: ratio(percentile(updatesMinimal, 50), percentile(updateReferences, 50)),
      },
    );

    const before = version;
    const unchanged = await timeEach(UPDATES, async () => {
      const answer = await call('PUT', savePath(hotel.hotel), {}, { 'if-match': `"${version}"` });
      expect(answer, [200], 'save without change');
      version = (answer.body as { version: number }).version;
    });
    // as the outbox sends it: the answer without the lists (Prefer: return=minimal)
    const unchangedMinimal = await timeEach(UPDATES, async () => {
      const answer = await call('PUT', savePath(hotel.hotel), {}, { 'if-match': `"${version}"`, prefer: 'return=minimal' });
      expect(answer, [200], 'save without change, minimal answer');
      version = (answer.body as { version: number }).version;
    });
    const reads = await timeEach(UPDATES, async () => {
      for (const list of ['pms-package', 'pms-rate-code']) expect(await call('GET', `/organization/${org}/hotel/${hotel.hotel}/${list}`), [200], `read ${list}`);
    });
    rows.push({
      ...latencyRow(tag('save changing nothing'), unchanged, `answers the 20,000 items; version ${before} → ${version}${before === version ? ' (nothing written)' : ' (WRITTEN)'}; reference: reading both lists, p50 ${percentile(reads, 50).toFixed(0)} ms`),
      figure: `${(percentile(unchanged, 50) / percentile(reads, 50)).toFixed(2)}× reading the lists`,
    });
    rows.push({
      ...latencyRow(tag('save changing nothing, as the outbox sends it'), unchangedMinimal, `Prefer: return=minimal: the hotel and its version, not its lists; version ${before} → ${version}${before === version ? ' (nothing written)' : ' (WRITTEN)'}; goal ≤ 100 ms`),
      figure: `${(percentile(unchangedMinimal, 50) / percentile(reads, 50)).toFixed(2)}× reading the lists`,
    });

    // ---- the rate-code CSV import ----
    const importHotel = async (name: string) => {
      const uuid = randomUUID();
      const created = await call('PUT', savePath(uuid), {
        hotel: { parentUuid: null, attributes: { NAME: name } },
        packages: { newPackages: CSV_PACKAGES.map((externalId) => ({ uuid: randomUUID(), externalId, calculationRule: 'ADULT' })) },
      });
      expect(created, [201], 'import hotel');
      return uuid;
    };
    const upload = async (hotelUuid: string, buffer: ArrayBuffer, rowsInFile: number) => {
      const form = new FormData();
      form.append('file', new Blob([buffer], { type: 'text/csv' }), 'rate-codes.csv');
      await signIn();
      const response = await fetch(`${gateway.url}/api/organization/${org}/hotel/${hotelUuid}/pms-rate-code/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      const answer = (await response.json()) as { succeed?: boolean; imported?: number; message?: string };
      if (response.status !== 200 || answer.succeed !== true) throw new Error(`import of ${rowsInFile} rows answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
      return answer.imported ?? 0;
    };
    /** The rate codes an import of `rows` rows writes, for the reference. */
    const csvCodes = (rowsInFile: number) => {
      const packageUuids = CSV_PACKAGES.map(() => randomUUID());
      return Array.from({ length: rowsInFile / CSV_ROWS_PER_CODE }, (_, code) => ({
        name: `RC${String(code).padStart(7, '0')}`,
        packages: Array.from({ length: CSV_ROWS_PER_CODE }, (_, k) => packageUuids[(code * 7 + k * 3) % packageUuids.length] as string),
      }));
    };

    // one file of a million rows: read as it arrives, so the gateway's memory grows by far less than the file
    const bigHotel = await importHotel('Bench import hotel');
    const big = rateCodeCsvBytes(BIG_IMPORT_ROWS);
    const pid = listenerPid(new URL(gateway.url).port);
    const memBefore = pid === null ? null : memoryOf(pid);
    const peakReset = pid !== null && resetPeak(pid);
    const bigStart = performance.now();
    const bigCodes = await upload(bigHotel, big, BIG_IMPORT_ROWS);
    const bigMs = performance.now() - bigStart;
    const memAfter = pid === null ? null : memoryOf(pid);
    const memory =
      memBefore && memAfter && peakReset
        ? `gateway peak RSS +${mib(memAfter.peak - memBefore.rss)} over ${mib(memBefore.rss)}`
        : memBefore && memAfter
          ? `gateway RSS ${mib(memBefore.rss)} → ${mib(memAfter.rss)} (peak not resettable here)`
          : 'gateway memory not readable here';
    const bigCodesRef = csvCodes(BIG_IMPORT_ROWS);
    const bigReference = await ref.write([], bigCodesRef);
    rows.push({
      benchmark: tag('csv import 1M rows, upload + apply'),
      n: 1,
      p50: bigMs,
      figure: ratio(bigMs, bigReference),
      note: `${mib(big.byteLength)} → ${bigCodes} rate codes; ${memory}; reference ${bigReference.toFixed(0)} ms (${bigCodesRef.length} rows)`,
    });

    // another organization's simple read, alone and while a 200k-row import runs
    const readOther = async () => {
      const start = performance.now();
      expect(await call('GET', `/organization/${otherOrg}`), [200], 'read of another organization');
      return performance.now() - start;
    };
    const idle = await timeEach(30, async () => {
      await readOther();
    });
    const busyHotel = await importHotel('Bench busy import hotel');
    const busyFile = rateCodeCsvBytes(BUSY_IMPORT_ROWS);
    let importing = true;
    const busyStart = performance.now();
    const importRun = upload(busyHotel, busyFile, BUSY_IMPORT_ROWS).finally(() => {
      importing = false;
    });
    const during: number[] = [];
    while (importing) {
      during.push(await readOther());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await importRun;
    const busyMs = performance.now() - busyStart;
    during.sort((a, b) => a - b);
    rows.push({
      ...latencyRow(tag('another organization’s read during a 200k-row import'), during, `GET /organization/{other}, one after another; alone: p50 ${percentile(idle, 50).toFixed(1)} ms, p95 ${percentile(idle, 95).toFixed(1)} ms; the import took ${busyMs.toFixed(0)} ms; max ${(during.at(-1) ?? 0).toFixed(0)} ms`),
      figure: `p95 ${(percentile(during, 95) / percentile(idle, 95)).toFixed(1)}× alone`,
    });

    // the same read while 10k + 10k saves run (as the outbox sends them), one after another: saves
    // creating new hotels, then saves adding 10k + 10k new items to one hotel that grows with them
    const readsDuringSaves = async (label: string, note: string, saves: { path: string; body: Record<string, unknown>; status: number }[]) => {
      const duringSaves: number[] = [];
      let savesMs = 0;
      for (const { path, body, status } of saves) {
        let saving = true;
        const saveStart = performance.now();
        const save = call('PUT', path, body, { prefer: 'return=minimal' }).finally(() => {
          saving = false;
        });
        while (saving) {
          duringSaves.push(await readOther());
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(await save, [status], 'busy save');
        savesMs += performance.now() - saveStart;
      }
      duringSaves.sort((a, b) => a - b);
      rows.push({
        ...latencyRow(tag(label), duringSaves, `GET /organization/{other}, one after another while ${note} (as the outbox sends them, ${(savesMs / saves.length).toFixed(0)} ms each); max ${(duringSaves.at(-1) ?? 0).toFixed(0)} ms; goal p95 ≤ 200 ms`),
        figure: `p95 ${(percentile(duringSaves, 95) / percentile(idle, 95)).toFixed(1)}× alone`,
      });
    };
    const newItems = (items: HotelItems) => ({ packages: { newPackages: items.packages }, rateCodes: { newRateCodes: items.rateCodes } });
    await readsDuringSaves(
      'another organization’s read during 10k + 10k saves',
      '3 saves creating 10,000 packages + 10,000 rate codes run',
      [0, 1, 2].map((run) => ({ path: savePath(randomUUID()), body: { hotel: { parentUuid: null, attributes: { NAME: `Bench busy save ${run}` } }, ...newItems(hotelItems(`B${run}`)) }, status: 201 })),
    );
    const growing = randomUUID();
    expect(await call('PUT', savePath(growing), { hotel: { parentUuid: null, attributes: { NAME: 'Bench growing hotel' } }, ...newItems(hotelItems('G0')) }, { prefer: 'return=minimal' }), [201], 'growing hotel');
    await readsDuringSaves(
      'another organization’s read during 10k + 10k saves into a hotel of 10k–30k + 10k–30k',
      '3 saves adding 10,000 packages + 10,000 rate codes to one hotel run (it holds 10k + 10k before the first)',
      [1, 2, 3].map((run) => ({ path: savePath(growing), body: newItems(hotelItems(`G${run}`)), status: 200 })),
    );
    return rows;
  } finally {
    await ref?.close();
    await gateway.stop();
  }
}

export async function hotelsBench(): Promise<Row[]> {
  const rows = await measure('PGlite', {}, () => Reference.pglite());
  const pg = await throwAwayPostgres();
  if ('unavailable' in pg) {
    rows.push({ benchmark: 'hotels PostgreSQL', n: 0, note: pg.unavailable });
    return rows;
  }
  try {
    rows.push(...(await measure('PostgreSQL', { DATABASE_URL: pg.url }, (orgUuid) => Reference.postgres(pg.url, orgUuid))));
  } finally {
    await pg.drop();
  }
  return rows;
}

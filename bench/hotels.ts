/**
 * Hotels through the real gateway (its own process, embedded PGlite in a fresh data directory, as
 * bench/gateway.ts starts it), requests sequential over loopback:
 * - the hotel save (PUT /organization/{org}/hotel/{hotel}/save) of a hotel with 10,000 packages and
 *   10,000 rate codes of 3 packages each: the create (in one request, then in requests under the
 *   gateway's 1 MB body limit if one is refused), updates changing 10% of the items, and the same
 *   save with no change as the peer (what every save costs: checks and the answer of 20,000 items);
 * - the rate-code CSV import of 100,000 rows (upload + apply, the route reads the file as it
 *   arrives), the worker's parse of the same file (jobs.parseRateCodeCsv, as bench/csv.ts runs it)
 *   and the two together, end to end; the streamed reader the route uses against the buffered
 *   parse of the same bytes in this process; and one import of 1,000,000 rows with the gateway's
 *   peak memory while it runs.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseRateCodeCsvBytes } from '../src/domain/rate-code-csv';
import { RateCodeCsvStream } from '../src/domain/rate-code-csv-stream';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startGateway } from '../test/e2e/harness';
import { jobs } from '../worker/jobs';
import { rateCodeCsvBytes } from './csv';
import { latencyRow, percentile, timeEach, type Row } from './stats';

const PACKAGES = 10_000;
const RATE_CODES = 10_000;
const PACKAGES_PER_CODE = 3;
const CHANGED = 0.1;
const UPDATES = 10;
const CREATES = 3;
/** items of each kind per request when the create has to be split: about 650 KB of JSON */
const CREATE_SLICE = 2_500;
const IMPORT_ROWS = 100_000;
const IMPORTS = 7;
const PARSES = 15;
const BIG_IMPORT_ROWS = 1_000_000;
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
    // packages of the same slice of CREATE_SLICE, so a sliced create names only packages it has sent
    packages: Array.from({ length: PACKAGES_PER_CODE }, (_, k) => (packages[i - (i % CREATE_SLICE) + ((i * 7 + k * 101) % CREATE_SLICE)] as { uuid: string }).uuid),
  }));
  return { packages, rateCodes };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const perSecond = (rows: number, ms: number) => `${Math.round((rows / ms) * 1000).toLocaleString('en')} rows/s`;

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

export async function hotelsBench(): Promise<Row[]> {
  const gateway = await startGateway({ LOG_LEVEL: 'warn' });
  try {
    const session = await fetch(`${gateway.url}/api/authentication/v1/users/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const { token } = (await session.json()) as { token: string };
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer & { sent: number }> => {
      const text = body === undefined ? undefined : JSON.stringify(body);
      const response = await fetch(`${gateway.url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(text === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(text === undefined ? {} : { body: text }),
      });
      const answer = response.status === 204 ? null : ((await response.json()) as unknown);
      return { status: response.status, body: answer, sent: text === undefined ? 0 : Buffer.byteLength(text) };
    };
    const organizations = (await call('GET', '/organization/v1/organization')).body as { data: { uuid: string; name: string }[] };
    const org = organizations.data.find((item) => item.name === 'Demo Hospitality Group')?.uuid;
    if (!org) throw new Error('no demo organization');
    const savePath = (hotel: string) => `/organization/${org}/hotel/${hotel}/save`;
    const expect = (answer: Answer, statuses: number[], what: string) => {
      if (!statuses.includes(answer.status)) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
    };
    const rows: Row[] = [];

    // ---- the hotel save ----
    const createWhole = async (run: number) => {
      const hotel = randomUUID();
      const items = hotelItems(`W${run}`);
      const start = performance.now();
      const answer = await call('PUT', savePath(hotel), { hotel: { parentUuid: null, attributes: { NAME: `Bench hotel W${run}` } }, packages: { newPackages: items.packages }, rateCodes: { newRateCodes: items.rateCodes } });
      return { ms: performance.now() - start, answer };
    };
    /** The same create in requests of CREATE_SLICE packages and rate codes each. */
    const createSliced = async (tag: string) => {
      const hotel = randomUUID();
      const items = hotelItems(tag);
      let version = 0;
      let largest = 0;
      const start = performance.now();
      for (let from = 0; from < PACKAGES; from += CREATE_SLICE) {
        const body = {
          ...(from === 0 ? { hotel: { parentUuid: null, attributes: { NAME: `Bench hotel ${tag}` } } } : {}),
          packages: { newPackages: items.packages.slice(from, from + CREATE_SLICE) },
          rateCodes: { newRateCodes: items.rateCodes.slice(from, from + CREATE_SLICE) },
        };
        const answer = await call('PUT', savePath(hotel), body, from === 0 ? {} : { 'if-match': `"${version}"` });
        expect(answer, [200, 201], `create slice ${from}`);
        version = (answer.body as { version: number }).version;
        largest = Math.max(largest, answer.sent);
      }
      return { hotel, items, version, ms: performance.now() - start, largest };
    };

    const whole: number[] = [];
    let wholeStatus = 0;
    let wholeSent = 0;
    for (let run = 0; run < CREATES; run += 1) {
      const { ms, answer } = await createWhole(run);
      wholeStatus = answer.status;
      wholeSent = answer.sent;
      if (answer.status !== 201) break;
      whole.push(ms);
    }
    if (whole.length > 0) {
      rows.push({ ...latencyRow('hotels: save, create 10k packages + 10k rate codes (one request)', whole.sort((a, b) => a - b), `PUT .../save, fresh hotel each run, body ${kb(wholeSent)}`) });
    } else {
      rows.push({ benchmark: 'hotels: save, create 10k packages + 10k rate codes (one request)', n: 1, figure: `answered ${wholeStatus}`, note: `body ${kb(wholeSent)}; the gateway's bodyLimit is 1 MB (server/app.ts)` });
    }
    const sliced: number[] = [];
    let hotel: Awaited<ReturnType<typeof createSliced>> | null = null;
    for (let run = 0; run < CREATES; run += 1) {
      hotel = await createSliced(`S${run}`);
      sliced.push(hotel.ms);
    }
    sliced.sort((a, b) => a - b);
    rows.push(latencyRow(`hotels: save, same create in ${PACKAGES / CREATE_SLICE} requests of ${CREATE_SLICE}+${CREATE_SLICE}`, sliced, `fresh hotel each run, largest body ${kb(hotel?.largest ?? 0)}`));

    // updates: 10% of the packages (another calculation rule) and of the rate codes (other packages)
    const target = hotel as NonNullable<typeof hotel>;
    let version = target.version;
    let largestUpdate = 0;
    const changed = Math.round(PACKAGES * CHANGED);
    const updates = await timeEach(UPDATES, async (run) => {
      const from = (run * changed) % PACKAGES;
      const packages = target.items.packages.slice(from, from + changed).map((item) => ({ ...item, calculationRule: run % 2 === 0 ? ('PERSON' as const) : ('ADULT' as const) }));
      const rateCodes = target.items.rateCodes.slice(from, from + changed).map((code, i) => ({
        uuid: code.uuid,
        name: code.name,
        packages: Array.from({ length: PACKAGES_PER_CODE }, (_, k) => (target.items.packages[(from + i + k * 13 + run + 1) % PACKAGES] as { uuid: string }).uuid),
      }));
      const answer = await call('PUT', savePath(target.hotel), { packages: { updatedPackages: packages }, rateCodes: { updatedRateCodes: rateCodes } }, { 'if-match': `"${version}"` });
      expect(answer, [200], `update ${run}`);
      version = (answer.body as { version: number }).version;
      largestUpdate = Math.max(largestUpdate, answer.sent);
    });
    const unchanged = await timeEach(UPDATES, async () => {
      const answer = await call('PUT', savePath(target.hotel), {}, { 'if-match': `"${version}"` });
      expect(answer, [200], 'save without change');
      version = (answer.body as { version: number }).version;
    });
    rows.push({
      ...latencyRow(`hotels: save, update ${changed} packages + ${changed} rate codes`, updates, `PUT .../save of the 10k+10k hotel, If-Match, body ${kb(largestUpdate)}`),
      figure: `update/no change ${(percentile(updates, 50) / percentile(unchanged, 50)).toFixed(2)}×`,
    });
    const reads = await timeEach(UPDATES, async () => {
      for (const list of ['pms-package', 'pms-rate-code']) expect(await call('GET', `/organization/${org}/hotel/${target.hotel}/${list}`), [200], `read ${list}`);
    });
    rows.push({
      ...latencyRow('hotels: save, no change (peer)', unchanged, 'same hotel: checks and the answer of 20,000 items'),
      figure: `no change/reads ${(percentile(unchanged, 50) / percentile(reads, 50)).toFixed(2)}×`,
    });
    rows.push(latencyRow('hotels: read the 10k packages + 10k rate codes (peer)', reads, 'GET .../pms-package then GET .../pms-rate-code'));

    // ---- the rate-code CSV import ----
    const importHotel = randomUUID();
    const created = await call('PUT', savePath(importHotel), {
      hotel: { parentUuid: null, attributes: { NAME: 'Bench import hotel' } },
      packages: { newPackages: CSV_PACKAGES.map((externalId) => ({ uuid: randomUUID(), externalId, calculationRule: 'ADULT' })) },
    });
    expect(created, [201], 'import hotel');
    const upload = async (buffer: ArrayBuffer, rowsInFile: number) => {
      const form = new FormData();
      form.append('file', new Blob([buffer], { type: 'text/csv' }), 'rate-codes.csv');
      const response = await fetch(`${gateway.url}/api/organization/${org}/hotel/${importHotel}/pms-rate-code/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      const answer = (await response.json()) as { succeed?: boolean; imported?: number; message?: string };
      if (response.status !== 200 || answer.succeed !== true) throw new Error(`import of ${rowsInFile} rows answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
      return answer.imported ?? 0;
    };
    const buffer = rateCodeCsvBytes(IMPORT_ROWS);
    const bytes = new Uint8Array(buffer);
    const reference = jobs.parseRateCodeCsv(buffer, CSV_PACKAGES);
    if (!reference.ok || reference.rows !== IMPORT_ROWS) throw new Error('the generated file does not read');
    if ((await upload(buffer, IMPORT_ROWS)) !== reference.counts.rateCodes) throw new Error('the import did not import every rate code');
    const imports = await timeEach(IMPORTS, async () => {
      await upload(buffer, IMPORT_ROWS);
    });

    // the worker's parse and, in this process, the route's streamed reader over the same bytes
    const streamed = (piece: number) => {
      const stream = new RateCodeCsvStream(CSV_PACKAGES);
      for (let at = 0; at < bytes.byteLength; at += piece) stream.push(bytes.subarray(at, at + piece));
      return stream.finish();
    };
    if (JSON.stringify(streamed(65_536)) !== JSON.stringify(parseRateCodeCsvBytes(buffer, CSV_PACKAGES))) throw new Error('streamed and buffered reads differ');
    const parses: number[] = [];
    const streams: number[] = [];
    for (let run = 0; run < PARSES; run += 1) {
      // alternate which goes first, so neither always runs in the other's garbage
      const order = run % 2 === 0 ? ['parse', 'stream'] : ['stream', 'parse'];
      for (const which of order) {
        const start = performance.now();
        if (which === 'parse') jobs.parseRateCodeCsv(buffer, CSV_PACKAGES);
        else streamed(65_536);
        (which === 'parse' ? parses : streams).push(performance.now() - start);
      }
    }
    parses.sort((a, b) => a - b);
    streams.sort((a, b) => a - b);
    const importMs = percentile(imports, 50);
    const parseMs = percentile(parses, 50);
    const mb = (buffer.byteLength / 1024 / 1024).toFixed(1);
    rows.push({
      ...latencyRow('hotels: csv import 100k rows, upload + apply', imports, `POST .../pms-rate-code/import, ${mb} MB → ${reference.counts.rateCodes} rate codes replaced`),
      figure: perSecond(IMPORT_ROWS, importMs),
    });
    rows.push({ ...latencyRow('hotels: csv 100k rows, worker parse', parses, 'jobs.parseRateCodeCsv, ArrayBuffer → validated codes (buffered)'), figure: perSecond(IMPORT_ROWS, parseMs) });
    rows.push({
      ...latencyRow('hotels: csv 100k rows, streamed read (route)', streams, 'RateCodeCsvStream over the same bytes in 64 KB pieces'),
      figure: `streamed/buffered ${(percentile(streams, 50) / parseMs).toFixed(2)}×`,
    });
    rows.push({
      benchmark: 'hotels: csv 100k rows end to end (parse + upload/apply)',
      n: IMPORTS,
      p50: parseMs + importMs,
      figure: perSecond(IMPORT_ROWS, parseMs + importMs),
      note: `sum of the p50s; upload/apply is ${((importMs / (parseMs + importMs)) * 100).toFixed(0)}% of it`,
    });

    // one file of a million rows: it is read as it arrives, so the gateway's memory grows by far less than the file
    const big = rateCodeCsvBytes(BIG_IMPORT_ROWS);
    const pid = listenerPid(new URL(gateway.url).port);
    const before = pid === null ? null : memoryOf(pid);
    const peakReset = pid !== null && resetPeak(pid);
    const bigStart = performance.now();
    const bigCodes = await upload(big, BIG_IMPORT_ROWS);
    const bigMs = performance.now() - bigStart;
    const after = pid === null ? null : memoryOf(pid);
    const memory =
      before && after && peakReset
        ? `gateway peak RSS +${((after.peak - before.rss) / 1024 / 1024).toFixed(0)} MB over ${(before.rss / 1024 / 1024).toFixed(0)} MB (PGlite's growth for the inserts included)`
        : before && after
          ? `gateway RSS ${(before.rss / 1024 / 1024).toFixed(0)} → ${(after.rss / 1024 / 1024).toFixed(0)} MB`
          : 'gateway memory not readable here';
    rows.push({
      benchmark: 'hotels: csv import 1M rows, upload + apply',
      n: 1,
      p50: bigMs,
      figure: perSecond(BIG_IMPORT_ROWS, bigMs),
      note: `${(big.byteLength / 1024 / 1024).toFixed(1)} MB → ${bigCodes} rate codes; ${memory}`,
    });
    return rows;
  } finally {
    await gateway.stop();
  }
}

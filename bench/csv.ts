/**
 * Rate-code CSV import: bytes (an ArrayBuffer, as the worker receives it) to validated rate codes.
 * Ours is the worker's own job (worker/jobs.ts). The peers, papaparse and udsv, parse the same bytes
 * in the same run and feed the same domain rules (RateCodeCsvCollector), so the only difference is
 * the CSV reader; every result is checked equal to ours before anything is timed.
 */
import Papa from 'papaparse';
import { inferSchema, initParser } from 'udsv';
import { RateCodeCsvCollector, resolveRateCodeCsvHeader, type RateCodeCsvResult } from '../src/domain/rate-code-csv';
import { jobs } from '../worker/jobs';
import { percentile, type Row } from './stats';

const PACKAGES = Array.from({ length: 40 }, (_, i) => `PKG_${['BREAKFAST', 'SPA', 'DINNER', 'PARKING', 'LATE_CHECKOUT'][i % 5]}_${String(i).padStart(2, '0')}`);
const PACKAGES_PER_CODE = 5;

/** A file as a PMS export writes it: CRLF, grouped by rate code, a few quoted aliases (1 in 200). */
export function rateCodeCsvBytes(rows: number): ArrayBuffer {
  const parts: string[] = ['Rate Code,Package ID'];
  for (let i = 0; i < rows; i += 1) {
    const codeIndex = Math.floor(i / PACKAGES_PER_CODE);
    const code = codeIndex % 200 === 7 ? `"RC ${codeIndex}, promo"` : `RC${String(codeIndex).padStart(7, '0')}`;
    parts.push(`${code},${PACKAGES[(codeIndex * 7 + (i % PACKAGES_PER_CODE) * 3) % PACKAGES.length]}`);
  }
  const bytes = new TextEncoder().encode(`${parts.join('\r\n')}\r\n`);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

const decoder = new TextDecoder();

function collect(rows: readonly string[][], header: readonly string[], firstLine: number): RateCodeCsvResult {
  const collector = new RateCodeCsvCollector(PACKAGES);
  const columns = resolveRateCodeCsvHeader(header);
  if (columns === null) throw new Error('header not found');
  const { codeColumn, packageColumn } = columns;
  let line = firstLine;
  for (const row of rows) {
    if (row.length === 1 && row[0] === '') collector.blank();
    else collector.row(row[codeColumn] ?? '', row[packageColumn] ?? '', line);
    line += 1;
  }
  return collector.finish(line - 1);
}

export const csvParsers = {
  ours: (buffer: ArrayBuffer): RateCodeCsvResult => jobs.parseRateCodeCsv(buffer, PACKAGES),
  papaparse: (buffer: ArrayBuffer): RateCodeCsvResult => {
    const parsed = Papa.parse<string[]>(decoder.decode(buffer), { delimiter: ',', skipEmptyLines: true });
    const [header, ...rows] = parsed.data;
    return collect(rows, header ?? [], 2);
  },
  udsv: (buffer: ArrayBuffer): RateCodeCsvResult => {
    const text = decoder.decode(buffer);
    const schema = inferSchema(text);
    const rows = initParser(schema).stringArrs(text);
    return collect(
      rows,
      schema.cols.map((col) => col.name),
      2,
    );
  },
};
type ParserName = keyof typeof csvParsers;

function sameResult(a: RateCodeCsvResult, b: RateCodeCsvResult): boolean {
  if (a.rateCodes.length !== b.rateCodes.length || a.counts.pairs !== b.counts.pairs || a.counts.rows !== b.counts.rows) return false;
  if (!a.ok || !b.ok) return false;
  for (let i = 0; i < a.rateCodes.length; i += 1) {
    const x = a.rateCodes[i]!;
    const y = b.rateCodes[i]!;
    if (x.name !== y.name || x.packageExternalIds.join('\n') !== y.packageExternalIds.join('\n')) return false;
  }
  return true;
}

export function csvBench(sizes: readonly number[] = [100_000, 1_000_000]): Row[] {
  const rows: Row[] = [];
  for (const size of sizes) {
    const buffer = rateCodeCsvBytes(size);
    const names = Object.keys(csvParsers) as ParserName[];
    const reference = csvParsers.ours(buffer);
    if (reference.rows !== size || !reference.ok) throw new Error(`ours read ${reference.rows} rows of ${size}: ${JSON.stringify(reference.problems.slice(0, 3))}`);
    for (const name of names) if (!sameResult(reference, csvParsers[name](buffer))) throw new Error(`${name} does not agree with ours on ${size} rows`);
    const runs = size >= 1_000_000 ? 7 : 15;
    const times: Record<ParserName, number[]> = { ours: [], papaparse: [], udsv: [] };
    for (let run = 0; run < runs; run += 1) {
      // rotate the order so no parser always runs right after another's garbage
      for (let k = 0; k < names.length; k += 1) {
        const name = names[(run + k) % names.length] as ParserName;
        const start = performance.now();
        csvParsers[name](buffer);
        times[name].push(performance.now() - start);
      }
    }
    const median = (name: ParserName) => percentile(times[name].sort((a, b) => a - b), 50);
    const ours = median('ours');
    const peers = (['papaparse', 'udsv'] as const).map((name) => ({ name, ms: median(name) }));
    const fastest = peers.reduce((a, b) => (b.ms < a.ms ? b : a));
    const label = size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`;
    const mb = (buffer.byteLength / 1024 / 1024).toFixed(1);
    rows.push({
      benchmark: `csv ${label} rows: ours`,
      n: runs,
      p50: ours,
      p95: percentile(times.ours, 95),
      figure: `ours/${fastest.name} ${(ours / fastest.ms).toFixed(2)}×`,
      note: `${mb} MB → ${reference.counts.rateCodes} rate codes; ArrayBuffer → validated codes`,
    });
    for (const peer of peers) {
      rows.push({
        benchmark: `csv ${label} rows: ${peer.name}`,
        n: runs,
        p50: peer.ms,
        p95: percentile(times[peer.name], 95),
        figure: `ours/${peer.name} ${(ours / peer.ms).toFixed(2)}×`,
        note: 'same bytes, TextDecoder + parse + same rules',
      });
    }
  }
  return rows;
}

/**
 * Rate-code CSV rules (spec section 5 "Rate code import"). A file holds one row per rate code and
 * package pair, under a header naming the two columns:
 *
 *   Rate Code,Package ID
 *   BB,BREAKFAST
 *   BB,SPA
 *   RO,ROOM_ONLY
 *
 * Rows of the same rate code are grouped. Every row is validated: the rate code and package ID are
 * required, and the package must already be loaded in the Packages page; every rate code then
 * follows the rules a rate code written any other way follows (rate-code-rules.ts: an ID of at most
 * 100 characters, at most 1,000 packages). The import overrides all rate codes of the hotel, so a
 * file with any problem is refused as a whole (`ok` is false).
 *
 * The file is read by the app's one CSV reader (csv.ts: RFC 4180, any delimiter of the header,
 * read whole or piece by piece as it arrives, formula cells neutralised on export and read back as
 * they were); this module is what a row means for rate codes: RateCodeCsvCollector is its sink.
 */
import { CSV_LINE_END, CSV_MAX_BYTES, CsvStream, CsvTextStream, csvLine, readCsvBytes, readCsvCell, readCsvText, type CsvColumns, type CsvReaderMessages, type CsvRowSink } from './csv';
import { importedRateCodeSchema } from './rate-code-rules';

export const RATE_CODE_CSV_HEADER = ['Rate Code', 'Package ID'] as const;
const HEADER_ALIASES: Record<string, 'code' | 'package'> = {
  'rate code': 'code',
  ratecode: 'code',
  rate_code: 'code',
  alias: 'code',
  'package id': 'package',
  packageid: 'package',
  package_id: 'package',
  package: 'package',
};

export interface CsvProblem {
  /** 1-based physical line of the record (0 for the summary line of problems left out) */
  line: number;
  message: string;
}

export interface ImportedRateCode {
  /** the rate code's alias; name and externalId are both set from it */
  name: string;
  /** package external IDs, in file order, without repeats */
  packageExternalIds: string[];
}

/** A run of consecutive rows of one rate code, as a collector in runs mode hands them out. */
export interface ImportedRateCodeRun extends ImportedRateCode {
  /** the line of the run's first row */
  firstLine: number;
}

export interface RateCodeCsvCollectorOptions {
  /**
   * Runs mode (the gateway's import, docs/adr/0030): rows are handed out as runs of one rate code
   * (`takeRuns`) instead of being kept grouped by rate code, so memory holds one run and what was not
   * taken yet. The rules of every rate code (ID length, number of packages) and the grouping of a
   * rate code's runs are then the taker's (the result has no rate codes, and counts runs as rate codes).
   */
  runs?: boolean;
}

export interface RateCodeCsvCounts {
  /** physical lines read, header included */
  lines: number;
  /** data rows: records after the header that are not blank */
  rows: number;
  /** blank lines (or lines of delimiters and spaces only), skipped */
  blankLines: number;
  /** rows that passed every rule (duplicate pairs included) */
  validRows: number;
  /** rows refused by a rule */
  invalidRows: number;
  /** rows repeating a rate code and package pair already read; ignored */
  duplicatePairs: number;
  /** distinct rate code and package pairs imported */
  pairs: number;
  /** distinct rate codes imported */
  rateCodes: number;
  /** problems found, including those left out of `problems` */
  problems: number;
}

export interface RateCodeCsvResult {
  /** true when the file can be imported: no problem at all and at least one rate code */
  ok: boolean;
  rateCodes: ImportedRateCode[];
  /** the first MAX_REPORTED_PROBLEMS problems with their line, then one line counting the rest */
  problems: CsvProblem[];
  /** data rows read (same as counts.rows) */
  rows: number;
  counts: RateCodeCsvCounts;
  /** how the bytes were read, when the input was bytes */
  encoding?: 'utf-8' | 'windows-1252';
}

export const MAX_REPORTED_PROBLEMS = 100;
/** Larger files are refused before they are read (a million rows is about 25 MB). */
export const RATE_CODE_CSV_MAX_BYTES = CSV_MAX_BYTES;

export const RATE_CODE_CSV_MESSAGES = {
  empty: 'The file is empty.',
  header: `The first line must name the columns ${RATE_CODE_CSV_HEADER.join(' and ')}.`,
  noRateCodes: 'The file has no rate codes.',
  notText: 'The file is not a CSV text file.',
  tooLarge: `The file is larger than ${RATE_CODE_CSV_MAX_BYTES / 1024 / 1024} MB.`,
  emptyCode: (line: number) => `Line ${line}: the rate code is empty.`,
  emptyPackage: (line: number, code: string) => `Line ${line}: rate code ${code} has no package ID.`,
  unknownPackage: (line: number, packageId: string) => `Line ${line}: package ${packageId} is not loaded in the Packages page.`,
  unclosedQuote: (line: number) => `Line ${line}: a quoted field is not closed.`,
  /** a rate code breaking a rule of every rate code, named by the line it starts on */
  rateCodeRule: (line: number, message: string) => `Line ${line}: ${message}`,
  more: (count: number) => `…and ${count} more problems.`,
} as const;

export interface RateCodeCsvColumns {
  codeColumn: number;
  packageColumn: number;
}

/** Finds the rate code and package columns in a header record, or null when one is missing. */
export function resolveRateCodeCsvHeader(fields: readonly string[]): RateCodeCsvColumns | null {
  let codeColumn = -1;
  let packageColumn = -1;
  for (let index = 0; index < fields.length; index += 1) {
    const role = HEADER_ALIASES[(fields[index] as string).trim().toLowerCase()];
    if (role === 'code' && codeColumn === -1) codeColumn = index;
    else if (role === 'package' && packageColumn === -1) packageColumn = index;
  }
  return codeColumn === -1 || packageColumn === -1 ? null : { codeColumn, packageColumn };
}

/** Codes with many packages get a Set for repeats; small lists are searched linearly. */

const SET_THRESHOLD = 16;

/**
 * Applies the row rules and groups valid rows. The reader of this module feeds it, and so can any
 * other CSV reader (the benchmark feeds it papaparse's and udsv's rows), so results are comparable.
 */
export class RateCodeCsvCollector implements CsvRowSink<RateCodeCsvResult> {
  readonly messages: CsvReaderMessages = READER_MESSAGES;
  private readonly known = new Map<string, string>();
  private readonly codes = new Map<string, ImportedRateCode>();
  /** the line each rate code was first read on */
  private readonly firstLines = new Map<ImportedRateCode, number>();
  private readonly large = new Map<ImportedRateCode, Set<string>>();
  /** the code of the previous row: files are grouped by code, so most rows repeat it */
  private last: ImportedRateCode | null = null;
  private readonly problems: CsvProblem[] = [];
  private problemCount = 0;
  private rows = 0;
  private blankLines = 0;
  private invalidRows = 0;
  private duplicatePairs = 0;
  private pairs = 0;
  private readonly runsMode: boolean;
  /** runs mode: finished runs not taken yet, and how many runs were read */
  private finishedRuns: ImportedRateCodeRun[] = [];
  private runCount = 0;

  constructor(knownPackageExternalIds: Iterable<string>, options: RateCodeCsvCollectorOptions = {}) {
    this.runsMode = options.runs === true;
    // imported IDs are the known strings themselves, so results never hold slices of the file
    // a property key is an internalized string: identical IDs compare by pointer in repeat checks
    const internalized: Record<string, true> = Object.create(null) as Record<string, true>;
    for (const id of knownPackageExternalIds) internalized[id] = true;
    for (const id of Object.keys(internalized)) this.known.set(id, id);
  }

  columns(fields: readonly string[]): CsvColumns | null {
    const found = resolveRateCodeCsvHeader(fields);
    return found === null ? null : { first: found.codeColumn, second: found.packageColumn };
  }

  /** One data row with the raw (untrimmed, maybe neutralised) values of its two columns. */
  row(rawCode: string, rawPackageCell: string, line: number): void {
    this.rows += 1;
    const code = readCsvCell(rawCode).trim();
    const rawPackageId = readCsvCell(rawPackageCell);
    if (code === '') {
      this.invalidRows += 1;
      this.problem(line, RATE_CODE_CSV_MESSAGES.emptyCode(line));
      return;
    }
    const packageId = this.known.get(rawPackageId) ?? this.known.get(rawPackageId.trim());
    if (packageId === undefined) {
      this.invalidRows += 1;
      const trimmed = rawPackageId.trim();
      this.problem(line, trimmed === '' ? RATE_CODE_CSV_MESSAGES.emptyPackage(line, code) : RATE_CODE_CSV_MESSAGES.unknownPackage(line, trimmed));
      return;
    }
    let entry = this.last;
    if (this.runsMode && (entry === null || entry.name !== code)) {
      this.closeRun();
      const run: ImportedRateCodeRun = { name: code, packageExternalIds: [], firstLine: line };
      this.runCount += 1;
      this.last = entry = run;
    } else if (entry === null || entry.name !== code) {
      let found = this.codes.get(code);
      if (found === undefined) {
        found = { name: code, packageExternalIds: [] };
        this.codes.set(code, found);
        this.firstLines.set(found, line);
      }
      this.last = entry = found;
    }
    this.pair(entry, packageId);
  }

  /**
   * The same as `row(text.slice(codeStart, codeEnd), text.slice(packageStart, packageEnd), line)`,
   * with a shortcut for the common row: a known package ID as is, under the previous row's code.
   */
  rowAt(text: string, codeStart: number, codeEnd: number, packageStart: number, packageEnd: number, line: number): void {
    const rawPackageId = text.slice(packageStart, packageEnd);
    // a cell that may be neutralised goes the careful way (readCsvCell in row)
    if (text.charCodeAt(packageStart) === 39) {
      this.row(text.slice(codeStart, codeEnd), rawPackageId, line);
      return;
    }
    const packageId = this.known.get(rawPackageId);
    const last = this.last;
    if (packageId !== undefined && last !== null && codeEnd - codeStart === last.name.length && text.charCodeAt(codeStart) !== 39) {
      const code = text.slice(codeStart, codeEnd);
      if (code === last.name) {
        this.rows += 1;
        this.pair(last, packageId);
        return;
      }
      this.row(code, packageId, line);
      return;
    }
    this.row(text.slice(codeStart, codeEnd), packageId ?? rawPackageId, line);
  }

  private pair(entry: ImportedRateCode, packageId: string): void {
    const ids = entry.packageExternalIds;
    if (ids.length < SET_THRESHOLD) {
      if (ids.indexOf(packageId) !== -1) {
        this.duplicatePairs += 1;
        return;
      }
    } else {
      let set = this.large.get(entry);
      if (set === undefined) {
        set = new Set(ids);
        this.large.set(entry, set);
      }
      if (set.has(packageId)) {
        this.duplicatePairs += 1;
        return;
      }
      set.add(packageId);
    }
    ids.push(packageId);
    this.pairs += 1;
  }

  /** Runs mode: the run being read is finished (a row of another code came, or the file ended). */
  private closeRun(): void {
    const last = this.last;
    if (last === null) return;
    this.finishedRuns.push(last as ImportedRateCodeRun);
    this.large.delete(last);
    this.last = null;
  }

  /** Runs mode: the runs finished since the last call, in file order. */
  takeRuns(): ImportedRateCodeRun[] {
    const runs = this.finishedRuns;
    this.finishedRuns = [];
    return runs;
  }

  /** Runs mode: finished runs not taken yet. */
  get pendingRuns(): number {
    return this.finishedRuns.length;
  }

  /** True when nothing was imported and nothing was refused: a header with no rows. */
  isEmpty(): boolean {
    return (this.runsMode ? this.runCount : this.codes.size) === 0 && this.problemCount === 0;
  }

  blank(): void {
    this.blankLines += 1;
  }

  /** A data row refused by the reader itself (an unclosed quote). */
  invalid(line: number, message: string): void {
    this.rows += 1;
    this.invalidRows += 1;
    this.problem(line, message);
  }

  problem(line: number, message: string): void {
    this.problemCount += 1;
    if (this.problems.length < MAX_REPORTED_PROBLEMS) this.problems.push({ line, message });
  }

  finish(lines: number): RateCodeCsvResult {
    if (this.runsMode) this.closeRun();
    const rateCodes = Array.from(this.codes.values());
    // each rate code by the rules of every rate code, so what is imported can be edited afterwards
    for (const code of rateCodes) {
      const checked = importedRateCodeSchema.safeParse(code);
      if (checked.success) continue;
      const line = this.firstLines.get(code) ?? 0;
      for (const message of new Set(checked.error.issues.map((issue) => issue.message))) this.problem(line, RATE_CODE_CSV_MESSAGES.rateCodeRule(line, message));
    }
    const problems = this.problems.slice();
    if (this.problemCount > problems.length) problems.push({ line: 0, message: RATE_CODE_CSV_MESSAGES.more(this.problemCount - problems.length) });
    const counts: RateCodeCsvCounts = {
      lines,
      rows: this.rows,
      blankLines: this.blankLines,
      validRows: this.rows - this.invalidRows,
      invalidRows: this.invalidRows,
      duplicatePairs: this.duplicatePairs,
      pairs: this.pairs,
      rateCodes: this.runsMode ? this.runCount : rateCodes.length,
      problems: this.problemCount,
    };
    return { ok: this.problemCount === 0 && counts.rateCodes > 0, rateCodes, problems, rows: this.rows, counts };
  }
}

const READER_MESSAGES: CsvReaderMessages = {
  empty: RATE_CODE_CSV_MESSAGES.empty,
  header: RATE_CODE_CSV_MESSAGES.header,
  noRows: RATE_CODE_CSV_MESSAGES.noRateCodes,
  notText: RATE_CODE_CSV_MESSAGES.notText,
  tooLarge: RATE_CODE_CSV_MESSAGES.tooLarge,
  unclosedQuote: RATE_CODE_CSV_MESSAGES.unclosedQuote,
};

/** The reader of csv.ts fed with text piece by piece, into a rate-code collector. */
export class RateCodeCsvTextStream extends CsvTextStream<RateCodeCsvResult> {
  constructor(knownPackageExternalIds: Iterable<string>, options: RateCodeCsvCollectorOptions = {}) {
    super(new RateCodeCsvCollector(knownPackageExternalIds, options));
  }

  /** Runs mode: the runs of rate codes finished so far (the collector's `takeRuns`). */
  takeRuns(): ImportedRateCodeRun[] {
    return (this.sink as RateCodeCsvCollector).takeRuns();
  }

  /** Runs mode: finished runs not taken yet. */
  get pendingRuns(): number {
    return (this.sink as RateCodeCsvCollector).pendingRuns;
  }
}

/** The reader of csv.ts fed with bytes piece by piece (the gateway's upload), into a rate-code collector. */
export class RateCodeCsvStream extends CsvStream<RateCodeCsvResult> {
  constructor(knownPackageExternalIds: Iterable<string>, options: RateCodeCsvCollectorOptions = {}) {
    let first = true;
    // the first sink reads the rows; another answers a file refused whole
    super(() => {
      if (!first) return new RateCodeCsvCollector([]);
      first = false;
      return new RateCodeCsvCollector(knownPackageExternalIds, options);
    });
  }

  takeRuns(): ImportedRateCodeRun[] {
    return (this.sink as RateCodeCsvCollector).takeRuns();
  }

  get pendingRuns(): number {
    return (this.sink as RateCodeCsvCollector).pendingRuns;
  }
}

/** Parses and validates the text of a rate-code CSV against the external IDs of the hotel's packages. */
export function parseRateCodeCsv(text: string, knownPackageExternalIds: Iterable<string>): RateCodeCsvResult {
  return readCsvText(text, new RateCodeCsvCollector(knownPackageExternalIds));
}

/**
 * Parses and validates the bytes of a rate-code CSV (what the worker runs): UTF-8 (with or
 * without BOM), or Windows-1252 when the bytes are not UTF-8, as older spreadsheets save.
 * Binary content is refused by content, not by name.
 */
export function parseRateCodeCsvBytes(bytes: ArrayBuffer | ArrayBufferView, knownPackageExternalIds: Iterable<string>): RateCodeCsvResult {
  let first = true;
  return readCsvBytes<RateCodeCsvResult>(bytes, () => {
    if (!first) return new RateCodeCsvCollector([]);
    first = false;
    return new RateCodeCsvCollector(knownPackageExternalIds);
  });
}

/** Reads an async iterable of byte pieces (a Node stream, a web ReadableStream) to its result. */
export async function readRateCodeCsvStream(pieces: AsyncIterable<Uint8Array>, knownPackageExternalIds: Iterable<string>): Promise<RateCodeCsvResult> {
  const stream = new RateCodeCsvStream(knownPackageExternalIds);
  for await (const piece of pieces) stream.push(piece);
  return stream.finish();
}

/** The answer for a file refused before reading (too large), so the page need not read it at all. */
export function rateCodeCsvTooLarge(): RateCodeCsvResult {
  const collector = new RateCodeCsvCollector([]);
  collector.problem(1, RATE_CODE_CSV_MESSAGES.tooLarge);
  return collector.finish(0);
}

/** A hotel's rate codes as a file the import reads back unchanged: one row per rate code and package, in the order given. */
export function rateCodeCsvText(rateCodes: readonly ImportedRateCode[]): string {
  const lines = [csvLine(RATE_CODE_CSV_HEADER)];
  for (const code of rateCodes) for (const packageId of code.packageExternalIds) lines.push(csvLine([code.name, packageId]));
  return lines.join(CSV_LINE_END) + CSV_LINE_END;
}

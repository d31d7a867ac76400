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
 * The reader is RFC 4180 (quoted fields with "" escapes, delimiters and line breaks inside), takes
 * CRLF or LF line ends, skips a BOM and blank lines, and accepts ';' or tab as the delimiter when
 * the header uses it (spreadsheets in many locales save so). It runs in the worker over files of a
 * million rows, so lines without a quote take an indexOf path that allocates nothing but the two
 * values it needs, and every search position is cached so the scan stays linear.
 */
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
/** Delimiters tried on the header line, in order. */
const DELIMITERS = [',', ';', '\t'] as const;

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
export const RATE_CODE_CSV_MAX_BYTES = 128 * 1024 * 1024;

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
export class RateCodeCsvCollector {
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

  /** One data row with the raw (untrimmed) values of its two columns. */
  row(rawCode: string, rawPackageId: string, line: number): void {
    this.rows += 1;
    const code = rawCode.trim();
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
    const packageId = this.known.get(rawPackageId);
    const last = this.last;
    if (packageId !== undefined && last !== null && codeEnd - codeStart === last.name.length) {
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

interface QuotedRecord {
  fields: string[];
  next: number;
  newlines: number;
  unclosed: boolean;
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count += 1;
  return count;
}

/** Reads one record starting at `pos` the careful way (quotes, escapes, line breaks in fields). */
function readRecord(text: string, pos: number, delimiter: number): QuotedRecord {
  const end = text.length;
  const fields: string[] = [];
  let newlines = 0;
  for (;;) {
    let field = '';
    if (text.charCodeAt(pos) === 34) {
      let from = pos + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) {
          field += text.slice(from);
          newlines += countNewlines(text, from, end);
          fields.push(field);
          return { fields, next: end, newlines, unclosed: true };
        }
        field += text.slice(from, quote);
        newlines += countNewlines(text, from, quote);
        if (text.charCodeAt(quote + 1) === 34) {
          field += '"';
          from = quote + 2;
        } else {
          pos = quote + 1;
          break;
        }
      }
    }
    // unquoted field, or what follows a closing quote, up to the delimiter or the line end
    let k = pos;
    let c = 0;
    while (k < end) {
      c = text.charCodeAt(k);
      if (c === delimiter || c === 10 || (c === 13 && text.charCodeAt(k + 1) === 10)) break;
      k += 1;
    }
    field += text.slice(pos, k);
    fields.push(field);
    if (k >= end) return { fields, next: end, newlines, unclosed: false };
    if (c === delimiter) {
      pos = k + 1;
      continue;
    }
    return { fields, next: k + (c === 13 ? 2 : 1), newlines, unclosed: false };
  }
}

function isBlankRecord(fields: readonly string[]): boolean {
  for (const field of fields) if (field.trim() !== '') return false;
  return true;
}

/** True when a line holds nothing but delimiters and white space. */
function isBlankLine(text: string, from: number, to: number, delimiter: number): boolean {
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c !== delimiter && c !== 32 && c !== 9 && c !== 13 && c !== 0xa0 && c !== 0xfeff) return false;
  }
  return true;
}

/** Parses and validates the text of a rate-code CSV against the external IDs of the hotel's packages. */
export function parseRateCodeCsv(text: string, knownPackageExternalIds: Iterable<string>): RateCodeCsvResult {
  // lines ended by CR alone (old Mac spreadsheets)
  if (text.indexOf('\r') !== -1 && text.indexOf('\n') === -1) text = text.replace(/\r/g, '\n');
  const collector = new RateCodeCsvCollector(knownPackageExternalIds);
  const end = text.length;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;

  // header: the first non-blank record; its delimiter is the first that names both columns
  let columns: RateCodeCsvColumns | null = null;
  let delimiter = 44;
  let headerSeen = false;
  while (pos < end && !headerSeen) {
    let record: QuotedRecord | null = null;
    for (const candidate of DELIMITERS) {
      const attempt = readRecord(text, pos, candidate.charCodeAt(0));
      record ??= attempt;
      const found = resolveRateCodeCsvHeader(attempt.fields);
      if (found !== null) {
        record = attempt;
        columns = found;
        delimiter = candidate.charCodeAt(0);
        break;
      }
    }
    const header = record as QuotedRecord;
    const headerLine = line;
    line += 1 + header.newlines;
    pos = header.next;
    if (columns === null && isBlankRecord(header.fields)) {
      collector.blank();
      continue;
    }
    headerSeen = true;
    if (columns === null) collector.problem(headerLine, RATE_CODE_CSV_MESSAGES.header);
    else if (header.unclosed) collector.problem(headerLine, RATE_CODE_CSV_MESSAGES.unclosedQuote(headerLine));
  }
  if (!headerSeen) {
    collector.problem(1, RATE_CODE_CSV_MESSAGES.empty);
    return collector.finish(line - 1);
  }
  if (columns === null) return collector.finish(line - 1);

  const { codeColumn, packageColumn } = columns;
  const lastColumn = codeColumn > packageColumn ? codeColumn : packageColumn;
  const delimiterText = String.fromCharCode(delimiter);
  const NONE = end + 1;
  let nextQuote = -1;
  let nextDelimiter = -1;
  while (pos < end) {
    let nl = text.indexOf('\n', pos);
    if (nl === -1) nl = end;
    if (nextQuote !== NONE && nextQuote < pos) {
      nextQuote = text.indexOf('"', pos);
      if (nextQuote === -1) nextQuote = NONE;
    }
    if (nextQuote < nl) {
      // careful path: this record has a quote somewhere
      const record = readRecord(text, pos, delimiter);
      const recordLine = line;
      line += 1 + record.newlines;
      pos = record.next;
      if (record.unclosed) {
        collector.invalid(recordLine, RATE_CODE_CSV_MESSAGES.unclosedQuote(recordLine));
        continue;
      }
      if (isBlankRecord(record.fields)) collector.blank();
      else collector.row(record.fields[codeColumn] ?? '', record.fields[packageColumn] ?? '', recordLine);
      continue;
    }
    // fast path: no quote on this line
    const stop = nl > pos && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    // a missing column reads as the empty range [0, 0)
    let codeStart = 0;
    let codeEnd = 0;
    let packageStart = 0;
    let packageEnd = 0;
    let start = pos;
    let column = 0;
    for (;;) {
      if (nextDelimiter !== NONE && nextDelimiter < start) {
        nextDelimiter = text.indexOf(delimiterText, start);
        if (nextDelimiter === -1) nextDelimiter = NONE;
      }
      const fieldEnd = nextDelimiter < stop ? nextDelimiter : stop;
      if (column === codeColumn) {
        codeStart = start;
        codeEnd = fieldEnd;
      } else if (column === packageColumn) {
        packageStart = start;
        packageEnd = fieldEnd;
      }
      if (column === lastColumn || fieldEnd === stop) break;
      start = fieldEnd + 1;
      column += 1;
    }
    const first = text.charCodeAt(codeStart);
    if ((codeEnd === codeStart || first <= 32 || first === 0xa0) && isBlankLine(text, pos, stop, delimiter)) collector.blank();
    else collector.rowAt(text, codeStart, codeEnd, packageStart, packageEnd, line);
    line += 1;
    pos = nl + 1;
  }
  if (collector.isEmpty()) collector.problem(line - 1, RATE_CODE_CSV_MESSAGES.noRateCodes);
  return collector.finish(line - 1);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function refused(message: string): RateCodeCsvResult {
  const collector = new RateCodeCsvCollector([]);
  collector.problem(1, message);
  return collector.finish(0);
}

/**
 * Parses and validates the bytes of a rate-code CSV (what the worker runs): UTF-8 (with or
 * without BOM), or Windows-1252 when the bytes are not UTF-8, as older spreadsheets save.
 * Binary content is refused by content, not by name.
 */
export function parseRateCodeCsvBytes(bytes: ArrayBuffer | ArrayBufferView, knownPackageExternalIds: Iterable<string>): RateCodeCsvResult {
  const view = ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes);
  if (view.byteLength > RATE_CODE_CSV_MAX_BYTES) return refused(RATE_CODE_CSV_MESSAGES.tooLarge);
  let text: string;
  let encoding: 'utf-8' | 'windows-1252' = 'utf-8';
  try {
    text = utf8.decode(view);
  } catch {
    text = new TextDecoder('windows-1252').decode(view);
    encoding = 'windows-1252';
  }
  if (text.indexOf('\0') !== -1) return { ...refused(RATE_CODE_CSV_MESSAGES.notText), encoding };
  return { ...parseRateCodeCsv(text, knownPackageExternalIds), encoding };
}

/** The answer for a file refused before reading (too large), so the page need not read it at all. */
export function rateCodeCsvTooLarge(): RateCodeCsvResult {
  return refused(RATE_CODE_CSV_MESSAGES.tooLarge);
}

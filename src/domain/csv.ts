/**
 * The one CSV reader of the app (docs/architecture.md "Worker"): the worker reads a chosen file
 * with it and the gateway reads an upload with it as it arrives, so both judge a file alike. It
 * reads two-column files (rate codes `Rate Code,Package ID`, rate-code-csv.ts; packages
 * `Package ID,Calculation Rule`, package-csv.ts); what a row means is its sink's (CsvRowSink).
 *
 * RFC 4180: quoted fields with "" escapes, delimiters and line breaks inside; CRLF, LF or CR-alone
 * line ends; a BOM and blank lines skipped; ';' or tab as the delimiter when the header uses it
 * (spreadsheets in many locales save so). Lines without a quote take an indexOf path that
 * allocates nothing but the two values it needs, and every search position is cached so the scan
 * stays linear over files of a million rows.
 *
 * Fed piece by piece (CsvTextStream, CsvStream for bytes), any split of a file reads exactly as the
 * whole: pieces end anywhere, inside a quoted field, between the CR and LF of a line end, inside a
 * UTF-8 character. Only what cannot be decided yet is held: the start of an unfinished line (or of
 * a quoted record, as the fields read so far) and, before the header is known, the header record.
 * Two decisions look at the whole file and are taken as early as they can be:
 * - lines ended by CR alone: the file is read so when it has a CR and no LF at all. Text after the
 *   first CR is held until an LF arrives; after CR_ONLY_DECISION characters without one, the file
 *   is taken as CR-ended.
 * - Windows-1252: bytes that are not UTF-8 are read as Windows-1252. Up to the first non-ASCII
 *   byte both read the same, so when the piece that is not UTF-8 is the first with a non-ASCII
 *   character (always so for a Windows-1252 file), it and what follows are read as Windows-1252.
 *   A file with UTF-8 characters in an earlier piece and then bytes that are not UTF-8 mixes two
 *   encodings: it is refused as not a text file.
 *
 * Formula cells (OWASP "CSV injection"): a cell written by `csvTextCell` that begins with = + - @, a
 * tab or a carriage return, after any single quotes, gets a single quote in front so a spreadsheet
 * shows it as text and never runs it; `readCsvCell` takes that quote off again, and only then, so
 * an exported file reads back exactly as it was written.
 */

/** Larger files are refused before they are read (a million rows is about 25 MB). */
export const CSV_MAX_BYTES = 128 * 1024 * 1024;

/** The words of the problems the reader itself finds; each format has its own. */
export interface CsvReaderMessages {
  empty: string;
  header: string;
  noRows: string;
  notText: string;
  tooLarge: string;
  unclosedQuote: (line: number) => string;
}

/** The two columns a format reads, by index in the header record. */
export interface CsvColumns {
  first: number;
  second: number;
}

/** How the bytes were read, when the input was bytes. */
export interface CsvEncoded {
  encoding?: 'utf-8' | 'windows-1252';
}

/**
 * What the reader hands a format: its header, its rows (raw values, untrimmed, still neutralised:
 * `readCsvCell` is the sink's), blank lines and problems; `finish` makes the format's result.
 */
export interface CsvRowSink<R> {
  readonly messages: CsvReaderMessages;
  /** The two columns in a header record, or null when one is missing. */
  columns(fields: readonly string[]): CsvColumns | null;
  row(first: string, second: string, line: number): void;
  /** The same as `row(text.slice(firstStart, firstEnd), text.slice(secondStart, secondEnd), line)`; a sink may take a shortcut. */
  rowAt(text: string, firstStart: number, firstEnd: number, secondStart: number, secondEnd: number, line: number): void;
  blank(): void;
  /** A data row refused by the reader itself (an unclosed quote). */
  invalid(line: number, message: string): void;
  problem(line: number, message: string): void;
  /** True when nothing was read and nothing was refused: a header with no rows. */
  isEmpty(): boolean;
  finish(lines: number): R;
}

const SINGLE_QUOTE = 39;

/** True for a value a spreadsheet could run: = + - @ tab or CR first, after any single quotes. */
function isFormulaLike(value: string): boolean {
  let i = 0;
  while (value.charCodeAt(i) === SINGLE_QUOTE) i += 1;
  const c = value.charCodeAt(i);
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13;
}

/** A value as a spreadsheet must never run it: a single quote in front of a formula-like value. */
export function neutraliseCsvValue(value: string): string {
  return isFormulaLike(value) ? `'${value}` : value;
}

/** A cell as read back: the quote `neutraliseCsvValue` added is taken off (and only that one). */
export function readCsvCell(raw: string): string {
  return raw.charCodeAt(0) === SINGLE_QUOTE && isFormulaLike(raw.slice(1)) ? raw.slice(1) : raw;
}

/** One cell of a written row: neutralised, then quoted when it holds a delimiter, a quote, a line break or edge spaces. */
export function csvTextCell(value: string): string {
  const safe = neutraliseCsvValue(value);
  return /[",;\t\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A written line (without its line end). */
export function csvLine(values: readonly string[]): string {
  return values.map(csvTextCell).join(',');
}

/** The line end of written files: CRLF, as RFC 4180 and spreadsheets write. */
export const CSV_LINE_END = '\r\n';

/** Characters held after the first CR, before any LF, until the file is taken as CR-ended. */
export const CR_ONLY_DECISION = 1024 * 1024;

const QUOTE = 34;
const LF = 10;
const CR = 13;
/** Header delimiters tried in order, as the whole-file reader does. */
const DELIMITERS = [44, 59, 9] as const;

const START = 0;
const QUOTED = 1;
const QUOTE_SEEN = 2;
const UNQUOTED = 3;
const CR_SEEN = 4;
type Phase = typeof START | typeof QUOTED | typeof QUOTE_SEEN | typeof UNQUOTED | typeof CR_SEEN;

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count += 1;
  return count;
}

function isBlankRecord(fields: readonly string[]): boolean {
  for (const field of fields) if (field.trim() !== '') return false;
  return true;
}

function isBlankLine(text: string, from: number, to: number, delimiter: number): boolean {
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c !== delimiter && c !== 32 && c !== 9 && c !== 13 && c !== 0xa0 && c !== 0xfeff) return false;
  }
  return true;
}

/**
 * A copy of a value that does not keep the piece it was cut from alive. V8 copies slices shorter
 * than 13 characters anyway; longer ones would point into the piece, and a rate code name kept in
 * the result would then keep its whole piece of the file.
 */
function detach(value: string): string {
  return value.length < 13 ? value : (' ' + value).slice(1);
}

/**
 * One record read the careful way (quotes, "" escapes, line breaks inside quotes), resumable: text
 * is fed piece by piece, and the record ends where the whole-file reader's `readRecord` ends it.
 */
class RecordReader {
  fields: string[] = [];
  newlines = 0;
  unclosed = false;
  /** where the record ended (header attempts): the piece and the position after it */
  piece = 0;
  offset = 0;
  done = false;
  private field = '';
  private phase: Phase = START;

  constructor(readonly delimiter: number) {}

  reset(): void {
    this.fields = [];
    this.newlines = 0;
    this.unclosed = false;
    this.piece = 0;
    this.offset = 0;
    this.done = false;
    this.field = '';
    this.phase = START;
  }

  private end(): void {
    this.fields.push(this.field);
    this.field = '';
    this.done = true;
  }

  /**
   * Reads `text` from `from`. Answers the position after the record's line end, or -1 when the
   * text ends first and more may come (all of it was read). With `final` the end of the text is
   * the end of the file, so the record always ends.
   */
  feed(text: string, from: number, final: boolean): number {
    const end = text.length;
    const delimiter = this.delimiter;
    let i = from;
    for (;;) {
      switch (this.phase) {
        case START:
          if (i >= end) {
            if (!final) return -1;
            this.end();
            return end;
          }
          if (text.charCodeAt(i) === QUOTE) {
            this.phase = QUOTED;
            i += 1;
          } else this.phase = UNQUOTED;
          break;
        case QUOTED: {
          const quote = text.indexOf('"', i);
          if (quote === -1) {
            this.field += text.slice(i);
            this.newlines += countNewlines(text, i, end);
            if (!final) return -1;
            this.unclosed = true;
            this.end();
            return end;
          }
          this.field += text.slice(i, quote);
          this.newlines += countNewlines(text, i, quote);
          i = quote + 1;
          this.phase = QUOTE_SEEN;
          break;
        }
        case QUOTE_SEEN:
          if (i >= end) {
            if (!final) return -1;
            this.phase = UNQUOTED;
            break;
          }
          if (text.charCodeAt(i) === QUOTE) {
            this.field += '"';
            i += 1;
            this.phase = QUOTED;
          } else this.phase = UNQUOTED;
          break;
        case UNQUOTED: {
          let k = i;
          let c = 0;
          while (k < end) {
            c = text.charCodeAt(k);
            if (c === delimiter || c === LF || c === CR) break;
            k += 1;
          }
          this.field += text.slice(i, k);
          if (k >= end) {
            if (!final) return -1;
            this.end();
            return end;
          }
          if (c === delimiter) {
            this.fields.push(this.field);
            this.field = '';
            this.phase = START;
            i = k + 1;
            break;
          }
          if (c === LF) {
            this.end();
            return k + 1;
          }
          // a CR ends the line only before an LF; alone it is part of the field
          if (k + 1 < end) {
            if (text.charCodeAt(k + 1) === LF) {
              this.end();
              return k + 2;
            }
            this.field += '\r';
            i = k + 1;
            break;
          }
          if (!final) {
            this.phase = CR_SEEN;
            return -1;
          }
          this.field += '\r';
          this.end();
          return end;
        }
        case CR_SEEN:
          if (i < end && text.charCodeAt(i) === LF) {
            this.end();
            return i + 1;
          }
          if (i >= end && !final) return -1;
          this.field += '\r';
          this.phase = UNQUOTED;
          break;
      }
    }
  }
}

/**
 * The reader fed with text piece by piece: `push(text)` any number of times, then `finish()` once.
 * Pushing the whole text at once is reading it whole.
 */
export class CsvTextStream<R> {
  private readonly collector: CsvRowSink<R>;
  private line = 1;
  private started = false;
  private finished = false;

  // lines ended by CR alone: undecided until an LF arrives, or CR_ONLY_DECISION characters after a CR
  private lineEnds: 'undecided' | 'lf' | 'cr' = 'undecided';
  private heldForCr = '';

  // header: the attempts of the three delimiters read the held text from the record's start
  private columns: CsvColumns | null = null;
  private headerSeen = false;
  /** the text of the header record being read, as it came */
  private readonly headerPieces: string[] = [];
  /** pieces the attempts have read */
  private headerFed = 0;
  private readonly attempts = DELIMITERS.map((delimiter) => new RecordReader(delimiter));

  // rows: the start of an unfinished line (without quote or LF), or a quoted record being read
  private delimiter = 44;
  private rest = '';
  private record = new RecordReader(44);
  private inRecord = false;

  /**
   * Characters handed to the readers so far: the work done, counted where the reading starts. It
   * grows with the text, never with the number of pieces it came in (a test and the bench read it).
   */
  charactersRead = 0;

  constructor(sink: CsvRowSink<R>) {
    this.collector = sink;
  }

  /** The sink the rows go to. */
  get sink(): CsvRowSink<R> {
    return this.collector;
  }

  push(text: string): void {
    if (this.finished) throw new Error('The CSV stream is finished.');
    if (text === '') return;
    if (this.lineEnds === 'lf') {
      this.read(text, false);
      return;
    }
    if (this.lineEnds === 'cr') {
      this.read(text.replace(/\r/g, '\n'), false);
      return;
    }
    if (text.indexOf('\n') !== -1) {
      this.lineEnds = 'lf';
      const held = this.heldForCr;
      this.heldForCr = '';
      this.read(held + text, false);
      return;
    }
    if (this.heldForCr === '' && text.indexOf('\r') === -1) {
      // no CR and no LF yet: read the same either way
      this.read(text, false);
      return;
    }
    this.heldForCr += text;
    if (this.heldForCr.length > CR_ONLY_DECISION) {
      this.lineEnds = 'cr';
      const held = this.heldForCr;
      this.heldForCr = '';
      this.read(held.replace(/\r/g, '\n'), false);
    }
  }

  finish(): R {
    if (this.finished) throw new Error('The CSV stream is finished.');
    // a CR and never an LF: the file's lines end with CR alone
    const held = this.heldForCr;
    this.heldForCr = '';
    this.read(held.replace(/\r/g, '\n'), true);
    this.finished = true;
    const collector = this.collector;
    if (!this.headerSeen) {
      collector.problem(1, collector.messages.empty);
      return collector.finish(this.line - 1);
    }
    if (this.columns === null) return collector.finish(this.line - 1);
    if (collector.isEmpty()) collector.problem(this.line - 1, collector.messages.noRows);
    return collector.finish(this.line - 1);
  }

  private read(text: string, final: boolean): void {
    if (!this.started) {
      if (text === '' && !final) return;
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (!this.headerSeen) {
      const after = this.readHeader(text, final);
      if (after === null) return;
      text = after;
    }
    if (this.columns !== null) this.readRows(text, final);
  }

  /** Answers the text after the header once it is known, or null while it is not. */
  private readHeader(text: string, final: boolean): string | null {
    const pieces = this.headerPieces;
    if (text !== '') pieces.push(text);
    for (;;) {
      if (pieces.length === 0) return final ? '' : null;
      // each attempt not done has read every earlier piece to its end
      const last = pieces.length - 1;
      for (let index = this.headerFed; index <= last; index += 1) {
        for (const attempt of this.attempts) {
          if (attempt.done) continue;
          this.charactersRead += (pieces[index] as string).length;
          const next = attempt.feed(pieces[index] as string, 0, false);
          if (next !== -1) {
            attempt.piece = index;
            attempt.offset = next;
          }
        }
      }
      this.headerFed = pieces.length;
      if (final) {
        // the end of the file ends every attempt
        for (const attempt of this.attempts) {
          if (attempt.done) continue;
          attempt.feed('', 0, true);
          attempt.piece = last;
          attempt.offset = (pieces[last] as string).length;
        }
      }
      // the first attempt that names both columns, in delimiter order; the comma's otherwise
      let chosen: RecordReader | null = null;
      let columns: CsvColumns | null = null;
      for (const attempt of this.attempts) {
        if (!attempt.done) break;
        columns = this.collector.columns(attempt.fields);
        if (columns !== null) {
          chosen = attempt;
          break;
        }
      }
      if (chosen === null && !this.attempts.every((attempt) => attempt.done)) return null;
      const header = chosen ?? (this.attempts[0] as RecordReader);
      const headerLine = this.line;
      this.line += 1 + header.newlines;
      const after = (pieces[header.piece] as string).slice(header.offset) + pieces.slice(header.piece + 1).join('');
      pieces.length = 0;
      if (after !== '') pieces.push(after);
      this.headerFed = 0;
      if (columns === null && isBlankRecord(header.fields)) {
        this.collector.blank();
        for (const attempt of this.attempts) attempt.reset();
        continue;
      }
      this.headerSeen = true;
      pieces.length = 0;
      if (columns === null) this.collector.problem(headerLine, this.collector.messages.header);
      else if (header.unclosed) this.collector.problem(headerLine, this.collector.messages.unclosedQuote(headerLine));
      this.columns = columns;
      this.delimiter = header.delimiter;
      this.record = new RecordReader(header.delimiter);
      return after;
    }
  }

  private endRecord(): void {
    const record = this.record;
    const columns = this.columns as CsvColumns;
    const recordLine = this.line;
    this.line += 1 + record.newlines;
    this.inRecord = false;
    if (record.unclosed) this.collector.invalid(recordLine, this.collector.messages.unclosedQuote(recordLine));
    else if (isBlankRecord(record.fields)) this.collector.blank();
    else this.collector.row(detach(record.fields[columns.first] ?? ''), record.fields[columns.second] ?? '', recordLine);
    record.reset();
  }

  private readRows(text: string, final: boolean): void {
    let pos = 0;
    if (this.inRecord) {
      this.charactersRead += text.length;
      const next = this.record.feed(text, 0, final);
      if (next === -1) return;
      this.endRecord();
      pos = next;
    }
    if (!final && this.rest !== '' && text.indexOf('\n') === -1 && text.indexOf('"') === -1) {
      this.charactersRead += text.length;
      // still the same line: kept as pieces, so a very long line is not copied at every piece
      this.rest += text;
      return;
    }
    // the held start of a line has neither quote nor LF: searches start after it
    const searchFrom = this.rest.length;
    const buffer = this.rest === '' ? text : this.rest + text;
    if (pos > 0) {
      // the record ended inside `text`; nothing was held before it
      this.readLines(buffer, pos, pos, final);
      return;
    }
    this.readLines(buffer, 0, searchFrom, final);
  }

  /** The whole-file reader's row loop over `buffer` from `pos`; keeps what is unfinished. */
  private readLines(buffer: string, pos: number, searchFrom: number, final: boolean): void {
    const { first: codeColumn, second: packageColumn } = this.columns as CsvColumns;
    const collector = this.collector;
    const lastColumn = codeColumn > packageColumn ? codeColumn : packageColumn;
    const delimiter = this.delimiter;
    const delimiterText = String.fromCharCode(delimiter);
    const end = buffer.length;
    const NONE = end + 1;
    let nextQuote = -1;
    let nextDelimiter = -1;
    let line = this.line;
    this.rest = '';
    this.charactersRead += end - (pos < searchFrom ? searchFrom : pos);
    while (pos < end) {
      let nl = buffer.indexOf('\n', pos > searchFrom ? pos : searchFrom);
      if (nextQuote !== NONE && nextQuote < pos) {
        nextQuote = buffer.indexOf('"', pos > searchFrom ? pos : searchFrom);
        if (nextQuote === -1) nextQuote = NONE;
      }
      if (nextQuote < (nl === -1 ? end : nl)) {
        // careful path: this record has a quote somewhere
        this.line = line;
        this.inRecord = true;
        const next = this.record.feed(buffer, pos, final);
        if (next === -1) return;
        this.endRecord();
        line = this.line;
        pos = next;
        continue;
      }
      if (nl === -1) {
        if (!final) {
          this.rest = buffer.slice(pos);
          break;
        }
        nl = end;
      }
      // fast path: no quote on this line
      const stop = nl > pos && buffer.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
      let codeStart = 0;
      let codeEnd = 0;
      let packageStart = 0;
      let packageEnd = 0;
      let start = pos;
      let column = 0;
      for (;;) {
        if (nextDelimiter !== NONE && nextDelimiter < start) {
          nextDelimiter = buffer.indexOf(delimiterText, start);
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
      const first = buffer.charCodeAt(codeStart);
      if ((codeEnd === codeStart || first <= 32 || first === 0xa0) && isBlankLine(buffer, pos, stop, delimiter)) collector.blank();
      else if (codeEnd - codeStart < 13) collector.rowAt(buffer, codeStart, codeEnd, packageStart, packageEnd, line);
      else collector.row(detach(buffer.slice(codeStart, codeEnd)), buffer.slice(packageStart, packageEnd), line);
      line += 1;
      pos = nl + 1;
    }
    this.line = line;
  }
}

const WINDOWS_1252 = new TextDecoder('windows-1252');
/** the BOM is dropped once, at the start of the file, not at the start of every piece */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Where the last whole UTF-8 character of `bytes` ends (bytes after it start one not complete yet). */
function wholeCharacters(bytes: Uint8Array): number {
  const end = bytes.byteLength;
  let i = end - 1;
  // back over continuation bytes (10xxxxxx) to the byte that starts the last character
  while (i >= 0 && i > end - 4 && ((bytes[i] as number) & 0xc0) === 0x80) i -= 1;
  if (i < 0) return end;
  const lead = bytes[i] as number;
  const length = lead < 0xc0 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : lead < 0xf8 ? 4 : 1;
  // complete, ASCII or not UTF-8 at all (the decoder says so): all of it now
  return end - i >= length ? end : i;
}

/**
 * The reader fed with bytes piece by piece: `push(bytes)` any number of times, then `finish()`
 * once. UTF-8 (with or without BOM), or Windows-1252 when the bytes are not UTF-8; binary content
 * (a NUL) and files over CSV_MAX_BYTES are refused (by a fresh sink: no row counted).
 */
export class CsvStream<R> {
  private readonly text: CsvTextStream<R & CsvEncoded>;
  private encoding: 'utf-8' | 'windows-1252' = 'utf-8';
  private bytes = 0;
  /** every character decoded so far is ASCII (a dropped BOM is not) */
  private ascii = true;
  /** the start of a UTF-8 character whose other bytes are in the next piece */
  private pending: Uint8Array = new Uint8Array(0);
  private started = false;
  private state: 'reading' | 'notText' | 'mixed' | 'tooLarge' = 'reading';
  private finished = false;

  /** `createSink` makes the sink the rows go to, and a fresh one for a file refused whole. */
  constructor(private readonly createSink: () => CsvRowSink<R & CsvEncoded>) {
    this.text = new CsvTextStream(createSink());
  }

  /** The sink the rows go to. */
  get sink(): CsvRowSink<R & CsvEncoded> {
    return this.text.sink;
  }

  /** Bytes read so far. */
  get byteLength(): number {
    return this.bytes;
  }

  push(chunk: Uint8Array): void {
    if (this.finished) throw new Error('The CSV stream is finished.');
    if (chunk.byteLength === 0 || this.state === 'mixed' || this.state === 'tooLarge') return;
    this.bytes += chunk.byteLength;
    if (this.bytes > CSV_MAX_BYTES) {
      this.state = 'tooLarge';
      return;
    }
    this.decoded(this.decode(chunk, false));
  }

  finish(): R & CsvEncoded {
    if (this.finished) throw new Error('The CSV stream is finished.');
    if (this.state === 'tooLarge') {
      this.finished = true;
      return this.refused((sink) => sink.messages.tooLarge);
    }
    if (this.state === 'reading' || this.state === 'notText') this.decoded(this.decode(new Uint8Array(0), true));
    this.finished = true;
    if (this.state === 'mixed') return { ...this.refused((sink) => sink.messages.notText), encoding: 'windows-1252' };
    if (this.state === 'notText') return { ...this.refused((sink) => sink.messages.notText), encoding: this.encoding };
    return { ...this.text.finish(), encoding: this.encoding };
  }

  /** A file refused whole, before or instead of its rows. */
  private refused(message: (sink: CsvRowSink<R & CsvEncoded>) => string): R & CsvEncoded {
    const sink = this.createSink();
    sink.problem(1, message(sink));
    return sink.finish(0);
  }

  private decode(chunk: Uint8Array, final: boolean): string {
    if (this.encoding === 'windows-1252') return WINDOWS_1252.decode(chunk);
    let bytes = chunk;
    if (this.pending.byteLength > 0) {
      bytes = new Uint8Array(this.pending.byteLength + chunk.byteLength);
      bytes.set(this.pending, 0);
      bytes.set(chunk, this.pending.byteLength);
    }
    // whole characters are decoded at once (much faster than the decoder's own stream mode)
    const whole = final ? bytes.byteLength : wholeCharacters(bytes);
    let text: string;
    try {
      text = UTF8.decode(bytes.subarray(0, whole));
    } catch {
      this.pending = new Uint8Array(0);
      if (!this.ascii) {
        this.state = 'mixed';
        return '';
      }
      // all read before was ASCII, the same in Windows-1252: read this piece and the rest so
      this.encoding = 'windows-1252';
      return WINDOWS_1252.decode(bytes);
    }
    this.pending = whole < bytes.byteLength ? bytes.slice(whole) : new Uint8Array(0);
    if (!this.started && text !== '') {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) {
        text = text.slice(1);
        this.ascii = false;
      }
    }
    // as many characters as bytes: all ASCII
    if (this.ascii && text.length !== whole) this.ascii = false;
    return text;
  }

  private decoded(text: string): void {
    if (this.state !== 'reading') return;
    if (text.indexOf('\0') !== -1) {
      // binary: refused whatever follows; the rest is still decoded to tell the encoding
      this.state = 'notText';
      return;
    }
    if (text !== '') this.text.push(text);
  }
}


/** Reads a whole text: the stream pushed once. */
export function readCsvText<R>(text: string, sink: CsvRowSink<R>): R {
  const stream = new CsvTextStream(sink);
  stream.push(text);
  return stream.finish();
}

/** Reads whole bytes (an ArrayBuffer or a view into one): the byte stream pushed once. */
export function readCsvBytes<R>(bytes: ArrayBuffer | ArrayBufferView, createSink: () => CsvRowSink<R & CsvEncoded>): R & CsvEncoded {
  const view = ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes);
  const stream = new CsvStream<R>(createSink);
  stream.push(view);
  return stream.finish();
}

/** Reads an async iterable of byte pieces (a Node stream, a web ReadableStream). */
export async function readCsvPieces<R>(pieces: AsyncIterable<Uint8Array>, createSink: () => CsvRowSink<R & CsvEncoded>): Promise<R & CsvEncoded> {
  const stream = new CsvStream<R>(createSink);
  for await (const piece of pieces) stream.push(piece);
  return stream.finish();
}

/** The name of an exported file of a hotel's list: `rate-codes-<hotel>-<YYYY-MM-DD>.csv` (ASCII, so every browser keeps it). */
export function hotelCsvFileName(kind: 'rate-codes' | 'packages', hotelName: string, day: Date): string {
  return `${kind}-${fileNameSlug(hotelName, 'hotel')}-${day.toISOString().slice(0, 10)}.csv`;
}

/** A name as a piece of a file name: ASCII letters, digits and dashes, at most 60 (`fallback` when nothing is left). */
export function fileNameSlug(name: string, fallback: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || fallback
  );
}

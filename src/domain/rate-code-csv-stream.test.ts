import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRateCodeCsv, parseRateCodeCsvBytes, RATE_CODE_CSV_MAX_BYTES, RATE_CODE_CSV_MESSAGES, type RateCodeCsvResult } from './rate-code-csv';
import { CR_ONLY_DECISION } from './csv';
import { RateCodeCsvStream, RateCodeCsvTextStream, readRateCodeCsvStream } from './rate-code-csv';

const known = ['BREAKFAST', 'SPA', 'ROOM_ONLY', 'Dinner, 3 courses', 'Gold "plus"', 'two\nlines', 'DÎNER', 'PARK€', '🍳EGGS'];
const encode = (text: string) => new TextEncoder().encode(text);
const latin = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

/**
 * A file with everything that can fall on a piece boundary: a BOM (3 bytes), blank lines before
 * the header and among the rows, CRLF and LF, quoted fields with delimiters, "" escapes and line
 * breaks, a quote inside an unquoted field, 2-, 3- and 4-byte UTF-8 characters, a code longer than
 * 13 characters, a bad row, and a last line without a line end.
 */
const TRICKY =
  '\ufeff\r\n ,\r\nRate Code,Package ID\r\n' +
  'BB,BREAKFAST\r\n' +
  '"BB",SPA\r\n' +
  '"Half ""board""","Dinner, 3 courses"\n' +
  '\r\n' +
  ',,\n' +
  'Café,DÎNER\r\n' +
  '"Multi\r\nline",SPA\n' +
  '"Q","two\nlines"\r\n' +
  'B"B,PARK€\r\n' +
  'A very long rate code name,🍳EGGS\r\n' +
  ' Café ,"Gold ""plus"""\r\n' +
  'XX,UNKNOWN\r\n' +
  '"",SPA\n' +
  'RO,ROOM_ONLY';

/** The same rows, without problems, so the good outcome is compared too. */
const GOOD = TRICKY.replace('XX,UNKNOWN\r\n', '').replace('"",SPA\n', '');

const SAMPLES: Record<string, string> = {
  tricky: TRICKY,
  good: GOOD,
  'semicolons, quoted header, blank lines before it': '\n\n"Rate Code";"Package ID"\r\nBB;"Dinner, 3 courses"\r\nBB;SPA\r\n"R;O";ROOM_ONLY\r\n',
  // under the comma the header is two fields; under the semicolon its quote runs to the next line
  'header read differently by each delimiter': 'Rate Code,Package ID;"x\ny"\nBB,SPA\n',
  'tab separated with a CR at the very end': 'rate_code\tpackage_id\nRO\tROOM_ONLY\r',
  'lines ended by CR alone': 'Rate Code,Package ID\rBB,SPA\r\rRO,"ROOM_ONLY"\r',
  'an unclosed quote in a row': 'Rate Code,Package ID\nBB,SPA\n"RO,ROOM_ONLY\nXX,SPA\n',
  'an unclosed quote in the header': '"Rate Code,Package ID\nBB,SPA\n',
  'a header without rows': 'Rate Code,Package ID\r\n\r\n',
  'no header': 'a,b\n1,2\n',
  'blank lines only': '\r\n , \r\n',
  'a field ending in a quote at the end': 'Rate Code,Package ID\nBB,"SPA"',
  'a delimiter at the very end': 'Rate Code,Package ID\nBB,SPA,',
  'a double BOM': '\ufeff\ufeffRate Code,Package ID\nBB,SPA\n',
};

/** Every way of cutting: at each single position, then in pieces of 1, 2, 3, 5 and 7. */
function splits<T extends { length: number; slice(start: number, end?: number): T }>(whole: T): T[][] {
  const all: T[][] = [];
  for (let at = 0; at <= whole.length; at += 1) all.push([whole.slice(0, at), whole.slice(at)]);
  for (const size of [1, 2, 3, 5, 7]) {
    const pieces: T[] = [];
    for (let at = 0; at < whole.length; at += size) pieces.push(whole.slice(at, at + size));
    all.push(pieces);
  }
  return all;
}

function streamText(pieces: readonly string[]): RateCodeCsvResult {
  const stream = new RateCodeCsvTextStream(known);
  for (const piece of pieces) stream.push(piece);
  return stream.finish();
}

function streamBytes(pieces: readonly Uint8Array[]): RateCodeCsvResult {
  const stream = new RateCodeCsvStream(known);
  for (const piece of pieces) stream.push(piece);
  return stream.finish();
}

/** Compares split by split, so a failure names the cut. */
function expectSameForEverySplit<T extends { length: number; slice(start: number, end?: number): T }>(whole: T, parse: (pieces: readonly T[]) => RateCodeCsvResult, reference: RateCodeCsvResult): void {
  for (const pieces of splits(whole)) {
    const result = parse(pieces);
    expect({ pieces: pieces.map((piece) => piece.length), result }).toEqual({ pieces: pieces.map((piece) => piece.length), result: reference });
  }
}

describe('RateCodeCsvTextStream', () => {
  it('reads the tricky sample as the whole-file reader does: codes, problems with their lines, counts', () => {
    const result = streamText([TRICKY]);
    expect(result).toEqual(parseRateCodeCsv(TRICKY, known));
    // the sample really holds what it claims, so the comparisons below mean something
    expect(result.rateCodes).toEqual([
      { name: 'BB', packageExternalIds: ['BREAKFAST', 'SPA'] },
      { name: 'Half "board"', packageExternalIds: ['Dinner, 3 courses'] },
      { name: 'Café', packageExternalIds: ['DÎNER', 'Gold "plus"'] },
      { name: 'Multi\r\nline', packageExternalIds: ['SPA'] },
      { name: 'Q', packageExternalIds: ['two\nlines'] },
      { name: 'B"B', packageExternalIds: ['PARK€'] },
      { name: 'A very long rate code name', packageExternalIds: ['🍳EGGS'] },
      { name: 'RO', packageExternalIds: ['ROOM_ONLY'] },
    ]);
    expect(result.problems).toEqual([
      { line: 17, message: 'Line 17: package UNKNOWN is not loaded in the Packages page.' },
      { line: 18, message: 'Line 18: the rate code is empty.' },
    ]);
    expect(result.counts).toMatchObject({ lines: 19, blankLines: 4 });
  });

  for (const [name, text] of Object.entries(SAMPLES)) {
    it(`gives parseRateCodeCsv's result for every split: ${name}`, () => {
      expectSameForEverySplit(text, streamText, parseRateCodeCsv(text, known));
    });
  }

  it('gives the same result for any text cut anywhere (property)', () => {
    const unit = fc.constantFrom('a', 'B', ',', ';', '\t', '"', '\n', '\r', '\r\n', ' ', 'é', '\ufeff', 'SPA', 'Rate Code', 'Package ID', 'ROOM_ONLY');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), (body, cuts, header) => {
        const text = header ? `Rate Code,Package ID\n${body}` : body;
        const at = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const pieces = [0, ...at].map((start, i) => text.slice(start, [...at, text.length][i]));
        expect(streamText(pieces)).toEqual(parseRateCodeCsv(text, known));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a CR-ended file held past the decision the same way, without waiting for its end', () => {
    const rows = 'BB,SPA\r'.repeat(Math.ceil(CR_ONLY_DECISION / 7) + 10);
    const text = `Rate Code,Package ID\r${rows}`;
    const stream = new RateCodeCsvTextStream(known);
    for (let at = 0; at < text.length; at += 65_536) stream.push(text.slice(at, at + 65_536));
    expect(stream.finish()).toEqual(parseRateCodeCsv(text, known));
  });

  it('reads a 100,000-row file in 64 KB pieces to the same result', () => {
    const lines = ['Rate Code,Package ID'];
    for (let i = 0; i < 100_000; i += 1) lines.push(i % 500 === 3 ? `"RC ${Math.floor(i / 4)}, promo",SPA` : `RC${Math.floor(i / 4)},${known[i % 4] === 'Dinner, 3 courses' ? '"Dinner, 3 courses"' : known[i % 4]}`);
    const text = `${lines.join('\r\n')}\r\n`;
    const stream = new RateCodeCsvTextStream(known);
    for (let at = 0; at < text.length; at += 65_536) stream.push(text.slice(at, at + 65_536));
    const result = stream.finish();
    expect(result).toEqual(parseRateCodeCsv(text, known));
    expect(result).toMatchObject({ ok: true, rows: 100_000 });
  });

  it('stays linear on a quote never closed in the header and on a line that never ends', () => {
    // read whole at every piece, 4 MB in 8 KB pieces would be reading some 1 G characters: the work
    // is counted, not timed, so a busy machine changes nothing
    for (const text of [`"Rate Code,Package ID\n${'BB,SPA\n'.repeat(600_000)}`, `Rate Code,Package ID\n${'x'.repeat(4 * 1024 * 1024)}`, `Rate Code,Package ID\n${'BB,SPA\n'.repeat(600_000)}`]) {
      const stream = new RateCodeCsvTextStream(known);
      for (let at = 0; at < text.length; at += 8192) stream.push(text.slice(at, at + 8192));
      const result = stream.finish();
      expect(stream.charactersRead).toBeGreaterThanOrEqual(text.length - 32);
      expect(stream.charactersRead).toBeLessThanOrEqual(4 * text.length);
      expect(result.counts).toEqual(parseRateCodeCsv(text, known).counts);
    }
  }, 60_000);
});

describe('RateCodeCsvStream (bytes)', () => {
  for (const name of ['tricky', 'good', 'lines ended by CR alone'] as const) {
    it(`gives parseRateCodeCsvBytes's result for every split, UTF-8 characters cut included: ${name}`, () => {
      const bytes = encode(SAMPLES[name] as string);
      const reference = parseRateCodeCsvBytes(bytes, known);
      expect(reference.encoding).toBe('utf-8');
      expectSameForEverySplit(bytes, streamBytes, reference);
    });
  }

  it('reads the same Windows-1252 file for every split, whether the first byte past ASCII is cut from the rest or not', () => {
    for (const text of ['Rate Code,Package ID\nCaf\u00e9,SPA\nBB,BREAKFAST\n', 'Rate Code,Package ID\nBB,SPA\nCaf\u00e9', '\u00ef\u00bbRate Code,Package ID\nBB,SPA\n']) {
      const bytes = latin(text);
      const reference = parseRateCodeCsvBytes(bytes, known);
      expect(reference.encoding).toBe('windows-1252');
      expectSameForEverySplit(bytes, streamBytes, reference);
    }
    expect(streamBytes([latin('Rate Code,Package ID\nCaf\u00e9,SPA\n')])).toMatchObject({ ok: true, encoding: 'windows-1252', rateCodes: [{ name: 'Café' }] });
  });

  it('refuses binary content for every split, and tells the encoding as the whole-file reader does', () => {
    for (const bytes of [Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]), Uint8Array.from([...encode('Rate Code,Package ID\nBB,SPA\n\0'), 0xe9, 0x41])]) {
      const reference = parseRateCodeCsvBytes(bytes, known);
      expect(reference.problems).toEqual([{ line: 1, message: RATE_CODE_CSV_MESSAGES.notText }]);
      expectSameForEverySplit(bytes, streamBytes, reference);
    }
  });

  it('refuses a file that is UTF-8 past a non-ASCII character of an earlier piece and then is not (two encodings)', () => {
    const head = encode('Rate Code,Package ID\nCafé,SPA\nCaf');
    const mixed = Uint8Array.from([...head, 0xe9, ...encode(',SPA\n')]);
    const utf8End = encode('Rate Code,Package ID\nCafé').length;
    const reference = parseRateCodeCsvBytes(mixed, known);
    expect(reference).toMatchObject({ ok: true, encoding: 'windows-1252', rateCodes: [{ name: 'CafÃ©' }, { name: 'Café' }] });
    for (let at = 0; at <= mixed.length; at += 1) {
      const result = streamBytes([mixed.slice(0, at), mixed.slice(at)]);
      // as read whole when the piece that is not UTF-8 is the first with a character past ASCII
      if (at < utf8End || at > head.length + 1) expect(result).toEqual(reference);
      else expect(result).toMatchObject({ ok: false, rateCodes: [], problems: [{ line: 1, message: RATE_CODE_CSV_MESSAGES.notText }] });
    }
    expect(streamBytes(splits(mixed).at(-5) as Uint8Array[]).problems).toEqual([{ line: 1, message: RATE_CODE_CSV_MESSAGES.notText }]);
  });

  it('refuses a file over the size limit without reading on', () => {
    const stream = new RateCodeCsvStream(known);
    stream.push(encode('Rate Code,Package ID\nBB,SPA\n'));
    stream.push(new Uint8Array(RATE_CODE_CSV_MAX_BYTES));
    stream.push(encode('BB,SPA\n'));
    expect(stream.byteLength).toBeGreaterThan(RATE_CODE_CSV_MAX_BYTES);
    expect(stream.finish().problems).toEqual([{ line: 1, message: RATE_CODE_CSV_MESSAGES.tooLarge }]);
  });

  it('reads any async iterable of pieces', async () => {
    const bytes = encode(GOOD);
    async function* pieces() {
      for (let at = 0; at < bytes.length; at += 10) yield bytes.subarray(at, at + 10);
    }
    expect(await readRateCodeCsvStream(pieces(), known)).toEqual(parseRateCodeCsvBytes(bytes, known));
  });
});

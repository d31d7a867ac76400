import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_REPORTED_PROBLEMS, parseRateCodeCsv, parseRateCodeCsvBytes } from './rate-code-csv';
import { rateCodeInputSchema } from './hotels';

const known = new Set(['BREAKFAST', 'SPA', 'ROOM_ONLY', 'Dinner, 3 courses']);

describe('parseRateCodeCsv', () => {
  it('groups rows by rate code, keeps file order and drops repeated pairs', () => {
    const text = '\ufeffRate Code,Package ID\r\nBB,BREAKFAST\r\nBB,SPA\r\nRO,ROOM_ONLY\r\nBB,SPA\r\n';
    const result = parseRateCodeCsv(text, known);
    expect(result.problems).toEqual([]);
    expect(result.rows).toBe(4);
    expect(result.rateCodes).toEqual([
      { name: 'BB', packageExternalIds: ['BREAKFAST', 'SPA'] },
      { name: 'RO', packageExternalIds: ['ROOM_ONLY'] },
    ]);
  });

  it('reads quoted fields with commas, quotes and line breaks', () => {
    const text = 'package_id,rate_code\n"Dinner, 3 courses","HB ""plus"""\n';
    expect(parseRateCodeCsv(text, known).rateCodes).toEqual([{ name: 'HB "plus"', packageExternalIds: ['Dinner, 3 courses'] }]);
  });

  it('reports every bad row with its line and imports nothing from a missing header', () => {
    const result = parseRateCodeCsv('Rate Code,Package ID\n,SPA\nBB,\nBB,UNKNOWN\n\nBB,SPA\n', known);
    expect(result.problems).toEqual([
      { line: 2, message: 'Line 2: the rate code is empty.' },
      { line: 3, message: 'Line 3: rate code BB has no package ID.' },
      { line: 4, message: 'Line 4: package UNKNOWN is not loaded in the Packages page.' },
    ]);
    expect(parseRateCodeCsv('a,b\n1,2\n', known).problems[0]?.message).toBe('The first line must name the columns Rate Code and Package ID.');
    expect(parseRateCodeCsv('', known).problems[0]?.message).toBe('The file is empty.');
  });
});

describe('parseRateCodeCsv edge cases', () => {
  it('takes BOM, CRLF, blank lines (also of bare delimiters), reversed and extra columns', () => {
    const text = '\ufeff\r\n \r\nNote,Package ID,Rate Code\r\n,BREAKFAST,BB\r\n\r\n,,\r\n  ,  ,\r\nx,SPA, BB \r\n';
    const result = parseRateCodeCsv(text, known);
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.rateCodes).toEqual([{ name: 'BB', packageExternalIds: ['BREAKFAST', 'SPA'] }]);
    expect(result.counts).toEqual({
      lines: 8,
      rows: 2,
      blankLines: 5,
      validRows: 2,
      invalidRows: 0,
      duplicatePairs: 0,
      pairs: 2,
      rateCodes: 1,
      problems: 0,
    });
  });

  it('reads semicolon and tab separated files by their header', () => {
    expect(parseRateCodeCsv('Rate Code;Package ID\nBB;SPA\nBB;"Dinner, 3 courses"\n', known).rateCodes).toEqual([
      { name: 'BB', packageExternalIds: ['SPA', 'Dinner, 3 courses'] },
    ]);
    expect(parseRateCodeCsv('rate_code\tpackage_id\nRO\tROOM_ONLY', known).rateCodes).toEqual([{ name: 'RO', packageExternalIds: ['ROOM_ONLY'] }]);
  });

  it('reads lines ended by CR alone', () => {
    expect(parseRateCodeCsv('Rate Code,Package ID\rBB,SPA\rRO,ROOM_ONLY\r', known).rateCodes).toHaveLength(2);
  });

  it('counts duplicate pairs and ignores them, also for codes with many packages', () => {
    const many = Array.from({ length: 40 }, (_, i) => `P${i}`);
    const rows = [...many, ...many, 'P3'].map((p) => `BIG,${p}`);
    const result = parseRateCodeCsv(`Rate Code,Package ID\n${rows.join('\n')}\nBB,SPA\nBB,SPA\n`, many.concat(['SPA']));
    expect(result.rateCodes).toEqual([
      { name: 'BIG', packageExternalIds: many },
      { name: 'BB', packageExternalIds: ['SPA'] },
    ]);
    expect(result.counts.duplicatePairs).toBe(42);
    expect(result.counts.pairs).toBe(41);
    expect(result.ok).toBe(true);
  });

  it('groups codes that come back later in the file', () => {
    const result = parseRateCodeCsv('Rate Code,Package ID\nA,SPA\nB,SPA\nA,BREAKFAST\nB,SPA\n', known);
    expect(result.rateCodes).toEqual([
      { name: 'A', packageExternalIds: ['SPA', 'BREAKFAST'] },
      { name: 'B', packageExternalIds: ['SPA'] },
    ]);
  });

  it('keeps physical line numbers after a quoted field with line breaks', () => {
    const result = parseRateCodeCsv('Rate Code,Package ID\n"B\nB",SPA\r\nBB,\nCC,NOPE\n', known);
    expect(result.rateCodes).toEqual([{ name: 'B\nB', packageExternalIds: ['SPA'] }]);
    expect(result.problems).toEqual([
      { line: 4, message: 'Line 4: rate code BB has no package ID.' },
      { line: 5, message: 'Line 5: package NOPE is not loaded in the Packages page.' },
    ]);
  });

  it('reports a quote that is never closed and refuses the file', () => {
    const result = parseRateCodeCsv('Rate Code,Package ID\nBB,SPA\n"RO,ROOM_ONLY\nXX,SPA\n', known);
    expect(result.problems).toEqual([{ line: 3, message: 'Line 3: a quoted field is not closed.' }]);
    expect(result.ok).toBe(false);
    expect(result.counts.invalidRows).toBe(1);
  });

  it('treats a quote inside an unquoted field as a character', () => {
    expect(parseRateCodeCsv('Rate Code,Package ID\nB"B,SPA\n', known).rateCodes).toEqual([{ name: 'B"B', packageExternalIds: ['SPA'] }]);
  });

  it('refuses a header without rows, a short row, and caps the problem list', () => {
    const headerOnly = parseRateCodeCsv('Rate Code,Package ID\r\n\r\n', known);
    expect(headerOnly.ok).toBe(false);
    expect(headerOnly.problems).toEqual([{ line: 2, message: 'The file has no rate codes.' }]);
    expect(parseRateCodeCsv('Rate Code,Package ID\nBB\n', known).problems).toEqual([{ line: 2, message: 'Line 2: rate code BB has no package ID.' }]);
    const bad = Array.from({ length: 250 }, (_, i) => `C${i},NOPE`).join('\n');
    const result = parseRateCodeCsv(`Rate Code,Package ID\n${bad}\nOK,SPA\n`, known);
    expect(result.problems).toHaveLength(MAX_REPORTED_PROBLEMS + 1);
    expect(result.problems.at(-1)).toEqual({ line: 0, message: '…and 150 more problems.' });
    expect(result.counts).toMatchObject({ rows: 251, invalidRows: 250, validRows: 1, problems: 250, rateCodes: 1 });
    expect(result.ok).toBe(false);
  });

  it('does not grow quadratic on long files without quotes or delimiters', () => {
    // every search position is cached: four times the lines take about four times as long; a search
    // to the end of the text on every line would take sixteen. Sizes are compared in one run, the
    // best of three each, so a busy machine slows both alike (no bound in seconds).
    const file = (lines: number) => 'Rate Code,Package ID\n' + 'x\n'.repeat(lines);
    const fastest = (lines: number) => {
      const text = file(lines);
      let best = Infinity;
      for (let run = 0; run < 3; run += 1) {
        const start = performance.now();
        const result = parseRateCodeCsv(text, known);
        best = Math.min(best, performance.now() - start);
        expect(result.counts.invalidRows).toBe(lines);
      }
      return best;
    };
    const small = fastest(250_000);
    const large = fastest(1_000_000);
    expect(large / small).toBeLessThan(10);
  }, 60_000);
});

describe('the rules of every rate code', () => {
  it('refuses a code the JSON routes would refuse, by the line it starts on and with the same words', () => {
    const long = 'L'.repeat(101);
    const result = parseRateCodeCsv(`Rate Code,Package ID\nBB,SPA\n${long},SPA\n${long},BREAKFAST\n`, known);
    const refused = rateCodeInputSchema.safeParse({ name: long, packages: ['6f1c1b1e-1111-4111-8111-111111111111'] });
    expect(refused.success).toBe(false);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([{ line: 3, message: `Line 3: ${refused.error?.issues[0]?.message}` }]);
    // 100 characters are one rate code like any other
    expect(parseRateCodeCsv(`Rate Code,Package ID\n${'L'.repeat(100)},SPA\n`, known).ok).toBe(true);
  });
});

describe('parseRateCodeCsvBytes', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('reads UTF-8 with a BOM, from an ArrayBuffer or a view into a larger one', () => {
    const file = bytes('\ufeffRate Code,Package ID\nCafé,SPA\n');
    expect(parseRateCodeCsvBytes(file.buffer, known)).toMatchObject({ ok: true, encoding: 'utf-8', rateCodes: [{ name: 'Café' }] });
    const padded = new Uint8Array(file.length + 8);
    padded.set(file, 4);
    expect(parseRateCodeCsvBytes(padded.subarray(4, 4 + file.length), known).rateCodes).toEqual([{ name: 'Café', packageExternalIds: ['SPA'] }]);
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8', () => {
    const latin = Uint8Array.from([...'Rate Code,Package ID\nCaf'].map((c) => c.charCodeAt(0)).concat([0xe9], [...',SPA\n'].map((c) => c.charCodeAt(0))));
    expect(parseRateCodeCsvBytes(latin, known)).toMatchObject({ ok: true, encoding: 'windows-1252', rateCodes: [{ name: 'Café' }] });
  });

  it('refuses binary content whatever the name', () => {
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]);
    expect(parseRateCodeCsvBytes(zip, known).problems).toEqual([{ line: 1, message: 'The file is not a CSV text file.' }]);
  });
});

describe('rate-code CSV properties', () => {
  const unit = fc.constantFrom('a', 'B', '7', ',', ';', '"', '\n', '\r\n', ' ', 'é', '\t', '-');
  const codeArb = fc
    .string({ unit, minLength: 1, maxLength: 6 })
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const knownIds = ['BREAKFAST', 'SPA', 'Dinner, 3 courses', 'Gold "plus"', 'two\nlines'];
  const packageArb = fc.oneof(fc.constantFrom(...knownIds), fc.constantFrom('NOPE', 'x,y', 'q"q'));
  const needsQuotes = (f: string) => /[",;\t\r\n]/.test(f) || f !== f.trim() || f === '';
  const quote = (f: string) => `"${f.replace(/"/g, '""')}"`;

  it('reads back any table: grouping, repeats, problems and their physical lines', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ code: codeArb, packageId: packageArb, blankBefore: fc.boolean(), quoteAll: fc.boolean() }), { maxLength: 40 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        (rows, eol, bom) => {
          let text = `${bom ? '\ufeff' : ''}Rate Code,Package ID${eol}`;
          let line = 2;
          const expectedProblems: { line: number; message: string }[] = [];
          const groups = new Map<string, string[]>();
          let duplicates = 0;
          for (const row of rows) {
            if (row.blankBefore) {
              text += eol;
              line += 1;
            }
            const enc = (f: string) => (row.quoteAll || needsQuotes(f) ? quote(f) : f);
            const record = `${enc(row.code)},${enc(row.packageId)}`;
            if (!knownIds.includes(row.packageId)) {
              expectedProblems.push({ line, message: `Line ${line}: package ${row.packageId} is not loaded in the Packages page.` });
            } else {
              const list = groups.get(row.code) ?? [];
              if (list.includes(row.packageId)) duplicates += 1;
              else list.push(row.packageId);
              groups.set(row.code, list);
            }
            text += record + eol;
            line += 1 + (record.match(/\n/g)?.length ?? 0);
          }
          const result = parseRateCodeCsv(text, knownIds);
          expect(result.rateCodes).toEqual([...groups].map(([name, packageExternalIds]) => ({ name, packageExternalIds })));
          expect(result.problems).toEqual(rows.length === 0 ? [{ line: line - 1, message: 'The file has no rate codes.' }] : expectedProblems);
          expect(result.counts.rows).toBe(rows.length);
          expect(result.counts.duplicatePairs).toBe(duplicates);
          expect(result.ok).toBe(rows.length > 0 && expectedProblems.length === 0);
          // the same text as bytes gives the same answer
          expect({ ...parseRateCodeCsvBytes(new TextEncoder().encode(text), knownIds), encoding: undefined }).toEqual({ ...result, encoding: undefined });
        },
      ),
    );
  });
});

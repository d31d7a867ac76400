import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachCsvRecord } from './csv';
import { parseRateCodeCsv } from './rate-code-csv';

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

describe('forEachCsvRecord', () => {
  const encode = (rows: string[][]) =>
    rows.map((row) => row.map((f) => (/[",\r\n]/.test(f) || f === '' ? `"${f.replace(/"/g, '""')}"` : f)).join(',')).join('\r\n');

  it('reads back any table it is given, quoted where needed', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 20 }), (rows) => {
        const out: string[][] = [];
        forEachCsvRecord(encode(rows), (fields) => out.push(fields));
        expect(out).toEqual(rows);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvLine, neutraliseCsvValue, readCsvCell } from './csv';
import { previewPackageImport, previewRateCodeImport } from './csv-import-preview';
import { PACKAGE_CSV_MESSAGES, packageCsvText, parsePackageCsv, parsePackageCsvBytes } from './package-csv';
import { parseRateCodeCsv, rateCodeCsvText } from './rate-code-csv';

describe('formula cells', () => {
  it('neutralises a cell a spreadsheet would run, and reads it back as it was', () => {
    for (const value of ['=SUM(A1)', '+1', '-2', '@cmd', '\tTAB', '\rCR', "'=already quoted"]) {
      expect(neutraliseCsvValue(value)).toBe(`'${value}`);
      expect(readCsvCell(neutraliseCsvValue(value))).toBe(value);
    }
    // plain values, and a quote before text that is not a formula, stay as they are
    for (const value of ['BB', "O'Hara", "'quoted", '1=1', '']) {
      expect(neutraliseCsvValue(value)).toBe(value);
      expect(readCsvCell(value)).toBe(value);
    }
    expect(csvLine(['=HYPERLINK("x")', 'a,b'])).toBe(`"'=HYPERLINK(""x"")","a,b"`);
  });

  it('writes rate codes and packages that read back unchanged, whatever their IDs', () => {
    const id = fc.string({ minLength: 1, maxLength: 12 }).map((value) => value.trim()).filter((value) => value !== '');
    fc.assert(
      fc.property(fc.uniqueArray(id, { minLength: 1, maxLength: 6 }), fc.uniqueArray(id, { minLength: 1, maxLength: 6 }), (names, packageIds) => {
        const codes = names.map((name, index) => ({ name, packageExternalIds: packageIds.slice(0, 1 + (index % packageIds.length)) }));
        const read = parseRateCodeCsv(rateCodeCsvText(codes), packageIds);
        expect(read.problems).toEqual([]);
        expect(read.rateCodes).toEqual(codes);
        const packages = packageIds.map((externalId) => ({ externalId, calculationRule: 'CHILDREN' as const }));
        expect(parsePackageCsv(packageCsvText(packages)).packages.map(({ externalId, calculationRule }) => ({ externalId, calculationRule }))).toEqual(packages);
      }),
      { numRuns: 200 },
    );
  });

  it('exports a formula-like rate code neutralised', () => {
    expect(rateCodeCsvText([{ name: '=1+2', packageExternalIds: ['-SPA'] }])).toBe("Rate Code,Package ID\r\n'=1+2,'-SPA\r\n");
  });
});

describe('package CSV', () => {
  it('reads IDs and rules (codes, labels, empty is ADULT) and reports each problem by line', () => {
    const result = parsePackageCsvBytes(new TextEncoder().encode('Package ID;Calculation Rule\nBREAKFAST;adult\nKIDS;Children\nROOM;\n;ADULT\nSPA;WEEKLY\nkids;PERSON\n'));
    expect(result.packages.map((item) => [item.externalId, item.calculationRule, item.line])).toEqual([
      ['BREAKFAST', 'ADULT', 2],
      ['KIDS', 'CHILDREN', 3],
      ['ROOM', 'ADULT', 4],
      ['kids', 'PERSON', 7],
    ]);
    expect(result.ok).toBe(false);
    expect(result.problems.map((problem) => problem.message)).toEqual([PACKAGE_CSV_MESSAGES.emptyPackage(5), PACKAGE_CSV_MESSAGES.unknownRule(6, 'WEEKLY')]);
    expect(parsePackageCsv('Package ID,Calculation Rule\nA,ADULT\nA,PERSON\n').problems[0]?.message).toBe(PACKAGE_CSV_MESSAGES.repeated(3, 'A', 2));
    expect(parsePackageCsv('Rate Code,Package ID\nBB,SPA\n').problems[0]?.message).toBe(PACKAGE_CSV_MESSAGES.header);
  });
});

describe('import preview', () => {
  it('counts what a rate-code file adds, changes, removes and keeps', () => {
    const current = [
      { name: 'BB', packageExternalIds: ['BREAKFAST'] },
      { name: 'HB', packageExternalIds: ['BREAKFAST', 'DINNER'] },
      { name: 'RO', packageExternalIds: ['ROOM'] },
    ];
    const file = 'Rate Code,Package ID\nBB,BREAKFAST\nHB,DINNER\nHB,BREAKFAST\nNEW,ROOM\n';
    const preview = previewRateCodeImport(parseRateCodeCsv(file, ['BREAKFAST', 'DINNER', 'ROOM']), current);
    expect(preview.counts).toMatchObject({ added: 1, changed: 1, removed: 1, kept: 1 });
    expect(preview.first.changed).toEqual([{ id: 'HB', before: 'BREAKFAST, DINNER', after: 'DINNER, BREAKFAST' }]);
    expect(preview.first.removed).toEqual([{ id: 'RO', before: 'ROOM' }]);
  });

  it('refuses a package file that leaves out a package rate codes use, naming them', () => {
    const current = [
      { externalId: 'BREAKFAST', calculationRule: 'ADULT' as const },
      { externalId: 'SPA', calculationRule: 'ADULT' as const },
    ];
    const preview = previewPackageImport(parsePackageCsv('Package ID,Calculation Rule\nBREAKFAST,PERSON\n'), current, new Map([['SPA', ['BB', 'HB']]]));
    expect(preview.ok).toBe(false);
    expect(preview.counts).toMatchObject({ changed: 1, removed: 1, problems: 1 });
    expect(preview.problems.map((problem) => problem.message)).toEqual([PACKAGE_CSV_MESSAGES.inUse('SPA', ['BB', 'HB'], 0)]);
  });
});

import { describe, expect, it } from 'vitest';
import { joinPackedRateCodes, packRateCodes, unpackRateCodes } from '../src/domain/csv-import-preview';
import { jobs } from './jobs';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const encode = (text: string): ArrayBuffer => {
  const bytes = new TextEncoder().encode(text);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};

describe('jobs.parseRateCodeCsv', () => {
  it('answers the validated rate codes and a summary from the bytes', () => {
    const result = jobs.parseRateCodeCsv(encode('Rate Code,Package ID\r\nBB,BREAKFAST\r\nBB,SPA\r\nRO,ROOM_ONLY\r\n'), ['BREAKFAST', 'SPA', 'ROOM_ONLY']);
    expect(result).toEqual({
      ok: true,
      encoding: 'utf-8',
      rows: 3,
      problems: [],
      rateCodes: [
        { name: 'BB', packageExternalIds: ['BREAKFAST', 'SPA'] },
        { name: 'RO', packageExternalIds: ['ROOM_ONLY'] },
      ],
      counts: { lines: 4, rows: 3, blankLines: 0, validRows: 3, invalidRows: 0, duplicatePairs: 0, pairs: 3, rateCodes: 2, problems: 0 },
    });
  });

  it('keeps only the first rate codes for a preview, with the counts of the whole file', () => {
    const result = jobs.parseRateCodeCsv(encode('Rate Code,Package ID\nA,SPA\nB,SPA\nC,SPA\n'), ['SPA'], 2);
    expect(result.rateCodes.map((code) => code.name)).toEqual(['A', 'B']);
    expect(result.counts.rateCodes).toBe(3);
    expect(result.ok).toBe(true);
  });

  it('never echoes the file: a refused file answers its problems only, not its rows', () => {
    const secret = 'GUEST-CARD-4111111111111111';
    const result = jobs.parseRateCodeCsv(encode(`Rate Code,Package ID\nBB,SPA\nBB,SPA,${secret}\nXX,NOPE\n`), ['SPA']);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([{ line: 4, message: 'Line 4: package NOPE is not loaded in the Packages page.' }]);
    expect(JSON.stringify(result)).not.toContain(secret);
    expect(Object.keys(result).sort()).toEqual(['counts', 'encoding', 'ok', 'problems', 'rateCodes', 'rows']);
  });

  it('refuses what is not a buffer and a list of IDs', () => {
    expect(() => jobs.parseRateCodeCsv('Rate Code,Package ID' as unknown as ArrayBuffer, [])).toThrow(TypeError);
    expect(() => jobs.parseRateCodeCsv(encode(''), [1] as unknown as string[])).toThrow(/list of strings/);
  });
});

describe('jobs.diffHotel', () => {
  it('validates its input and answers the three diffs', () => {
    const diff = jobs.diffHotel({
      packages: [{ localId: 'l1', name: 'SPA', externalId: 'SPA', calculationRule: 'ADULT' }],
      rateCodes: [{ localId: 'r1', name: 'BB', externalId: 'BB', hotelUuid: uuid(1), packages: ['l1'] }],
      accessControls: [],
      server: { packages: [{ uuid: uuid(2) }], rateCodes: [], accessControls: [{ uuid: uuid(3) }] },
    });
    const spa = diff.packages.newPackages[0]?.uuid;
    expect(spa).toBe(diff.generatedUuids.packages.l1);
    expect(diff.packages.deletedPackages).toEqual([uuid(2)]);
    expect(diff.rateCodes.newRateCodes[0]?.packages).toEqual([spa]);
    expect(diff.accessControls.deletedAccessControl).toEqual([uuid(3)]);
    expect(() => jobs.diffHotel({} as never)).toThrow(/^Invalid hotel save: packages: /);
  });

  it('says what the save adds and removes, naming removed items from the lists as they were', () => {
    const input = {
      packages: [{ localId: 'l1', name: 'KIDS_SPA', externalId: 'KIDS_SPA', calculationRule: 'CHILDREN' as const }],
      rateCodes: [],
      accessControls: [],
      server: { packages: [{ uuid: uuid(2) }], rateCodes: [], accessControls: [] },
    };
    const before = { packages: [{ uuid: uuid(2), externalId: 'PARKING' }], rateCodes: [], accessControls: [] };
    expect(jobs.diffHotel(input, before).summary).toEqual([
      { list: 'packages', change: 'added', count: 1, names: ['KIDS_SPA'] },
      { list: 'packages', change: 'removed', count: 1, names: ['PARKING'] },
    ]);
    // a baseline that is no list of records is not read: the removed package is counted, not named
    expect(jobs.diffHotel(input, { packages: 'x' } as never).summary[1]).toEqual({ list: 'packages', change: 'removed', count: 1, names: [] });
  });
});

describe('jobs.readList and jobs.takeList', () => {
  const code = (n: number) => ({ uuid: uuid(n), orgUuid: uuid(1000), hotelUuid: uuid(2000), name: `RC${n}`, externalId: `RC${n}`, packages: [uuid(3000)], version: 1 });

  it('reads a list answer against its contract and hands it back in parts, letting it go after the last', () => {
    const read = jobs.readList('rate-codes', encode(JSON.stringify({ data: [1, 2, 3, 4, 5].map(code) })));
    if (!read.ok) throw new Error('not read');
    expect(read.length).toBe(5);
    const parts = [jobs.takeList(read.id, 0, 2), jobs.takeList(read.id, 2, 2), jobs.takeList(read.id, 4, 2)];
    expect(parts.flat()).toEqual([1, 2, 3, 4, 5].map(code));
    expect(() => jobs.takeList(read.id, 0, 2)).toThrow(/No list/);
  });

  it('says a list that is not the contract, or not JSON, is not read', () => {
    expect(jobs.readList('rate-codes', encode(JSON.stringify({ data: [{ ...code(1), packages: 'SPA' }] })))).toEqual({ ok: false });
    expect(jobs.readList('pms-packages', encode('<html>'))).toEqual({ ok: false });
  });
});

describe('jobs.previewCsvImport with the codes packed', () => {
  it('previews the same as with the codes as records, the first of each by name', () => {
    const rateCodes = [
      { name: 'RO', packageExternalIds: ['ROOM_ONLY'] },
      { name: 'BB', packageExternalIds: ['BREAKFAST', 'SPA'] },
      { name: 'HB', packageExternalIds: ['DINNER'] },
    ];
    const packages = ['BREAKFAST', 'SPA', 'ROOM_ONLY', 'DINNER'].map((externalId) => ({ externalId }));
    const file = 'Rate Code,Package ID\r\nBB,BREAKFAST\r\nRO,SPA\r\nNEW,DINNER\r\n';
    const packed = packRateCodes(rateCodes);
    expect(packed).not.toBeNull();
    const fromPacked = jobs.previewCsvImport('rate-codes', encode(file), { rateCodes: packed ?? [], packages });
    expect(fromPacked).toEqual(jobs.previewCsvImport('rate-codes', encode(file), { rateCodes, packages }));
    expect(fromPacked.counts).toMatchObject({ added: 1, changed: 2, removed: 1, kept: 0 });
    expect(fromPacked.first.changed.map((row) => row.id)).toEqual(['BB', 'RO']);
    // packed block by block, then joined: the same
    const joined = joinPackedRateCodes([packRateCodes(rateCodes.slice(0, 2)) ?? { packed: 'x' }, packRateCodes([]) ?? { packed: 'x' }, packRateCodes(rateCodes.slice(2)) ?? { packed: 'x' }]);
    expect(joined).toEqual(packed);
    expect(unpackRateCodes(joined)).toEqual(rateCodes);
    // a name holding a separator is not packed: the codes go as records
    expect(packRateCodes([{ name: 'A\u0000B', packageExternalIds: [] }])).toBeNull();
  });
});

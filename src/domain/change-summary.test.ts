import { describe, expect, it } from 'vitest';
import { changedFields, changeSummarySchema, summarizeHotelSave, type HotelSaveBaseline } from './change-summary';
import { hotelSaveDiff } from './hotel-save-diff';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const HOTEL = uuid(100);

const before: HotelSaveBaseline = {
  packages: [
    { uuid: uuid(1), externalId: 'BREAKFAST', calculationRule: 'PERSON' },
    { uuid: uuid(2), externalId: 'PARKING', calculationRule: 'ADULT' },
  ],
  rateCodes: [
    { uuid: uuid(11), name: 'BAR', packages: [uuid(1)] },
    { uuid: uuid(12), name: 'RACK', packages: [] },
    { uuid: uuid(13), name: 'CORP', packages: [uuid(2)] },
    { uuid: uuid(14), name: 'GONE', packages: [] },
  ],
  accessControls: [{ uuid: uuid(21), name: 'Spa', hotelsAndPackages: [], defaultHotelUuid: null, idMethods: ['MSR'] }],
};

describe('summarizeHotelSave', () => {
  it('counts what a save adds, changes and removes, with the first names, and leaves unchanged items out', () => {
    let next = 0;
    const diff = hotelSaveDiff(
      {
        hotelDefinitionUuid: uuid(99),
        packages: [
          { uuid: uuid(1), localId: uuid(1), name: 'BREAKFAST', externalId: 'BREAKFAST', calculationRule: 'PERSON' },
          { uuid: uuid(2), localId: uuid(2), name: 'PARKING', externalId: 'PARKING', calculationRule: 'ADULT', deleted: true },
          { localId: 'new-1', name: 'KIDS_SPA', externalId: 'KIDS_SPA', calculationRule: 'CHILDREN' },
        ],
        rateCodes: [
          // BAR gains the new package, RACK is renamed, CORP loses PARKING (removed): three changed; GONE is removed
          { uuid: uuid(11), localId: uuid(11), name: 'BAR', externalId: 'BAR', hotelUuid: HOTEL, packages: [uuid(1), 'new-1'] },
          { uuid: uuid(12), localId: uuid(12), name: 'RACK2', externalId: 'RACK2', hotelUuid: HOTEL, packages: [] },
          { uuid: uuid(13), localId: uuid(13), name: 'CORP', externalId: 'CORP', hotelUuid: HOTEL, packages: [uuid(2)] },
        ],
        accessControls: [{ uuid: uuid(21), localId: uuid(21), name: 'Spa', hotelsAndPackages: [], idMethods: ['MSR'] }],
        server: {
          packages: before.packages.map(({ uuid: id }) => ({ uuid: id })),
          rateCodes: before.rateCodes.map(({ uuid: id }) => ({ uuid: id })),
          accessControls: [{ uuid: uuid(21) }],
        },
      },
      { newUuid: () => uuid(500 + (next += 1)) },
    );
    const items = summarizeHotelSave(diff, before);
    expect(items).toEqual([
      { list: 'packages', change: 'added', count: 1, names: ['KIDS_SPA'] },
      { list: 'packages', change: 'removed', count: 1, names: ['PARKING'] },
      { list: 'rateCodes', change: 'changed', count: 3, names: ['BAR', 'RACK2', 'CORP'] },
      { list: 'rateCodes', change: 'removed', count: 1, names: ['GONE'] },
    ]);
    // what is stored with the outbox entry
    expect(changeSummarySchema.parse({ items, fields: [] })).toEqual({ items, fields: [] });
  });

  it('keeps three names however many items there are, and counts every one', () => {
    const newRateCodes = Array.from({ length: 150 }, (_, i) => ({ uuid: uuid(1000 + i), name: `RC${i}`, externalId: `RC${i}`, hotelUuid: HOTEL, packages: [] }));
    const items = summarizeHotelSave({
      packages: { newPackages: [], updatedPackages: [], deletedPackages: [] },
      rateCodes: { newRateCodes, updatedRateCodes: [], deletedRateCodes: [uuid(77)] },
      accessControls: { newAccessControl: [], updatedAccessControl: [], deletedAccessControl: [] },
    });
    // without a baseline (a new hotel) a removed item has no name to give
    expect(items).toEqual([
      { list: 'rateCodes', change: 'added', count: 150, names: ['RC0', 'RC1', 'RC2'] },
      { list: 'rateCodes', change: 'removed', count: 1, names: [] },
    ]);
  });
});

describe('changedFields', () => {
  it('names the fields an edit changes, in its order, ignoring uuid, version and key order', () => {
    const original = { uuid: 'a', version: 3, name: 'Opera', host: 'h', port: 1, options: { a: 1, b: [1, 2] } };
    expect(changedFields(original, { name: 'Opera', host: 'h2', port: 2, options: { b: [1, 2], a: 1 }, version: 4 })).toEqual(['host', 'port']);
    expect(changedFields(original, { ...original })).toEqual([]);
    expect(changedFields(null, { name: 'x' })).toEqual(['name']);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hotelSaveDiff,
  parseAndDiffHotel,
  type AccessControlDraft,
  type HotelSaveDiffInput,
  type PmsPackageDraft,
  type RateCodeDraft,
} from './hotel-save-diff';
import { applyDiff } from './save-diff';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const HOTEL = uuid(0xaaa);
const DEFINITION = uuid(0xddd);
const OTHER_DEFINITION = uuid(0xeee);
/** deterministic uuids for new items, never colliding with the pools below */
const counter = () => {
  let n = 0x100000;
  return () => uuid((n += 1));
};

const pkg = (localId: string, externalId: string, extra: Partial<PmsPackageDraft> = {}): PmsPackageDraft => ({
  localId,
  name: externalId,
  externalId,
  calculationRule: 'ADULT',
  ...extra,
});

describe('hotelSaveDiff', () => {
  const server = { packages: [{ uuid: uuid(1) }, { uuid: uuid(2) }, { uuid: uuid(3) }], rateCodes: [{ uuid: uuid(11) }, { uuid: uuid(12) }], accessControls: [{ uuid: uuid(21) }] };
  const input: HotelSaveDiffInput = {
    hotelDefinitionUuid: DEFINITION,
    packages: [
      pkg(uuid(1), 'BREAKFAST', { uuid: uuid(1), version: 3 }),
      pkg(uuid(2), 'SPA', { uuid: uuid(2), deleted: true }),
      pkg('local-dinner', 'DINNER', { calculationRule: 'PERSON' }),
      pkg('local-gone', 'GONE', { deleted: true }),
      pkg('local-offline', 'PARKING', { uuid: uuid(99) }),
    ],
    rateCodes: [
      { uuid: uuid(11), localId: uuid(11), name: 'BB', externalId: 'BB', hotelUuid: HOTEL, packages: [uuid(1), 'local-dinner', uuid(2), 'local-gone', 'local-dinner', 'nowhere'] },
      { localId: 'rc-new', name: 'HB', externalId: 'HB', hotelUuid: HOTEL, packages: ['local-offline'] },
    ],
    accessControls: [
      {
        localId: 'ac-new',
        name: 'Pool',
        idMethods: ['MSR', 'Contactless'],
        defaultHotelUuid: HOTEL,
        hotelsAndPackages: [
          { hotelDefinitionUuid: DEFINITION, pmsPackageUuid: 'local-dinner', name: 'DINNER' },
          { hotelDefinitionUuid: DEFINITION, pmsPackageUuid: uuid(2) },
          { hotelDefinitionUuid: DEFINITION, pmsPackageUuid: 'unknown-here' },
          { hotelDefinitionUuid: OTHER_DEFINITION, pmsPackageUuid: uuid(500) },
          { hotelDefinitionUuid: DEFINITION, pmsPackageUuid: 'local-dinner' },
        ],
      },
    ],
    server,
  };

  it('sorts packages, rate codes and access services the way spec section 4 says', () => {
    const diff = hotelSaveDiff(input, { newUuid: counter() });
    const dinner = uuid(0x100001);
    expect(diff.packages).toEqual({
      newPackages: [
        { uuid: dinner, name: 'DINNER', externalId: 'DINNER', calculationRule: 'PERSON' },
        { uuid: uuid(99), name: 'PARKING', externalId: 'PARKING', calculationRule: 'ADULT' },
      ],
      updatedPackages: [{ uuid: uuid(1), name: 'BREAKFAST', externalId: 'BREAKFAST', calculationRule: 'ADULT', version: 3 }],
      deletedPackages: [uuid(2), uuid(3)],
    });
    expect(diff.generatedUuids.packages).toEqual({ 'local-dinner': dinner });
    // localIds mapped to the uuids of surviving packages; deleted, unknown and repeated ones dropped
    expect(diff.rateCodes.updatedRateCodes).toEqual([{ uuid: uuid(11), name: 'BB', externalId: 'BB', hotelUuid: HOTEL, packages: [uuid(1), dinner] }]);
    expect(diff.rateCodes.newRateCodes).toEqual([{ uuid: uuid(0x100002), name: 'HB', externalId: 'HB', hotelUuid: HOTEL, packages: [uuid(99)] }]);
    expect(diff.rateCodes.deletedRateCodes).toEqual([uuid(12)]);
    expect(diff.accessControls).toEqual({
      newAccessControl: [
        {
          uuid: uuid(0x100003),
          name: 'Pool',
          idMethods: ['MSR', 'Contactless'],
          defaultHotelUuid: HOTEL,
          hotelsAndPackages: [
            { hotelDefinitionUuid: DEFINITION, pmsPackageUuid: dinner, name: 'DINNER' },
            { hotelDefinitionUuid: OTHER_DEFINITION, pmsPackageUuid: uuid(500) },
          ],
        },
      ],
      updatedAccessControl: [],
      deletedAccessControl: [uuid(21)],
    });
  });

  it('generates real uuids by default', () => {
    const diff = hotelSaveDiff(input);
    expect(diff.packages.newPackages[0]?.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(diff.rateCodes.updatedRateCodes[0]?.packages[1]).toBe(diff.packages.newPackages[0]?.uuid);
  });

  it('treats an empty or null uuid as none and refuses invalid input with a readable error', () => {
    const diff = parseAndDiffHotel({ ...input, packages: [pkg('a', 'A', { uuid: '' }), pkg('b', 'B', { uuid: null })], rateCodes: [], accessControls: [] });
    expect(diff.packages.newPackages).toHaveLength(2);
    expect(() => parseAndDiffHotel({ ...input, packages: [{ localId: 'x', name: 'X', externalId: 'X', calculationRule: 'ADULTS' }] })).toThrow(
      /^Invalid hotel save: packages\.0\.calculationRule: /,
    );
    expect(() => parseAndDiffHotel({ ...input, server: { packages: [{ uuid: 'nope' }], rateCodes: [], accessControls: [] } })).toThrow(/server\.packages\.0\.uuid/);
    expect(() => parseAndDiffHotel(null)).toThrow(/Invalid hotel save: \(input\)/);
  });
});

// ---- properties ---------------------------------------------------------------------------------

const POOL = Array.from({ length: 24 }, (_, i) => uuid(i + 1));
const LOCAL_IDS = Array.from({ length: 12 }, (_, i) => `l${i}`);
const uuidArb = fc.constantFrom(...POOL);
const optionalUuid = fc.option(uuidArb, { nil: undefined });
const refArb = fc.oneof(fc.constantFrom(...LOCAL_IDS), uuidArb, fc.constant('missing'));

// localIds are unique within a list (the forms' invariant); uuids may repeat and are deduplicated
const packagesArb = fc.uniqueArray(
  fc.record({
    uuid: optionalUuid,
    localId: fc.constantFrom(...LOCAL_IDS),
    name: fc.string({ maxLength: 4 }),
    externalId: fc.string({ maxLength: 4 }),
    calculationRule: fc.constantFrom('ADULT' as const, 'CHILDREN' as const, 'PERSON' as const),
    deleted: fc.boolean(),
  }),
  { maxLength: 12, selector: (item) => item.localId },
);
const rateCodesArb = fc.uniqueArray(
  fc.record({ uuid: optionalUuid, localId: fc.constantFrom(...LOCAL_IDS), name: fc.string({ maxLength: 3 }), packages: fc.array(refArb, { maxLength: 6 }) }),
  { maxLength: 10, selector: (item) => item.localId },
);
const accessArb = fc.uniqueArray(
  fc.record({
    uuid: optionalUuid,
    localId: fc.constantFrom(...LOCAL_IDS),
    name: fc.string({ maxLength: 3 }),
    entries: fc.array(fc.record({ other: fc.boolean(), ref: refArb }), { maxLength: 6 }),
  }),
  { maxLength: 8, selector: (item) => item.localId },
);
const serverArb = fc.uniqueArray(uuidArb, { maxLength: 16 });

/** A form never holds one record twice: keep the first of each uuid. */
function uniqueByUuid<T extends { uuid?: string | null | undefined }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !item.uuid || (!seen.has(item.uuid) && Boolean(seen.add(item.uuid))));
}

function buildInput(
  packages: PmsPackageDraft[],
  rateCodes: { uuid?: string; localId: string; name: string; packages: string[] }[],
  access: { uuid?: string; localId: string; name: string; entries: { other: boolean; ref: string }[] }[],
  server: { packages: string[]; rateCodes: string[]; accessControls: string[] },
): HotelSaveDiffInput {
  return {
    hotelDefinitionUuid: DEFINITION,
    packages,
    rateCodes: rateCodes.map((r): RateCodeDraft => ({ ...r, externalId: r.name, hotelUuid: HOTEL })),
    accessControls: access.map(
      (a): AccessControlDraft => ({
        uuid: a.uuid,
        localId: a.localId,
        name: a.name,
        hotelsAndPackages: a.entries.map((e) => ({ hotelDefinitionUuid: e.other ? OTHER_DEFINITION : DEFINITION, pmsPackageUuid: e.ref })),
      }),
    ),
    server: {
      packages: server.packages.map((u) => ({ uuid: u })),
      rateCodes: server.rateCodes.map((u) => ({ uuid: u })),
      accessControls: server.accessControls.map((u) => ({ uuid: u })),
    },
  };
}

describe('hotel save diff properties', () => {
  it('applied to the server lists it yields the local lists; nothing both new and deleted; ids unique', () => {
    fc.assert(
      fc.property(packagesArb, rateCodesArb, accessArb, serverArb, serverArb, serverArb, (rawPackages, rawRateCodes, rawAccess, sp, sr, sa) => {
        const input = buildInput(uniqueByUuid(rawPackages), uniqueByUuid(rawRateCodes), uniqueByUuid(rawAccess), { packages: sp, rateCodes: sr, accessControls: sa });
        const diff = hotelSaveDiff(input, { newUuid: counter() });
        const lists = [
          { local: input.packages, server: input.server.packages, created: diff.packages.newPackages, updated: diff.packages.updatedPackages, deleted: diff.packages.deletedPackages, generated: diff.generatedUuids.packages },
          { local: input.rateCodes, server: input.server.rateCodes, created: diff.rateCodes.newRateCodes, updated: diff.rateCodes.updatedRateCodes, deleted: diff.rateCodes.deletedRateCodes, generated: diff.generatedUuids.rateCodes },
          { local: input.accessControls, server: input.server.accessControls, created: diff.accessControls.newAccessControl, updated: diff.accessControls.updatedAccessControl, deleted: diff.accessControls.deletedAccessControl, generated: diff.generatedUuids.accessControls },
        ];
        for (const list of lists) {
          const serverIds = new Set(list.server.map((s) => s.uuid));
          // applying the diff gives exactly the surviving local items, by uuid and name, in the server's view
          const result = applyDiff<{ uuid?: string; name?: string }>(list.server, { created: list.created, updated: list.updated, deleted: list.deleted });
          const survivors = list.local.filter((item) => !item.deleted);
          const expected = survivors.map((item) => [item.uuid || list.generated[item.localId], item.name]);
          expect(result.map((item) => [item.uuid, item.name]).sort()).toEqual(expected.sort());
          // deleted: server items missing locally or flagged deleted, each once, never created or updated
          const deleted = new Set(list.deleted);
          expect(deleted.size).toBe(list.deleted.length);
          for (const id of list.deleted) expect(serverIds.has(id)).toBe(true);
          const kept = [...list.created, ...list.updated].map((item) => item.uuid);
          for (const id of kept) expect(deleted.has(id)).toBe(false);
          expect(new Set(kept).size).toBe(kept.length);
          for (const item of list.created) expect(serverIds.has(item.uuid)).toBe(false);
          for (const item of list.updated) expect(serverIds.has(item.uuid)).toBe(true);
          const expectedDeleted = [...serverIds].filter((id) => !survivors.some((item) => item.uuid === id));
          expect([...deleted].sort()).toEqual(expectedDeleted.sort());
        }
      }),
    );
  });

  it('rate codes and this hotel’s access entries only name packages that survive the save', () => {
    fc.assert(
      fc.property(packagesArb, rateCodesArb, accessArb, serverArb, (rawPackages, rawRateCodes, rawAccess, sp) => {
        const input = buildInput(uniqueByUuid(rawPackages), uniqueByUuid(rawRateCodes), uniqueByUuid(rawAccess), { packages: sp, rateCodes: [], accessControls: [] });
        const diff = hotelSaveDiff(input, { newUuid: counter() });
        const surviving = new Set([...diff.packages.newPackages, ...diff.packages.updatedPackages].map((p) => p.uuid));
        const deleted = new Set(diff.packages.deletedPackages);
        for (const code of [...diff.rateCodes.newRateCodes, ...diff.rateCodes.updatedRateCodes]) {
          for (const id of code.packages) expect(surviving.has(id)).toBe(true);
          expect(new Set(code.packages).size).toBe(code.packages.length);
        }
        // every reference to a surviving package's localId is kept, mapped
        for (const code of input.rateCodes) {
          const sent = diff.rateCodes.newRateCodes.concat(diff.rateCodes.updatedRateCodes).find((c) => c.uuid === (code.uuid || diff.generatedUuids.rateCodes[code.localId]));
          expect(sent).toBeDefined();
          for (const ref of code.packages) {
            const owner = input.packages.find((p) => !p.deleted && p.localId === ref);
            if (owner) expect(sent?.packages).toContain(owner.uuid || diff.generatedUuids.packages[owner.localId]);
          }
        }
        for (const service of [...diff.accessControls.newAccessControl, ...diff.accessControls.updatedAccessControl]) {
          for (const entry of service.hotelsAndPackages) {
            if (entry.hotelDefinitionUuid === DEFINITION) expect(surviving.has(entry.pmsPackageUuid)).toBe(true);
            expect(deleted.has(entry.pmsPackageUuid)).toBe(false);
          }
        }
      }),
    );
  });
});

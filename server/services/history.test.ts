import { describe, expect, it } from 'vitest';
import { HISTORY_ITEMS_PER_SAVE_MAX, HISTORY_SAMPLE_MAX } from '../../src/domain/index';
import { collapseItems, recordChange } from './history';

const where = (index: number) => ({ kind: 'pms-package', recordUuid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, orgUuid: 'org', unitUuid: 'hotel' });

/** A package's fields, counting how often they are read. */
function counted(index: number, reads: { n: number }) {
  const fields = { externalId: `PKG_${index}`, calculationRule: 'ADULT' };
  return new Proxy(fields, {
    get(target, key, receiver) {
      reads.n += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

describe('the history of a save of many records', () => {
  it('lists the fields of a created, a removed and a changed record', () => {
    expect(recordChange(where(1), null, { externalId: 'BB', calculationRule: 'ADULT' })).toMatchObject({
      action: 'created',
      changes: [
        { field: 'externalId', after: 'BB' },
        { field: 'calculationRule', after: 'ADULT' },
      ],
    });
    expect(recordChange(where(2), { externalId: 'BB', calculationRule: 'ADULT' }, null)).toMatchObject({
      action: 'removed',
      changes: [
        { field: 'externalId', before: 'BB' },
        { field: 'calculationRule', before: 'ADULT' },
      ],
    });
    expect(recordChange(where(3), { externalId: 'BB', calculationRule: 'ADULT' }, { externalId: 'BB', calculationRule: 'PERSON' })).toMatchObject({
      action: 'changed',
      changes: [{ field: 'calculationRule', before: 'ADULT', after: 'PERSON' }],
    });
  });

  it('keeps each record of a small save, with its fields', () => {
    const writes = Array.from({ length: HISTORY_ITEMS_PER_SAVE_MAX }, (_, index) => recordChange(where(index), null, { externalId: `PKG_${index}` }));
    const kept = collapseItems(writes, 'hotel');
    expect(kept).toHaveLength(HISTORY_ITEMS_PER_SAVE_MAX);
    expect(kept[7]?.changes).toEqual([{ field: 'externalId', after: 'PKG_7' }]);
  });

  it('collapses a save of 10,000 new records into counts and a sample, reading the fields of the sample only', () => {
    const reads = { n: 0 };
    const writes = Array.from({ length: 10_000 }, (_, index) => recordChange(where(index), null, counted(index, reads)));
    const [entry, ...others] = collapseItems(writes, 'hotel');
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ kind: 'pms-package', recordUuid: 'hotel', action: 'changed', changes: [], bulk: { counts: { created: 10_000 } } });
    expect(entry?.bulk?.sample).toHaveLength(HISTORY_SAMPLE_MAX);
    expect(entry?.bulk?.sample[3]).toEqual({
      uuid: where(3).recordUuid,
      action: 'created',
      changes: [
        { field: 'externalId', after: 'PKG_3' },
        { field: 'calculationRule', after: 'ADULT' },
      ],
    });
    // the 9,980 records out of the sample were never listed field by field
    expect(reads.n).toBeLessThan(HISTORY_SAMPLE_MAX * 10);
  });
});

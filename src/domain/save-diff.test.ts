import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDiff, mapPackageIds, packageDiff, threeWayDiff } from './save-diff';

interface Pkg {
  uuid?: string;
  localId: string;
  externalId: string;
  deleted?: boolean;
}

describe('packageDiff', () => {
  it('sorts packages into new, updated and deleted the way the spec says', () => {
    const server = [{ uuid: 'a' }, { uuid: 'b' }, { uuid: 'c' }];
    const local: Pkg[] = [
      { uuid: 'a', localId: 'a', externalId: 'A2' },
      { uuid: 'b', localId: 'b', externalId: 'B', deleted: true },
      { localId: 'n1', externalId: 'NEW' },
      { localId: 'n2', externalId: 'GONE', deleted: true },
    ];
    const diff = packageDiff(local, server);
    expect(diff.updated.map((p) => p.externalId)).toEqual(['A2']);
    expect(diff.created.map((p) => p.externalId)).toEqual(['NEW']);
    expect(diff.deleted.sort()).toEqual(['b', 'c']);
  });
});

const uuidArb = fc.constantFrom(...Array.from({ length: 30 }, (_, i) => `u${i}`));

describe('save diff properties', () => {
  it('applying the diff to the server list yields the local list (by identity), no item both new and deleted, ids unique', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(uuidArb, { maxLength: 20 }),
        fc.array(fc.record({ uuid: fc.option(uuidArb, { nil: undefined }), deleted: fc.boolean(), v: fc.integer() }), { maxLength: 30 }),
        (serverIds, localRaw) => {
          const server: { uuid?: string; deleted?: boolean; v: number }[] = serverIds.map((uuid) => ({ uuid, v: -1 }));
          // a local list has unique uuids (the form never holds one record twice)
          const seen = new Set<string>();
          const local = localRaw.filter((item) => !item.uuid || (!seen.has(item.uuid) && seen.add(item.uuid)));
          const diff = packageDiff(local, server);
          const result = applyDiff(server, diff);
          const expected = local.filter((item) => !item.deleted);
          expect(result.map((i) => [i.uuid, i.v]).sort()).toEqual(expected.map((i) => [i.uuid, i.v]).sort());
          const deleted = new Set(diff.deleted);
          for (const item of diff.created) if (item.uuid) expect(deleted.has(item.uuid)).toBe(false);
          expect(deleted.size).toBe(diff.deleted.length);
          const ids = result.flatMap((i) => (i.uuid ? [i.uuid] : []));
          expect(new Set(ids).size).toBe(ids.length);
        },
      ),
    );
  });

  it('threeWayDiff deletes what the server has and the operator removed', () => {
    const diff = threeWayDiff([{ uuid: 'x' }, { name: 'new' } as { uuid?: string }], [{ uuid: 'x' }, { uuid: 'y' }]);
    expect(diff).toEqual({ created: [{ name: 'new' }], updated: [{ uuid: 'x' }], deleted: ['y'] });
  });
});

describe('mapPackageIds', () => {
  it('maps localIds to uuids, dropping unknown and repeated ones', () => {
    const map = new Map([
      ['l1', 'p1'],
      ['l2', 'p2'],
    ]);
    expect(mapPackageIds(['l1', 'missing', 'l2', 'l1'], map)).toEqual(['p1', 'p2']);
  });
});

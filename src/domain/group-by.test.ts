import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by';

describe('groupBy', () => {
  it('groups items by their key, keeping their order', () => {
    const units = [
      { org: 'b', name: 'Bar' },
      { org: 'a', name: 'Hotel' },
      { org: 'b', name: 'Spa' },
    ];
    const groups = groupBy(units, (unit) => unit.org);
    expect([...groups.keys()]).toEqual(['b', 'a']);
    expect(groups.get('b')?.map((unit) => unit.name)).toEqual(['Bar', 'Spa']);
    expect(groups.get('a')?.map((unit) => unit.name)).toEqual(['Hotel']);
    expect(groupBy([], (item: string) => item).size).toBe(0);
  });
});

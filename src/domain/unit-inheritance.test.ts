import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Attributes } from './organization';
import {
  detachedUnits,
  inheritedValueOf,
  resetToInherit,
  resolveAllUnits,
  resolveUnitAttributes,
  type AttributeTree,
  type TreeUnit,
} from './unit-inheritance';
import { ATTRIBUTE_KEYS, decodeAttribute, encodeAttribute } from './unit-attributes';

const unit = (uuid: string, parentUuid: string | null, attributes: Attributes = {}): TreeUnit => ({ uuid, parentUuid, name: `Unit ${uuid}`, attributes });

/**
 * The demo organization's shape: Harbour View Hotel with Rooftop Bar (venue) and its POS (revenue
 * center), and Sunset Bay Resort beside it.
 */
function demoTree(): AttributeTree {
  return {
    uuid: 'org',
    name: 'Demo Hospitality Group',
    attributes: { CURRENCY: 'EUR', LOCALE: 'en-GB', POI_TIP_ENABLED: 'true', POI_TIP_PERCENTAGES: '[10,15]', NAME: 'Demo Hospitality Group' },
    units: [
      { uuid: 'harbour', parentUuid: null, name: 'Harbour View Hotel', attributes: { NAME: 'Harbour View Hotel', TIME_ZONE: 'Europe/Lisbon', POI_TIP_ENABLED: 'false' } },
      { uuid: 'rooftop', parentUuid: 'harbour', name: 'Rooftop Bar', attributes: { NAME: 'Rooftop Bar', POI_TIP_ENABLED: null, CURRENCY: 'GBP' } },
      { uuid: 'rooftop-pos', parentUuid: 'rooftop', name: 'Rooftop Bar POS', attributes: { NAME: 'Rooftop Bar POS', POI_TIP_ENABLED: 'true' } },
      { uuid: 'sunset', parentUuid: null, name: 'Sunset Bay Resort', attributes: { NAME: 'Sunset Bay Resort', CURRENCY: 'USD' } },
    ],
  };
}

describe('resolveAllUnits', () => {
  const resolved = resolveAllUnits(demoTree());

  it('takes each value from the nearest unit that sets it and says where it came from', () => {
    const pos = resolved.get('rooftop-pos');
    expect(pos?.CURRENCY).toEqual({ value: 'GBP', source: 'inherited', fromUuid: 'rooftop', fromName: 'Rooftop Bar' });
    expect(pos?.TIME_ZONE).toEqual({ value: 'Europe/Lisbon', source: 'inherited', fromUuid: 'harbour', fromName: 'Harbour View Hotel' });
    expect(pos?.LOCALE).toEqual({ value: 'en-GB', source: 'inherited', fromUuid: 'org', fromName: 'Demo Hospitality Group' });
    expect(pos?.POI_TIP_PERCENTAGES?.value).toBe('[10,15]');
  });

  it("marks a unit's own values as its own, with what it would inherit after a reset", () => {
    expect(resolved.get('sunset')?.CURRENCY).toEqual({
      value: 'USD',
      source: 'self',
      fromUuid: 'sunset',
      fromName: 'Sunset Bay Resort',
      inherited: { value: 'EUR', source: 'inherited', fromUuid: 'org', fromName: 'Demo Hospitality Group' },
    });
    expect(resolved.get('rooftop-pos')?.POI_TIP_ENABLED).toMatchObject({ value: 'true', source: 'self', inherited: { value: 'false', fromUuid: 'harbour' } });
  });

  it('reads a tri-state left UNDEFINED (null) as inherit', () => {
    expect(resolved.get('rooftop')?.POI_TIP_ENABLED).toEqual({ value: 'false', source: 'inherited', fromUuid: 'harbour', fromName: 'Harbour View Hotel' });
  });

  it('never passes on what is not inheritable: a name belongs to its unit', () => {
    expect(resolved.get('rooftop')?.NAME).toMatchObject({ value: 'Rooftop Bar', source: 'self', inherited: null });
    const withoutName = resolveAllUnits({ ...demoTree(), units: [unit('bare', null)] });
    expect(withoutName.get('bare')?.NAME).toBeUndefined();
    expect(withoutName.get('bare')?.CURRENCY?.fromUuid).toBe('org');
  });

  it('leaves out what nobody sets, and keys the registry does not know', () => {
    const tree = demoTree();
    const lone = resolveAllUnits({ ...tree, attributes: {}, units: [unit('a', null, { FOO: 'x', POI_VOID_ENABLED: 'true' })] }).get('a');
    expect(Object.keys(lone ?? {})).toEqual(['POI_VOID_ENABLED']);
  });

  it('agrees with resolving each unit on its own, for any tree', () => {
    const keys = ['CURRENCY', 'POI_TIP_ENABLED', 'NAME'] as const;
    const treeArbitrary = fc
      .array(fc.record({ parent: fc.nat(20), sets: fc.subarray([...keys]) }), { maxLength: 20 })
      .map((specs): AttributeTree => ({
        uuid: 'org',
        name: 'Org',
        attributes: { CURRENCY: 'EUR' },
        // parents by index: may be missing (index past the end), the unit itself, or form cycles
        units: specs.map((spec, index) => unit(`u${index}`, spec.parent === 20 ? null : `u${spec.parent}`, Object.fromEntries(spec.sets.map((key) => [key, key === 'POI_TIP_ENABLED' ? 'true' : `${key}-${index}`])))),
      }));
    fc.assert(
      fc.property(treeArbitrary, (tree) => {
        const all = resolveAllUnits(tree);
        expect(all.size).toBe(tree.units.length);
        for (const { uuid } of tree.units) expect(all.get(uuid), uuid).toEqual(resolveUnitAttributes(tree, uuid));
      }),
    );
  });

  it('resolves a damaged tree all the same: a missing parent or a cycle sits under the organization', () => {
    const tree: AttributeTree = {
      uuid: 'org',
      name: 'Org',
      attributes: { CURRENCY: 'EUR' },
      units: [unit('a', 'b', { CURRENCY: 'GBP' }), unit('b', 'a', { LOCALE: 'de-DE' }), unit('c', 'a'), unit('d', 'gone')],
    };
    const all = resolveAllUnits(tree);
    expect(all.get('a')?.LOCALE).toBeUndefined();
    expect(all.get('b')?.CURRENCY?.fromUuid).toBe('org');
    expect(all.get('c')?.CURRENCY?.fromUuid).toBe('a');
    expect(all.get('d')?.CURRENCY?.fromUuid).toBe('org');
    expect(detachedUnits(tree.units).sort()).toEqual(['a', 'b', 'd']);
    expect(detachedUnits(demoTree().units)).toEqual([]);
  });

  it('resolves 500 units with every attribute set somewhere in one pass, each as resolving it alone would (its speed is in the units bench)', () => {
    const attributesOf = (index: number): Attributes => Object.fromEntries(ATTRIBUTE_KEYS.filter((_, k) => (k + index) % 7 === 0).map((key) => [key, `v${index}`]));
    // five levels: 4 hotels, 4 × 5 venues, then revenue centers and deeper units
    const units = Array.from({ length: 500 }, (_, index) => unit(`u${index}`, index < 4 ? null : `u${Math.floor((index - 4) / 5)}`, attributesOf(index)));
    const tree: AttributeTree = { uuid: 'org', name: 'Org', attributes: Object.fromEntries(ATTRIBUTE_KEYS.map((key) => [key, 'root'])), units };
    const all = resolveAllUnits(tree);
    expect(all.size).toBe(500);
    for (const uuid of ['u0', 'u3', 'u4', 'u123', 'u250']) expect(all.get(uuid)).toEqual(resolveUnitAttributes(tree, uuid));
    // the deepest unit's values come from its own chain
    const deepest = all.get('u499');
    expect(deepest?.LOCALE?.source).toBeDefined();
    expect(deepest).toEqual(resolveUnitAttributes(tree, 'u499'));
  });
});

describe('resolveUnitAttributes', () => {
  it('gives null for a unit that is not in the tree', () => {
    expect(resolveUnitAttributes(demoTree(), 'nowhere')).toBeNull();
  });
});

describe('resetting to inherit', () => {
  it('writes null, after which the unit takes the value from above', () => {
    const tree = demoTree();
    const sunset = tree.units.find((u) => u.uuid === 'sunset') as TreeUnit;
    const reset = resetToInherit(sunset.attributes, 'CURRENCY');
    expect(reset).toEqual({ NAME: 'Sunset Bay Resort', CURRENCY: null });
    const after = resolveUnitAttributes({ ...tree, units: tree.units.map((u) => (u.uuid === 'sunset' ? { ...u, attributes: reset } : u)) }, 'sunset');
    expect(after?.CURRENCY).toEqual({ value: 'EUR', source: 'inherited', fromUuid: 'org', fromName: 'Demo Hospitality Group' });
  });

  it('tells what a reset would bring before it is made', () => {
    const resolved = resolveAllUnits(demoTree());
    expect(inheritedValueOf(resolved.get('sunset') ?? {}, 'CURRENCY')?.value).toBe('EUR');
    expect(inheritedValueOf(resolved.get('rooftop') ?? {}, 'TIME_ZONE')?.fromName).toBe('Harbour View Hotel');
    expect(inheritedValueOf(resolved.get('sunset') ?? {}, 'POI_ACCESS_CONTROL_ENABLED')).toBeNull();
  });

  it('round-trips a tri-state: ON, OFF, and UNDEFINED as null', () => {
    expect(decodeAttribute('POI_TIP_ENABLED', encodeAttribute('POI_TIP_ENABLED', true))).toBe(true);
    expect(decodeAttribute('POI_TIP_ENABLED', encodeAttribute('POI_TIP_ENABLED', false))).toBe(false);
    expect(encodeAttribute('POI_TIP_ENABLED', null)).toBeNull();
  });
});

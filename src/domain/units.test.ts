import { describe, expect, it } from 'vitest';
import { contractInputSchema, isIsoDay } from './contract';
import { buildUnitTree, organizationCreateSchema, unitCreateSchema, unitNameOf, type Unit } from './units';

const unit = (uuid: string, name: string, parentUuid: string | null): Unit => ({
  uuid: `00000000-0000-4000-8000-${uuid.padStart(12, '0')}`,
  orgUuid: '00000000-0000-4000-8000-00000000000a',
  parentUuid: parentUuid === null ? null : `00000000-0000-4000-8000-${parentUuid.padStart(12, '0')}`,
  type: 'VENUE',
  name,
  attributes: { NAME: name },
  version: 1,
});

describe('the organization tree', () => {
  it('nests units under their parents, siblings by name, whatever the order they come in', () => {
    const tree = buildUnitTree([unit('3', 'Pool Bar', '2'), unit('2', 'Beach Club', '1'), unit('1', 'Sunset Bay', null), unit('4', 'Harbour', null), unit('5', 'Bar', '2')]);
    expect(tree.map((node) => node.name)).toEqual(['Harbour', 'Sunset Bay']);
    expect(tree[1]?.children[0]?.children.map((node) => node.name)).toEqual(['Bar', 'Pool Bar']);
  });

  it('puts a unit whose parent is not in the list at the top', () => {
    expect(buildUnitTree([unit('7', 'Orphan', '99')]).map((node) => node.name)).toEqual(['Orphan']);
  });

  it('names a unit by its NAME attribute, trimmed; a blank name is none', () => {
    expect(unitNameOf({ NAME: '  Rooftop  ' })).toBe('Rooftop');
    expect(unitNameOf({ NAME: '   ' })).toBeNull();
    expect(unitNameOf({})).toBeNull();
  });
});

describe('organization and unit writes', () => {
  it('refuses the nil uuid and an empty legal name, and an unknown attribute key', () => {
    expect(organizationCreateSchema.safeParse({ legalCompanyName: 'A', status: 'ACTIVE', uuid: '00000000-0000-0000-0000-000000000000' }).success).toBe(false);
    expect(organizationCreateSchema.safeParse({ legalCompanyName: ' ', status: 'ACTIVE' }).error?.issues[0]?.message).toBe('Legal company name is required');
    const unknown = unitCreateSchema.safeParse({ type: 'VENUE', parentUuid: null, attributes: { NAME: 'A', NOPE: 'x' } });
    expect(unknown.error?.issues[0]).toMatchObject({ path: ['attributes', 'NOPE'], message: 'NOPE is not an attribute of a unit' });
  });
});

describe('contracts', () => {
  it('knows real calendar days', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2027-02-29')).toBe(false);
    expect(isIsoDay('2026-13-01')).toBe(false);
    expect(isIsoDay('1/2/2026')).toBe(false);
  });

  it('refuses an end before the start, on the end date', () => {
    const result = contractInputSchema.safeParse({ reference: 'C-1', startDate: '2026-05-02', endDate: '2026-05-01', plan: '', status: 'ACTIVE', notes: '' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['endDate'], message: 'The end date cannot be before the start date' });
    expect(contractInputSchema.safeParse({ reference: 'C-1', startDate: '2026-05-02', endDate: null, plan: '', status: 'ACTIVE', notes: '' }).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { Unit } from '../../domain';
import { organizationAttribute, unitAttribute } from './readable-units';

const ORG = '00000000-0000-4000-8000-000000000001';
const HOTEL = '00000000-0000-4000-8000-0000000000a1';
const BAR = '00000000-0000-4000-8000-0000000000a2';
const RESORT = '00000000-0000-4000-8000-0000000000b1';
const from = (value: string, uuid: string, source: 'self' | 'inherited') => ({ value, source, fromUuid: uuid, fromName: '' });

describe('unit attributes for the transaction screens', () => {
  const units: Unit[] = [
    // the hotel sets nothing: it inherits the organization's zone
    { uuid: HOTEL, orgUuid: ORG, parentUuid: null, type: 'HOTEL', name: 'Harbour', attributes: {}, effective: { TIME_ZONE: from('Europe/Lisbon', ORG, 'inherited') }, version: 1 },
    { uuid: BAR, orgUuid: ORG, parentUuid: HOTEL, type: 'VENUE', name: 'Bar', attributes: {}, effective: { TIME_ZONE: from('Europe/Lisbon', ORG, 'inherited') }, version: 1 },
    // the resort sets its own; what it would inherit is the organization's
    { uuid: RESORT, orgUuid: ORG, parentUuid: null, type: 'HOTEL', name: 'Resort', attributes: { TIME_ZONE: 'America/New_York' }, effective: { TIME_ZONE: { ...from('America/New_York', RESORT, 'self'), inherited: from('Europe/Lisbon', ORG, 'inherited') } }, version: 1 },
  ];

  it("reads a unit's effective value, the organization's included", () => {
    expect(unitAttribute(units, BAR, 'TIME_ZONE')).toBe('Europe/Lisbon');
    expect(unitAttribute(units, RESORT, 'TIME_ZONE')).toBe('America/New_York');
  });

  it("finds the organization's own value through a unit that inherits it or would", () => {
    expect(organizationAttribute(units, 'TIME_ZONE')).toBe('Europe/Lisbon');
    expect(organizationAttribute([units[2] as Unit], 'TIME_ZONE')).toBe('Europe/Lisbon');
    expect(organizationAttribute([{ ...(units[2] as Unit), effective: undefined }], 'TIME_ZONE')).toBeNull();
  });

  it('walks the own attributes up the tree when the gateway gave no effective values', () => {
    const plain = units.map(({ effective: _effective, ...unit }) => unit);
    expect(unitAttribute(plain, BAR, 'TIME_ZONE')).toBeNull();
    expect(unitAttribute([...plain.slice(0, 1).map((unit) => ({ ...unit, attributes: { TIME_ZONE: 'Europe/Paris' } })), ...plain.slice(1)], BAR, 'TIME_ZONE')).toBe('Europe/Paris');
  });
});

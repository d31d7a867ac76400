import { describe, expect, it } from 'vitest';
import { newHotelForm } from './hotel-wizard-data';
import { describeHotelChanges, hotelChanges } from './hotel-changes';
import type { HotelForm } from './hotel-save';

const pkg = (localId: string, externalId: string, extra: Partial<HotelForm['packages'][number]> = {}) => ({ localId, uuid: localId, externalId, calculationRule: 'ADULT' as const, deleted: false, ...extra });
const code = (localId: string, name: string, packages: string[]) => ({ localId, uuid: localId, name, packages });

function hotel(patch: Partial<HotelForm> = {}): HotelForm {
  return { ...newHotelForm('Harbour View', null), definitionUuid: 'def-1', ...patch };
}

describe('hotelChanges', () => {
  const before = hotel({ packages: [pkg('p1', 'BB'), pkg('p2', 'SPA')], rateCodes: [code('r1', 'RACK', ['p1', 'p2'])] });

  it('names each package, rate code and service added, changed or removed, and nothing the save does not touch', () => {
    const after: HotelForm = {
      ...before,
      packages: [pkg('p1', 'BB'), pkg('p2', 'SPA', { deleted: true }), pkg('new-1', 'KIDS_SPA', { uuid: null })],
      rateCodes: [code('r1', 'RACK', ['p1'])],
      accessServices: [{ localId: 's1', uuid: null, name: 'Spa access', hotelsAndPackages: [], defaultHotelUuid: null, idMethods: ['Contactless'] }],
    };
    expect(hotelChanges(before, after)).toEqual({
      items: [
        { kind: 'package', name: 'SPA', change: 'removed' },
        { kind: 'package', name: 'KIDS_SPA', change: 'added' },
        { kind: 'rateCode', name: 'RACK', change: 'changed' },
        { kind: 'service', name: 'Spa access', change: 'added' },
      ],
      hotel: false,
    });
    expect(hotelChanges(before, before)).toEqual({ items: [], hotel: false });
  });

  it('says what changed in words: one change by name, a few listed, the rest counted, else the hotel saved', () => {
    const added = { ...before, packages: [...before.packages, pkg('new-1', 'KIDS_SPA', { uuid: null })] };
    expect(describeHotelChanges(hotelChanges(before, added), 'Harbour View')).toBe('Package KIDS_SPA added');
    const many = { ...added, propertyId: 'HV-1', rateCodes: [], packages: [...added.packages, pkg('new-2', 'GOLF', { uuid: null }), pkg('new-3', 'WINE', { uuid: null })] };
    expect(describeHotelChanges(hotelChanges(before, many), 'Harbour View')).toBe('Package KIDS_SPA added, Package GOLF added, Package WINE added and 2 more changes');
    expect(describeHotelChanges(hotelChanges(before, { ...before, propertyId: 'HV-1' }), 'Harbour View')).toBe('Hotel Harbour View saved');
  });
});

import { describe, expect, it } from 'vitest';
import { allowedParents, descendantsOf, isSameOrBelow, maySitUnderOrganization, PLACEMENT_MESSAGES, placementProblem, removalProblem, type PlacedUnit } from './unit-placement';

const units: PlacedUnit[] = [
  { uuid: 'harbour', type: 'HOTEL', parentUuid: null },
  { uuid: 'rooftop', type: 'VENUE', parentUuid: 'harbour' },
  { uuid: 'rooftop-pos', type: 'REVENUE_CENTER', parentUuid: 'rooftop' },
  { uuid: 'sunset', type: 'HOTEL', parentUuid: null },
];

describe('placementProblem', () => {
  it('places hotels and venues under the organization or a unit, revenue centers under a venue or a hotel', () => {
    expect(placementProblem(units, { type: 'VENUE', parentUuid: null })).toBeNull();
    expect(placementProblem(units, { type: 'HOTEL', parentUuid: null })).toBeNull();
    expect(placementProblem(units, { type: 'VENUE', parentUuid: 'harbour' })).toBeNull();
    expect(placementProblem(units, { type: 'REVENUE_CENTER', parentUuid: 'rooftop' })).toBeNull();
    expect(placementProblem(units, { type: 'REVENUE_CENTER', parentUuid: 'harbour' })).toBeNull();
  });

  it('refuses a revenue center under the organization or under another revenue center', () => {
    expect(placementProblem(units, { type: 'REVENUE_CENTER', parentUuid: null })).toBe('A revenue center must be placed under a venue or a hotel');
    expect(placementProblem(units, { type: 'REVENUE_CENTER', parentUuid: 'rooftop-pos' })).toBe(PLACEMENT_MESSAGES.revenueCenterParent);
    expect(maySitUnderOrganization('REVENUE_CENTER')).toBe(false);
    expect(maySitUnderOrganization('VENUE')).toBe(true);
  });

  it('refuses a cycle: a unit under itself or under a unit below it', () => {
    expect(placementProblem(units, { uuid: 'harbour', type: 'HOTEL', parentUuid: 'harbour' })).toBe(PLACEMENT_MESSAGES.cycle);
    expect(placementProblem(units, { uuid: 'harbour', type: 'HOTEL', parentUuid: 'rooftop-pos' })).toBe(PLACEMENT_MESSAGES.cycle);
    expect(placementProblem(units, { uuid: 'rooftop', type: 'VENUE', parentUuid: 'sunset' })).toBeNull();
  });

  it('refuses a parent that is not a unit of the organization', () => {
    expect(placementProblem(units, { type: 'VENUE', parentUuid: 'elsewhere' })).toBe('The parent unit does not belong to this organization');
  });

  it('lists where a unit may go', () => {
    expect(allowedParents(units, 'REVENUE_CENTER').map((u) => u.uuid)).toEqual(['harbour', 'rooftop', 'sunset']);
    expect(allowedParents(units, 'VENUE', 'rooftop').map((u) => u.uuid)).toEqual(['harbour', 'sunset']);
  });
});

describe('tree walks', () => {
  it('finds the units below a unit at any depth, and stops at a cycle in stored data', () => {
    expect([...descendantsOf(units, 'harbour')].sort()).toEqual(['rooftop', 'rooftop-pos']);
    expect(isSameOrBelow(units, 'rooftop-pos', 'harbour')).toBe(true);
    expect(isSameOrBelow(units, 'sunset', 'harbour')).toBe(false);
    const looped: PlacedUnit[] = [
      { uuid: 'a', type: 'VENUE', parentUuid: 'b' },
      { uuid: 'b', type: 'VENUE', parentUuid: 'a' },
    ];
    expect(isSameOrBelow(looped, 'a', 'c')).toBe(false);
    expect([...descendantsOf(looped, 'a')]).toEqual(['b']);
  });
});

describe('removalProblem', () => {
  it('refuses to remove a unit with units under it, with a message', () => {
    expect(removalProblem(units, 'rooftop')).toBe('This unit cannot be removed while other units are placed under it: move or remove them first');
    expect(removalProblem(units, 'rooftop-pos')).toBeNull();
    expect(removalProblem(units, 'sunset')).toBeNull();
  });
});

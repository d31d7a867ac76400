import { describe, expect, it } from 'vitest';
import { categoryInputSchema, favoritePlaces, favoritesSchema, isNameTaken, orderItemCreateSchema, orderItemInputSchema, PRICE_MINOR_MAX, unknownFavorites } from './index';

const U1 = '11111111-1111-4111-8111-111111111111';
const U2 = '22222222-2222-4222-8222-222222222222';

describe('order item input', () => {
  it.each([
    [0, true],
    [1250, true],
    [PRICE_MINOR_MAX, true],
    [PRICE_MINOR_MAX + 1, false],
    [12.5, false],
    [-1, false],
    ['1250', false],
  ] as const)('priceMinor %j valid: %s', (priceMinor, valid) => {
    expect(orderItemInputSchema.safeParse({ name: 'Negroni', priceMinor }).success).toBe(valid);
  });

  it('fills the defaults and lower-cases uuids', () => {
    expect(orderItemCreateSchema.parse({ name: ' Negroni ', priceMinor: 950, tagUuids: [U1.toUpperCase()] })).toEqual({
      name: 'Negroni',
      priceMinor: 950,
      categoryUuid: null,
      tagUuids: [U1],
      image: null,
      slu: '',
      status: 'ACTIVE',
    });
  });

  it.each([
    [{ name: 'A', priceMinor: 1, tagUuids: [U1, U1] }, false],
    [{ name: '', priceMinor: 1 }, false],
    [{ name: 'A', priceMinor: 1, status: 'GONE' }, false],
    [{ name: 'A', priceMinor: 1, slu: 'x'.repeat(51) }, false],
    [{ name: 'A', priceMinor: 1, uuid: '00000000-0000-0000-0000-000000000000' }, false],
  ])('%j valid: %s', (input, valid) => {
    expect(orderItemCreateSchema.safeParse(input).success).toBe(valid);
  });

  it('takes a category with a group (empty by default)', () => {
    expect(categoryInputSchema.parse({ name: 'Cocktails' })).toEqual({ name: 'Cocktails', group: '' });
  });
});

describe('names and favourites', () => {
  it.each([
    ['cocktails', null, true],
    [' COCKTAILS ', null, true],
    ['Cocktails', 'a', false],
    ['Beers', null, false],
  ] as const)('%j taken (self %s): %s', (name, self, expected) => {
    expect(isNameTaken(name, [{ uuid: 'a', name: 'Cocktails' }], self)).toBe(expected);
  });

  it('places the favourites in order, every other item out', () => {
    expect([...favoritePlaces([{ uuid: U1 }, { uuid: U2 }, { uuid: 'x' }], [U2, U1])]).toEqual([
      [U1, 1],
      [U2, 0],
      ['x', null],
    ]);
    expect(unknownFavorites([{ uuid: U1 }], [U1, U2, U2])).toEqual([U2]);
    expect(favoritesSchema.safeParse([U1, U1]).success).toBe(false);
    expect(favoritesSchema.parse([U1.toUpperCase()])).toEqual([U1]);
  });
});

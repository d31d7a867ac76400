import { describe, expect, it } from 'vitest';
import { discountInputSchema, discountMinor, discountValueProblem, selectedDiscountsSchema, selectionProblems } from './index';

describe('discount values', () => {
  it.each([
    ['PERCENTAGE', 1500, true],
    ['PERCENTAGE', 10_000, true],
    ['PERCENTAGE', 10_001, false],
    ['PERCENTAGE', 0, false],
    ['PERCENTAGE', 15.5, false],
    ['AMOUNT', 500, true],
    ['AMOUNT', 0, false],
    ['AMOUNT', 99_999_999, true],
    ['AMOUNT', 100_000_000, false],
  ] as const)('%s %j valid: %s', (type, value, valid) => {
    expect(discountValueProblem(type, value) === null).toBe(valid);
    expect(discountInputSchema.safeParse({ name: 'D', type, value }).success).toBe(valid);
  });

  it.each([
    [{ type: 'PERCENTAGE', value: 1500 }, 999, 150],
    [{ type: 'PERCENTAGE', value: 1500 }, 1000, 150],
    [{ type: 'PERCENTAGE', value: 3333 }, 100, 33],
    [{ type: 'PERCENTAGE', value: 10_000 }, 1234, 1234],
    [{ type: 'AMOUNT', value: 500 }, 1234, 500],
    [{ type: 'AMOUNT', value: 500 }, 300, 300],
  ] as const)('%j off %i is %i minor units', (discount, amount, off) => {
    expect(discountMinor(discount, amount)).toBe(off);
  });
});

describe('the selection', () => {
  const discounts = [
    { uuid: 'a', name: 'Happy hour', status: 'ACTIVE', enabled: false },
    { uuid: 'b', name: 'Old coupon', status: 'DEACTIVATED', enabled: false },
    { uuid: 'c', name: 'Summer', status: 'DEACTIVATED', enabled: true },
  ];
  it.each([
    [['a', 'c'], []],
    [[], []],
    [['b'], [{ uuid: 'b', message: 'Old coupon is deactivated and cannot be added.' }]],
    [['zz'], [{ uuid: 'zz', message: "zz doesn't exist" }]],
  ] as const)('%j → %j', (selected, problems) => {
    expect(selectionProblems(selected, discounts)).toEqual(problems);
  });
  it('refuses a uuid listed twice', () => {
    const uuid = '11111111-1111-4111-8111-111111111111';
    expect(selectedDiscountsSchema.safeParse([uuid, uuid]).success).toBe(false);
  });
});

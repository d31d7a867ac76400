import { describe, expect, it } from 'vitest';
import { compareNumbered, compareText } from './text-order';

describe('names in reading order', () => {
  it('orders as localeCompare with the English base collation does, case and accents ignored', () => {
    const names = ['harbour', 'Zeta', 'Émile', 'alpha', 'Bar 10', 'bar 2', 'Alpha', 'émile', 'Ölberg', 'oak'];
    const expected = [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    expect([...names].sort(compareText)).toEqual(expected);
    expect(compareText('Alpha', 'alpha')).toBe(0);
    expect(compareText('Émile', 'emile')).toBe(0);
    expect(compareText('Bar 10', 'Bar 2')).toBeLessThan(0);
  });

  it('compares the numbers in names by value when asked', () => {
    expect(compareNumbered('Bar 10', 'bar 2')).toBeGreaterThan(0);
    expect(['RC_10', 'rc_9', 'RC_100', 'Rc_1'].sort(compareNumbered)).toEqual(['Rc_1', 'rc_9', 'RC_10', 'RC_100']);
  });
});

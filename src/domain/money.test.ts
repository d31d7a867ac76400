import { describe, expect, it } from 'vitest';
import { isMinorAmount, minorDigits, minorToDecimal, parseMinor, PRICE_MINOR_MAX, sumMinor } from './index';

describe('minorDigits', () => {
  it.each([
    ['EUR', 2],
    ['usd', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['BHD', 3],
    ['KWD', 3],
    ['', 2],
    [null, 2],
  ] as const)('%s has %i decimals', (currency, digits) => {
    expect(minorDigits(currency)).toBe(digits);
  });
});

describe('parseMinor', () => {
  it.each([
    ['12.34', 'EUR', 1234],
    ['12.3', 'EUR', 1230],
    ['12', 'EUR', 1200],
    ['12.', 'EUR', 1200],
    ['0.01', 'EUR', 1],
    ['0.1', 'EUR', 10],
    ['  7.05 ', 'EUR', 705],
    ['999999.99', 'EUR', PRICE_MINOR_MAX],
    ['1000000.00', 'EUR', null],
    ['12.345', 'EUR', null],
    ['12.345', 'BHD', 12_345],
    ['1234', 'JPY', 1234],
    ['12.5', 'JPY', null],
    ['-1.00', 'EUR', null],
    ['1,50', 'EUR', null],
    ['1e3', 'EUR', null],
    ['', 'EUR', null],
    ['.5', 'EUR', null],
  ] as const)('%j in %s is %j', (text, currency, minor) => {
    expect(parseMinor(text, currency)).toBe(minor);
  });
  it('reads 0.29 as 29 where floating point would give 28.999…', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(parseMinor('0.29', 'EUR')).toBe(29);
  });
});

describe('minorToDecimal', () => {
  it.each([
    [1234, 'EUR', '12.34'],
    [5, 'EUR', '0.05'],
    [0, 'EUR', '0.00'],
    [-250, 'EUR', '-2.50'],
    [1234, 'JPY', '1234'],
    [1, 'KWD', '0.001'],
  ] as const)('%i %s is %s', (minor, currency, text) => {
    expect(minorToDecimal(minor, currency)).toBe(text);
    if (minor >= 0) expect(parseMinor(text, currency)).toBe(minor);
  });
  it('refuses a fraction of a minor unit', () => {
    expect(() => minorToDecimal(1.5, 'EUR')).toThrow(RangeError);
  });
});

describe('sumMinor and isMinorAmount', () => {
  it('sums exactly where floating point drifts', () => {
    const texts = Array.from({ length: 1000 }, () => '0.10');
    const floats = texts.reduce((total, text) => total + Number(text), 0);
    expect(floats).not.toBe(100);
    expect(sumMinor(texts.map((text) => parseMinor(text, 'EUR') ?? 0))).toBe(10_000);
  });
  it('refuses fractions and overflow', () => {
    expect(() => sumMinor([1, 0.5])).toThrow(RangeError);
    expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
  it.each([
    [0, true],
    [PRICE_MINOR_MAX, true],
    [PRICE_MINOR_MAX + 1, false],
    [-1, false],
    [1.5, false],
    ['12', false],
  ] as const)('%j is a minor amount: %s', (value, expected) => {
    expect(isMinorAmount(value)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import {
  CHIP_MESSAGES,
  chipLabel,
  chipName,
  discountEntry,
  discountOptions,
  emailEntry,
  formatChipProblem,
  packageEntry,
  splitChipEntries,
  tipPercentageEntry,
  type ChipVerdict,
} from './chip-entries';

/** The English message of a rejected entry, '' for an accepted or ignored one. */
const said = (verdict: ChipVerdict) => (verdict.outcome === 'reject' ? formatChipProblem(verdict.problem) : '');

describe('chip messages', () => {
  it("keep the spec's words, 'a available package' included", () => {
    expect(CHIP_MESSAGES.invalidEmail).toBe('{value} is not a valid email address.');
    expect(CHIP_MESSAGES.alreadyAdded).toBe('{value} has already been added.');
    expect(CHIP_MESSAGES.notANumber).toBe('{value} is not a number.');
    expect(CHIP_MESSAGES.notAvailablePackage).toBe('{value} is not a available package');
    expect(CHIP_MESSAGES.discountAlreadyAdded).toBe('{name} has already been added.');
    expect(CHIP_MESSAGES.discountUnknown).toBe("{name} doesn't exist");
  });
});

describe('splitChipEntries', () => {
  it('splits at commas, and pasted lists at line breaks, tabs and semicolons, dropping blanks', () => {
    expect(splitChipEntries('a@x.io, b@x.io')).toEqual(['a@x.io', 'b@x.io']);
    expect(splitChipEntries('a@x.io\r\nb@x.io\tc@x.io; d@x.io,, ')).toEqual(['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io']);
    expect(splitChipEntries('  ')).toEqual([]);
  });
});

describe('chipName', () => {
  it('shows names of up to 20 characters whole and cuts longer ones after 20', () => {
    expect(chipName('Breakfast')).toBe('Breakfast');
    expect(chipName('12345678901234567890')).toBe('12345678901234567890');
    expect(chipName('Breakfast and dinner for two')).toBe('Breakfast and dinner…');
  });
});

describe('emailEntry', () => {
  it('adds an address, trimmed', () => {
    expect(emailEntry(' ops@hotel.com ', [])).toEqual({ outcome: 'add', value: 'ops@hotel.com' });
  });

  it('rejects what is no address, and an address already there whatever its case', () => {
    expect(said(emailEntry('ops@', []))).toBe('ops@ is not a valid email address.');
    expect(said(emailEntry('not an email', []))).toBe('not an email is not a valid email address.');
    expect(said(emailEntry('OPS@hotel.com', ['ops@hotel.com']))).toBe('OPS@hotel.com has already been added.');
  });
});

describe('tipPercentageEntry', () => {
  it('adds non-negative decimals, written as stored', () => {
    expect(tipPercentageEntry('10', [])).toEqual({ outcome: 'add', value: '10' });
    expect(tipPercentageEntry('12.50', [])).toEqual({ outcome: 'add', value: '12.5' });
    expect(tipPercentageEntry('0', [])).toEqual({ outcome: 'add', value: '0' });
  });

  it("rejects what is no non-negative decimal with 'is not a number.', and a percentage already there", () => {
    for (const entry of ['-5', 'ten', '12,5', '1e2', '.5', '10%']) expect(said(tipPercentageEntry(entry, [])), entry).toBe(`${entry} is not a number.`);
    expect(said(tipPercentageEntry('10.0', ['10', '15']))).toBe('10.0 has already been added.');
  });
});

describe('packageEntry', () => {
  const available = [
    { value: 'p-1', label: 'BKFST' },
    { value: 'p-2', label: 'SPA' },
  ];

  it('adds an available package by its ID, case ignored', () => {
    expect(packageEntry('BKFST', [], available)).toEqual({ outcome: 'add', value: 'p-1' });
    expect(packageEntry('spa', [], available)).toEqual({ outcome: 'add', value: 'p-2' });
  });

  it('rejects a package that is not available, and silently ignores one already there', () => {
    expect(said(packageEntry('GOLF', [], available))).toBe('GOLF is not a available package');
    expect(packageEntry('SPA', ['p-2'], available)).toEqual({ outcome: 'ignore' });
  });
});

describe('discountEntry', () => {
  const discounts = [
    { uuid: 'd-1', name: 'Happy Hour', status: 'ACTIVE' },
    { uuid: 'd-2', name: 'Staff', status: 'DEACTIVATED' },
  ];

  it('adds a discount by its name, case ignored', () => {
    expect(discountEntry('happy hour', [], discounts)).toEqual({ outcome: 'add', value: 'd-1' });
  });

  it("says a discount is already there or doesn't exist, and refuses a deactivated one", () => {
    expect(said(discountEntry('HAPPY HOUR', ['d-1'], discounts))).toBe('Happy Hour has already been added.');
    expect(said(discountEntry('Brunch', [], discounts))).toBe("Brunch doesn't exist");
    expect(said(discountEntry('staff', [], discounts))).toBe('Staff is deactivated and cannot be added.');
  });

  it('lists deactivated discounts as disabled options', () => {
    expect(discountOptions(discounts)).toEqual([
      { value: 'd-1', label: 'Happy Hour', disabled: false },
      { value: 'd-2', label: 'Staff', disabled: true },
    ]);
  });
});

describe('chipLabel', () => {
  it("names a chip by its option, by its own value without options, and '(Not found)' when the option was deleted", () => {
    const options = [{ value: 'p-1', label: 'BKFST' }];
    expect(chipLabel('p-1', options)).toBe('BKFST');
    expect(chipLabel('p-9', options)).toBe('(Not found)');
    expect(chipLabel('ops@hotel.com', undefined)).toBe('ops@hotel.com');
  });
});

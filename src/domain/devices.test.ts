import { describe, expect, it } from 'vitest';
import { DEVICE_MESSAGES, deviceAssignSchema, isDeviceAliasTaken, mayAssignDevice, resolveUnitAssignment, unitDeviceAssignSchema } from './index';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const devices = [
  { uuid: 'a', alias: 'Bar 1' },
  { uuid: 'b', alias: 'Bar 2' },
  { uuid: 'c', alias: 'Terrace' },
];

describe('device rules', () => {
  it('spells the refusal as the spec does', () => {
    expect(DEVICE_MESSAGES.updateRefused).toBe('Error occured while updating devices');
  });

  it.each([
    [null, true],
    [ORG, true],
    [OTHER, false],
  ] as const)('a device of %s may be assigned to the organization: %s', (orgUuid, expected) => {
    expect(mayAssignDevice({ orgUuid }, ORG)).toBe(expected);
  });

  it.each([
    ['bar 1', null, true],
    [' BAR 1 ', null, true],
    ['Bar 1', 'a', false],
    ['Bar 3', null, false],
  ] as const)('alias %j taken (self %s): %s', (alias, self, expected) => {
    expect(isDeviceAliasTaken(alias, devices, self)).toBe(expected);
  });

  it.each([
    [['bar 2', 'TERRACE'], ['b', 'c']],
    [['Bar 1', 'bar 1'], ['a']],
    [[], []],
    [['Bar 1', 'Unknown'], null],
  ] as const)('aliases %j resolve to %j', (aliases, expected) => {
    expect(resolveUnitAssignment(aliases, devices)).toEqual(expected);
  });

  it.each([
    [{ alias: ' Bar 9 ', organizationUuid: ORG.toUpperCase() }, true],
    [{ alias: '', organizationUuid: ORG }, false],
    [{ alias: 'x'.repeat(51), organizationUuid: ORG }, false],
    [{ alias: 'x'.repeat(50), organizationUuid: ORG }, true],
    [{ alias: 'Bar', organizationUuid: 'nope' }, false],
  ] as const)('assign body %j valid: %s', (body, valid) => {
    const result = deviceAssignSchema.safeParse(body);
    expect(result.success).toBe(valid);
    if (result.success) expect(result.data.organizationUuid).toBe(ORG);
  });

  it('takes a unit assignment as a list of aliases', () => {
    expect(unitDeviceAssignSchema.parse([' Bar 1 '])).toEqual(['Bar 1']);
    expect(unitDeviceAssignSchema.safeParse({ aliases: [] }).success).toBe(false);
  });
});

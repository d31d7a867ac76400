import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_GROUPS, ATTRIBUTE_KEYS, attributeDefinition, CARD_MESSAGES, CHIP_MESSAGES, CHIP_NOT_FOUND, PLACEMENT_MESSAGES, type ChipMessage } from '../../domain';
import { en } from '../../i18n/messages-en';
import { attributeGroupLabel, attributeLabel, attributeOptionLabel, chipProblemText, placementMessageText, triStateLabel } from './labels';

describe('the catalogue words of the shared inputs', () => {
  it('say what the domain rules say, in the spec words', () => {
    for (const message of Object.keys(CHIP_MESSAGES) as ChipMessage[]) {
      expect(en[`inputs.chips.${message}`], message).toBe(CHIP_MESSAGES[message]);
      expect(chipProblemText({ message, params: { value: 'x', name: 'x' } }), message).toBe(CHIP_MESSAGES[message].replace(/\{\w+\}/, 'x'));
    }
    expect(en['inputs.chips.notAvailablePackage']).toBe('{value} is not a available package');
    expect(en['inputs.chips.notFound']).toBe(CHIP_NOT_FOUND);
    expect(en['inputs.card.notValid']).toBe(CARD_MESSAGES.notValid);
    expect(en['inputs.dualList.noItems']).toBe('There are no items available');
    expect(en['inputs.dualList.noSelected']).toBe('There are no selected items');
    for (const message of Object.values(PLACEMENT_MESSAGES)) expect(placementMessageText(message)).toBe(message);
  });

  it('label every attribute key, group and enum value of the registry', () => {
    for (const key of ATTRIBUTE_KEYS) expect(attributeLabel(key), key).toMatch(/^[A-Z][^{}]+$/);
    for (const group of ATTRIBUTE_GROUPS) expect(attributeGroupLabel(group), group).toMatch(/^[A-Z][^{}]+$/);
    for (const key of ATTRIBUTE_KEYS) {
      for (const option of attributeDefinition(key).options ?? []) {
        if (key === 'CURRENCY') continue; // currencies are named by the runtime (CurrencySelect)
        expect(Object.hasOwn(en, `unitAttribute.option.${option}`), option).toBe(true);
        expect(attributeOptionLabel(option)).toBe(en[`unitAttribute.option.${option}` as keyof typeof en]);
      }
    }
  });

  it("use the spec's names where it gives them", () => {
    expect(attributeLabel('PMS_PROPERTY_ID')).toBe('Property ID');
    expect(attributeLabel('PMS_NOTIFICATION_EMAILS')).toBe('Notification Emails');
    expect(attributeLabel('PMS_CONNECTION')).toBe('PMS Hotel Definition');
    expect(attributeGroupLabel('regional')).toBe('Regional information');
    expect([triStateLabel('OFF'), triStateLabel('UNDEFINED'), triStateLabel('ON')]).toEqual(['Off', 'Inherit', 'On']);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CARD_MESSAGES, effectiveMaxLength, isCardNumberValid, isControlKey, isKeyAllowed, luhnValid, sanitizeText } from './text-input-rules';

const key = (k: string, modifiers: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean } = {}) => ({ key: k, ...modifiers });
const CONTROL_KEYS = ['Backspace', 'Delete', 'Tab', 'Enter', 'Escape', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];

describe('isControlKey', () => {
  it('counts named keys and Ctrl/Cmd shortcuts as control keys, characters (AltGr ones too) not', () => {
    for (const name of CONTROL_KEYS) expect(isControlKey(key(name)), name).toBe(true);
    expect(isControlKey(key('v', { ctrlKey: true }))).toBe(true);
    expect(isControlKey(key('a', { metaKey: true }))).toBe(true);
    expect(isControlKey(key('a'))).toBe(false);
    expect(isControlKey(key('@', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isControlKey(key('😀'))).toBe(false);
  });
});

describe('isKeyAllowed', () => {
  it('textOnly blocks digit keys and lets everything else through', () => {
    expect(isKeyAllowed('textOnly', key('7'))).toBe(false);
    expect(isKeyAllowed('textOnly', key('٣'))).toBe(false); // an Arabic-Indic digit is a digit too
    expect(isKeyAllowed('textOnly', key('a'))).toBe(true);
    expect(isKeyAllowed('textOnly', key(' '))).toBe(true);
    expect(isKeyAllowed('textOnly', key('Backspace'))).toBe(true);
  });

  it('numeric and telephone allow digits and control keys only', () => {
    for (const mode of ['numeric', 'telephone'] as const) {
      expect(isKeyAllowed(mode, key('5')), mode).toBe(true);
      for (const refused of ['a', '+', '-', ' ', '.', 'e']) expect(isKeyAllowed(mode, key(refused)), `${mode} ${refused}`).toBe(false);
      for (const name of CONTROL_KEYS) expect(isKeyAllowed(mode, key(name)), `${mode} ${name}`).toBe(true);
      expect(isKeyAllowed(mode, key('v', { ctrlKey: true })), `${mode} paste`).toBe(true);
    }
  });

  it('decimal also allows one decimal point', () => {
    expect(isKeyAllowed('decimal', key('.'), { value: '12' })).toBe(true);
    expect(isKeyAllowed('decimal', key('.'), { value: '12.5' })).toBe(false);
    // typing over a selection that holds the point makes room for a new one
    expect(isKeyAllowed('decimal', key('.'), { value: '12.5', selectionStart: 2, selectionEnd: 4 })).toBe(true);
    expect(isKeyAllowed('decimal', key(','), { value: '12' })).toBe(false);
    expect(isKeyAllowed('decimal', key('4'), { value: '12.' })).toBe(true);
  });

  it('card allows 16 digits and no more', () => {
    expect(isKeyAllowed('card', key('4'), { value: '4'.repeat(15) })).toBe(true);
    expect(isKeyAllowed('card', key('4'), { value: '4'.repeat(16) })).toBe(false);
    expect(isKeyAllowed('card', key('Backspace'), { value: '4'.repeat(16) })).toBe(true);
    expect(isKeyAllowed('card', key(' '), { value: '4111' })).toBe(false);
  });

  it('a maximum length blocks further typing unless a selection is typed over', () => {
    expect(isKeyAllowed('text', key('d'), { value: 'abc' }, 3)).toBe(false);
    expect(isKeyAllowed('text', key('d'), { value: 'abc', selectionStart: 1, selectionEnd: 2 }, 3)).toBe(true);
    expect(isKeyAllowed('text', key('ArrowLeft'), { value: 'abc' }, 3)).toBe(true);
    expect(isKeyAllowed('text', key('d'), { value: 'ab' }, 3)).toBe(true);
    expect(effectiveMaxLength('card', 20)).toBe(16);
    expect(effectiveMaxLength('card', 8)).toBe(8);
    expect(effectiveMaxLength('text')).toBeUndefined();
  });
});

describe('sanitizeText', () => {
  it('keeps of pasted text only what the mode allows, one decimal point, up to the maximum', () => {
    expect(sanitizeText('numeric', '+44 (20) 7946-0018')).toBe('442079460018');
    expect(sanitizeText('telephone', '020 7946')).toBe('0207946');
    expect(sanitizeText('decimal', '1.2.3a4')).toBe('1.234');
    expect(sanitizeText('textOnly', 'Room 101')).toBe('Room ');
    expect(sanitizeText('card', '4111 1111 1111 1111 99')).toBe('4111111111111111');
    expect(sanitizeText('text', 'abcdef', 4)).toBe('abcd');
  });

  it('only ever keeps text every key of which the mode would have let through', () => {
    fc.assert(
      fc.property(fc.constantFrom('textOnly', 'numeric', 'telephone', 'decimal', 'card') as fc.Arbitrary<'textOnly'>, fc.string(), (mode, text) => {
        const kept = sanitizeText(mode, text);
        let typed = '';
        for (const character of kept) {
          expect(isKeyAllowed(mode, key(character), { value: typed })).toBe(true);
          typed += character;
        }
      }),
    );
  });
});

describe('card numbers', () => {
  it('pass with 16 digits and a right Luhn checksum', () => {
    expect(isCardNumberValid('4111111111111111')).toBe(true);
    expect(isCardNumberValid('5555555555554444')).toBe(true);
    expect(isCardNumberValid('4111111111111112')).toBe(false);
    expect(isCardNumberValid('411111111111111')).toBe(false); // 15 digits
    expect(isCardNumberValid('4111 1111 1111 1111')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(CARD_MESSAGES.notValid).toBe('Not valid');
  });

  it('fail whenever one digit of a valid number is changed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = '4111111111111111'.split('');
        digits[position] = String((Number(digits[position]) + delta) % 10);
        expect(isCardNumberValid(digits.join(''))).toBe(false);
      }),
    );
  });
});

/**
 * Text input modes (spec section 5): which key a field lets through, what is left of pasted or
 * dropped text, and the card-number checksum. The text input of src/ui/inputs applies these.
 */
import { CARD_NUMBER_LENGTH } from './constants';

/**
 * text: anything. textOnly: no digits. numeric and telephone: digits only. decimal: digits and one
 * decimal point. card: up to 16 digits, checked with the Luhn checksum.
 */
export const TEXT_INPUT_MODES = ['text', 'textOnly', 'numeric', 'telephone', 'decimal', 'card'] as const;
export type TextInputMode = (typeof TEXT_INPUT_MODES)[number];

export const CARD_MESSAGES = { notValid: 'Not valid' } as const;

/** A key press as the field sees it (KeyboardEvent's key and modifiers). */
export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** The field the key is pressed in: its text and the selected range the key would replace. */
export interface FieldText {
  value: string;
  selectionStart?: number | null;
  selectionEnd?: number | null;
}

const DIGIT = /^[0-9]$/;
const ANY_DIGIT = /\p{Nd}/u;

/**
 * A key that edits, moves or is a shortcut, never a character: named keys (Backspace, Delete, Tab,
 * Enter, Escape, the arrows, Home, End, …) and anything with Ctrl or Cmd held (copy, paste, undo,
 * select all). AltGr characters arrive with ctrlKey and altKey both set and stay characters.
 */
export function isControlKey(press: KeyPress): boolean {
  if (Array.from(press.key).length !== 1) return true;
  const altGraph = press.ctrlKey === true && press.altKey === true;
  return !altGraph && (press.ctrlKey === true || press.metaKey === true);
}

/** The most characters a field of this mode takes: 16 for a card, else the given maximum, if any. */
export function effectiveMaxLength(mode: TextInputMode, maxLength?: number): number | undefined {
  if (mode === 'card') return Math.min(CARD_NUMBER_LENGTH, maxLength ?? CARD_NUMBER_LENGTH);
  return maxLength;
}

/** Whether a character may stand in a field of this mode (at any place, the decimal point aside). */
function characterAllowed(mode: TextInputMode, character: string): boolean {
  switch (mode) {
    case 'text':
      return true;
    case 'textOnly':
      return !ANY_DIGIT.test(character);
    case 'numeric':
    case 'telephone':
    case 'card':
      return DIGIT.test(character);
    case 'decimal':
      return DIGIT.test(character) || character === '.';
  }
}

/**
 * Whether pressing `press` in `field` may go ahead: control keys always; a character when the mode
 * allows it (a second decimal point never) and the field is not full — a selection being typed over
 * makes room.
 */
export function isKeyAllowed(mode: TextInputMode, press: KeyPress, field: FieldText = { value: '' }, maxLength?: number): boolean {
  if (isControlKey(press)) return true;
  if (!characterAllowed(mode, press.key)) return false;
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  const kept = field.value.slice(0, start) + field.value.slice(end);
  if (mode === 'decimal' && press.key === '.' && kept.includes('.')) return false;
  const max = effectiveMaxLength(mode, maxLength);
  return max === undefined || Array.from(kept).length < max;
}

/**
 * What is left of `text` (pasted, dropped, or typed where keys were not seen) in a field of this
 * mode: characters the mode refuses left out, one decimal point at most, cut to the maximum length.
 */
export function sanitizeText(mode: TextInputMode, text: string, maxLength?: number): string {
  let seenPoint = false;
  const kept = Array.from(text).filter((character) => {
    if (!characterAllowed(mode, character)) return false;
    if (mode === 'decimal' && character === '.') {
      if (seenPoint) return false;
      seenPoint = true;
    }
    return true;
  });
  const max = effectiveMaxLength(mode, maxLength);
  return (max === undefined ? kept : kept.slice(0, max)).join('');
}

/** The Luhn checksum (ISO/IEC 7812): from the right, every second digit doubled, the sum a multiple of ten. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number: 16 digits that pass the Luhn checksum (spec sections 5 and 9). */
export function isCardNumberValid(value: string): boolean {
  return value.length === CARD_NUMBER_LENGTH && luhnValid(value);
}

import { useState, type HTMLAttributes } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { effectiveMaxLength, isCardNumberValid, isKeyAllowed, sanitizeText, type TextInputMode } from '../../domain';
import { t } from '../../i18n';

export interface ModeTextInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'maxLength' | 'type'> {
  /** text, textOnly, numeric, telephone, decimal or card (spec section 5) */
  mode: TextInputMode;
  value: string;
  onChange: (value: string) => void;
  /** further typing is blocked at this many characters (a card takes 16 at most) */
  maxLength?: number;
}

const INPUT_MODES: Record<TextInputMode, HTMLAttributes<HTMLInputElement>['inputMode']> = {
  text: 'text',
  textOnly: 'text',
  numeric: 'numeric',
  telephone: 'tel',
  decimal: 'decimal',
  card: 'numeric',
};

/**
 * A text input with a mode (spec section 5): textOnly blocks digit keys; numeric and telephone let
 * digits and control keys through; decimal also one decimal point; card takes 16 digits and says
 * 'Not valid' when they fail the Luhn checksum (or, once left, when fewer were typed); a maximum
 * length blocks further typing. Pasted or dropped text keeps only what the mode allows.
 */
export function ModeTextInput({ mode, value, onChange, maxLength, error, onKeyDown, onBlur, autoComplete, ...props }: ModeTextInputProps) {
  const [left, setLeft] = useState(false);
  const max = effectiveMaxLength(mode, maxLength);
  const cardProblem = mode === 'card' && value !== '' && !isCardNumberValid(value) && (value.length >= (max ?? 0) || left);
  return (
    <TextInput
      {...props}
      type={mode === 'telephone' ? 'tel' : 'text'}
      inputMode={INPUT_MODES[mode]}
      autoComplete={mode === 'card' ? 'cc-number' : autoComplete}
      value={value}
      maxLength={max}
      error={error ?? (cardProblem ? t('inputs.card.notValid') : undefined)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        const field = event.currentTarget;
        if (!event.defaultPrevented && !isKeyAllowed(mode, event, { value: field.value, selectionStart: field.selectionStart, selectionEnd: field.selectionEnd }, max)) event.preventDefault();
      }}
      onChange={(event) => onChange(sanitizeText(mode, event.currentTarget.value, max))}
      onBlur={(event) => {
        setLeft(true);
        onBlur?.(event);
      }}
    />
  );
}

import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { applyMask, DATE_MASK, isControlKey, parseMaskedDate, parseMaskedTime, TIME_MASK, type MaskSlot } from '../../domain';
import { t, type MessageKey } from '../../i18n';

export interface MaskedInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** the masked text: '24/12/2025', '09:30', or less while being typed */
  value: string;
  onChange: (value: string) => void;
}

interface MaskSpec {
  mask: readonly MaskSlot[];
  placeholder: MessageKey;
  invalid: MessageKey;
  isValid: (value: string) => boolean;
}

const DATE: MaskSpec = { mask: DATE_MASK, placeholder: 'inputs.date.placeholder', invalid: 'inputs.date.invalid', isValid: (value) => parseMaskedDate(value) !== null };
const TIME: MaskSpec = { mask: TIME_MASK, placeholder: 'inputs.time.placeholder', invalid: 'inputs.time.invalid', isValid: (value) => parseMaskedTime(value) !== null };

/** Digits only, through the mask; once left, an incomplete or impossible value is named. */
function MaskedInput({ spec, value, onChange, error, onKeyDown, onBlur, placeholder, ...props }: MaskedInputProps & { spec: MaskSpec }) {
  const [left, setLeft] = useState(false);
  const wrong = left && value !== '' && !spec.isValid(value);
  return (
    <TextInput
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder ?? t(spec.placeholder)}
      maxLength={spec.mask.length}
      value={value}
      error={error ?? (wrong ? t(spec.invalid) : undefined)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || isControlKey(event)) return;
        const field = event.currentTarget;
        const full = field.value.length >= spec.mask.length && field.selectionStart === field.selectionEnd;
        if (!/^\d$/.test(event.key) || full) event.preventDefault();
      }}
      onChange={(event) => onChange(applyMask(spec.mask, event.currentTarget.value))}
      onBlur={(event) => {
        setLeft(true);
        onBlur?.(event);
      }}
    />
  );
}

/** A date as DD/MM/YYYY (spec section 5): the day's first digit 0-3, the month's 0-1, the year's 0-2; the slashes come by themselves. */
export function DateMaskInput(props: MaskedInputProps) {
  return <MaskedInput {...props} spec={DATE} />;
}

/** A time as HH:MM (spec section 5): the hour's tens digit 0-2, the minutes' 0-5; the colon comes by itself. */
export function TimeMaskInput(props: MaskedInputProps) {
  return <MaskedInput {...props} spec={TIME} />;
}

import { forwardRef } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { ATTRIBUTE_LIMITS } from '../../../domain';

/** Spec sections 5 and 9: a venue's name has at most 50 characters; longer input is cut. */
export const UNIT_NAME_MAX = ATTRIBUTE_LIMITS.name;

export const cutName = (text: string) => text.slice(0, UNIT_NAME_MAX);

type UnitNameInputProps = Omit<TextInputProps, 'onChange' | 'value' | 'maxLength'> & {
  value: string;
  onChange: (name: string) => void;
};

/** A unit's name field: what is typed or pasted past 50 characters is cut. */
export const UnitNameInput = forwardRef<HTMLInputElement, UnitNameInputProps>(function UnitNameInput({ value, onChange, ...props }, ref) {
  return <TextInput ref={ref} {...props} value={value} maxLength={UNIT_NAME_MAX} onChange={(event) => onChange(cutName(event.currentTarget.value))} />;
});

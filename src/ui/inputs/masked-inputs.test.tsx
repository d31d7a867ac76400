import { describe, expect, it } from 'vitest';
import { useState, type ComponentType } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { DateMaskInput, TimeMaskInput, type MaskedInputProps } from './masked-inputs';

function renderMasked(Input: ComponentType<MaskedInputProps>) {
  function Form() {
    const [value, setValue] = useState('');
    return <Input label="When" value={value} onChange={setValue} />;
  }
  renderWithProviders(<Form />);
  return { field: screen.getByRole('textbox', { name: 'When' }) as HTMLInputElement, user: userEvent.setup() };
}

describe('DateMaskInput', () => {
  it('shows DD/MM/YYYY and writes the slashes itself', async () => {
    const { field, user } = renderMasked(DateMaskInput);
    expect(field.placeholder).toBe('DD/MM/YYYY');
    await user.type(field, '24122025');
    expect(field.value).toBe('24/12/2025');
    await user.type(field, '9');
    expect(field.value).toBe('24/12/2025');
  });

  it("takes 0-3 as the day's first digit, 0-1 as the month's, 0-2 as the year's, and no letters", async () => {
    const { field, user } = renderMasked(DateMaskInput);
    await user.type(field, '4a31');
    expect(field.value).toBe('31');
    await user.type(field, '2');
    expect(field.value).toBe('31');
    await user.type(field, '13');
    // only the first digits are ruled: month 13 passes the mask, and leaving the field names it
    expect(field.value).toBe('31/13');
  });

  it('lets Backspace delete back over a slash', async () => {
    const { field, user } = renderMasked(DateMaskInput);
    await user.type(field, '241{Backspace}{Backspace}');
    expect(field.value).toBe('2');
  });

  it('names a date that does not exist once the field is left', async () => {
    const { field, user } = renderMasked(DateMaskInput);
    await user.type(field, '31022025');
    expect(screen.queryByText('Enter a date that exists, as DD/MM/YYYY')).toBeNull();
    await user.tab();
    expect(screen.getByText('Enter a date that exists, as DD/MM/YYYY')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('TimeMaskInput', () => {
  it("shows HH:MM, writes the colon, takes 0-2 as the hour's tens digit and 0-5 as the minutes'", async () => {
    const { field, user } = renderMasked(TimeMaskInput);
    expect(field.placeholder).toBe('HH:MM');
    await user.type(field, '3');
    expect(field.value).toBe('');
    await user.type(field, '2369');
    expect(field.value).toBe('23'); // 6 and 9 are no tens digit of minutes
    await user.type(field, '59');
    expect(field.value).toBe('23:59');
  });

  it('names a time past 23:59 once the field is left', async () => {
    const { field, user } = renderMasked(TimeMaskInput);
    await user.type(field, '2400');
    await user.tab();
    expect(screen.getByText('Enter a time from 00:00 to 23:59, as HH:MM')).toBeTruthy();
  });
});

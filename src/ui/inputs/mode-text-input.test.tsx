import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TextInputMode } from '../../domain';
import { renderWithProviders } from '../../../test/render';
import { ModeTextInput } from './mode-text-input';

function renderField(mode: TextInputMode, maxLength?: number) {
  function Form() {
    const [value, setValue] = useState('');
    return <ModeTextInput label="Field" mode={mode} maxLength={maxLength} value={value} onChange={setValue} />;
  }
  renderWithProviders(<Form />);
  return { field: screen.getByLabelText('Field') as HTMLInputElement, user: userEvent.setup() };
}

describe('ModeTextInput', () => {
  it('textOnly blocks digit keys', async () => {
    const { field, user } = renderField('textOnly');
    await user.type(field, 'Room 101 East');
    expect(field.value).toBe('Room  East');
  });

  it('numeric and telephone let digits and control keys through only', async () => {
    for (const mode of ['numeric', 'telephone'] as const) {
      const { field, user } = renderField(mode);
      await user.type(field, '+44 (20) 7946-0018');
      expect(field.value, mode).toBe('442079460018');
      await user.type(field, '{Backspace}{Backspace}{ArrowLeft}9');
      expect(field.value, mode).toBe('44207946090');
      expect(field.getAttribute('inputmode'), mode).toBe(mode === 'telephone' ? 'tel' : 'numeric');
      field.remove();
    }
  });

  it('decimal also takes one decimal point', async () => {
    const { field, user } = renderField('decimal');
    await user.type(field, '12.5.0a');
    expect(field.value).toBe('12.50');
  });

  it('an optional maximum length blocks further typing', async () => {
    const { field, user } = renderField('text', 5);
    await user.type(field, 'Harbour');
    expect(field.value).toBe('Harbo');
  });

  it('keeps of pasted text what the mode allows', async () => {
    const { field } = renderField('numeric');
    fireEvent.change(field, { target: { value: 'tel: 555-0100' } });
    expect(field.value).toBe('5550100');
  });

  it("card takes 16 digits and says 'Not valid' when the checksum fails", async () => {
    const { field, user } = renderField('card');
    await user.type(field, '4111 1111 1111 1112 3');
    expect(field.value).toBe('4111111111111112');
    expect(screen.getByText('Not valid')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.type(field, '{Backspace}1');
    expect(field.value).toBe('4111111111111111');
    expect(screen.queryByText('Not valid')).toBeNull();
  });

  it("card says 'Not valid' for a number left incomplete, not while it is being typed", async () => {
    const { field, user } = renderField('card');
    await user.type(field, '4111');
    expect(screen.queryByText('Not valid')).toBeNull();
    await user.tab();
    expect(screen.getByText('Not valid')).toBeTruthy();
  });
});

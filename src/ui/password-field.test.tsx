import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { PasswordField } from './password-field';

describe('PasswordField', () => {
  it('has a show/hide toggle that Tab reaches, named from the catalogue, saying whether the password shows', async () => {
    renderWithProviders(<PasswordField label="Password" />);
    const user = userEvent.setup();
    const field = screen.getByLabelText(/^Password/) as HTMLInputElement;
    await user.click(field);
    await user.type(field, 'Secret123');
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show or hide the password' });
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(field.type).toBe('password');

    await user.keyboard(' ');
    expect(field.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});

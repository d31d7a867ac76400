import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { empty } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders } from '../../../../test/render';
import { ResetPasswordPage } from './reset-password-page';

const render = () => renderWithProviders(<ResetPasswordPage />, { url: '/reset-password', path: '/reset-password' });

describe('ResetPasswordPage', () => {
  it('keeps Send reset link enabled and says what is missing, sending nothing', async () => {
    const gateway = fakeGateway(() => empty(204));
    render();
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Send reset link' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    expect(screen.getByText('Enter your email address')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Email/)));

    await user.type(screen.getByLabelText(/^Email/), 'not-an-address{Enter}');
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(gateway.calls).toEqual([]);
  });

  it('sends the request for a valid address', async () => {
    const gateway = fakeGateway(() => empty(204));
    render();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), ' ann@example.com {Enter}');
    expect((await screen.findByRole('status')).textContent).toContain('If an account exists for ann@example.com');
    expect(gateway.calls).toHaveLength(1);
  });
});

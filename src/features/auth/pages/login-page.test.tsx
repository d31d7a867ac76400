import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_STORAGE_KEY } from '../../../api';
import { gatewayError, json, makeSession } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders } from '../../../../test/render';
import { LoginPage } from './login-page';

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it("shows the gateway's message when the credentials are refused", async () => {
    fakeGateway(() => gatewayError(401, 'auth.invalid_credentials', 'Invalid email or password'));
    renderWithProviders(<LoginPage />, { url: '/login', path: '/login' });
    await signIn('ann@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('says plainly when the gateway cannot be reached', async () => {
    fakeGateway(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<LoginPage />, { url: '/login', path: '/login' });
    await signIn('ann@example.com', 'Secret123');
    expect((await screen.findByRole('alert')).textContent).toContain('Cannot reach the gateway. Check your connection and try again.');
  });

  it("says 'Unknown authentication error' for any other failure of the gateway", async () => {
    fakeGateway(() => gatewayError(500, 'internal', 'Internal server error'));
    renderWithProviders(<LoginPage />, { url: '/login', path: '/login' });
    await signIn('ann@example.com', 'Secret123');
    expect((await screen.findByRole('alert')).textContent).toContain('Unknown authentication error');
  });

  it('stores the session and follows a same-origin redirect, sending the credentials', async () => {
    const session = makeSession();
    const gateway = fakeGateway(() => json(200, session));
    renderWithProviders(<LoginPage />, { url: '/login?redirect=%2Forganization%2F42', path: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/reset-password');
    await signIn('ann@example.com', 'Secret123');
    expect((await screen.findByTestId('location')).textContent).toBe('/organization/42');
    expect(gateway.calls[0]).toMatchObject({ path: '/authentication/v1/users/tokens', method: 'POST', body: { email: 'ann@example.com', password: 'Secret123' } });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(session);
  });

  it('sends an already signed-in user to /organizations, never to another origin', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
    renderWithProviders(<LoginPage />, { url: '/login?redirect=https%3A%2F%2Fevil.example%2F', path: '/login' });
    expect((await screen.findByTestId('location')).textContent).toBe('/organizations');
  });
});

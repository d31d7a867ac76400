import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_STORAGE_KEY } from '../../../api';
import { enqueue, listEntries, lobbyDb, LOGOUT_MARKER_KEY, logOutAndWipe } from '../../../offline';
import { gatewayError, json, makeSession } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders } from '../../../../test/render';
import { LoginPage } from './login-page';

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

const OTHER = '22222222-2222-4222-8222-222222222222';

afterEach(async () => {
  await lobbyDb().outbox.clear();
});

const TOKENS_PATH = '/authentication/v1/users/tokens';

describe('LoginPage', () => {
  it('keeps Sign in enabled and says what is missing when the form is empty, sending nothing', async () => {
    const gateway = fakeGateway(() => json(200, makeSession()));
    renderWithProviders(<LoginPage />, { url: '/login', path: '/login' });
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    // Enter in the empty email field submits, as a click does
    await user.click(screen.getByLabelText(/^Email/));
    await user.keyboard('{Enter}');
    expect(screen.getByText('Enter your email address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    const email = screen.getByLabelText(/^Email/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(gateway.calls).toEqual([]);
  });

  it('checks the email address before sending, and focuses the field that lacks something', async () => {
    const gateway = fakeGateway(() => json(200, makeSession()));
    renderWithProviders(<LoginPage />, { url: '/login', path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'ann.example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.queryByText('Enter a valid email address')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Password/)));
    expect(gateway.calls).toEqual([]);
  });

  it('lets Tab reach the show/hide toggle of the password, by its name', async () => {
    renderWithProviders(<LoginPage />, { url: '/login', path: '/login' });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/^Password/));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show or hide the password' }));
  });

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

  it('sends the credentials only once a logout running in this browser has finished, and its session survives', async () => {
    const session = makeSession();
    const gateway = fakeGateway(() => json(200, session));
    // another tab is logging someone out, and its wipe takes a while
    let finishWipe!: () => void;
    const gate = new Promise<void>((resolve) => (finishWipe = resolve));
    const slowCaches = {
      keys: async () => {
        await gate;
        return [];
      },
      delete: async () => true,
    } as unknown as CacheStorage;
    const logout = logOutAndWipe(OTHER, () => undefined, { caches: slowCaches });

    renderWithProviders(<LoginPage />, { url: '/login', path: '/login' });
    await signIn('ann@example.com', 'Secret123');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // the sign-in waits (a connectivity probe of /api/health may pass meanwhile: it carries nothing)
    expect(gateway.callsTo(TOKENS_PATH)).toEqual([]);

    finishWipe();
    await logout;
    expect((await screen.findByTestId('location')).textContent).toBe('/organizations');
    expect(gateway.callsTo(TOKENS_PATH)).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(session);
  });

  it('finishes a logout that was cut short (its tab closed mid-wipe) before signing in', async () => {
    const gateway = fakeGateway(() => json(200, makeSession()));
    await enqueue({ method: 'POST', path: '/x', body: {}, userUuid: OTHER, label: 'left by the cut-short logout' });
    localStorage.setItem(LOGOUT_MARKER_KEY, JSON.stringify({ userUuid: OTHER, startedAt: Date.now() - 60_000 }));
    renderWithProviders(<LoginPage />, { url: '/login', path: '/login' });
    await signIn('ann@example.com', 'Secret123');
    expect((await screen.findByTestId('location')).textContent).toBe('/organizations');
    expect(gateway.callsTo(TOKENS_PATH)).toHaveLength(1);
    expect(await listEntries(OTHER)).toEqual([]);
    expect(localStorage.getItem(LOGOUT_MARKER_KEY)).toBeNull();
  });
});

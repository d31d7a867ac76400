import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { empty, gatewayError } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders } from '../../../../test/render';
import { ActivateUserPage, PasswordResetPage } from './new-password-pages';

const userUuid = '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11';
const tooShort = '* It must contain at least 8 characters';
const noUppercase = '* Password must contain at least one uppercase letter';
const mismatch = "* Passwords don't match";

function renderReset() {
  return renderWithProviders(<PasswordResetPage />, { url: `/password/reset/${userUuid}.code123`, path: '/password/reset/:token' });
}

async function choose(password: string, confirmation: string) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText(/^New password/), password);
  if (confirmation) await user.type(screen.getByLabelText(/^Confirm password/), confirmation);
  return user;
}

describe('new password form', () => {
  it("shows the spec's rule messages live as the user types", async () => {
    renderReset();
    expect(screen.queryByText(tooShort)).toBeNull();
    const user = await choose('abc', '');
    expect(screen.getByText(tooShort)).toBeTruthy();
    expect(screen.getByText(noUppercase)).toBeTruthy();
    await user.type(screen.getByLabelText(/^New password/), 'defghI');
    expect(screen.queryByText(tooShort)).toBeNull();
    expect(screen.queryByText(noUppercase)).toBeNull();
    await user.type(screen.getByLabelText(/^Confirm password/), 'x');
    expect(screen.getByText(mismatch)).toBeTruthy();
  });

  it('sends nothing while a rule fails, and shows every problem on submit', async () => {
    const gateway = fakeGateway(() => empty(204));
    renderReset();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(screen.getByText(tooShort)).toBeTruthy();
    await choose('Abcdefgh', 'Abcdefgx');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(screen.getByText(mismatch)).toBeTruthy();
    expect(gateway.calls).toHaveLength(0);
  });

  it('saves a valid password through the reset link and offers to sign in', async () => {
    const gateway = fakeGateway(() => empty(204));
    renderReset();
    const user = await choose('Abcdefgh', 'Abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect((await screen.findByRole('status')).textContent).toContain('You can now sign in');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(gateway.calls[0]).toMatchObject({ path: `/authentication/v1/users/${userUuid}/password/code123`, method: 'POST', body: { password: 'Abcdefgh' } });
  });

  it.each([
    [gatewayError(422, 'auth.activation_code_invalid', 'Activation code is invalid or expired'), '* The activation code is not valid'],
    [gatewayError(404, 'user.not_found', 'User not found'), '* User not found'],
    [gatewayError(400, 'validation', 'Password is too common', 'password'), 'Password is too common'],
    [gatewayError(500, 'internal', 'Internal error'), 'Unknown authentication error'],
  ])('maps a refusal to the words of the spec (%#)', async (answer, words) => {
    fakeGateway(() => answer);
    renderWithProviders(<ActivateUserPage />, { url: `/users/${userUuid}/activate/c0de`, path: '/users/:userUuid/activate/:activationCode' });
    const user = await choose('Abcdefgh', 'Abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect((await screen.findByRole('alert')).textContent).toContain(words);
  });

  it('says the code is not valid for a malformed reset link, without a form', () => {
    renderWithProviders(<PasswordResetPage />, { url: '/password/reset/garbage', path: '/password/reset/:token' });
    expect(screen.getByRole('alert').textContent).toContain('* The activation code is not valid');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });
});

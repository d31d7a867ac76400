/**
 * Sign-in journeys of the foundation issue, in Debian's Chromium against the built app served by
 * the real gateway: sign in, stay signed in across a reload, sign out, a wrong password, the
 * reset-password flow through the mail outbox, the guard's redirect, and an unknown path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, openBrowser, startGateway, type Browser, type Gateway } from './harness';

let gateway: Gateway;
let browser: Browser;

beforeAll(async () => {
  gateway = await startGateway();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

async function signIn(email: string, password: string) {
  const { page } = browser;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut() {
  const { page } = browser;
  await page.getByRole('button', { name: ADMIN_EMAIL }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(/\/login/);
}

describe('signing in', () => {
  it('signs in as the admin, lands on /organizations, stays signed in across a reload, signs out', async () => {
    const { page } = browser;
    await page.goto(`${gateway.url}/`);
    await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(/\/organizations$/);
    await expect.poll(() => page.title()).toBe('Organizations - Lobby');
    await page.getByRole('link', { name: 'Demo Hospitality Group' }).waitFor();

    await page.reload();
    await page.getByRole('link', { name: 'Demo Hospitality Group' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/organizations');

    await signOut();
    expect(await page.evaluate(() => localStorage.getItem('lobby.session'))).toBeNull();
    await page.goto(`${gateway.url}/organizations`);
    await page.waitForURL(/\/login\?redirect=%2Forganizations/);
  });

  it('shows the error for a wrong password and stays on the login page', async () => {
    const { page } = browser;
    await page.goto(`${gateway.url}/login`);
    await signIn(ADMIN_EMAIL, 'Not-the-password1');
    await page.getByText('Invalid email or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('returns to the page asked for after signing in from a redirect', async () => {
    const { page } = browser;
    await page.goto(`${gateway.url}/organizations?loginId=abc`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('loginId')).toBe('abc');
    await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(/\/organizations\?loginId=abc$/);
    await signOut();
  });
});

describe('reset password', () => {
  it('requests a reset, follows the link from the outbox, sets a new password and signs in with it', async () => {
    const { page } = browser;
    await page.goto(`${gateway.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/reset-password$/);
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await gateway.waitForOutput(/\/password\/reset\//);
    const link = gateway.mailLinks(/\/password\/reset\//).at(-1);
    expect(link).toBeDefined();

    await page.goto(link as string);
    const newPassword = 'Brand-new-Passw0rd';
    await page.getByLabel('New password').fill('short');
    await page.getByText('* It must contain at least 8 characters').waitFor();
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword + 'x');
    await page.getByText("* Passwords don't match").waitFor();
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Your new password has been saved. You can now sign in with it.').waitFor();

    // the same link cannot be used twice
    await page.goto(link as string);
    await page.getByLabel('New password').fill('Another-Passw0rd');
    await page.getByLabel('Confirm password').fill('Another-Passw0rd');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('* The activation code is not valid').waitFor();

    await page.goto(`${gateway.url}/login`);
    await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByText('Invalid email or password').waitFor();
    await signIn(ADMIN_EMAIL, newPassword);
    await page.waitForURL(/\/organizations$/);
    await signOut();
  });
});

describe('unknown pages', () => {
  it("shows 'Page not found.' for any other path", async () => {
    const { page } = browser;
    await page.goto(`${gateway.url}/no/such/page`);
    await page.getByText('Page not found.').waitFor();
  });
});

/**
 * Users as an administrator and the new user work them (issue 10): the administrator creates a user
 * with SETUP_OU on one venue and VIEW_TRANSACTIONS on one hotel; the user activates from the
 * outbox's link, sets a password, signs in and can set up exactly that venue, finds exactly that
 * hotel's transactions (list, unit picker, a Sunset Bay one by address not found) and exports them; then changes their
 * phone and confirms it with the code of the SMS outbox. The administrator deactivates them, and
 * their session ends at once. axe on every screen and modal.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { MANAGER_PASSWORD, openBrowser, startGateway, type Browser, type Gateway } from './harness';
import { apiSignIn, gatewayClient, signIn, waitForServiceWorker } from './journeys';

let gateway: Gateway;
const browsers: Browser[] = [];

beforeAll(async () => {
  gateway = await startGateway();
});
afterEach(async () => {
  for (const browser of browsers.splice(0)) await browser.close();
});
afterAll(async () => {
  await gateway?.stop();
});

const badge = (page: Page) => page.getByTitle(/^Sync status:/);
async function allSaved(page: Page) {
  await expect.poll(() => badge(page).getAttribute('title'), { timeout: 30_000 }).toBe('Sync status: 0 pending, 0 failed, 0 conflicts');
}

async function open(): Promise<Page> {
  const browser = await openBrowser();
  browsers.push(browser);
  return browser.page;
}

/** The 6-digit codes of the SMS the gateway wrote beside its mails (DATA_DIR/mail/*.sms.txt), oldest first. */
function smsCodes(): string[] {
  const dir = join(gateway.dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sms.txt'))
    .sort()
    .flatMap((name) => [...readFileSync(join(dir, name), 'utf8').matchAll(/code is (\d{6})/g)].map((match) => match[1] as string));
}

const USER_EMAIL = 'venue.operator@lobby.test';
const USER_PASSWORD = 'Venue-Operator1';

describe('users, grants and the profile', () => {
  it('creates a user with one venue and one hotel, who activates, signs in, sets up exactly that venue, and validates a phone', async () => {
    const admin = await open();
    await signIn(admin, gateway.url);
    await waitForServiceWorker(admin);
    await admin.getByRole('button', { name: 'Accept' }).click();
    await admin.getByRole('link', { name: 'User management' }).click();
    await admin.getByRole('heading', { name: 'User management', level: 1 }).waitFor();
    await admin.getByRole('cell', { name: /admin@lobby\.test/ }).waitFor();
    await expectAccessible(admin, 'user management');

    await admin.getByRole('button', { name: 'Create user' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create user' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(USER_EMAIL);
    await dialog.getByRole('checkbox', { name: 'Unit setup (per unit)' }).check();
    await dialog.getByRole('checkbox', { name: 'Transaction visibility' }).check();
    const setup = dialog.getByRole('group', { name: 'Units for setup and user management' });
    await setup.getByRole('checkbox', { name: 'Rooftop Bar', exact: true }).check();
    const transactions = dialog.getByRole('group', { name: 'Units for transaction visibility' });
    await transactions.getByRole('checkbox', { name: 'Harbour View Hotel', exact: true }).check();
    await expectAccessible(admin, 'create user');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await allSaved(admin);
    const row = admin.getByRole('row', { name: new RegExp(USER_EMAIL.replace('.', '\\.')) });
    await row.getByText('Invited').waitFor();
    // each permission with the units it covers
    await row.getByText('Unit setup (per unit): Rooftop Bar', { exact: true }).waitFor();
    await row.getByText('Transaction visibility: Harbour View Hotel', { exact: true }).waitFor();
    // an invited user can be sent the invitation again: it asks first
    await row.getByRole('button', { name: `Resend invitation to ${USER_EMAIL}` }).click();
    const resend = admin.getByRole('dialog', { name: `Resend invitation to ${USER_EMAIL}?` });
    await resend.waitFor();
    await expectAccessible(admin, 'resend invitation confirmation');
    await resend.getByRole('button', { name: 'Cancel' }).click();
    await resend.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: `Edit ${USER_EMAIL}` }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit user' });
    await expect.poll(() => edit.getByRole('group', { name: 'Units for setup and user management' }).getByRole('checkbox', { name: 'Rooftop Bar', exact: true }).isChecked()).toBe(true);
    await expectAccessible(admin, 'edit user');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });

    // what the gateway holds: exactly the venue for setup and the hotel for transactions
    const client = await gatewayClient(gateway.url);
    const units = (await client.call(`/organization/${client.org}/ous?includeDescendants=TRUE`)).body as { data: { uuid: string; name: string }[] };
    const unitUuid = (name: string) => units.data.find((unit) => unit.name === name)?.uuid;
    const listed = (await client.call('/user-profile/v1/user-profile/users')).body as { data: { email: string; permissions: string[]; memberships: unknown[] }[] };
    const created = listed.data.find((user) => user.email === USER_EMAIL);
    expect(created?.permissions).toEqual(['SETUP_OU', 'VIEW_TRANSACTIONS']);
    expect(created?.memberships).toHaveLength(2);
    expect(created?.memberships).toEqual(
      expect.arrayContaining([
        { membershipType: 'BUSINESS_DATA', omnipresence: false, orgs: [], ous: [unitUuid('Harbour View Hotel')] },
        { membershipType: 'MANAGEMENT', omnipresence: false, orgs: [], ous: [unitUuid('Rooftop Bar')] },
      ]),
    );

    // the new user: the activation link from the outbox, a password, then sign in
    const link = gateway.mailLinks(/\/users\/[0-9a-f-]{36}\/activate\//).at(-1);
    expect(link).toBeDefined();
    const user = await open();
    await user.goto(link ?? '');
    await user.getByRole('heading', { name: 'Activate user' }).waitFor();
    await expectAccessible(user, 'activate user');
    await user.getByLabel(/^New password/).fill(USER_PASSWORD);
    await user.getByLabel(/^Confirm password/).fill(USER_PASSWORD);
    await user.getByRole('button', { name: 'Activate' }).click();
    await user.getByText('Your account is active. You can now sign in with your new password.').waitFor();
    await signIn(user, gateway.url, USER_EMAIL, USER_PASSWORD);
    await user.getByRole('button', { name: 'Accept' }).click();
    // no user management for them
    await expect(user.getByRole('link', { name: 'User management' }).count()).resolves.toBe(0);
    await user.getByRole('link', { name: 'Demo Hospitality Group' }).click();
    await user.getByRole('heading', { name: 'Demo Hospitality Group', level: 1 }).waitFor();
    await user.goto(`${gateway.url}/organization/${client.org}/ous/venue/${unitUuid('Rooftop Bar')}`);
    await user.getByRole('heading', { name: 'Edit venue', level: 1 }).waitFor();
    await expect.poll(() => user.getByRole('textbox', { name: 'Venue name' }).inputValue()).toBe('Rooftop Bar');
    await expectAccessible(user, 'venue settings of the new user');
    // the hotel next door is not theirs to set up
    const beach = await user.goto(`${gateway.url}/organization/${client.org}/ous/venue/${unitUuid('Beach Club')}`);
    expect(beach?.status()).toBe(200);
    await user.getByText('There is no venue at this address: it may have been removed, or the link is wrong.').waitFor();

    // their transactions: the hotel's and its venues' and revenue centers', never Sunset Bay's
    const harbour = ['Harbour Restaurant', 'Harbour View Hotel', 'Restaurant POS', 'Rooftop Bar', 'Rooftop Bar POS'];
    await user.goto(`${gateway.url}/organization/${client.org}`);
    await user.getByRole('link', { name: 'Transactions', exact: true }).click();
    const table = user.getByRole('table', { name: 'Transactions' });
    await table.getByRole('row').nth(1).waitFor();
    const shownUnits = await table.locator('tbody td:nth-child(2)').allTextContents();
    expect(shownUnits.length).toBeGreaterThan(0);
    for (const name of shownUnits) expect(harbour).toContain(name);
    await expectAccessible(user, 'transactions of the new user');
    // the unit picker offers only what they may read
    await user.getByRole('combobox', { name: 'Units' }).click();
    const offered = await user.getByRole('listbox').getByRole('option').allTextContents();
    expect([...offered].sort()).toEqual(harbour);
    await user.getByRole('listbox').getByRole('option', { name: 'Harbour View Hotel', exact: true }).click();
    await user.keyboard.press('Escape');
    await user.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => user.url()).toContain(`units=${unitUuid('Harbour View Hotel')}`);
    // an export of their hotel is accepted; the link will come by mail
    await user.getByRole('button', { name: 'Export' }).click();
    const exportModal = user.getByRole('dialog', { name: 'Export transactions' });
    await exportModal.getByText(/of Harbour View Hotel/).waitFor();
    await exportModal.getByRole('button', { name: 'Send export' }).click();
    await exportModal.getByText(`The link will come by mail to ${USER_EMAIL}.`).waitFor({ timeout: 30_000 });
    await exportModal.getByRole('button', { name: 'Close' }).last().click();
    await exportModal.waitFor({ state: 'detached' });
    // a Sunset Bay transaction by its address: not found, none of its data
    const range = `after=${new Date(Date.now() - 30 * 86_400_000).toISOString()}&before=${new Date().toISOString()}`;
    const sunset = (await client.call(`/transaction/v1/transactions/search?ouUuids=${unitUuid('Sunset Bay Resort')}&includeDescendants=TRUE&${range}&pageSize=1`)).body as { data: { uuid: string; checkNumber: number }[] };
    const other = sunset.data[0];
    expect(other).toBeDefined();
    await user.goto(`${gateway.url}/organization/${client.org}/transactions/${other?.uuid ?? ''}/receipt`);
    const detail = user.getByRole('dialog');
    await detail.getByText('Transaction not found: it does not exist, or it belongs to a unit you may not view.').waitFor();
    await expect(detail.getByRole('tab').count()).resolves.toBe(0);
    await expectAccessible(user, 'transaction not found');
    await user.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // their phone, confirmed with the code of the SMS
    await user.getByRole('button', { name: /^Account menu of/ }).click();
    await user.getByRole('menuitem', { name: 'Profile' }).click();
    await user.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await expectAccessible(user, 'profile');
    await user.getByRole('textbox', { name: 'Telephone number' }).fill('41791234567');
    await user.getByRole('button', { name: 'Send code' }).click();
    await user.getByRole('textbox', { name: 'SMS code' }).waitFor();
    await expect.poll(() => smsCodes().length, { timeout: 10_000 }).toBe(1);
    await user.getByRole('textbox', { name: 'SMS code' }).fill(smsCodes()[0] ?? '');
    await user.getByRole('button', { name: 'Validate' }).click();
    await user.getByText('Your telephone number has been validated.').first().waitFor();
    await expectAccessible(user, 'profile after validation');
    // removing the number asks first; keeping it changes nothing
    await user.getByRole('button', { name: 'Remove telephone' }).click();
    const removal = user.getByRole('dialog', { name: 'Remove your telephone number?' });
    await removal.waitFor();
    await expectAccessible(user, 'remove telephone confirmation');
    await removal.getByRole('button', { name: 'Keep it' }).click();
    await removal.waitFor({ state: 'detached' });
    const { token } = await apiSignIn(gateway.url, USER_EMAIL, USER_PASSWORD);
    const profile = (await (await fetch(`${gateway.url}/api/user-profile/v1/user-profile`, { headers: { authorization: `Bearer ${token}` } })).json()) as { telephone: string; phoneValidated: boolean };
    expect(profile).toMatchObject({ telephone: '41791234567', phoneValidated: true });
    await user.goto(`${gateway.url}/join`);
    await user.getByText('Your telephone number 41791234567 is already validated.').waitFor();
    await expectAccessible(user, 'join');
    await user.goto(`${gateway.url}/validate/email/not-a-real-token`);
    await user.getByText('* The activation code is not valid').waitFor();
    await expectAccessible(user, 'email validation');

    // the administrator deactivates them: their next request is refused and they are signed out
    await admin.reload();
    await row.getByRole('button', { name: `Deactivate ${USER_EMAIL}` }).click();
    await admin.getByRole('dialog', { name: `Deactivate ${USER_EMAIL}` }).waitFor();
    await expectAccessible(admin, 'deactivate confirmation');
    await admin.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await allSaved(admin);
    await row.getByText('Deactivated').waitFor();
    // the list shows the queued change at once, and the badge may not count it yet: wait until the
    // gateway has it (the user's own token refused), then their next page load signs them out
    await expect
      .poll(async () => (await fetch(`${gateway.url}/api/user-profile/v1/user-profile`, { headers: { authorization: `Bearer ${token}` } })).status, { timeout: 30_000 })
      .toBe(401);
    await user.goto(`${gateway.url}/organizations`);
    await user.waitForURL(/\/login/, { timeout: 30_000 });
  });

  it('offers the demo manager of one hotel only what ends on a screen, never a 403, and keeps the menu on the 403 page', async () => {
    const manager = await open();
    // every answer the gateway refused while the manager used what they were offered
    const refused: string[] = [];
    manager.on('response', (response) => {
      if (response.status() === 403) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    await signIn(manager, gateway.url, 'manager@lobby.local', MANAGER_PASSWORD);
    await manager.getByRole('button', { name: 'Accept' }).click();
    await manager.getByRole('link', { name: 'Demo Hospitality Group' }).click();
    await manager.getByRole('heading', { name: 'Demo Hospitality Group', level: 1 }).waitFor();
    const org = new URL(manager.url()).pathname.split('/')[2] ?? '';
    // the sections they may open, each a screen of its own
    const sections = manager.getByRole('listitem').getByRole('link');
    await expect.poll(() => sections.allTextContents()).toEqual(['Unit list and detail', 'Devices', 'Room packages', 'POS configuration']);
    await expectAccessible(manager, 'organization page of the hotel manager');
    for (const href of await sections.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))) {
      await manager.goto(`${gateway.url}${href}`);
      await manager.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await manager.getByRole('heading', { level: 1 }).first().textContent(), href).not.toMatch(/^403/);
    }
    // their hotel in the units, and its set-up
    await manager.goto(`${gateway.url}/organization/${org}/ous`);
    await manager.getByRole('button', { name: 'Expand all' }).click();
    await manager.getByText('Harbour View Hotel', { exact: true }).first().click();
    await manager.getByRole('link', { name: 'Open the hotel set-up' }).click();
    await manager.getByRole('heading', { name: 'Harbour View Hotel — hotel set-up', level: 1 }).waitFor();
    await manager.getByRole('button', { name: 'Room access' }).click();
    await manager.getByText(/Only a user who sets up the organization can see and change/).first().waitFor();
    await manager.getByRole('button', { name: 'Access area' }).click();
    await manager.getByRole('table', { name: 'Rate Codes' }).getByRole('row').nth(1).waitFor();
    await expectAccessible(manager, 'hotel set-up of the hotel manager');
    for (const link of ['Menu of Harbour View Hotel', 'Discounts of Harbour View Hotel']) {
      await manager.goto(`${gateway.url}/organization/${org}/ous`);
      await manager.getByRole('button', { name: 'Expand all' }).click();
      await manager.getByText('Harbour View Hotel', { exact: true }).first().click();
      await manager.getByRole('link', { name: link }).click();
      await manager.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await manager.getByRole('heading', { level: 1 }).first().textContent(), link).not.toMatch(/^403/);
    }
    expect(refused).toEqual([]);

    // a typed address of what they may not see: the 403 page, with the header and its menu kept
    await manager.goto(`${gateway.url}/user-management`);
    await manager.getByRole('heading', { name: '403 | You do not have permission to access this page' }).waitFor();
    await manager.getByRole('button', { name: /^Account menu of/ }).waitFor();
    await manager.getByRole('banner').getByRole('link', { name: 'Organizations' }).waitFor();
    await expectAccessible(manager, 'the 403 page of a signed-in user');
  });
});

/**
 * Every route of the app, signed out and signed in, online and offline, at the widths the back
 * office is used at (1280 px, 1000 px and a 390 px phone, ADR 0023), checked with axe (WCAG 2.0/2.1
 * A and AA): no serious or critical violation. Also the frame every screen shares: the skip link is the
 * first stop of Tab, the header and footer are named landmarks, the account menu opens on its
 * first item, and after a navigation focus is on the new screen's heading with its title announced.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, expectAccessible } from './axe';
import { openBrowser, startGateway, type Browser, type Gateway } from './harness';
import { cutGateway, gatewayClient, restoreGateway, signIn, waitForServiceWorker } from './journeys';

const WIDTHS = [1280, 1000, 390] as const;

let gateway: Gateway;
let browser: Browser;
let org: string;

beforeAll(async () => {
  gateway = await startGateway();
  org = (await gatewayClient(gateway.url)).org;
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

/** Visits `path` and waits for its screen: its main heading, and no loader left (a screen shows its heading before slow lists, as the hotel set-up does). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${gateway.url}${path}`);
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => document.querySelector('main [data-testid="page-loader"]') === null, undefined, { timeout: 60_000, polling: 100 });
}

async function everyWidth(page: Page, screen: string, check: () => Promise<void> = async () => undefined): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await check();
    await expectAccessible(page, `${screen} at ${width} px`);
  }
}

const SIGNED_OUT: ReadonlyArray<[string, string]> = [
  ['/login', 'Sign in'],
  ['/reset-password', 'reset'],
  [`/password/reset/${randomUUID()}.not-a-code`, 'new password'],
  [`/users/${randomUUID()}/set-password/abc`, 'set password'],
  [`/users/${randomUUID()}/activate/abc`, 'activate'],
  ['/validate/phone/not-a-token', 'phone validation'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Use'],
  ['/cookies', 'Cookie Policy'],
  ['/403', 'forbidden'],
  ['/no/such/page', 'not found'],
];

describe('the checker', () => {
  it('finds what it is there to find: a nameless button and an unlabelled field fail', async () => {
    const { page } = browser;
    await visit(page, '/login');
    await expect(accessibilityViolations(page)).resolves.toEqual([]);
    await page.evaluate(() => {
      const main = document.querySelector('main');
      main?.insertAdjacentHTML('beforeend', '<button type="button"><svg aria-hidden="true"></svg></button><input type="text">');
      // WCAG 2.5.3, an experimental rule turned on: the name a screen reader says lacks the words shown
      main?.insertAdjacentHTML('beforeend', '<button type="button" aria-label="Close the dialog">Delete hotel</button>');
    });
    const found = await accessibilityViolations(page);
    expect(found.some((line) => line.startsWith('critical button-name'))).toBe(true);
    expect(found.some((line) => line.startsWith('critical label'))).toBe(true);
    expect(found.some((line) => line.startsWith('serious label-content-name-mismatch'))).toBe(true);
  });
});

describe('signed out', () => {
  it('every public screen passes axe, with and without the cookie banner', { timeout: 180_000 }, async () => {
    const { page } = browser;
    for (const [path, name] of SIGNED_OUT) {
      await visit(page, path);
      await everyWidth(page, `${name} (${path})`);
    }
    // accepted once, the banner is gone and the policies stay reachable from the footer
    await visit(page, '/login');
    await page.getByRole('button', { name: 'Accept' }).click();
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Cookie Policy' }).click();
    await page.getByRole('heading', { name: 'Cookie Policy', level: 1 }).waitFor();
    await expectAccessible(page, 'cookie policy after accepting');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/login$/);
  });
});

describe('signed in', () => {
  it('the frame is usable by keyboard', async () => {
    const { page } = browser;
    // the frame as on a desktop (a phone's folded header is worked in responsive.e2e.ts)
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, gateway.url);

    // on a page load, the skip link is the first stop of Tab and leads past the header
    await visit(page, '/organizations');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    await expect(page.getByRole('banner', { name: 'Lobby' }).count()).resolves.toBe(1);
    await expect(page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(1);
    await expect(page.getByRole('contentinfo').count()).resolves.toBe(1);

    // after a navigation, focus is on the new screen's heading and its title is announced
    await page.getByRole('link', { name: 'Demo Hospitality Group' }).click();
    const heading = page.getByRole('heading', { name: 'Demo Hospitality Group', level: 1 });
    await heading.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await expect(page.title()).resolves.toBe('Demo Hospitality Group - Lobby');
    await expect(page.getByRole('status').filter({ hasText: 'Demo Hospitality Group - Lobby' }).count()).resolves.toBe(1);

    // the account menu opens on its first item, which names what it does
    const account = page.getByRole('button', { name: /^Account menu of/ });
    await account.focus();
    await page.keyboard.press('Enter');
    const first = page.getByRole('menuitem', { name: 'Profile' });
    await first.waitFor();
    await expect(first.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
    await expect(page.getByRole('menuitem', { name: 'Log out' }).count()).resolves.toBe(1);
    await expectAccessible(page, 'account menu');
    await page.keyboard.press('Escape');
    await expect(account.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
  });

  // three widths of some twenty screens: more than the default time on a busy machine
  it('every screen passes axe online', { timeout: 300_000 }, async () => {
    const { page } = browser;
    const client = await gatewayClient(gateway.url);
    const units = ((await client.call(`/organization/${org}/ous?includeDescendants=TRUE`)).body as { data: { uuid: string; name: string }[] }).data;
    const unit = (name: string) => units.find((candidate) => candidate.name === name)?.uuid ?? '';
    for (const [path, name] of [
      ['/organizations', 'organizations'],
      ['/organization/new', 'new organization'],
      [`/organization/${org}`, 'organization'],
      [`/organization/${randomUUID()}`, 'unknown organization'],
      [`/organization/${org}/pms`, 'PMS connections'],
      [`/organization/${org}/contract`, 'contract'],
      [`/organization/${org}/devices`, 'devices'],
      [`/organization/${org}/pos`, 'POS configuration'],
      [`/organization/${org}/transactions`, 'transactions'],
      [`/organization/${org}/access-log`, 'access log'],
      [`/organization/${org}/ous/${unit('Rooftop Bar')}/order-items`, 'order items'],
      [`/organization/${org}/ous/${unit('Rooftop Bar')}/discounts`, 'discounts'],
      [`/organization/${org}/ous`, 'units'],
      [`/organization/${org}/ous/${unit('Harbour View Hotel')}`, 'unit settings'],
      [`/organization/${org}/ous/new`, 'new unit'],
      [`/organization/${org}/ous/venue/create?name=Patio&parentOuUuid=${unit('Harbour View Hotel')}`, 'venue create wizard'],
      [`/organization/${org}/ous/venue/${unit('Rooftop Bar')}`, 'venue edit'],
      [`/organization/${org}/ous/revenueCenter/create?name=Patio%20POS&parentOuUuid=${unit('Rooftop Bar')}`, 'revenue center create'],
      [`/organization/${org}/ous/revenueCenter/${unit('Rooftop Bar POS')}`, 'revenue center edit'],
      [`/organization/${org}/ous/hotel/${unit('Harbour View Hotel')}`, 'hotel wizard'],
      [`/organization/${org}/packages?ou=${unit('Harbour View Hotel')}`, 'room packages'],
      ['/user-management', 'user management'],
      ['/profile', 'profile'],
      ['/sync', 'sync'],
    ] as const) {
      await visit(page, path);
      await everyWidth(page, `${name} (${path})`);
    }
  });

  it('every screen passes axe offline, saying Offline', { timeout: 180_000 }, async () => {
    const { page, context } = browser;
    await visit(page, '/organizations');
    await waitForServiceWorker(page);
    // every screen read once online, so the service worker has it to show
    for (const path of [`/organization/${org}`, `/organization/${org}/pms`, `/organization/${org}/ous`, '/sync', '/organizations']) await visit(page, path);
    await cutGateway(context, gateway.url);
    try {
      for (const [path, name] of [
        ['/organizations', 'organizations'],
        [`/organization/${org}`, 'organization'],
        [`/organization/${org}/pms`, 'PMS connections'],
        [`/organization/${org}/ous`, 'units'],
        ['/sync', 'sync'],
      ] as const) {
        await visit(page, path);
        await page.getByTestId('offline-indicator').waitFor();
        await everyWidth(page, `${name} offline`);
      }
    } finally {
      await restoreGateway(context);
    }
  });
});

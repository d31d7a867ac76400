/**
 * Transactions and the access log as an administrator uses them (issue 18): Transactions opened
 * from the organization page, a ROOM_CHARGE found by its room number, its payment tab opened by
 * address (room and guest), an export requested, its mailed link opened in the app and the CSV
 * downloaded; the Access log filtered by a room. axe on every screen and modal, by the keyboard
 * where a user would.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { MANAGER_PASSWORD } from './harness';
import { journeyFile } from './journey-file';
import { cutGateway, gatewayClient, restoreGateway, signIn, waitForServiceWorker } from './journeys';

const journey = journeyFile();

interface Summary {
  uuid: string;
  roomNumber: string | null;
  checkNumber: number;
}

async function start(email?: string, password?: string): Promise<Page> {
  const browser = await journey.open();
  await signIn(browser.page, journey.gateway.url, email, password);
  await browser.page.getByRole('button', { name: 'Accept' }).click();
  return browser.page;
}

describe('transactions and the access log', () => {
  it('finds a room charge by room, opens its payment tab by address, exports and downloads the CSV', { timeout: 240_000 }, async () => {
    const page = await start();
    const client = await gatewayClient(journey.gateway.url);
    const { org } = client;
    const units = ((await client.call(`/organization/${org}/ous?includeDescendants=TRUE`)).body as { data: { uuid: string }[] }).data;
    const after = new Date(Date.now() - 20 * 86_400_000).toISOString();
    const before = new Date().toISOString();
    const found = (await client.call(`/transaction/v1/transactions/search?ouUuids=${units.map((unit) => unit.uuid).join(',')}&after=${after}&before=${before}&paymentMethodTypes=ROOM_CHARGE&pageSize=1`)).body as { data: Summary[] };
    const charge = found.data[0];
    expect(charge?.roomNumber).toBeTruthy();
    if (!charge?.roomNumber) return;

    await page.getByRole('link', { name: 'Demo Hospitality Group' }).click();
    await page.getByRole('link', { name: 'Transactions', exact: true }).click();
    const table = page.getByRole('table', { name: 'Transactions' });
    await table.waitFor();
    await expectAccessible(page, 'transactions');
    // from now on every read of the screen goes through the service worker, as on any later visit
    await waitForServiceWorker(page);
    await page.reload();
    await table.waitFor();

    // the room number, and Enter searches
    await page.getByRole('textbox', { name: 'Room number' }).fill(charge.roomNumber);
    await page.getByRole('textbox', { name: 'Room number' }).press('Enter');
    await expect.poll(() => page.url()).toContain(`roomNumber=${encodeURIComponent(charge.roomNumber)}`);
    const row = table.getByRole('row').filter({ hasText: 'Room charge' }).filter({ hasText: String(charge.checkNumber) });
    await row.first().waitFor();
    // the room's search itself has answered (the previous page stays on screen, aria-busy, while it is read)
    const settled = page.locator('table[aria-label="Transactions"][aria-busy="false"]');
    await expect.poll(async () => [...new Set(await settled.getByRole('row').locator('td:nth-child(7)').allTextContents())]).toEqual([charge.roomNumber]);

    // the same search with the gateway gone: read from the cache, and said so
    await cutGateway(page.context(), journey.gateway.url);
    await page.reload();
    await page.getByText(/^Offline — showing data from /).waitFor();
    await row.first().waitFor();
    await restoreGateway(page.context());

    // the payment tab by its address: the room and the guest
    await page.goto(`${journey.gateway.url}/organization/${org}/transactions/${charge.uuid}/payment`);
    const detail = page.getByRole('dialog');
    await detail.getByRole('tab', { name: 'Payment', selected: true }).waitFor();
    await detail.getByText('Room number').waitFor();
    await expect(detail.getByText(charge.roomNumber, { exact: true }).count()).resolves.toBeGreaterThan(0);
    await detail.getByText('Guest name').waitFor();
    await expectAccessible(page, 'transaction payment tab');
    // the tabs by keyboard: arrow to Refund, the address follows
    await detail.getByRole('tab', { name: 'Payment' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toContain(`/transactions/${charge.uuid}/refund`);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // the export, to the admin's email; the link comes by mail
    await page.getByRole('button', { name: 'Export' }).click();
    const modal = page.getByRole('dialog', { name: 'Export transactions' });
    await modal.waitFor();
    await expectAccessible(page, 'export modal');
    const email = await modal.getByRole('textbox', { name: 'Email' }).inputValue();
    expect(email).toContain('@');
    await modal.getByRole('button', { name: 'Send export' }).click();
    await modal.getByText(`The link will come by mail to ${email}.`).waitFor({ timeout: 30_000 });
    // the modal's own Close under the notice (its corner × is named Close too)
    await modal.getByRole('button', { name: 'Close' }).last().click();

    await expect.poll(() => journey.gateway.mailLinks(/\/exports\//).length, { timeout: 120_000 }).toBeGreaterThan(0);
    const link = journey.gateway.mailLinks(/\/exports\//).at(-1) ?? '';
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.goto(link.replace(/^https?:\/\/[^/]+/, journey.gateway.url));
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync((await file.path()) ?? '', 'utf8');
    const [header, first] = csv.split('\r\n');
    expect(header).toMatch(/check/i);
    expect(first?.split(',').length).toBe(header?.split(',').length);
    await page.getByText(/Your download of .* has started/).waitFor();
    await expectAccessible(page, 'export download');
  });

  it('filters the access log by a room and shows its entries', { timeout: 120_000 }, async () => {
    const page = await start();
    const client = await gatewayClient(journey.gateway.url);
    const { org } = client;
    const any = (await client.call(`/access-control/v1/access-control/find?orgUuid=${org}&limit=1`)).body as { data: { room: string }[] };
    const room = any.data[0]?.room;
    expect(room).toBeTruthy();
    await page.getByRole('link', { name: 'Demo Hospitality Group' }).click();
    await page.getByRole('link', { name: 'Access log', exact: true }).click();
    const table = page.getByRole('table', { name: 'Access log' });
    await table.waitFor();
    await waitForServiceWorker(page);
    await page.reload();
    await table.waitFor();
    // a wide range: the entries span months
    await page.getByRole('textbox', { name: 'From date' }).fill('01/01/2020');
    await page.getByRole('textbox', { name: 'Room' }).fill(room ?? '');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.url()).toContain('room=');
    // the previous result stays on screen, dimmed and aria-busy, while the filtered one is read
    // until the filtered answer is in (aria-busy can read false before the new read has started)
    const settled = page.locator('table[aria-label="Access log"][aria-busy="false"]');
    await expect.poll(async () => [...new Set(await settled.getByRole('row').locator('td:nth-child(4)').allTextContents())]).toEqual([room]);
    await expectAccessible(page, 'access log');

    // the same entries with the gateway gone: read from the cache, and said so
    await cutGateway(page.context(), journey.gateway.url);
    await page.reload();
    await page.getByText(/^Offline — showing data from /).waitFor();
    await table.getByRole('row').nth(1).waitFor();
    expect(new Set(await table.getByRole('row').locator('td:nth-child(4)').allTextContents())).toEqual(new Set([room]));
    await restoreGateway(page.context());
  });

  it('offers neither to the demo manager, who has no VIEW_TRANSACTIONS: the address shows the 403 page', { timeout: 120_000 }, async () => {
    const page = await start('manager@lobby.local', MANAGER_PASSWORD);
    const { org } = await gatewayClient(journey.gateway.url);
    for (const [screen, why] of [
      ['transactions', "You don't have permission to view the transactions of this organization"],
      ['access-log', "You don't have permission to view the access log of this organization"],
    ] as const) {
      await page.goto(`${journey.gateway.url}/organization/${org}/${screen}`);
      await page.waitForURL(/\/403$/);
      await page.getByRole('heading', { name: '403 | You do not have permission to access this page', level: 1 }).waitFor();
      await page.getByText(why).waitFor();
    }
    await expectAccessible(page, 'forbidden');
    // the organization page, its profile already read (the 403 needed it): no card for either
    await page.getByRole('link', { name: 'Go to the main page' }).click();
    await page.getByRole('link', { name: 'Demo Hospitality Group' }).click();
    await page.getByRole('heading', { name: 'Demo Hospitality Group', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Unit list and detail', exact: true }).waitFor();
    await expect(page.getByRole('link', { name: 'Transactions', exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Access log', exact: true }).count()).resolves.toBe(0);
  });
});

/**
 * Devices and POS configuration as an administrator works them (issue 17): three devices placed on
 * a venue with the dual list, seen again after a reload and at the gateway; a device assigned to
 * the organization while the gateway is out of reach, which reaches it exactly once when it is
 * back; a POS catalogue reset that shows pending. axe on every screen and modal opened.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { journeyFile } from './journey-file';
import { cutGateway, gatewayClient, restoreGateway, signIn, waitForServiceWorker } from './journeys';

const journey = journeyFile();

interface DeviceRecord {
  uuid: string;
  alias: string;
  serial: string;
  orgUuid: string | null;
  ouUuids: string[];
}

const badge = (page: Page) => page.getByTitle(/^Sync status:/);
const allSaved = (page: Page) => expect.poll(() => badge(page).getAttribute('title'), { timeout: 30_000 }).toBe('Sync status: 0 pending, 0 failed, 0 conflicts');

async function start(): Promise<Page> {
  const browser = await journey.open();
  await signIn(browser.page, journey.gateway.url);
  await waitForServiceWorker(browser.page);
  // the cookie banner sits above modals (spec: z-index 12000): answered once, it is gone
  await browser.page.getByRole('button', { name: 'Accept' }).click();
  return browser.page;
}

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('devices and POS configuration', () => {
  it('places three devices on a venue with the dual list, assigns one offline exactly once, and resets a POS catalog', async () => {
    const page = await start();
    const client = await gatewayClient(journey.gateway.url);
    const { org } = client;
    const units = ((await client.call(`/organization/${org}/ous?includeDescendants=TRUE`)).body as { data: { uuid: string; name: string }[] }).data;
    const beach = units.find((unit) => unit.name === 'Beach Club');
    expect(beach).toBeDefined();
    const devicesOf = async () => ((await client.call(`/device/v1/organizations/${org}/devices?includeUnassigned=TRUE`)).body as { devices: DeviceRecord[] }).devices;

    // from the organization page's Devices card
    await page.goto(`${journey.gateway.url}/organization/${org}`);
    await page.getByRole('link', { name: 'Devices', exact: true }).click();
    await page.getByRole('table', { name: 'Devices' }).waitFor();
    expect(await page.title()).toBe('Devices - Lobby');
    await expectAccessible(page, 'devices');

    // the Beach Club's devices, replaced by three others with the dual list
    await page.getByRole('button', { name: 'Assign devices to a unit' }).click();
    const unitDialog = page.getByRole('dialog', { name: 'Assign devices to a unit' });
    await unitDialog.waitFor();
    await choose(page, /^Unit/, 'Beach Club');
    const selected = unitDialog.getByRole('listbox', { name: 'Devices of the unit' });
    await selected.waitFor();
    await expectAccessible(page, 'unit devices');
    await unitDialog.getByRole('button', { name: 'Remove all' }).click();
    const available = unitDialog.getByRole('listbox', { name: 'Devices of the organization' });
    const options = available.getByRole('option');
    const chosen = (await options.allTextContents()).slice(0, 3).map((label) => label.replace(/^✓ /, ''));
    await options.nth(0).click();
    await options.nth(2).click({ modifiers: ['Shift'] });
    await unitDialog.getByRole('button', { name: 'Add selected' }).click();
    await expect.poll(() => selected.getByRole('option').allTextContents()).toEqual(chosen);
    await unitDialog.getByRole('button', { name: 'Save' }).click();
    await unitDialog.waitFor({ state: 'hidden' });
    await allSaved(page);
    const aliases = chosen.map((label) => label.replace(/ \([^)]*\)$/, ''));
    const placed = ((await client.call(`/device/v1/ous/${beach?.uuid}/devices`)).body as { devices: DeviceRecord[] }).devices;
    expect(placed.map((device) => device.alias).sort()).toEqual([...aliases].sort());

    // seen again after a reload: the three show the Beach Club among their units
    await page.reload();
    const search = page.getByRole('searchbox', { name: 'Search devices' });
    await search.fill('Beach Club');
    const table = page.getByRole('table', { name: 'Devices' });
    await expect.poll(() => table.getByRole('row').count()).toBe(4);
    for (const alias of aliases) await table.getByRole('row').filter({ hasText: alias }).filter({ hasText: 'Beach Club' }).waitFor();
    await search.fill('');

    // Unassign asks first (cancelled here)
    await page.getByRole('button', { name: `Unassign ${aliases[0]}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Unassign device' });
    await confirm.waitFor();
    await expectAccessible(page, 'unassign confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });

    // one device assigned to the organization while the gateway is out of reach
    const before = await devicesOf();
    const free = before.find((device) => device.orgUuid === null);
    expect(free).toBeDefined();
    const context = page.context();
    await cutGateway(context, journey.gateway.url);
    await page.getByRole('button', { name: 'Assign device', exact: true }).click();
    const assign = page.getByRole('dialog', { name: 'Assign device', exact: true });
    await assign.waitFor();
    await choose(page, /^Device/, new RegExp(`^${free?.serial} \\(`));
    await assign.getByRole('textbox', { name: /^Alias/ }).fill('Offline till');
    await expectAccessible(page, 'assign device');
    await assign.getByRole('button', { name: 'Save' }).click();
    await assign.waitFor({ state: 'hidden' });
    await expect.poll(() => badge(page).getAttribute('title')).toBe('Sync status: 1 pending, 0 failed, 0 conflicts');
    await search.fill('Offline till');
    await table.getByRole('row').filter({ hasText: 'Offline till' }).filter({ hasText: 'Waiting to sync' }).waitFor();
    expect((await devicesOf()).filter((device) => device.alias === 'Offline till')).toHaveLength(0);
    // read again while offline: the list comes from the cache, said so, with the queued assignment waiting
    await page.reload();
    await page.getByText(/^Offline — showing data from /).waitFor();
    await page.getByRole('searchbox', { name: 'Search devices' }).fill('Offline till');
    await table.getByRole('row').filter({ hasText: 'Offline till' }).filter({ hasText: 'Waiting to sync' }).waitFor();
    await restoreGateway(context);
    await allSaved(page);
    const assigned = (await devicesOf()).filter((device) => device.alias === 'Offline till');
    expect(assigned).toHaveLength(1);
    expect(assigned[0]).toMatchObject({ uuid: free?.uuid, orgUuid: org });
    await table.getByRole('row').filter({ hasText: 'Offline till' }).waitFor();

    // a POS catalog reset shows pending
    await page.goto(`${journey.gateway.url}/organization/${org}`);
    await page.getByRole('link', { name: 'POS configuration', exact: true }).click();
    const pos = page.getByRole('table', { name: 'POS installations' });
    await pos.waitFor();
    expect(await page.title()).toBe('POS configuration - Lobby');
    await expectAccessible(page, 'POS configuration');
    const rooftop = pos.getByRole('row').filter({ has: page.getByRole('button', { name: 'Reset catalog of Rooftop Bar POS' }) });
    expect(await rooftop.getByText('pending', { exact: true }).count()).toBe(0);
    // by keyboard: the row's button, then the question opens on Cancel and Tab reaches the confirmation
    await page.getByRole('button', { name: 'Reset catalog of Rooftop Bar POS' }).focus();
    await page.keyboard.press('Enter');
    const reset = page.getByRole('dialog', { name: 'Reset catalog' });
    await reset.waitFor();
    await expectAccessible(page, 'reset catalog');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Reset catalog');
    await page.keyboard.press('Enter');
    await rooftop.getByText('pending', { exact: true }).waitFor();
    await allSaved(page);
    const installations = ((await client.call(`/ordering/v1/pos-installations/${org}`)).body as { data: { name: string; pending: boolean }[] }).data;
    expect(installations.find((installation) => installation.name === 'Rooftop Bar POS')?.pending).toBe(true);
    await page.reload();
    await pos.getByRole('row').filter({ hasText: 'Rooftop Bar POS' }).getByText('pending', { exact: true }).waitFor();
  });
});

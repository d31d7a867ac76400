/**
 * Organizations and units as an administrator works them (issue 8): a new organization, a hotel
 * from the new-unit screen through the hotel wizard, settings of every kind (tip percentages, a logo,
 * a tri-state switch) saved and seen again after a reload with their set-here and inherited
 * marks; a venue through the wizard and a revenue center under it; and the same chain made offline,
 * which reaches the gateway once, with the right parent, when it is back. axe on every screen.
 */
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { journeyFile } from './journey-file';
import { cutGateway, gatewayClient, restoreGateway, signIn, waitForServiceWorker } from './journeys';

const journey = journeyFile();

const badge = (page: Page) => page.getByTitle(/^Sync status:/);

/** A real 2×2 PNG (red), built here: signature, IHDR, IDAT, IEND with their CRCs. */
function pngBytes(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, 255, 0, 0, 255, 0, 0]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat([row, row]))), chunk('IEND', Buffer.alloc(0))]);
}

async function start(): Promise<Page> {
  const browser = await journey.open();
  await signIn(browser.page, journey.gateway.url);
  await waitForServiceWorker(browser.page);
  return browser.page;
}

/** Chooses `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function allSaved(page: Page) {
  await expect.poll(() => badge(page).getAttribute('title'), { timeout: 30_000 }).toBe('Sync status: 0 pending, 0 failed, 0 conflicts');
}

/** A unit-tree row by its unit's name: the row is named by what it shows, the name then the type (and 'Waiting to sync'). */
const treeItem = (page: Page, name: string) =>
  page.getByRole('treeitem', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (Hotel|Venue|Revenue center)( Waiting to sync)?$`) });

describe('organizations and units', () => {
  it('creates an organization and a hotel, sets tip percentages, a logo and a tri-state switch, and sees them after a reload', async () => {
    const page = await start();
    await page.goto(`${journey.gateway.url}/organizations`);
    await page.getByRole('link', { name: 'New organization' }).click();
    await page.getByRole('textbox', { name: 'Legal company name' }).waitFor();
    await expectAccessible(page, 'new organization');
    await page.getByRole('textbox', { name: 'Legal company name' }).fill('Journey Resorts');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('heading', { name: 'Journey Resorts', level: 1 }).waitFor();
    const org = new URL(page.url()).pathname.split('/')[2] ?? '';
    await expectAccessible(page, 'organization page');

    await page.getByRole('link', { name: 'Unit list and detail' }).click();
    await page.getByText('There are no units yet').waitFor();
    await expectAccessible(page, 'empty unit list');
    await page.getByRole('link', { name: 'Add unit' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Journey Hotel');
    await choose(page, 'Type', 'Hotel');
    await choose(page, 'Placement', 'Directly under the organization');
    await expectAccessible(page, 'new unit');
    await page.getByRole('button', { name: 'Next' }).click();
    // the hotel wizard: no PMS yet, room numbers typed by hand
    await page.getByRole('heading', { name: 'New hotel', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('switch', { name: 'Enable manual room entry' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    // a new organization sets no regional information: the hotel's own is needed to go on
    await page.getByRole('group', { name: 'Regional information' }).waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await choose(page, 'Locale', 'English (United Kingdom)');
    await choose(page, 'Currency', /^EUR — /);
    await choose(page, 'Time zone', '(GMT+00:00) London');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Add hotel' }).click();
    await page.waitForURL(`${journey.gateway.url}/organization/${org}/ous`);
    await allSaved(page);
    await treeItem(page, 'Journey Hotel').click();
    await page.getByRole('heading', { name: 'Journey Hotel' }).waitFor();

    const tips = page.getByRole('textbox', { name: 'Tip percentages' });
    await tips.fill('12.5');
    await tips.press('Enter');
    await tips.fill('18');
    await tips.press('Enter');
    await page.getByRole('radiogroup', { name: 'Cash payment' }).getByText('Off', { exact: true }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload image: Logo' }).click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngBytes() });
    await page.getByText('Logo uploaded').waitFor();
    await expectAccessible(page, 'unit settings');
    await page.getByRole('button', { name: 'Save changes' }).click();

    const client = await gatewayClient(journey.gateway.url);
    const hotelAttributes = async () => {
      const units = (await client.call(`/organization/${org}/ous?includeDescendants=TRUE`)).body as { data: { name: string; attributes: Record<string, string> }[] };
      return units.data.find((unit) => unit.name === 'Journey Hotel')?.attributes ?? {};
    };
    await expect.poll(hotelAttributes, { timeout: 30_000 }).toMatchObject({ POI_TIP_PERCENTAGES: '[12.5,18]', POI_CASH_PAYMENT_ENABLED: 'false' });
    expect((await hotelAttributes()).LOGO).toMatch(/^[\w-]{20,}$/);
    await allSaved(page);

    await page.reload();
    await page.getByRole('heading', { name: 'Journey Hotel' }).waitFor();
    await expect.poll(() => page.getByRole('radiogroup', { name: 'Cash payment' }).getByRole('radio', { name: 'Off' }).isChecked()).toBe(true);
    await page.getByText('12.5', { exact: true }).waitFor();
    await page.getByText('18', { exact: true }).waitFor();
    await expect.poll(async () => page.getByText('Set here').count()).toBeGreaterThanOrEqual(3);
    const logo = page.locator('img[src*="/api/images/"]').first();
    await logo.waitFor();
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(2);
    await expectAccessible(page, 'unit settings after reload');

    // a venue through the wizard, then a revenue center under it
    await addUnit(page, org, 'Journey Deck', 'Venue', 'Journey Hotel (Hotel)');
    await page.getByRole('heading', { name: 'New venue', level: 1 }).waitFor();
    await expectAccessible(page, 'venue create wizard');
    // the hotel now has its own regional information, so the venue inherits all three and may be added at once
    await expect.poll(() => page.getByText('Inherited from Journey Hotel').count(), { timeout: 30_000 }).toBe(3);
    const add = page.getByRole('button', { name: 'add', exact: true });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
    // back at the unit list with the new venue open
    await page.waitForURL(new RegExp(`/organization/${org}/ous/[0-9a-f-]{36}$`));
    await page.getByRole('heading', { name: 'Journey Deck', level: 2 }).waitFor();
    await treeItem(page, 'Journey Deck').waitFor();
    await addUnit(page, org, 'Deck POS', 'Revenue center', 'Journey Deck (Venue)');
    await page.getByRole('button', { name: 'add', exact: true }).waitFor();
    await expectAccessible(page, 'revenue center create');
    await page.getByRole('button', { name: 'add', exact: true }).click();
    await page.waitForURL(`${journey.gateway.url}/organization/${org}/ous`);
    await treeItem(page, 'Deck POS').waitFor();
    const byName = async () => {
      const listed = (await client.call(`/organization/${org}/ous?includeDescendants=TRUE`)).body as { data: { uuid: string; name: string; type: string; parentUuid: string | null }[] };
      return new Map(listed.data.map((unit) => [unit.name, unit]));
    };
    await expect.poll(async () => (await byName()).has('Deck POS'), { timeout: 30_000 }).toBe(true);
    const created = await byName();
    expect(created.get('Journey Deck')).toMatchObject({ type: 'VENUE', parentUuid: created.get('Journey Hotel')?.uuid });
    expect(created.get('Deck POS')).toMatchObject({ type: 'REVENUE_CENTER', parentUuid: created.get('Journey Deck')?.uuid });
  });
});

/** From the unit list: Add unit, then name, type and placement, then Next (to the venue or revenue center screen). */
async function addUnit(page: Page, org: string, name: string, type: string, placement: string) {
  await page.goto(`${journey.gateway.url}/organization/${org}/ous`);
  await page.getByRole('link', { name: 'Add unit' }).click();
  await page.getByRole('heading', { name: 'New unit', level: 1 }).waitFor();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await choose(page, 'Type', type);
  await choose(page, 'Placement', placement);
  await page.getByRole('button', { name: 'Next' }).click();
}

describe('offline', () => {
  it('creates a venue and a revenue center under it offline; after a reload and the return of the gateway both exist once, with the right parent', async () => {
    const page = await start();
    const client = await gatewayClient(journey.gateway.url);
    const org = client.org;
    await page.goto(`${journey.gateway.url}/organization/${org}/ous`);
    await treeItem(page, 'Harbour View Hotel').waitFor();
    await cutGateway(page.context(), journey.gateway.url);

    await page.getByRole('link', { name: 'Add unit' }).click();
    await page.getByRole('heading', { name: 'New unit', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Offline Venue');
    await choose(page, 'Type', 'Venue');
    await choose(page, 'Placement', 'Harbour View Hotel (Hotel)');
    await page.getByRole('button', { name: 'Next' }).click();
    // inherited from the organization: nothing to choose
    await page.getByRole('button', { name: 'add', exact: true }).click();
    await page.waitForURL(new RegExp(`/organization/${org}/ous/[0-9a-f-]{36}$`));
    await page.getByRole('heading', { name: 'Offline Venue', level: 2 }).waitFor();
    await treeItem(page, 'Offline Venue').waitFor();

    await page.getByRole('link', { name: 'Add unit' }).click();
    // the new venue's settings were open: the new-unit screen replaces them before typing
    await page.getByRole('heading', { name: 'New unit', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Offline POS');
    await choose(page, 'Type', 'Revenue center');
    await choose(page, 'Placement', 'Offline Venue (Venue)');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'add', exact: true }).click();
    await page.waitForURL(`${journey.gateway.url}/organization/${org}/ous`);
    await treeItem(page, 'Offline POS').waitFor();
    await expect.poll(() => badge(page).getAttribute('title')).toBe('Sync status: 2 pending, 0 failed, 0 conflicts');

    await page.reload();
    await treeItem(page, 'Offline POS').waitFor();
    await treeItem(page, 'Offline Venue').waitFor();
    await expectAccessible(page, 'unit list offline, with units waiting to sync');
    const names = async () => ((await client.call(`/organization/${org}/ous?includeDescendants=TRUE`)).body as { data: { name: string }[] }).data.map((unit) => unit.name);
    expect(await names()).not.toContain('Offline Venue');

    await restoreGateway(page.context());
    await badge(page).click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await allSaved(page);
    const listed = (await client.call(`/organization/${org}/ous?includeDescendants=TRUE`)).body as { data: { uuid: string; name: string; parentUuid: string | null }[] };
    const venues = listed.data.filter((unit) => unit.name === 'Offline Venue');
    const centers = listed.data.filter((unit) => unit.name === 'Offline POS');
    expect(venues).toHaveLength(1);
    expect(centers).toHaveLength(1);
    expect(centers[0]?.parentUuid).toBe(venues[0]?.uuid);
    expect(venues[0]?.parentUuid).toBe(listed.data.find((unit) => unit.name === 'Harbour View Hotel')?.uuid);
  });
});

describe('inheritance on the demo organization', () => {
  it('shows where a value comes from and resets a value to inherit', async () => {
    const page = await start();
    const client = await gatewayClient(journey.gateway.url);
    await page.goto(`${journey.gateway.url}/organization/${client.org}/ous`);
    await treeItem(page, 'Rooftop Bar').click();
    await page.getByRole('heading', { name: 'Rooftop Bar' }).waitFor();
    await page.getByText('Inherited from Demo Hospitality Group').first().waitFor();
    await page.getByRole('button', { name: 'Reset to inherit: Identification method' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    type Listed = { data: { name: string; attributes: Record<string, string>; effective: Record<string, { value: string; source: string; fromName: string }> }[] };
    const rooftop = async () =>
      ((await client.call(`/organization/${client.org}/ous?includeDescendants=TRUE&inheritAttributes=TRUE`)).body as Listed).data.find((entry) => entry.name === 'Rooftop Bar');
    await expect.poll(async () => (await rooftop())?.attributes.POI_EMPLOYEE_IDENTIFICATION_METHOD ?? 'reset', { timeout: 30_000 }).toBe('reset');
    const unit = await rooftop();
    expect(unit?.effective.POI_EMPLOYEE_IDENTIFICATION_METHOD).toMatchObject({ value: 'PIN', source: 'inherited', fromName: 'Demo Hospitality Group' });

    // the hotel above sets it: once saved, its settings and what the venue inherits refresh without a reload
    const described = async (label: string) =>
      page.getByRole('combobox', { name: label }).evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    await treeItem(page, 'Harbour View Hotel').click();
    await page.getByRole('heading', { name: 'Harbour View Hotel', level: 2 }).waitFor();
    await choose(page, 'Identification method', 'Credentials');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await allSaved(page);
    await expect.poll(() => described('Identification method'), { timeout: 30_000 }).toContain('Set here');
    await treeItem(page, 'Rooftop Bar').click();
    await page.getByRole('heading', { name: 'Rooftop Bar', level: 2 }).waitFor();
    await expect.poll(() => described('Identification method'), { timeout: 30_000 }).toContain('Inherited from Harbour View Hotel');
    expect(await page.getByRole('combobox', { name: 'Identification method' }).getAttribute('placeholder')).toBe('Credentials');
  });
});


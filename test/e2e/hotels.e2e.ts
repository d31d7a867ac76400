/**
 * Hotels as an administrator sets them up (issue 9), in Chromium against the real gateway:
 * - a hotel through every wizard step, with a MIFARE password, 3 packages, 2 rate codes and an
 *   access service, reaching the gateway as one save;
 * - the same hotel edited: a package removed, the rate code naming it warns, and the save drops it;
 *   one save model (issue 22): the notice names the change, the saved wizard opens another step and
 *   leaves without a question, the badge says 'Unsaved changes' while a package added waits for
 *   Save (Save in view at 390 px too) and 'All changes saved' after it, the new row marked;
 * - 2,000 rate codes imported from a CSV after the worker's preview, then listed;
 * - an edit made offline, kept over a reload, applied once when the gateway is back;
 * - a package changed offline: its History shows both times and 'Made offline', Restore queues the
 *   earlier value as a new change, and the organization's Activity filtered by kind lists both;
 * - Harbour View cloned from the unit tree (issue 21): the clone opens in its wizard, with its packages and rate codes.
 * axe on every screen and modal the journeys open.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { journeyFile } from './journey-file';
import { cutGateway, draftHolding, gatewayClient, openSyncPage, restoreGateway, signIn, waitForServiceWorker } from './journeys';

const journey = journeyFile();

const badge = (page: Page) => page.getByTitle(/^Sync status:/);

async function start(): Promise<Page> {
  const browser = await journey.open();
  await signIn(browser.page, journey.gateway.url);
  await waitForServiceWorker(browser.page);
  // the cookie banner sits above modals (spec: z-index 12000): answered once, it is gone
  await browser.page.getByRole('button', { name: 'Accept' }).click();
  return browser.page;
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * The page's read of the units that gives `hotel` at `version`: the hotel set-up follows it in place
 * (what was saved becomes the hotel as read), and the journey waits for it as an operator waits for
 * the screen to settle before the next step.
 */
function unitsReadAt(page: Page, hotel: string, version: number): Promise<unknown> {
  return page.waitForResponse(
    async (response) => {
      if (response.request().method() !== 'GET' || !/\/api\/organization\/[^/]+\/ous\?/.test(response.url())) return false;
      const body = (await response.json().catch(() => null)) as Listed<{ uuid: string; version: number }> | null;
      return body?.data.some((unit) => unit.uuid === hotel && unit.version === version) ?? false;
    },
    { timeout: 60_000 },
  );
}

async function allSaved(page: Page) {
  await expect.poll(() => badge(page).getAttribute('title'), { timeout: 30_000 }).toBe('Sync status: 0 pending, 0 failed, 0 conflicts');
}

interface Listed<T> {
  data: T[];
}
type Definition = { uuid: string; hotelUuid: string | null; externalId: string; contactlessCardType: string | null; contactlessCardPassword: string | null; contactlessCardKeyId: number | null; contactlessCardSector: number | null };
type Package = { uuid: string; externalId: string; calculationRule: string };
type RateCode = { uuid: string; name: string; packages: string[] };
type Service = { uuid: string; name: string; hotelsAndPackages: { hotelDefinitionUuid: string; pmsPackageUuid: string }[]; idMethods: string[] };

async function hotelState(client: Awaited<ReturnType<typeof gatewayClient>>, hotel: string) {
  const base = `/organization/${client.org}/hotel/${hotel}`;
  const definitions = (await client.call(`/organization/${client.org}/hotel-definition`)).body as Listed<Definition>;
  const units = (await client.call(`/organization/${client.org}/ous?includeDescendants=TRUE`)).body as Listed<{ uuid: string; name: string; version: number; attributes: Record<string, string> }>;
  return {
    unit: units.data.find((unit) => unit.uuid === hotel),
    definition: definitions.data.find((definition) => definition.hotelUuid === hotel),
    packages: ((await client.call(`${base}/pms-package`)).body as Listed<Package>).data,
    rateCodes: ((await client.call(`${base}/pms-rate-code`)).body as Listed<RateCode>).data,
    services: ((await client.call(`${base}/access-control-service`)).body as Listed<Service>).data,
  };
}

/** In the open wizard step 3: a package through the package form. */
async function addPackage(page: Page, id: string) {
  await page.getByRole('button', { name: 'ADD PACKAGE PMS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add PMS Package' });
  await dialog.getByRole('textbox', { name: 'Package ID' }).fill(id);
  await dialog.getByRole('button', { name: 'ADD PACKAGE' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('cell', { name: id, exact: true }).waitFor();
}

async function addRateCode(page: Page, id: string, packages: string[]) {
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create rate code' });
  await dialog.getByRole('textbox', { name: 'ID', exact: true }).fill(id);
  for (const name of packages) {
    await dialog.getByRole('combobox', { name: /Packages/ }).click();
    await page.getByRole('option', { name, exact: true }).click();
  }
  // the package list stays open for more: leave it
  await dialog.getByRole('textbox', { name: 'ID', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

let hotelUuid = '';

describe('hotels', () => {
  it('creates a hotel through every step: MIFARE with a password, 3 packages, 2 rate codes and an access service, saved as one', async () => {
    const page = await start();
    const client = await gatewayClient(journey.gateway.url);
    const org = client.org;
    await page.goto(`${journey.gateway.url}/organization/${org}/ous/new`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Journey Lodge');
    await choose(page, 'Type', 'Hotel');
    await choose(page, 'Placement', 'Directly under the organization');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'New hotel', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Hotel name' }).inputValue()).toBe('Journey Lodge');
    await expectAccessible(page, 'hotel wizard, PMS posting');

    // step 0: a Property ID alone may not go on; with its connection it may
    await page.getByRole('textbox', { name: 'Property ID' }).fill('LODGE-1');
    await page.getByText('Set both the Property ID and the PMS connection, or neither for now.').waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'PMS Hotel Definition' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Next' }).click();

    // step 1: MIFARE Classic with a password, checked while typing
    await page.getByRole('switch', { name: 'Enable room card reading' }).check();
    await choose(page, 'Card type', 'MIFARE Classic');
    await page.getByRole('radio', { name: 'Enter Password' }).check();
    const password = page.locator('input#room-access-password');
    await password.fill('a1b2zz');
    await page.getByText('It must contain exactly 12 characters.').waitFor();
    await page.getByText('Only hexadecimal characters are allowed (0-9, A-F).').waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'hotel wizard, room access');
    await password.fill('a1b2c3d4e5f6');
    expect(await password.inputValue()).toBe('A1B2C3D4E5F6');
    await page.getByRole('button', { name: 'Next' }).click();
    // step 2: the definition's name defaults to the hotel's
    expect(await page.getByRole('textbox', { name: 'Hotel definition name' }).inputValue()).toBe('Journey Lodge');
    await expectAccessible(page, 'hotel wizard, hotel definition');
    await page.getByRole('button', { name: 'Next' }).click();

    // the regional stage: inherited from the organization, each value labelled, all three needed to go on
    await page.getByRole('group', { name: 'Regional information' }).waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'Regional information' }).getAttribute('aria-current')).toBe('step');
    expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('(GMT+00:00) London');
    expect(await page.getByRole('combobox', { name: 'Currency' }).inputValue()).toBe('EUR — Euro');
    await expectAccessible(page, 'hotel wizard, regional information');
    await page.getByRole('button', { name: 'Clear Time zone' }).click();
    await page.getByText('Choose a value to go on').waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await choose(page, 'Time zone', '(GMT+01:00) Paris');
    await page.getByRole('button', { name: 'Next' }).click();

    // step 3: packages, rate codes, access control
    await page.getByText('There are no package definitions created yet').waitFor();
    await page.getByText('There are no rate codes created yet').waitFor();
    await page.getByText('There are no services created yet').waitFor();
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    await expectAccessible(page, 'hotel wizard, access area');
    await page.getByRole('button', { name: 'ADD PACKAGE PMS' }).click();
    await expectAccessible(page, 'package form');
    await page.getByRole('dialog', { name: 'Add PMS Package' }).getByRole('button', { name: 'Cancel' }).click();
    for (const id of ['BB', 'SPA', 'DINNER']) await addPackage(page, id);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const empty = page.getByRole('dialog', { name: 'Create rate code' });
    await empty.getByRole('button', { name: 'Save' }).click();
    await empty.getByText('* You must enter an ID').waitFor();
    await empty.getByText('* Select at least one package').waitFor();
    await expectAccessible(page, 'rate code form');
    await empty.getByRole('button', { name: 'Cancel' }).click();
    await addRateCode(page, 'RACK', ['BB', 'SPA']);
    await addRateCode(page, 'PROMO', ['DINNER']);
    await page.getByRole('cell', { name: 'RACK', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add access service' }).click();
    const service = page.getByRole('dialog', { name: 'Add access service' });
    await service.getByRole('textbox', { name: 'Package access name' }).fill('Spa access');
    await service.getByRole('checkbox', { name: 'SPA', exact: true }).check();
    await service.getByRole('checkbox', { name: 'Contactless' }).check();
    await expectAccessible(page, 'access service form');
    await service.getByRole('button', { name: 'Save' }).click();
    await service.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Spa access', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Add hotel' }).click();
    await page.waitForURL(`${journey.gateway.url}/organization/${org}/ous`);
    await page.getByRole('treeitem', { name: 'Journey Lodge Hotel', exact: true }).waitFor();
    await allSaved(page);

    const units = (await client.call(`/organization/${org}/ous?includeDescendants=TRUE`)).body as Listed<{ uuid: string; name: string; type: string }>;
    const lodge = units.data.filter((unit) => unit.name === 'Journey Lodge');
    expect(lodge).toHaveLength(1);
    hotelUuid = lodge[0]?.uuid ?? '';
    const state = await hotelState(client, hotelUuid);
    // the zone chosen is the hotel's own; the locale and currency left as inherited stay inherited
    expect(state.unit?.attributes.TIME_ZONE).toBe('Europe/Paris');
    expect(state.unit?.attributes.CURRENCY).toBeUndefined();
    expect(state.definition).toMatchObject({ externalId: 'LODGE-1', contactlessCardType: 'MIFARE_CLASSIC', contactlessCardPassword: 'A1B2C3D4E5F6', contactlessCardKeyId: null, contactlessCardSector: 1 });
    expect(state.packages.map((item) => item.externalId).sort()).toEqual(['BB', 'DINNER', 'SPA']);
    expect(state.packages.every((item) => item.calculationRule === 'ADULT')).toBe(true);
    const idOf = new Map(state.packages.map((item) => [item.uuid, item.externalId]));
    const codes = new Map(state.rateCodes.map((code) => [code.name, code.packages.map((uuid) => idOf.get(uuid)).sort()]));
    expect(codes).toEqual(new Map([['PROMO', ['DINNER']], ['RACK', ['BB', 'SPA']]]));
    expect(state.services).toHaveLength(1);
    expect(state.services[0]).toMatchObject({ name: 'Spa access', idMethods: ['Contactless'] });
    expect(state.services[0]?.hotelsAndPackages.map((entry) => idOf.get(entry.pmsPackageUuid))).toEqual(['SPA']);
  });

  it('edits the hotel: a removed package warns in the rate code that names it, and the save drops it', async () => {
    expect(hotelUuid).not.toBe('');
    const page = await start();
    const client = await gatewayClient(journey.gateway.url);
    const before = await hotelState(client, hotelUuid);
    // the rate codes' read held back until the page has been checked while it waits for them
    let releaseCodes = () => {};
    const codesHeld = new Promise<void>((resolve) => {
      releaseCodes = resolve;
    });
    const codesPath = new RegExp(`/hotel/${hotelUuid}/pms-rate-code(\\?|$)`);
    // the context's route: the service worker sends the page's reads (a page route never sees them)
    await page.context().route(codesPath, async (route) => {
      await codesHeld;
      await route.continue();
    });
    await page.goto(`${journey.gateway.url}/organization/${client.org}/ous/hotel/${hotelUuid}`);
    await page.getByRole('heading', { name: 'Journey Lodge — hotel set-up', level: 1 }).waitFor();
    // the heading and the steps show before the hotel's lists: the access area says what it waits for
    const accessArea = page.getByRole('button', { name: 'Access area' });
    await page.locator('button[aria-busy="true"]', { hasText: 'Access area' }).waitFor();
    await accessArea.click();
    await page.getByRole('main').getByText("Loading the hotel's packages, rate codes and access services…").waitFor();
    await expectAccessible(page, 'hotel wizard, its lists loading');
    releaseCodes();
    // the lists once they are read, in the open step
    await page.getByRole('table', { name: 'Rate Codes' }).getByRole('cell', { name: 'PROMO', exact: true }).waitFor();
    await page.context().unroute(codesPath);
    expect(await accessArea.getAttribute('aria-busy')).toBeNull();
    await expectAccessible(page, 'hotel wizard, edit mode');
    expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);

    // the confirmations of a rate code's and a service's removal, answered Cancel: nothing changes
    await page.getByRole('button', { name: 'Remove PROMO', exact: true }).click();
    const codeRemoval = page.getByRole('dialog', { name: 'Remove PROMO' });
    await codeRemoval.getByText('Are you sure you want to remove PROMO? This action can not be undone.').waitFor();
    await expectAccessible(page, 'rate code removal');
    await codeRemoval.getByRole('button', { name: 'Cancel' }).click();
    await codeRemoval.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Remove Spa access', exact: true }).click();
    const serviceRemoval = page.getByRole('dialog', { name: 'Delete service' });
    await serviceRemoval.getByText('Are you sure you want to delete Spa access? This can not be undone.').waitFor();
    await expectAccessible(page, 'access service removal');
    await serviceRemoval.getByRole('button', { name: 'Cancel' }).click();
    await serviceRemoval.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Remove SPA', exact: true }).click();
    const removal = page.getByRole('dialog', { name: 'Remove PMS package' });
    await removal.getByText('This action cannot be undone and will impact Rate Codes and Package Access that include this package').waitFor();
    await expectAccessible(page, 'package removal');
    await removal.getByRole('button', { name: 'REMOVE PMS PACKAGE' }).click();
    await removal.waitFor({ state: 'hidden' });
    expect(await page.getByRole('cell', { name: 'SPA', exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Edit RACK' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit rate code' });
    await edit.getByText(/Some packages associated with this Rate Code are not longer available/).waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    // leaving the changed step asks first
    const reread = unitsReadAt(page, hotelUuid, (before.unit?.version ?? 0) + 1);
    await page.getByRole('button', { name: 'PMS posting' }).click();
    await page.getByRole('dialog', { name: 'You have unsaved changes' }).getByRole('button', { name: 'Save changes' }).click();
    // saved (queued, then sent), and the step asked for is open
    await page.getByRole('textbox', { name: 'Property ID' }).waitFor();
    await expect.poll(async () => (await hotelState(client, hotelUuid)).unit?.version, { timeout: 30_000 }).toBe((before.unit?.version ?? 0) + 1);
    await allSaved(page);

    const after = await hotelState(client, hotelUuid);
    expect(after.packages.map((item) => item.externalId).sort()).toEqual(['BB', 'DINNER']);
    const bb = after.packages.find((item) => item.externalId === 'BB')?.uuid;
    expect(after.rateCodes.find((code) => code.name === 'RACK')?.packages).toEqual([bb]);
    expect(after.services[0]?.hotelsAndPackages).toEqual([]);
    expect(after.unit?.version).toBe((before.unit?.version ?? 0) + 1);

    // one save model (issue 22): the notice names what the save changed, and the form just saved is
    // clean, so another step opens without a question
    await page.getByText(/^Package SPA removed/).first().waitFor({ timeout: 30_000 });
    await reread;
    await page.getByRole('button', { name: 'Access area' }).click();
    await page.getByRole('button', { name: 'ADD PACKAGE PMS' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'You have unsaved changes' }).count()).toBe(0);
    await page.getByText('Import is the exception: it replaces the hotel’s rate codes at once.').waitFor();
    // a package added in its dialog is an unsaved edit on screen until Save changes: the badge says so
    await addPackage(page, 'KIDS_SPA');
    await page.getByRole('link', { name: 'Unsaved changes' }).waitFor();
    const bar = page.getByRole('region', { name: 'Save or discard your changes' });
    await expectAccessible(page, 'hotel wizard, a package added and not saved yet');
    // on a phone too, Save stays in view at the bottom of the screen while the long step is read from its top
    const save = bar.getByRole('button', { name: 'Save changes' });
    const inView = () => save.evaluate((button) => button.getBoundingClientRect().bottom <= window.innerHeight && button.getBoundingClientRect().top >= 0);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('heading', { name: 'Packages', exact: true }).scrollIntoViewIfNeeded();
    await expect.poll(inView).toBe(true);
    await expectAccessible(page, 'hotel wizard save bar at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await bar.getByRole('button', { name: 'Save changes' }).click();
    // saved: the step stays open, the new row marked, the notice names it, and the badge tells the truth again
    await page.getByRole('row', { name: /KIDS_SPA New/ }).waitFor();
    await page.getByText(/^Package KIDS_SPA added/).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'All changes saved' }).waitFor({ timeout: 30_000 });
    expect(await bar.count()).toBe(0);
    // and the page is left without a question
    await page.getByRole('link', { name: 'Back to the units' }).click();
    await page.waitForURL(/\/ous\/[0-9a-f-]+$/);
    expect(await page.getByRole('dialog', { name: 'You have unsaved changes' }).count()).toBe(0);
  });

  it('imports 2,000 rate codes from a CSV after the preview and a question naming the counts, and lists them', async () => {
    const page = await start();
    const client = await gatewayClient(journey.gateway.url);
    const had = (await hotelState(client, hotelUuid)).rateCodes.length;
    expect(had).toBeGreaterThan(0);
    await page.goto(`${journey.gateway.url}/organization/${client.org}/ous/hotel/${hotelUuid}`);
    await page.getByRole('button', { name: 'Access area' }).click();
    // Import is pressed the moment it shows: the lists come after the hotel's settings, and the
    // access area offers Import only with them (an import opened over the lists not yet read closed,
    // or previewed against no packages, twice in fresh-clone CI runs on 2026-11-28)
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import rate codes' });
    await dialog.getByText(/The file becomes the rate codes of this hotel/).waitFor();
    const lines = ['Rate Code,Package ID', ...Array.from({ length: 2000 }, (_, index) => `CSV${String(index).padStart(4, '0')},${index % 2 === 0 ? 'BB' : 'DINNER'}`)];
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`) });
    await dialog.getByText('The file can be imported.').waitFor();
    await dialog.getByRole('cell', { name: 'CSV0000', exact: true }).waitFor();
    await expectAccessible(page, 'rate code import preview');
    // one wrong file does not pass on the banner alone: the question says what happens, in numbers
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const question = dialog.getByRole('group', { name: 'Apply this import?' });
    const counts = `This adds 2,000, changes 0 and removes ${had}; 0 stay as they are.`;
    await question.getByText(counts, { exact: false }).waitFor();
    await expectAccessible(page, 'rate code import question');
    // it opens on Back: Enter returns to the preview, nothing sent
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Back');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    expect((await hotelState(client, hotelUuid)).rateCodes).toHaveLength(had);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    // the codes read again after the import answer later than the service worker waits for a read
    // (NETWORK_TIMEOUT_SECONDS, 10 s in sw/read-cache.ts), as a big hotel's did on a busy gateway:
    // the wizard still lists what was imported, not the copy the worker kept from before
    const codesRead = new RegExp(`/hotel/${hotelUuid}/pms-rate-code(\\?|$)`);
    let heldReads = 0;
    await page.context().route(codesRead, async (route) => {
      if (route.request().method() === 'GET') {
        heldReads += 1;
        await new Promise((resolve) => setTimeout(resolve, 11_500));
      }
      await route.continue();
    });
    await question.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Rate codes imported', { exact: true }).waitFor({ timeout: 30_000 });
    // the server's own message
    await dialog.getByText(/^2000 rate codes imported/).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('cell', { name: 'CSV0000', exact: true }).waitFor({ timeout: 60_000 });
    await page.context().unroute(codesRead);
    expect(heldReads).toBeGreaterThan(0);
    await page.getByRole('searchbox', { name: 'Search by alias' }).fill('CSV1999');
    await page.getByRole('cell', { name: 'CSV1999', exact: true }).waitFor();

    // a real hotel's list: sorted by a column, 50 rows a page, still axe-clean
    await page.getByRole('searchbox', { name: 'Search by alias' }).fill('');
    const codes = page.getByRole('table', { name: 'Rate Codes' });
    const alias = codes.getByRole('button', { name: 'Alias', exact: true });
    await alias.click();
    await alias.click();
    await expect.poll(() => codes.getByRole('columnheader', { name: 'Alias' }).getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => codes.locator('tbody tr').first().locator('td').nth(1).textContent()).toBe('CSV1999');
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('50');
    await expect.poll(() => codes.locator('tbody tr').count()).toBe(50);
    await expect.poll(() => codes.locator('tbody tr').nth(49).locator('td').nth(1).textContent()).toBe('CSV1950');
    await expectAccessible(page, 'rate codes sorted, 50 a page');
    const state = await hotelState(client, hotelUuid);
    expect(state.rateCodes).toHaveLength(2000);
    expect(state.rateCodes.some((code) => code.name === 'RACK')).toBe(false);
  });

  it("round-trips the demo hotel's rate codes through CSV: export, edit, a preview of 2 changed, 1 added and 1 removed, import; a formula-like code exports neutralised", async () => {
    const page = await start();
    const client = await gatewayClient(journey.gateway.url);
    const units = (await client.call(`/organization/${client.org}/ous?includeDescendants=TRUE`)).body as Listed<{ uuid: string; name: string }>;
    const demo = units.data.find((unit) => unit.name === 'Harbour View Hotel')?.uuid ?? '';
    const before = await hotelState(client, demo);
    await page.goto(`${journey.gateway.url}/organization/${client.org}/ous/hotel/${demo}`);
    await page.getByRole('button', { name: 'Access area' }).click();

    const exportCodes = async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export', exact: true }).click()]);
      expect(download.suggestedFilename()).toMatch(/^rate-codes-harbour-view-hotel-\d{4}-\d{2}-\d{2}\.csv$/);
      const chunks: Buffer[] = [];
      for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
      return Buffer.concat(chunks).toString('utf8');
    };
    const exported = await exportCodes();
    const lines = exported.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe('Rate Code,Package ID');
    const rows = lines.slice(1).map((line) => line.split(','));
    const codes = [...new Set(rows.map(([code]) => code as string))];
    expect(codes).toHaveLength(before.rateCodes.length);
    // two codes get another package, a new code comes (its name a formula), the lines of a fourth go
    const [first, second, removed] = [codes[0] as string, codes[1] as string, codes[2] as string];
    const packageIds = before.packages.map((item) => item.externalId);
    const other = (code: string) => packageIds.find((id) => !rows.some(([name, pkg]) => name === code && pkg === id)) as string;
    const edited = [
      'Rate Code,Package ID',
      `${first},${other(first)}`,
      `${second},${other(second)}`,
      ...rows.filter(([code]) => code !== first && code !== second && code !== removed).map((row) => row.join(',')),
      `=CSV_NEW,${packageIds[0]}`,
    ];
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import rate codes' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(`${edited.join('\r\n')}\r\n`) });
    await dialog.getByText('The file can be imported.').waitFor();
    const count = (label: string) => dialog.locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) }).locator('dd').textContent();
    expect([await count('Added'), await count('Changed'), await count('Removed')]).toEqual(['1', '2', '1']);
    await dialog.getByRole('table', { name: 'Changed: the first 2 of 2' }).getByRole('cell', { name: first, exact: true }).waitFor();
    await dialog.getByRole('table', { name: 'Removed: the first 1 of 1' }).getByRole('cell', { name: removed, exact: true }).waitFor();
    await expectAccessible(page, 'rate code import preview of changes');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByRole('group', { name: 'Apply this import?' }).getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Rate codes imported', { exact: true }).waitFor({ timeout: 30_000 });
    await dialog.getByText(/1 added, 2 changed, 1 removed/).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('searchbox', { name: 'Search by alias' }).fill('=CSV_NEW');
    await page.getByRole('cell', { name: '=CSV_NEW', exact: true }).waitFor();

    const after = await hotelState(client, demo);
    expect(after.rateCodes).toHaveLength(before.rateCodes.length);
    const versionOf = (list: RateCode[], name: string) => (list.find((code) => code.name === name) as (RateCode & { version: number }) | undefined)?.version;
    expect(versionOf(after.rateCodes, codes[3] as string)).toBe(versionOf(before.rateCodes, codes[3] as string));
    // exported again: the formula-like code comes back neutralised
    expect((await exportCodes()).split('\r\n')).toContain(`'=CSV_NEW,${packageIds[0]}`);
  });

  it('saves a hotel edit made offline once, after a reload, when the gateway is back', async () => {
    const page = await start();
    const client = await gatewayClient(journey.gateway.url);
    const before = await hotelState(client, hotelUuid);
    await page.goto(`${journey.gateway.url}/organization/${client.org}/ous/hotel/${hotelUuid}`);
    await page.getByRole('heading', { name: 'Journey Lodge — hotel set-up', level: 1 }).waitFor();
    // the hotel's lists are in (they come after the heading and steps; a save waits for them)
    await page.locator('button:not([aria-busy])', { hasText: 'Access area' }).waitFor();
    await cutGateway(page.context(), journey.gateway.url);

    await page.getByRole('button', { name: 'PMS posting' }).click();
    await page.getByRole('textbox', { name: 'Property ID' }).fill('LODGE-2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => badge(page).getAttribute('title')).toBe('Sync status: 1 pending, 0 failed, 0 conflicts');

    await page.reload();
    await page.getByRole('heading', { name: 'Journey Lodge — hotel set-up', level: 1 }).waitFor();
    await page.getByText('Waiting to sync').first().waitFor();
    // the step saved stays open, over the reload too
    expect(await page.getByRole('textbox', { name: 'Property ID' }).inputValue()).toBe('LODGE-2');
    await expectAccessible(page, 'hotel wizard offline, a save waiting');
    expect((await hotelState(client, hotelUuid)).definition?.externalId).toBe('LODGE-1');

    // the Sync page says what the queued save carries: the field it changes (read while still offline)
    await badge(page).click();
    const queued = page.getByRole('table', { name: 'Sync' }).getByRole('row').filter({ hasText: 'Save hotel "Journey Lodge"' });
    await queued.getByText('Changes: Property ID', { exact: true }).waitFor();
    await restoreGateway(page.context());
    await page.getByRole('button', { name: 'Sync now' }).click();
    await allSaved(page);
    const after = await hotelState(client, hotelUuid);
    expect(after.definition?.externalId).toBe('LODGE-2');
    expect(after.unit?.attributes.PMS_PROPERTY_ID).toBe('LODGE-2');
    // applied once: one save, one version
    expect(after.unit?.version).toBe((before.unit?.version ?? 0) + 1);
    expect(after.rateCodes).toHaveLength(2000);
  });

  it('sets up PMS hotel definitions and an agent pairing code on the PMS page, and packages on the Room packages page', async () => {
    const page = await start();
    const client = await gatewayClient(journey.gateway.url);
    const org = client.org;
    const agent = await client.call(`/organization/${org}/pms-connection`, { method: 'POST', body: JSON.stringify({ uuid: crypto.randomUUID(), name: 'Journey Agent', type: 'OPERA_IFC8_XML_AGENT', host: 'agent.journey.local', port: 5011 }) });
    expect(agent.status).toBe(201);

    await page.goto(`${journey.gateway.url}/organization/${org}/pms`);
    await page.getByRole('heading', { name: 'PMS hotel definitions' }).waitFor();
    await page.getByRole('cell', { name: 'Journey Lodge', exact: true }).waitFor();
    await expectAccessible(page, 'PMS connections and hotel definitions');
    await page.getByRole('button', { name: 'Add PMS hotel definition' }).click();
    const form = page.getByRole('dialog', { name: 'Add PMS hotel definition' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Spare Wing');
    await form.getByRole('switch', { name: 'Enable manual room entry' }).check();
    await expectAccessible(page, 'PMS hotel definition form');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Spare Wing', exact: true }).waitFor();
    await allSaved(page);
    const definitions = (await client.call(`/organization/${org}/hotel-definition`)).body as Listed<Definition & { name: string }>;
    expect(definitions.data.filter((definition) => definition.name === 'Spare Wing')).toHaveLength(1);

    await page.getByRole('button', { name: 'Pairing code for Journey Agent' }).click();
    const pairing = page.getByRole('dialog', { name: 'Pairing code for Journey Agent' });
    await pairing.getByRole('button', { name: 'Get a pairing code' }).click();
    await pairing.getByText(/^Valid until/).waitFor();
    await expectAccessible(page, 'pairing code');
    await pairing.getByRole('button', { name: 'Done' }).click();

    await page.goto(`${journey.gateway.url}/organization/${org}/packages?ou=${hotelUuid}`);
    await page.getByRole('heading', { name: /Room packages/, level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'BB', exact: true }).waitFor();
    await expectAccessible(page, 'Room packages');
    await addPackage(page, 'LATE');
    await page.getByRole('searchbox', { name: 'Package ID' }).fill('at');
    await page.getByRole('cell', { name: 'LATE', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'BB', exact: true }).count()).toBe(0);
    await allSaved(page);
    const packages = (await client.call(`/organization/${org}/hotel/${hotelUuid}/pms-package`)).body as Listed<Package>;
    expect(packages.data.map((item) => item.externalId).sort()).toEqual(['BB', 'DINNER', 'KIDS_SPA', 'LATE']);

    // History (issue 21): LATE changed offline arrives later, marked so; Restore is a new change through the outbox
    const context = page.context();
    // the browser off the network (the app says Offline), as a tablet out of Wi-Fi
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Edit LATE', exact: true }).click();
    let packageForm = page.getByRole('dialog', { name: 'Edit Pms Package Connection' });
    await choose(page, 'Calculation rule', 'Children');
    await packageForm.getByRole('button', { name: 'UPDATE' }).click();
    await packageForm.waitFor({ state: 'hidden' });
    await expect.poll(() => badge(page).getAttribute('title')).toBe('Sync status: 1 pending, 0 failed, 0 conflicts');
    await context.setOffline(false);
    // back online, the badge changes as the app sends the change by itself
    await openSyncPage(page);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await allSaved(page);
    const late = () => client.call(`/organization/${org}/hotel/${hotelUuid}/pms-package`).then(({ body }) => (body as Listed<Package>).data.find((item) => item.externalId === 'LATE'));
    expect((await late())?.calculationRule).toBe('CHILDREN');

    await page.goto(`${journey.gateway.url}/organization/${org}/packages?ou=${hotelUuid}`);
    await page.getByRole('button', { name: 'Edit LATE', exact: true }).click();
    packageForm = page.getByRole('dialog', { name: 'Edit Pms Package Connection' });
    await packageForm.getByRole('button', { name: 'Show history' }).click();
    const history = packageForm.getByRole('list', { name: 'History' });
    const offline = history.getByRole('listitem').first();
    await offline.getByText('Calculation rule: Adult → Children').waitFor();
    await offline.getByText('Made offline').waitFor();
    await offline.getByText(/^Made at .+, arrived at .+$/).waitFor();
    expect(await history.getByRole('listitem').count()).toBe(2);
    await expectAccessible(page, 'package form with its History');
    await offline.getByRole('button', { name: 'Restore Calculation rule to Adult' }).click();
    await packageForm.getByText('The earlier value is back in the form: save to apply it.').waitFor();
    await packageForm.getByRole('button', { name: 'UPDATE' }).click();
    await packageForm.waitFor({ state: 'hidden' });
    await allSaved(page);
    expect((await late())?.calculationRule).toBe('ADULT');

    // the organization's Activity, from its page: the restore and the offline change, filtered by kind
    await page.goto(`${journey.gateway.url}/organization/${org}`);
    await page.getByRole('link', { name: 'Activity', exact: true }).click();
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    await choose(page, 'Kind of record', 'Pms package');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('kind')).toBe('pms-package');
    const activity = page.getByRole('table', { name: 'Activity' });
    await activity.getByRole('row').filter({ hasText: 'Calculation rule: Children → Adult' }).waitFor();
    const offlineRow = activity.getByRole('row').filter({ hasText: 'Calculation rule: Adult → Children' });
    await offlineRow.getByText('Made offline').waitFor();
    // packages only, once the filtered page has replaced the one shown while it was read: no other kind of record is listed
    await expect.poll(() => activity.getByText(/^(Unit|Rate code|Hotel definition|Access control)(: .*)?$/).count(), { timeout: 30_000 }).toBe(0);
    await offlineRow.getByText('Made offline').waitFor();
    await expectAccessible(page, 'Activity');
    await page.setViewportSize({ width: 390, height: 800 });
    await expectAccessible(page, 'Activity at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    // issue 21: Harbour View cloned from the unit tree opens in its wizard, its packages and rate codes in the clone
    const units = (await client.call(`/organization/${org}/ous?includeDescendants=TRUE`)).body as Listed<{ uuid: string; name: string }>;
    const harbour = units.data.find((unit) => unit.name === 'Harbour View Hotel')?.uuid ?? '';
    await page.goto(`${journey.gateway.url}/organization/${org}/ous/${harbour}`);
    await page.getByRole('button', { name: 'Clone', exact: true }).click();
    const cloning = page.getByRole('dialog', { name: 'Clone Harbour View Hotel' });
    await cloning.getByRole('textbox', { name: /Name of the new unit/ }).waitFor();
    await expectAccessible(page, 'clone modal');
    // on a phone too: the modal fits the screen and stays accessible
    await page.setViewportSize({ width: 390, height: 800 });
    await expect.poll(() => cloning.evaluate((dialog) => dialog.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    await expectAccessible(page, 'clone modal at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.type('Harbour View Clone');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Harbour View Clone — hotel set-up', level: 1 }).waitFor({ timeout: 30_000 });
    const cloned = ((await client.call(`/organization/${org}/ous?includeDescendants=TRUE`)).body as Listed<{ uuid: string; name: string }>).data.find((unit) => unit.name === 'Harbour View Clone');
    expect(page.url()).toBe(`${journey.gateway.url}/organization/${org}/ous/hotel/${cloned?.uuid ?? ''}`);
    const [original, copy] = [await hotelState(client, harbour), await hotelState(client, cloned?.uuid ?? '')];
    expect(copy.packages.map((item) => item.externalId).sort()).toEqual(original.packages.map((item) => item.externalId).sort());
    expect(copy.rateCodes.map((code) => code.name).sort()).toEqual(original.rateCodes.map((code) => code.name).sort());
    expect(copy.rateCodes.length).toBeGreaterThan(0);
    const copyPackages = new Set(copy.packages.map((item) => item.uuid));
    expect(copy.rateCodes.every((code) => code.packages.length > 0 && code.packages.every((uuid) => copyPackages.has(uuid)))).toBe(true);
  });

  it('creates a hotel offline with its packages, rate codes and service: the wizard survives a reload, the tree shows it waiting, and it is saved once', async () => {
    const page = await start();
    const client = await gatewayClient(journey.gateway.url);
    const org = client.org;
    // visited online first: the app and the reads the wizard needs are kept for offline use
    await page.goto(`${journey.gateway.url}/organization/${org}/ous/hotel/create?name=Offline%20Inn`);
    await page.getByRole('heading', { name: 'New hotel', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Property ID' }).waitFor();
    await page.goto(`${journey.gateway.url}/organization/${org}/ous`);
    await page.getByRole('treeitem', { name: 'Harbour View Hotel Hotel', exact: true }).waitFor();
    await cutGateway(page.context(), journey.gateway.url);

    await page.goto(`${journey.gateway.url}/organization/${org}/ous/hotel/create?name=Offline%20Inn`);
    await page.getByRole('heading', { name: 'New hotel', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Property ID' }).fill('INN-7');
    await page.getByRole('combobox', { name: 'PMS Hotel Definition' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('switch', { name: 'Enable manual room entry' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    // the regional stage offline too: inherited from the organization as read before; a currency of its own
    expect(await page.getByRole('combobox', { name: 'Locale' }).inputValue()).toBe('English (United Kingdom)');
    await choose(page, 'Currency', /^GBP — /);
    await page.getByRole('button', { name: 'Next' }).click();
    await addPackage(page, 'ROOM');
    await addPackage(page, 'BREAKFAST');
    await addRateCode(page, 'BAR', ['ROOM', 'BREAKFAST']);
    await page.getByRole('button', { name: 'Add access service' }).click();
    const service = page.getByRole('dialog', { name: 'Add access service' });
    await service.getByRole('textbox', { name: 'Package access name' }).fill('Breakfast room');
    await service.getByRole('checkbox', { name: 'BREAKFAST', exact: true }).check();
    await service.getByRole('button', { name: 'Save' }).click();
    await service.waitFor({ state: 'hidden' });

    // a reload (offline) keeps the open step and every field
    await draftHolding(page, 'Breakfast room');
    await page.reload();
    await page.getByRole('heading', { name: 'New hotel', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'BREAKFAST', exact: true }).first().waitFor();
    await page.getByRole('cell', { name: 'BAR', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Breakfast room', exact: true }).waitFor();
    await expectAccessible(page, 'hotel wizard offline, restored from its draft');
    await page.getByRole('button', { name: 'PMS posting' }).click();
    expect(await page.getByRole('textbox', { name: 'Property ID' }).inputValue()).toBe('INN-7');
    await page.getByRole('button', { name: 'Access area' }).click();
    // leaving asks first, and staying keeps everything
    await page.getByRole('link', { name: 'Back to the units' }).click();
    const exit = page.getByRole('dialog', { name: 'Are you sure you want to exit?' });
    await exit.waitFor();
    await expectAccessible(page, 'hotel wizard exit confirmation');
    await exit.getByRole('button', { name: 'Keep editing' }).click();
    await exit.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'BAR', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Add hotel' }).click();
    await page.waitForURL(`${journey.gateway.url}/organization/${org}/ous`);
    await page.getByRole('treeitem', { name: /Offline Inn/ }).waitFor();
    await expect.poll(() => badge(page).getAttribute('title')).toBe('Sync status: 1 pending, 0 failed, 0 conflicts');
    const names = async () => ((await client.call(`/organization/${org}/ous?includeDescendants=TRUE`)).body as Listed<{ uuid: string; name: string }>).data.filter((unit) => unit.name === 'Offline Inn');
    expect(await names()).toHaveLength(0);

    // the Sync page describes the queued hotel: the worker's counts and first names (read while still offline)
    await badge(page).click();
    const queued = page.getByRole('table', { name: 'Sync' }).getByRole('row').filter({ hasText: 'New hotel "Offline Inn" with its PMS set-up' });
    for (const line of ['2 packages added: ', '1 rate code added: BAR', '1 access service added: Breakfast room']) await queued.getByText(line).waitFor();
    expect(await queued.getByText(/^2 packages added: /).textContent()).toMatch(/^2 packages added: (BREAKFAST, ROOM|ROOM, BREAKFAST)$/);
    await expectAccessible(page, 'sync page describing a queued hotel');
    await restoreGateway(page.context());
    await page.getByRole('button', { name: 'Sync now' }).click();
    await allSaved(page);
    const inns = await names();
    expect(inns).toHaveLength(1);
    const state = await hotelState(client, inns[0]?.uuid ?? '');
    expect(state.definition?.externalId).toBe('INN-7');
    expect(state.packages.map((item) => item.externalId).sort()).toEqual(['BREAKFAST', 'ROOM']);
    expect(state.rateCodes.map((code) => code.name)).toEqual(['BAR']);
    expect(state.rateCodes[0]?.packages).toHaveLength(2);
    expect(state.services.map((item) => item.name)).toEqual(['Breakfast room']);
    expect(state.unit?.version).toBe(1);
    expect(state.unit?.attributes.CURRENCY).toBe('GBP');
  });
});

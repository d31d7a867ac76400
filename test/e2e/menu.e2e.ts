/**
 * A unit's menu and discounts as an administrator works them (issue 17), on the demo's Rooftop Bar
 * (EUR): a category and an item with a price, made a favourite; two discounts offered by the venue,
 * chosen while the gateway is cut off and synced exactly once when it is back; the favourites
 * ordered with the keyboard alone; everything seen again after a reload and on the gateway. axe on
 * every screen and modal opened.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { journeyFile } from './journey-file';
import { cutGateway, gatewayClient, restoreGateway, signIn, waitForServiceWorker, watchWrites } from './journeys';

const journey = journeyFile();

const badge = (page: Page) => page.getByTitle(/^Sync status:/);
const allSaved = (page: Page) => expect.poll(() => badge(page).getAttribute('title'), { timeout: 30_000 }).toBe('Sync status: 0 pending, 0 failed, 0 conflicts');

interface Named {
  uuid: string;
  name: string;
}
type Client = Awaited<ReturnType<typeof gatewayClient>>;
const listOf = async <T>(client: Client, path: string) => ((await client.call(path)).body as { data: T[] }).data;

/** Opens a dialog with `button`, checks it with axe, and gives it back. */
async function openDialog(page: Page, button: string, title: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('textbox', { name: /Name/ }).and(page.locator(':enabled')).waitFor();
  await expectAccessible(page, title);
  return dialog;
}

describe('a unit menu and its discounts', () => {
  it('adds a category and a favourite item, offers two discounts offline, orders favourites by keyboard, and sees it all after a reload', async () => {
    const client = await gatewayClient(journey.gateway.url);
    const org = client.org;
    const rooftop = (await listOf<Named>(client, `/organization/${org}/ous?includeDescendants=TRUE`)).find((unit) => unit.name === 'Rooftop Bar');
    expect(rooftop).toBeDefined();
    const ou = rooftop?.uuid ?? '';
    const items = `/order-item/v1/org/${org}/ou/${ou}`;
    const discounts = `/discount/v1/organizations/${org}/ous/${ou}`;
    const options = await listOf<Named & { status: string; enabled: boolean }>(client, `${discounts}/discount/selected`);
    const before = options.filter((option) => option.enabled).map((option) => option.uuid);
    const [first, second] = options.filter((option) => !option.enabled && option.status === 'ACTIVE');
    expect(first && second).toBeTruthy();

    const browser = await journey.open();
    const { page, context } = browser;
    await signIn(page, journey.gateway.url);
    await waitForServiceWorker(page);

    // the menu, from the unit's detail
    await page.goto(`${journey.gateway.url}/organization/${org}/ous/${ou}`);
    await page.getByRole('link', { name: 'Menu of Rooftop Bar' }).click();
    await page.getByRole('table', { name: 'Categories by group' }).waitFor();
    await expectAccessible(page, 'menu: category groups');
    let dialog = await openDialog(page, 'Add category', 'Add category');
    await dialog.getByRole('textbox', { name: /Name/ }).fill('Late Bites');
    await dialog.getByRole('combobox', { name: 'Group' }).fill('Food');
    await page.keyboard.press('Tab');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('searchbox').fill('Late Bites');
    await page.getByRole('table', { name: 'Categories by group' }).getByText('Late Bites').waitFor();

    await page.getByRole('tab', { name: 'Tags' }).click();
    await page.getByRole('table', { name: 'Tags' }).waitFor();
    await expectAccessible(page, 'menu: tags');
    await page.getByRole('tab', { name: 'SLU' }).click();
    await page.getByRole('heading', { name: 'SLU', level: 2 }).waitFor();
    await expectAccessible(page, 'menu: SLU');
    await page.getByRole('tab', { name: 'Items' }).click();
    await page.getByRole('table', { name: 'Items' }).waitFor();
    await expectAccessible(page, 'menu: items');
    dialog = await openDialog(page, 'Add item', 'Add item');
    await dialog.getByRole('textbox', { name: /Name/ }).fill('Truffle Fries');
    await dialog.getByRole('textbox', { name: /Price/ }).fill('12.345');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a price in EUR with at most 2 decimals, for example 12.50').waitFor();
    await dialog.getByRole('textbox', { name: /Price/ }).fill('9.5');
    await dialog.getByText('€9.50').waitFor();
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Late Bites', exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'Favorite' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await allSaved(page);

    // favourites with the keyboard alone: the new last one up two places, then Save
    await page.getByRole('tab', { name: 'Favorites' }).click();
    const favorites = page.getByRole('list', { name: 'Favorites in order' });
    await favorites.getByRole('listitem').filter({ hasText: 'Truffle Fries' }).waitFor();
    await expectAccessible(page, 'menu: favorites');
    const count = await favorites.getByRole('listitem').count();
    await favorites.getByRole('button', { name: 'Reorder Truffle Fries: ArrowUp and ArrowDown move it' }).focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.getByText(`Truffle Fries moved to place ${count - 2} of ${count}`).waitFor();
    await page.getByRole('button', { name: 'Save order' }).focus();
    await page.keyboard.press('Enter');
    await allSaved(page);

    // the discounts offered, chosen offline: queued once, sent once when the gateway is back
    await page.goto(`${journey.gateway.url}/organization/${org}/ous/${ou}`);
    await page.getByRole('link', { name: 'Discounts of Rooftop Bar' }).click();
    await page.getByRole('table', { name: 'Discounts' }).waitFor();
    await expectAccessible(page, 'discounts');
    dialog = await openDialog(page, 'Add discount', 'Add discount');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // alone or in one of the outbox's batches
    const puts = watchWrites(context, (method, path) => method === 'PUT' && path.endsWith(`${discounts}/discount/selected`));
    await cutGateway(context, journey.gateway.url);
    const chips = page.getByRole('textbox', { name: 'Discounts offered by the unit' });
    await chips.fill(first?.name.toLowerCase() ?? '');
    await chips.press('Enter');
    await chips.fill(second?.name ?? '');
    await chips.press('Tab');
    await page.getByRole('button', { name: 'Save discounts offered' }).click();
    await expect.poll(() => badge(page).getAttribute('title')).toBe('Sync status: 1 pending, 0 failed, 0 conflicts');
    await page.reload();
    await page.getByText(/^Offline — showing data from /).waitFor();
    await page.getByRole('region', { name: /^Discounts offered/ }).getByRole('button', { name: `Remove ${second?.name}` }).waitFor();
    await restoreGateway(context);
    await allSaved(page);
    await expect.poll(() => puts).toEqual([200]);

    // after a reload everything is there, and on the gateway
    await page.reload();
    await page.getByRole('region', { name: /^Discounts offered/ }).getByRole('button', { name: `Remove ${first?.name}` }).waitFor();
    await page.goto(`${journey.gateway.url}/organization/${org}/ous/${ou}/order-items?section=items`);
    await page.getByRole('searchbox').fill('Truffle');
    const row = page.getByRole('table', { name: 'Items' }).getByRole('row').filter({ hasText: 'Truffle Fries' });
    await row.getByText('€9.50').waitFor();
    await row.getByText('Late Bites').waitFor();
    await row.getByRole('cell', { name: 'Favorite', exact: true }).waitFor();

    const category = (await listOf<Named & { group: string }>(client, `${items}/categories`)).find((one) => one.name === 'Late Bites');
    expect(category?.group).toBe('Food');
    const item = (await listOf<Named & { priceMinor: number; categoryUuid: string }>(client, `${items}/order-item-definitions`)).find((one) => one.name === 'Truffle Fries');
    expect(item).toMatchObject({ priceMinor: 950, categoryUuid: category?.uuid });
    const order = (await listOf<Named>(client, `${items}/order-item-definitions/favorites`)).map((one) => one.name);
    expect(order.indexOf('Truffle Fries')).toBe(order.length - 3);
    const offered = (await listOf<Named & { enabled: boolean }>(client, `${discounts}/discount/selected`)).filter((one) => one.enabled).map((one) => one.uuid);
    expect(offered.sort()).toEqual([...before, first?.uuid, second?.uuid].sort());
  });
});

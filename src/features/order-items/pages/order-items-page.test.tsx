import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { SESSION_STORAGE_KEY } from '../../../api';
import { CATEGORY_KIND } from '../../../domain';
import { flushAllDrafts, lobbyDb, saveDraft } from '../../../offline';
import { newRecordIdOf } from '../../../offline/resource';
import { json, makeSession } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders } from '../../../../test/render';
import { OrderItemsPage } from './order-items-page';

const ORG = '00000000-0000-4000-8000-000000000001';
const OU = '00000000-0000-4000-8000-000000000002';
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const category = { uuid: id(7), orgUuid: ORG, ouUuid: OU, name: 'Cocktails', group: 'Drinks', version: 1 };
const item = (n: number, name: string, favoriteOrder: number | null, extra: object = {}) => ({
  uuid: id(n), orgUuid: ORG, ouUuid: OU, name, priceMinor: 1250, categoryUuid: category.uuid, tagUuids: [], image: null, slu: 'Bar', favorite: favoriteOrder !== null, favoriteOrder, status: 'ACTIVE', version: 1, ...extra,
});
const ITEMS = [item(1, 'Negroni', 0), item(2, 'Spritz', 1), item(3, 'Mojito', 2), item(4, 'Olives', null, { priceMinor: 450 })];
const regional = (value: string) => ({ value, source: 'inherited', fromUuid: ORG, fromName: 'Org' });
const unit = (currency: string) => ({ uuid: OU, orgUuid: ORG, parentUuid: null, type: 'VENUE', name: 'Rooftop Bar', attributes: {}, effective: { CURRENCY: regional(currency), LOCALE: regional('en-GB') }, version: 1 });
const base = `/order-item/v1/org/${ORG}/ou/${OU}`;

function gatewayWith(currency = 'EUR', forbidden = false) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
  return fakeGateway((call) => {
    const path = call.path.split('?')[0] ?? '';
    if (path.includes('/refresh')) return json(200, makeSession());
    if (forbidden && path.startsWith(base)) return json(403, { errors: [{ code: 'forbidden', message: 'Forbidden' }] });
    if (path === `/organization/${ORG}/ous/${OU}`) return json(200, unit(currency));
    if (path === `${base}/categories`) return json(200, { data: [category] });
    if (path === `${base}/tags`) return json(200, { data: [] });
    if (path === `${base}/order-item-definitions`) return json(200, { data: ITEMS });
    if (path === `${base}/order-item-definitions/favorites`) return json(200, { data: ITEMS.filter((one) => one.favorite) });
    return new Promise<Response>(() => undefined);
  });
}

const render = (section: string) => renderWithProviders(<OrderItemsPage />, { url: `/organization/${ORG}/ous/${OU}/order-items?section=${section}`, path: '/organization/:uuid/ous/:ouUuid/order-items' });
const queued = () => lobbyDb().outbox.toArray();

afterEach(async () => {
  cleanup();
  await flushAllDrafts();
  notifications.clean();
  await lobbyDb().outbox.clear();
  await lobbyDb().drafts.clear();
});

/** Opens the add-item form once the list and what it offers are read. */
async function addItem(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add item' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add item' });
  const name = within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement;
  await waitFor(() => expect(name.disabled).toBe(false));
  return { dialog, name, price: within(dialog).getByRole('textbox', { name: /Price/ }) };
}

describe('OrderItemsPage: categories', () => {
  it('lists categories by group, and queues a new one with its group', async () => {
    gatewayWith();
    render('categories');
    const table = await screen.findByRole('table', { name: 'Categories by group' });
    expect(within(within(table).getByText('Cocktails').closest('tr') as HTMLElement).getByText('Drinks')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Menu of Rooftop Bar - Lobby'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add category' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement;
    await waitFor(() => expect(name.disabled).toBe(false));
    await user.type(name, 'cocktails');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another category of this unit already has this name')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'Starters');
    await user.type(within(dialog).getByRole('combobox', { name: 'Group' }), 'Food');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await queued()).toHaveLength(1));
    expect((await queued())[0]?.body).toMatchObject({ name: 'Starters', group: 'Food' });
  });

  it('sends a user who may not set up the unit to the 403 page', async () => {
    gatewayWith('EUR', true);
    render('categories');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/403'));
  });
});

describe('OrderItemsPage: items', () => {
  it("shows prices in the unit's currency and locale, from minor units", async () => {
    gatewayWith();
    render('items');
    const table = await screen.findByRole('table', { name: 'Items' });
    await waitFor(() => expect(within(within(table).getByText('Olives').closest('tr') as HTMLElement).getByText('€4.50')).toBeTruthy());
    expect(within(within(table).getByText('Negroni').closest('tr') as HTMLElement).getByText('Cocktails')).toBeTruthy();
  });

  it('reads a typed EUR price as minor units, refuses a third decimal, and queues the item with its favourite', async () => {
    gatewayWith();
    render('items');
    const user = userEvent.setup();
    const { dialog, name, price } = await addItem(user);
    await user.type(name, 'Aperol');
    await user.type(price, '8.505');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a price in EUR with at most 2 decimals, for example 12.50')).toBeTruthy();
    await user.clear(price);
    await user.type(price, '8.5');
    expect(within(dialog).getByText('€8.50')).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Favorite' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await queued()).toHaveLength(2));
    const [create, favorites] = await queued();
    expect(create?.body).toMatchObject({ name: 'Aperol', priceMinor: 850, status: 'ACTIVE' });
    expect(favorites?.body).toEqual([id(1), id(2), id(3), create?.recordUuid]);
  });

  it('reads a JOD price with three decimals', async () => {
    gatewayWith('JOD');
    render('items');
    const user = userEvent.setup();
    const { dialog, name, price } = await addItem(user);
    await user.type(name, 'Mint tea');
    await user.type(price, '2.75');
    expect(within(dialog).getByText(/JOD\s2\.750/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await queued()).toHaveLength(1));
    expect((await queued())[0]?.body).toMatchObject({ name: 'Mint tea', priceMinor: 2750 });
  });
});

describe('OrderItemsPage: favorites', () => {
  it('reorders by keyboard (handle arrows, Move up/down), announces each move, and Save queues the new order', async () => {
    gatewayWith();
    render('favorites');
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Favorites in order' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    await user.click(within(list).getByRole('button', { name: 'Move up Mojito' }));
    expect(await screen.findByText('Mojito moved to place 2 of 3')).toBeTruthy();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move up Mojito');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Mojito moved to place 1 of 3')).toBeTruthy();
    // the first row's Move up is disabled: focus stays on its handle
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Reorder Mojito: ArrowUp and ArrowDown move it');
    within(list).getByRole('button', { name: 'Reorder Negroni: ArrowUp and ArrowDown move it' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByText('Negroni moved to place 3 of 3')).toBeTruthy();
    expect(within(list).getAllByRole('listitem').map((row) => row.textContent?.replace(/Move.*$/, ''))).toEqual(['⠿1Mojito', '⠿2Spritz', '⠿3Negroni']);
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(async () => expect(await queued()).toHaveLength(1));
    const [entry] = await queued();
    expect(entry?.method).toBe('PUT');
    expect(entry?.path).toBe(`${base}/order-item-definitions/favorites`);
    expect(entry?.body).toEqual([id(3), id(2), id(1)]);
  });
});

describe('OrderItemsPage: an unfinished new category', () => {
  const draftOf = (unitUuid: string, name: string) =>
    saveDraft({ userUuid: makeSession().uuid, orgUuid: ORG, kind: CATEGORY_KIND, recordId: newRecordIdOf({ org: ORG, ou: unitUuid }) }, { name, group: 'Drinks' }, { baseVersion: null });

  it('opens again on its own unit after a reload, with what was typed', async () => {
    gatewayWith();
    await draftOf(OU, 'Late Bites');
    render('categories');
    const dialog = await screen.findByRole('dialog', { name: 'Add category' });
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement).value).toBe('Late Bites'));
  });

  it("never opens on another unit of the organization", async () => {
    gatewayWith();
    await draftOf('00000000-0000-4000-8000-000000000099', 'Other Unit Bites');
    render('categories');
    await screen.findByRole('cell', { name: 'Cocktails' });
    await screen.findByRole('button', { name: 'Add category' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // and a new category here starts empty, not with the other unit's words
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add category' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement;
    await waitFor(() => expect(name.disabled).toBe(false));
    expect(name.value).toBe('');
  });
});

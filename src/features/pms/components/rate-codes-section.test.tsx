import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HOTEL_MESSAGES, RATE_CODE_PACKAGE_PREVIEW } from '../../../domain';
import { renderWithProviders } from '../../../../test/render';
import type { PackageRef, RateCodeItem } from './hotel-items';
import { RateCodesSection } from './rate-codes-section';

const packages: PackageRef[] = Array.from({ length: 9 }, (_, index) => ({ localId: `pkg-${index + 1}`, externalId: `PKG${index + 1}` }));
const rack: RateCodeItem = { localId: 'rc-1', uuid: '00000000-0000-4000-8000-0000000000a1', name: 'RACK', packages: packages.map((entry) => entry.localId), version: 2 };
const bar: RateCodeItem = { localId: 'rc-2', uuid: null, name: 'BAR', packages: ['pkg-1'] };

interface Props {
  items?: RateCodeItem[];
  packageList?: PackageRef[];
  importTarget?: { org: string; hotel: string } | null;
}

/** The section as the wizard holds it: the list in state, every onChange recorded. */
function setup({ items = [], packageList = packages, importTarget = null }: Props = {}) {
  const onChange = vi.fn<(next: RateCodeItem[]) => void>();
  function Harness() {
    const [list, setList] = useState<RateCodeItem[]>(items);
    return (
      <RateCodesSection
        items={list}
        packages={packageList}
        importTarget={importTarget}
        onImported={() => undefined}
        onChange={(next) => {
          onChange(next);
          setList(next);
        }}
      />
    );
  }
  renderWithProviders(<Harness />);
  return { onChange, user: userEvent.setup() };
}

const table = () => screen.getByRole('table', { name: 'Rate Codes' });

afterEach(() => vi.restoreAllMocks());

describe('RateCodesSection', () => {
  it('shows the empty state, and Import disabled while the hotel does not exist', () => {
    setup();
    expect(screen.getByText('There are no rate codes created yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(false);
    const headers = within(table()).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['', 'Alias', 'Packages', 'Remove', 'Edit']);
  });

  it('offers Import once there is a hotel to import into', async () => {
    const { user } = setup({ importTarget: { org: 'org-1', hotel: 'hotel-1' } });
    const importButton = screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(false);
    await user.click(importButton);
    expect(await screen.findByRole('dialog', { name: 'Import rate codes' })).toBeTruthy();
  });

  it('shows the first 6 package IDs, then how many more, whose list opens on keyboard focus', async () => {
    setup({ items: [rack, bar] });
    const row = within(table()).getByRole('cell', { name: 'RACK' }).closest('tr') as HTMLElement;
    const preview = packages.slice(0, RATE_CODE_PACKAGE_PREVIEW).map((entry) => entry.externalId).join(', ');
    expect(within(row).getByText(preview)).toBeTruthy();
    expect(within(row).queryByText(/PKG7/)).toBeNull();
    const more = within(row).getByRole('button', { name: '+3 more packages of RACK' });
    expect(more.textContent).toBe('+3 more');
    // a button: reached with Tab, and its list opens on focus as well as on hover
    await act(async () => more.focus());
    const list = await screen.findByRole('list', { name: 'More packages of RACK' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['PKG7', 'PKG8', 'PKG9']);
    // a code with few packages has no count
    const barRow = within(table()).getByRole('cell', { name: 'BAR' }).closest('tr') as HTMLElement;
    expect(within(barRow).queryByRole('button', { name: /more/ })).toBeNull();
  });

  it('searches by alias', async () => {
    const { user } = setup({ items: [rack, bar] });
    await user.type(screen.getByRole('searchbox', { name: 'Search by alias' }), 'ba');
    expect(within(table()).queryByRole('cell', { name: 'RACK' })).toBeNull();
    expect(within(table()).getByRole('cell', { name: 'BAR' })).toBeTruthy();
  });

  it('refuses a code without ID or packages, and an ID another code has', async () => {
    const { user, onChange } = setup({ items: [rack] });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create rate code' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(HOTEL_MESSAGES.rateCodeIdRequired)).toBeTruthy();
    expect(within(dialog).getByText(HOTEL_MESSAGES.rateCodePackagesRequired)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /ID/ }), ' RACK ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(HOTEL_MESSAGES.rateCodeIdTaken)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('creates a code with the packages picked, as a new item', async () => {
    const { user, onChange } = setup({ items: [rack] });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create rate code' });
    await user.type(within(dialog).getByRole('textbox', { name: /ID/ }), 'BB');
    const picker = within(dialog).getByRole('combobox', { name: /Packages/ });
    await user.click(picker);
    await user.type(picker, 'PKG2');
    await user.click(await screen.findByRole('option', { name: 'PKG2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const next = onChange.mock.calls[0]?.[0] ?? [];
    expect(next).toHaveLength(2);
    expect(next[0]).toBe(rack);
    expect(next[1]).toMatchObject({ uuid: null, name: 'BB', packages: ['pkg-2'] });
    expect(next[1]?.localId).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create rate code' })).toBeNull());
    expect(within(table()).getByRole('cell', { name: 'BB' })).toBeTruthy();
  });

  it('picks the highlighted match with Enter; the package error sits above the picker, where its list never covers it', async () => {
    const { user, onChange } = setup();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create rate code' });
    await user.type(within(dialog).getByRole('textbox', { name: /ID/ }), 'BB');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const error = within(dialog).getByText('* Select at least one package');
    const picker = within(dialog).getByRole('combobox', { name: /Packages/ });
    // the list opens below the field: the error comes before the field
    expect(error.compareDocumentPosition(picker) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(picker);
    await user.type(picker, 'PKG7');
    await waitFor(() => expect(screen.getByRole('option', { name: 'PKG7' }).getAttribute('data-combobox-selected')).not.toBeNull());
    await user.keyboard('{Enter}');
    expect(within(dialog).queryByText('* Select at least one package')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]?.[0][0]).toMatchObject({ name: 'BB', packages: ['pkg-7'] });
  });

  it('warns about packages that are gone and drops them when an edit is saved', async () => {
    const stale: RateCodeItem = { ...bar, packages: ['pkg-1', 'gone-1'] };
    const { user, onChange } = setup({ items: [stale] });
    await user.click(screen.getByRole('button', { name: 'Edit BAR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rate code' });
    expect(within(dialog).getByText(HOTEL_MESSAGES.rateCodeMissingPackages)).toBeTruthy();
    const id = within(dialog).getByRole('textbox', { name: /ID/ });
    await user.clear(id);
    await user.type(id, 'BAR2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]?.[0]).toEqual([{ ...stale, name: 'BAR2', packages: ['pkg-1'] }]);
  });

  it('asks before removing a code, in the spec words', async () => {
    const { user, onChange } = setup({ items: [rack, bar] });
    await user.click(screen.getByRole('button', { name: 'Remove RACK' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove RACK' });
    expect(within(dialog).getByText('Are you sure you want to remove RACK? This action can not be undone.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove RACK' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove RACK' })).getByRole('button', { name: 'Remove' }));
    expect(onChange).toHaveBeenCalledWith([bar]);
    await waitFor(() => expect(within(table()).queryByRole('cell', { name: 'RACK' })).toBeNull());
  });

  it('removes several chosen codes at once after one confirmation naming the count, and sorts by alias', async () => {
    const half: RateCodeItem = { localId: 'rc-3', uuid: null, name: 'HALF', packages: ['pkg-2'] };
    const { onChange, user } = setup({ items: [rack, bar, half] });
    await user.click(within(table()).getByRole('button', { name: 'Alias' }));
    const aliases = () => within(table()).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(aliases()).toEqual(['BAR', 'HALF', 'RACK']);

    await user.click(screen.getByRole('checkbox', { name: 'Select RACK' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select BAR' }));
    await user.click(screen.getByRole('button', { name: 'Remove selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove 2 rate codes?' });
    expect(within(dialog).getByText('These rate codes will be removed: RACK and BAR.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove 2 rate codes' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]?.[0].map((code) => code.name)).toEqual(['HALF']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(aliases()).toEqual(['HALF']);
  });
});

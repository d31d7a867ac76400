import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HOTEL_MESSAGES } from '../../../domain';
import { renderWithProviders } from '../../../../test/render';
import { AccessControlSection } from './access-control-section';
import type { AccessServiceItem, HotelPackages } from './hotel-items';

const refs = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => ({ localId: `${prefix.toLowerCase()}-${index + 1}`, externalId: `${prefix}${index + 1}` }));

const grand: HotelPackages = { definitionUuid: 'def-grand', hotelUuid: 'unit-grand', name: 'Grand Hotel', packages: refs('G', 6), current: true };
const beach: HotelPackages = { definitionUuid: 'def-beach', hotelUuid: 'unit-beach', name: 'Beach Resort', packages: refs('B', 3), current: false };
const city: HotelPackages = { definitionUuid: 'def-city', hotelUuid: 'unit-city', name: 'City Inn', packages: refs('C', 2), current: false };
const hotels = [grand, beach, city];

const pairs = (hotel: HotelPackages, count: number) => hotel.packages.slice(0, count).map((entry) => ({ hotelDefinitionUuid: hotel.definitionUuid, pmsPackageUuid: entry.localId }));

const spa: AccessServiceItem = {
  localId: 'svc-1',
  uuid: '00000000-0000-4000-8000-0000000000d1',
  name: 'Spa Access',
  hotelsAndPackages: [...pairs(grand, 6), ...pairs(beach, 1), ...pairs(city, 1)],
  defaultHotelUuid: 'unit-grand',
  idMethods: ['Insert'],
  version: 3,
};
const gym: AccessServiceItem = { localId: 'svc-2', uuid: null, name: 'Gym', hotelsAndPackages: pairs(grand, 1), defaultHotelUuid: 'unit-grand', idMethods: [] };

function setup(items: AccessServiceItem[] = []) {
  const onChange = vi.fn<(next: AccessServiceItem[]) => void>();
  function Harness() {
    const [list, setList] = useState(items);
    return (
      <AccessControlSection
        items={list}
        hotels={hotels}
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

const table = () => screen.getByRole('table', { name: 'Access Control' });
const rowOf = (name: string) => within(table()).getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('AccessControlSection', () => {
  it('shows the empty state and the spec columns', () => {
    setup();
    expect(screen.getByText('There are no services created yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add access service' })).toBeTruthy();
    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Package access name', 'Hotels & Packages', 'Edit', 'Remove']);
  });

  it('shows 4 packages per hotel and 2 hotels, then how many more', () => {
    setup([spa, gym]);
    const cell = within(rowOf('Spa Access')).getAllByRole('cell')[1] as HTMLElement;
    const lines = Array.from(cell.querySelectorAll('p')).map((line) => line.textContent);
    expect(lines).toEqual(['Grand Hotel: G1, G2, G3, G4 +2 more', 'Beach Resort: B1', '+1 more hotel']);
    expect(within(rowOf('Gym')).getByText('Grand Hotel')).toBeTruthy();
  });

  it('searches by name, whatever the case', async () => {
    const { user } = setup([spa, gym]);
    await user.type(screen.getByRole('searchbox', { name: 'Search by package access name' }), 'sPA');
    expect(within(table()).getByRole('cell', { name: 'Spa Access' })).toBeTruthy();
    expect(within(table()).queryByRole('cell', { name: 'Gym' })).toBeNull();
  });

  it('needs a name, keeps the current hotel, and saves hotels, packages, default hotel and ID methods', async () => {
    const { user, onChange } = setup([gym]);
    await user.click(screen.getByRole('button', { name: 'Add access service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add access service' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(HOTEL_MESSAGES.accessNameRequired)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();

    const current = within(dialog).getByRole('checkbox', { name: 'Grand Hotel' }) as HTMLInputElement;
    expect(current.checked).toBe(true);
    expect(current.disabled).toBe(true);
    // another hotel's packages show once it is included
    expect(within(dialog).queryByRole('checkbox', { name: 'B2' })).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: /Package access name/ }), 'Pool');
    await user.click(within(dialog).getByRole('checkbox', { name: 'G2' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Beach Resort' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'B2' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Default hotel' }));
    await user.click(await screen.findByRole('option', { name: 'Beach Resort' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Contactless' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'MSR' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const next = onChange.mock.calls[0]?.[0] ?? [];
    expect(next[0]).toBe(gym);
    expect(next[1]).toMatchObject({
      uuid: null,
      name: 'Pool',
      hotelsAndPackages: [
        { hotelDefinitionUuid: 'def-grand', pmsPackageUuid: 'g-2' },
        { hotelDefinitionUuid: 'def-beach', pmsPackageUuid: 'b-2' },
      ],
      defaultHotelUuid: 'unit-beach',
      idMethods: ['MSR', 'Contactless'],
    });
    expect(next[1]?.localId).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(within(table()).getByRole('cell', { name: 'Pool' })).toBeTruthy());
  });

  it('leaving a hotel out drops its packages and makes the current hotel the default again', async () => {
    const { user, onChange } = setup([{ ...spa, defaultHotelUuid: 'unit-beach' }]);
    await user.click(screen.getByRole('button', { name: 'Edit Spa Access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit access service' });
    expect(within(dialog).queryByText(HOTEL_MESSAGES.accessMissingPackages)).toBeNull();
    expect((within(dialog).getByRole('checkbox', { name: 'B1' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('combobox', { name: 'Default hotel' }) as HTMLInputElement).value).toBe('Beach Resort');
    await user.click(within(dialog).getByRole('checkbox', { name: 'City Inn' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Beach Resort' }));
    expect(within(dialog).queryByRole('checkbox', { name: 'B1' })).toBeNull();
    expect((within(dialog).getByRole('combobox', { name: 'Default hotel' }) as HTMLInputElement).value).toBe('Grand Hotel');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]?.[0]).toEqual([{ ...spa, hotelsAndPackages: pairs(grand, 6), defaultHotelUuid: 'unit-grand' }]);
  });

  it('warns about packages that no longer exist and drops them on save', async () => {
    const stale: AccessServiceItem = { ...gym, hotelsAndPackages: [...pairs(grand, 1), { hotelDefinitionUuid: 'def-beach', pmsPackageUuid: 'gone' }] };
    const { user, onChange } = setup([stale]);
    await user.click(screen.getByRole('button', { name: 'Edit Gym' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit access service' });
    expect(within(dialog).getByText(HOTEL_MESSAGES.accessMissingPackages)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]?.[0]?.[0]?.hotelsAndPackages).toEqual(pairs(grand, 1));
  });

  it('asks before deleting a service, in the spec words', async () => {
    const { user, onChange } = setup([spa, gym]);
    await user.click(screen.getByRole('button', { name: 'Remove Gym' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete service' });
    expect(within(dialog).getByText('Are you sure you want to delete Gym? This can not be undone.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onChange).toHaveBeenCalledWith([spa]);
  });
});

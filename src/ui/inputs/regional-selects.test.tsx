import { describe, expect, it } from 'vitest';
import { useState, type ComponentType } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { CountrySelect, CurrencySelect, LocaleSelect, TimeZoneSelect, type RegionalSelectProps } from './regional-selects';

function renderSelect(Select: ComponentType<RegionalSelectProps>, initial: string | null = null) {
  const chosen: (string | null)[] = [];
  function Form() {
    const [value, setValue] = useState(initial);
    return (
      <Select
        value={value}
        onChange={(next) => {
          chosen.push(next);
          setValue(next);
        }}
      />
    );
  }
  renderWithProviders(<Form />);
  return { chosen, user: userEvent.setup() };
}

const optionTexts = () => within(screen.getByRole('listbox')).queryAllByRole('option').map((option) => option.textContent);

describe('regional selectors', () => {
  it('offer the eight currencies with their names, and a list at most 220 px high', async () => {
    const { chosen, user } = renderSelect(CurrencySelect);
    const field = screen.getByRole('combobox', { name: 'Currency' });
    await user.click(field);
    // the names are the runtime's (ICU versions word some differently: 'UAE Dirham', 'United Arab Emirates Dirham')
    const names = new Intl.DisplayNames(['en'], { type: 'currency' });
    expect(optionTexts()).toEqual(['EUR', 'SGD', 'USD', 'AED', 'QAR', 'JOD', 'GBP', 'THB'].map((code) => `${code} — ${names.of(code)}`));
    expect(optionTexts()[0]).toBe('EUR — Euro');
    const scroller = screen.getByRole('listbox').querySelector<HTMLElement>('[style*="max-height"]');
    // Mantine writes 220 px as rem: 220 / 16 = 13.75rem at the default scale
    expect(scroller?.style.maxHeight).toBe('calc(13.75rem * var(--mantine-scale))');
    await user.click(screen.getByRole('option', { name: /^GBP — / }));
    expect(chosen).toEqual(['GBP']);
  });

  it('search as typed', async () => {
    const { chosen, user } = renderSelect(CountrySelect);
    const field = screen.getByRole('combobox', { name: 'Country' });
    await user.type(field, 'portu');
    expect(optionTexts()).toEqual(['Portugal']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(chosen).toEqual(['PT']);
  });

  it('name every country in the interface language, sorted by name', async () => {
    const { user } = renderSelect(CountrySelect);
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    const names = optionTexts();
    expect(names).toHaveLength(249);
    expect(names.slice(0, 3)).toEqual(['Afghanistan', 'Åland Islands', 'Albania']);
    expect(names).toContain('United Kingdom');
  });

  it('list the time zones from GMT-12 to GMT+13 and keep a stored zone the list does not offer, labelled in its place', async () => {
    const { user } = renderSelect(TimeZoneSelect, 'Asia/Kolkata');
    const field = screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement;
    expect(field.value).toBe('(GMT+05:30) Kolkata');
    await user.click(field);
    await user.clear(field);
    const zones = optionTexts();
    expect(zones[0]).toBe('(GMT-12:00) International Date Line West');
    expect(zones.at(-1)).toBe('(GMT+13:00) Nuku’alofa');
    expect(zones.slice(zones.indexOf('(GMT+05:00) Karachi'), zones.indexOf('(GMT+06:00) Dhaka') + 1)).toEqual(['(GMT+05:00) Karachi', '(GMT+05:30) Kolkata', '(GMT+06:00) Dhaka']);
    expect(zones.filter((zone) => !zone?.startsWith('(GMT'))).toEqual([]);
  });

  it('label an inherited zone the list does not offer, such as Europe/Lisbon', () => {
    renderSelect(TimeZoneSelect, 'Europe/Lisbon');
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement).value).toBe('(GMT+00:00) Lisbon');
  });

  it('name the locales in the interface language', async () => {
    const { chosen, user } = renderSelect(LocaleSelect, 'en-GB');
    const field = screen.getByRole('combobox', { name: 'Locale' }) as HTMLInputElement;
    expect(field.value).toBe('English (United Kingdom)');
    await user.clear(field);
    await user.type(field, 'thai');
    await user.click(screen.getByRole('option', { name: 'Thai (Thailand)' }));
    expect(chosen).toEqual(['th-TH']);
  });

  it('say so when nothing matches', async () => {
    const { user } = renderSelect(CurrencySelect);
    await user.type(screen.getByRole('combobox', { name: 'Currency' }), 'zzz');
    expect(screen.getByText('Nothing found')).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { useState, type ComponentType } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChipChange } from '../../domain';
import { renderWithProviders } from '../../../test/render';
import { DiscountChipsInput, EmailListInput, PackageListInput, TipPercentagesInput } from './chip-lists';

type ListComponent = ComponentType<{ label: string; value: readonly string[]; onChange: (value: string[], changes: ChipChange[]) => void }>;

/** A chip list held by a form: its value, and every change it reported. */
function renderList(List: ListComponent, label: string, initial: string[] = []) {
  const reported: ChipChange[][] = [];
  const values: string[][] = [];
  function Form() {
    const [value, setValue] = useState(initial);
    return (
      <List
        label={label}
        value={value}
        onChange={(next, changes) => {
          setValue(next);
          values.push(next);
          reported.push(changes);
        }}
      />
    );
  }
  renderWithProviders(<Form />);
  const field = screen.getByRole('textbox', { name: label });
  return { field, reported, values, user: userEvent.setup() };
}

/** The names the chips show, in order (the remove buttons name the full names). */
const chipNames = () => screen.queryAllByRole('button', { name: /^Remove / }).map((button) => button.getAttribute('aria-label')?.replace(/^Remove /, ''));
const shownNames = (root: HTMLElement) => Array.from(root.querySelectorAll('.mantine-Pill-label')).map((label) => label.textContent);

function paste(field: HTMLElement, text: string) {
  fireEvent.paste(field, { clipboardData: { getData: (type: string) => (type === 'text/plain' ? text : '') } });
}

describe('EmailListInput', () => {
  it('commits an address with Enter, a comma or Tab, and reports each ADD', async () => {
    const { field, reported, user } = renderList(EmailListInput, 'Notification Emails');
    await user.type(field, 'ops@hotel.com{Enter}');
    await user.type(field, 'night@hotel.com,');
    await user.type(field, 'spa@hotel.com');
    await user.tab();
    expect(chipNames()).toEqual(['ops@hotel.com', 'night@hotel.com', 'spa@hotel.com']);
    expect(reported).toEqual([[{ action: 'ADD', value: 'ops@hotel.com' }], [{ action: 'ADD', value: 'night@hotel.com' }], [{ action: 'ADD', value: 'spa@hotel.com' }]]);
    expect((field as HTMLInputElement).value).toBe('');
  });

  it("keeps a bad entry in the field and says '{value} is not a valid email address.'", async () => {
    const { field, reported, user } = renderList(EmailListInput, 'Notification Emails');
    await user.type(field, 'ops@{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('ops@ is not a valid email address.');
    expect((field as HTMLInputElement).value).toBe('ops@');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(reported).toEqual([]);
    // typing again clears the message
    await user.type(field, 'hotel.com');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.keyboard('{Enter}');
    expect(chipNames()).toEqual(['ops@hotel.com']);
  });

  it("refuses an address already there: '{value} has already been added.'", async () => {
    const { field, user } = renderList(EmailListInput, 'Notification Emails', ['ops@hotel.com']);
    await user.type(field, 'OPS@hotel.com{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('OPS@hotel.com has already been added.');
    expect(chipNames()).toEqual(['ops@hotel.com']);
  });

  it('makes a chip of every address of a pasted list, and keeps the bad ones in the field with their reasons', () => {
    const { field, reported } = renderList(EmailListInput, 'Notification Emails');
    paste(field, 'a@hotel.com\nbad, b@hotel.com; a@hotel.com');
    expect(chipNames()).toEqual(['a@hotel.com', 'b@hotel.com']);
    expect(reported).toEqual([
      [
        { action: 'ADD', value: 'a@hotel.com' },
        { action: 'ADD', value: 'b@hotel.com' },
      ],
    ]);
    expect(screen.getByRole('alert').textContent).toBe('bad is not a valid email address.a@hotel.com has already been added.');
    expect((field as HTMLInputElement).value).toBe('bad, a@hotel.com');
  });

  it('removes a chip with its button or, from an empty field, the last one with Backspace, reporting REMOVE', async () => {
    const { field, reported, user } = renderList(EmailListInput, 'Notification Emails', ['a@hotel.com', 'b@hotel.com', 'c@hotel.com']);
    await user.click(screen.getByRole('button', { name: 'Remove b@hotel.com' }));
    expect(chipNames()).toEqual(['a@hotel.com', 'c@hotel.com']);
    await user.click(field);
    await user.keyboard('{Backspace}');
    expect(chipNames()).toEqual(['a@hotel.com']);
    expect(reported).toEqual([[{ action: 'REMOVE', value: 'b@hotel.com' }], [{ action: 'REMOVE', value: 'c@hotel.com' }]]);
  });

  it('lets the keyboard reach each remove button', async () => {
    const { reported, user } = renderList(EmailListInput, 'Notification Emails', ['a@hotel.com']);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove a@hotel.com' }));
    await user.keyboard('{Enter}');
    expect(reported).toEqual([[{ action: 'REMOVE', value: 'a@hotel.com' }]]);
  });

  it('shows chip names up to 20 characters, the whole name in a tooltip while its remove button has focus, and in that button', async () => {
    const { user } = renderList(EmailListInput, 'Notification Emails', ['reservations.team@harbourviewhotel.com', 'a@hotel.com']);
    expect(shownNames(document.body)).toEqual(['reservations.team@ha…', 'a@hotel.com']);
    expect(chipNames()).toEqual(['reservations.team@harbourviewhotel.com', 'a@hotel.com']);
    await user.tab();
    const remove = screen.getByRole('button', { name: 'Remove reservations.team@harbourviewhotel.com' });
    expect(document.activeElement).toBe(remove);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('reservations.team@harbourviewhotel.com');
    // a chip shown whole has none
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});

describe('TipPercentagesInput', () => {
  it('takes non-negative decimals and refuses others and repeats in the spec words', async () => {
    const { field, values, user } = renderList(TipPercentagesInput, 'Tip percentages', ['10']);
    await user.type(field, '12.50{Enter}');
    expect(values.at(-1)).toEqual(['10', '12.5']);
    await user.type(field, '-5{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('-5 is not a number.');
    await user.clear(field);
    await user.type(field, '10.0{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('10.0 has already been added.');
    expect(field.getAttribute('inputmode')).toBe('decimal');
  });
});

describe('PackageListInput', () => {
  const packages = [
    { value: 'p-1', label: 'BKFST' },
    { value: 'p-2', label: 'SPA' },
    { value: 'p-3', label: 'LATE_CHECKOUT_PACKAGE_2025' },
  ];
  const Packages: ListComponent = (props) => <PackageListInput {...props} packages={packages} />;

  it("takes an available package's ID, refuses another as '{value} is not a available package', and ignores a repeat", async () => {
    const { field, reported, user } = renderList(Packages, 'Packages');
    await user.type(field, 'spa{Enter}');
    await user.type(field, 'GOLF{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('GOLF is not a available package');
    await user.clear(field);
    await user.type(field, 'SPA{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((field as HTMLInputElement).value).toBe('');
    expect(reported).toEqual([[{ action: 'ADD', value: 'p-2' }]]);
  });

  it('suggests the packages not chosen yet, filtered by what is typed, and adds one picked with the keyboard', async () => {
    const { field, reported, user } = renderList(Packages, 'Packages', ['p-1']);
    await user.click(field);
    const listbox = screen.getByRole('listbox', { name: 'Suggestions for Packages' });
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['SPA', 'LATE_CHECKOUT_PACKAGE_2025']);
    // at most 220 px high (spec section 9), which Mantine writes as 13.75rem
    expect(listbox.querySelector<HTMLElement>('[style*="max-height"]')?.style.maxHeight).toBe('calc(13.75rem * var(--mantine-scale))');
    await user.type(field, 'late');
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['LATE_CHECKOUT_PACKAGE_2025']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(reported).toEqual([[{ action: 'ADD', value: 'p-3' }]]);
    expect(shownNames(document.body)).toEqual(['BKFST', 'LATE_CHECKOUT_PACKAG…']);
  });

  it("shows a chip whose package was deleted as '(Not found)'", () => {
    renderList(Packages, 'Packages', ['p-1', 'p-deleted']);
    expect(shownNames(document.body)).toEqual(['BKFST', '(Not found)']);
    expect(screen.getByRole('button', { name: 'Remove (Not found)' })).toBeTruthy();
  });
});

describe('DiscountChipsInput', () => {
  const discounts = [
    { uuid: 'd-1', name: 'Happy Hour', status: 'ACTIVE' },
    { uuid: 'd-2', name: 'Staff', status: 'DEACTIVATED' },
    { uuid: 'd-3', name: 'Brunch', status: 'ACTIVE' },
  ];
  const Discounts: ListComponent = (props) => <DiscountChipsInput {...props} discounts={discounts} />;

  it('adds a discount by its name whatever the case, and names it on its chip', async () => {
    const { field, reported, user } = renderList(Discounts, 'Discounts');
    await user.type(field, 'happy hour{Enter}');
    expect(reported).toEqual([[{ action: 'ADD', value: 'd-1' }]]);
    expect(chipNames()).toEqual(['Happy Hour']);
  });

  it("says '{name} has already been added.' and \"{name} doesn't exist\"", async () => {
    const { field, user } = renderList(Discounts, 'Discounts', ['d-1']);
    await user.type(field, 'HAPPY HOUR{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Happy Hour has already been added.');
    await user.clear(field);
    await user.type(field, 'Dinner{Enter}');
    expect(screen.getByRole('alert').textContent).toBe("Dinner doesn't exist");
  });

  it('offers a DEACTIVATED discount disabled, and never adds it', async () => {
    const { field, reported, user } = renderList(Discounts, 'Discounts');
    await user.click(field);
    const staff = screen.getByRole('option', { name: 'Staff (deactivated)' });
    expect(staff.getAttribute('aria-disabled')).toBe('true');
    await user.click(staff);
    await user.type(field, 'staff{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Staff is deactivated and cannot be added.');
    expect(reported).toEqual([]);
  });

  it('adds a suggestion clicked with the mouse', async () => {
    const { field, reported, user } = renderList(Discounts, 'Discounts');
    await user.click(field);
    await user.click(screen.getByRole('option', { name: 'Brunch' }));
    expect(reported).toEqual([[{ action: 'ADD', value: 'd-3' }]]);
  });
});

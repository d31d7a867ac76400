import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../../test/render';
import { PackagesSection, type PackageFormValues, type PackageItem } from './packages-section';

const item = (localId: string, externalId: string, calculationRule: PackageItem['calculationRule'] = 'ADULT', extra: Partial<PackageItem> = {}): PackageItem => ({
  localId,
  uuid: localId,
  externalId,
  calculationRule,
  deleted: false,
  ...extra,
});

/** The section as the wizard holds it: the caller's list, changed by Save and Remove. */
function Harness({
  initial,
  onSave,
  onRemove,
  headingOrder,
  readOnly,
  usedBy,
}: {
  initial: PackageItem[];
  onSave?: (localId: string | null, values: PackageFormValues) => void;
  onRemove?: (item: PackageItem) => void;
  headingOrder?: 2 | 3 | 4;
  readOnly?: boolean;
  usedBy?: (item: PackageItem) => readonly string[];
}) {
  const [items, setItems] = useState(initial);
  return (
    <PackagesSection
      items={items}
      {...(usedBy ? { usedBy } : {})}
      headingOrder={headingOrder}
      readOnly={readOnly}
      onSave={(localId, values) => {
        onSave?.(localId, values);
        setItems((list) => (localId === null ? [...list, { localId: `new-${list.length}`, uuid: null, deleted: false, ...values }] : list.map((entry) => (entry.localId === localId ? { ...entry, ...values } : entry))));
      }}
      onRemove={(removed) => {
        onRemove?.(removed);
        setItems((list) => list.map((entry) => (entry.localId === removed.localId ? { ...entry, deleted: true } : entry)));
      }}
    />
  );
}

const render = (props: Parameters<typeof Harness>[0]) => renderWithProviders(<Harness {...props} />);
const bodyRows = () => within(screen.getByRole('table', { name: 'Packages' })).getAllByRole('row').slice(1);
// the first cell is the row's checkbox
const idCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[1]?.textContent);
const many = (count: number) => Array.from({ length: count }, (_, index) => item(`l${index}`, `PKG-${String(index).padStart(5, '0')}`));

afterEach(() => cleanup());

describe('PackagesSection: the table', () => {
  it("says there are no package definitions when the list is empty, and offers 'ADD PACKAGE PMS'", () => {
    render({ initial: [] });
    expect(screen.getByText('There are no package definitions created yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ADD PACKAGE PMS' })).toBeTruthy();
  });

  it("shows the columns of the spec, each package's rule by its label, and leaves removed packages out", () => {
    render({ initial: [item('a', 'BRKF'), item('b', 'KIDS', 'CHILDREN'), item('c', 'FLAT', 'PERSON'), item('d', 'GONE', 'ADULT', { deleted: true })] });
    const headers = within(screen.getByRole('table', { name: 'Packages' }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['', 'Package ID', 'Calcul. Rate', 'Remove', 'Edit']);
    expect(idCells()).toEqual(['BRKF', 'KIDS', 'FLAT']);
    const rules = bodyRows().map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    expect(rules).toEqual(['Adult', 'Children', 'Person/flat rate/room']);
    expect(screen.queryByText('GONE')).toBeNull();
  });

  it('filters by package ID: a row matches when its ID contains the typed text, in any case', async () => {
    render({ initial: [item('a', 'BRKF-1'), item('b', 'XBRK'), item('c', 'DINNER')] });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Package ID' }), 'brk');
    expect(idCells()).toEqual(['BRKF-1', 'XBRK']);
    await user.clear(screen.getByRole('searchbox', { name: 'Package ID' }));
    await user.type(screen.getByRole('searchbox', { name: 'Package ID' }), 'zzz');
    expect(screen.getByText('No results match "zzz"')).toBeTruthy();
    expect(screen.queryByText('There are no package definitions created yet')).toBeNull();
  });

  it('shows 10 rows a page with pagination', async () => {
    render({ initial: many(25) });
    const user = userEvent.setup();
    expect(bodyRows()).toHaveLength(10);
    expect(idCells()[0]).toBe('PKG-00000');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(idCells()).toEqual(['PKG-00020', 'PKG-00021', 'PKG-00022', 'PKG-00023', 'PKG-00024']);
    // a filter starts again at its first page
    await user.type(screen.getByRole('searchbox', { name: 'Package ID' }), '0002');
    expect(idCells()).toEqual(['PKG-00002', 'PKG-00020', 'PKG-00021', 'PKG-00022', 'PKG-00023', 'PKG-00024']);
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
  });

  it('holds 10,000 packages and renders only the 10 rows of a page, also while filtering', async () => {
    render({ initial: many(10_000) });
    const user = userEvent.setup();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Page 1000' })).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Package ID' }), '999');
    // 00999, 01999, …, 09999 and 09990–09998
    expect(bodyRows()).toHaveLength(10);
    expect(idCells()[0]).toBe('PKG-00999');
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 3' })).toBeNull();
  });

  it('shows a title and description at the heading level asked for, none when not asked', () => {
    const first = render({ initial: [], headingOrder: 3 });
    expect(screen.getByRole('heading', { level: 3, name: 'Packages' })).toBeTruthy();
    first.unmount();
    render({ initial: [] });
    expect(screen.queryByRole('heading', { name: 'Packages' })).toBeNull();
  });

  it('read-only: no add, edit or remove', () => {
    render({ initial: [item('a', 'BRKF')], readOnly: true });
    expect(screen.getByText('BRKF')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ADD PACKAGE PMS' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit BRKF' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove BRKF' })).toBeNull();
  });
});

describe('PackagesSection: the package form', () => {
  it("adds with the rule ADULT by default: 'Add PMS Package', 'ADD PACKAGE' always offered, saying what is missing when pressed", async () => {
    const onSave = vi.fn();
    render({ initial: [], onSave });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'ADD PACKAGE PMS' }));
    const dialog = screen.getByRole('dialog', { name: 'Add PMS Package' });
    const submit = within(dialog).getByRole('button', { name: 'ADD PACKAGE' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    expect((within(dialog).getByRole('combobox', { name: /Calculation rule/ }) as HTMLInputElement).value).toBe('Adult');
    // nothing is flagged before the first press; pressed, the field says what is missing and holds focus
    const id = within(dialog).getByRole('textbox', { name: /Package ID/ });
    expect(within(dialog).queryByText('Enter the package ID')).toBeNull();
    await user.click(submit);
    expect(within(dialog).getByText('Enter the package ID')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(id));
    expect(onSave).not.toHaveBeenCalled();
    await user.type(id, ' BRKF ');
    expect(within(dialog).queryByText('Enter the package ID')).toBeNull();
    await user.click(submit);
    expect(onSave).toHaveBeenCalledWith(null, { externalId: 'BRKF', calculationRule: 'ADULT' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(idCells()).toEqual(['BRKF']);
  });

  it("edits: 'Edit Pms Package Connection' with 'UPDATE', replacing the item", async () => {
    const onSave = vi.fn();
    render({ initial: [item('a', 'BRKF')], onSave });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit BRKF' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Pms Package Connection' });
    expect((within(dialog).getByRole('textbox', { name: /Package ID/ }) as HTMLInputElement).value).toBe('BRKF');
    const submit = within(dialog).getByRole('button', { name: 'UPDATE' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    await user.click(within(dialog).getByRole('combobox', { name: /Calculation rule/ }));
    await user.click(screen.getByRole('option', { name: 'Children' }));
    await user.click(submit);
    expect(onSave).toHaveBeenCalledWith('a', { externalId: 'BRKF', calculationRule: 'CHILDREN' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyRows()).toHaveLength(1);
    expect(within(bodyRows()[0] as HTMLElement).getByText('Children')).toBeTruthy();
  });

  it('refuses a package ID another package has, saying so, and saves nothing; a removed package frees its ID', async () => {
    const onSave = vi.fn();
    render({ initial: [item('a', 'BRKF'), item('b', 'OLD', 'ADULT', { deleted: true })], onSave });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'ADD PACKAGE PMS' }));
    const dialog = screen.getByRole('dialog', { name: 'Add PMS Package' });
    const id = within(dialog).getByRole('textbox', { name: /Package ID/ });
    await user.type(id, 'BRKF ');
    await user.click(within(dialog).getByRole('button', { name: 'ADD PACKAGE' }));
    expect(within(dialog).getByText('Another package of this hotel already has this package ID')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add PMS Package' })).toBeTruthy();

    await user.clear(id);
    await user.type(id, 'OLD');
    expect(within(dialog).queryByText('Another package of this hotel already has this package ID')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'ADD PACKAGE' }));
    expect(onSave).toHaveBeenCalledWith(null, { externalId: 'OLD', calculationRule: 'ADULT' });
  });

  it("requires the package ID ('Enter the package ID') and saves nothing without it", async () => {
    const onSave = vi.fn();
    render({ initial: [], onSave });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'ADD PACKAGE PMS' }));
    const dialog = screen.getByRole('dialog', { name: 'Add PMS Package' });
    await user.click(within(dialog).getByRole('combobox', { name: /Calculation rule/ }));
    await user.click(screen.getByRole('option', { name: 'Person/flat rate/room' }));
    await user.click(within(dialog).getByRole('button', { name: 'ADD PACKAGE' }));
    expect(within(dialog).getByText('Enter the package ID')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('PackagesSection: removal', () => {
  it("asks with the spec's warning; the main button cancels, 'REMOVE PMS PACKAGE' removes and the row leaves the table", async () => {
    const onRemove = vi.fn();
    render({ initial: [item('a', 'BRKF'), item('b', 'KIDS')], onRemove });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove BRKF' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove PMS package' });
    expect(within(dialog).getByText('This action cannot be undone and will impact Rate Codes and Package Access that include this package')).toBeTruthy();
    // the main, filled button is the one that cancels; the modal opens on it
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel.getAttribute('data-variant')).toBe('filled');
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await user.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onRemove).not.toHaveBeenCalled();
    expect(idCells()).toEqual(['BRKF', 'KIDS']);

    await user.click(screen.getByRole('button', { name: 'Remove BRKF' }));
    dialog = screen.getByRole('dialog', { name: 'Remove PMS package' });
    await user.click(within(dialog).getByRole('button', { name: 'REMOVE PMS PACKAGE' }));
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ localId: 'a', externalId: 'BRKF' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(idCells()).toEqual(['KIDS']);
    // focus goes on to the next row, not to the page
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove KIDS' })));
  });

  it('removes several chosen packages after one confirmation naming the count and the rate codes that include them', async () => {
    const onRemove = vi.fn();
    const codes: Record<string, string[]> = { b: ['BB', 'HB'] };
    render({ initial: [item('a', 'BRKF'), item('b', 'KIDS'), item('c', 'SPA'), item('d', 'PARK')], onRemove, headingOrder: 3, usedBy: (entry) => codes[entry.localId] ?? [] });
    const user = userEvent.setup();
    for (const id of ['BRKF', 'KIDS', 'SPA']) await user.click(screen.getByRole('checkbox', { name: `Select ${id}` }));
    await user.click(screen.getByRole('button', { name: 'Remove selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove 3 packages?' });
    expect(within(dialog).getByText('These packages will be removed: BRKF, KIDS and SPA.')).toBeTruthy();
    expect(within(dialog).getByText('KIDS: rate codes BB and HB')).toBeTruthy();
    expect(within(dialog).getByText('This action cannot be undone and will impact Rate Codes and Package Access that include these packages')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove 3 packages' }));
    expect(onRemove.mock.calls.map((call) => (call[0] as PackageItem).externalId)).toEqual(['BRKF', 'KIDS', 'SPA']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(idCells()).toEqual(['PARK']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Packages' })));
  });

  it('sorts by package ID and by rule from the column headers', async () => {
    render({ initial: [item('a', 'SPA', 'PERSON'), item('b', 'BRKF', 'CHILDREN'), item('c', 'kids', 'ADULT')] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Package ID' }));
    expect(idCells()).toEqual(['BRKF', 'kids', 'SPA']);
    await user.click(screen.getByRole('button', { name: 'Calcul. Rate' }));
    expect(idCells()).toEqual(['kids', 'BRKF', 'SPA']);
  });
});

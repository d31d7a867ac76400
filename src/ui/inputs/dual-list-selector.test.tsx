import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DualListItem } from '../../domain';
import { renderWithProviders } from '../../../test/render';
import { DualListSelector } from './dual-list-selector';

const ITEMS: DualListItem[] = [
  { value: 'pool', label: 'Pool Bar' },
  { value: 'bar10', label: 'Bar 10' },
  { value: 'bar2', label: 'Bar 2' },
  { value: 'spa', label: 'Spa', disabled: true },
  { value: 'lobby', label: 'Lobby Lounge' },
  { value: 'rooftop', label: 'Rooftop' },
];

function renderSelector(initial: string[] = [], items: DualListItem[] = ITEMS) {
  const changes: string[][] = [];
  function Form() {
    const [value, setValue] = useState(initial);
    return (
      <DualListSelector
        label="Revenue centers"
        items={items}
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  renderWithProviders(<Form />);
  return { changes, user: userEvent.setup() };
}

const available = () => screen.getByRole('listbox', { name: 'Available' });
const selected = () => screen.getByRole('listbox', { name: 'Selected' });
const labels = (listbox: HTMLElement) => within(listbox).getAllByRole('option').map((option) => option.textContent);
const highlighted = (listbox: HTMLElement) => within(listbox).getAllByRole('option').filter((option) => option.getAttribute('aria-selected') === 'true').map((option) => option.textContent?.replace('✓ ', ''));
const button = (name: string) => screen.getByRole('button', { name });

describe('DualListSelector', () => {
  it('is a named group with two named lists sorted by label and four named move buttons', () => {
    renderSelector(['rooftop']);
    expect(screen.getByRole('group', { name: 'Revenue centers' })).toBeTruthy();
    expect(labels(available())).toEqual(['Bar 2', 'Bar 10', 'Lobby Lounge', 'Pool Bar', 'Spa (deactivated)']);
    expect(labels(selected())).toEqual(['Rooftop']);
    for (const name of ['Add selected', 'Add all', 'Remove selected', 'Remove all']) expect(button(name)).toBeTruthy();
    expect(available().getAttribute('aria-multiselectable')).toBe('true');
  });

  it("says 'There are no items available' and 'There are no selected items' for empty lists", async () => {
    const { user } = renderSelector();
    expect(screen.getByText('There are no selected items')).toBeTruthy();
    expect(screen.queryByRole('listbox', { name: 'Selected' })).toBeNull();
    await user.click(button('Add all'));
    // the deactivated Spa stays behind: it can never be added
    expect(labels(available())).toEqual(['Spa (deactivated)']);
    renderSelector([], []);
    expect(screen.getByText('There are no items available')).toBeTruthy();
  });

  it('keeps each list at least 210 px high, an empty one too', () => {
    renderSelector();
    expect(available().style.minHeight).toBe('210px');
    expect(screen.getByText('There are no selected items').parentElement?.style.minHeight).toBe('210px');
  });

  it('moves highlighted items with the buttons, and selects a range with shift-click', async () => {
    const { changes, user } = renderSelector();
    await user.click(within(available()).getByRole('option', { name: 'Bar 10' }));
    await user.keyboard('{Shift>}');
    await user.click(within(available()).getByRole('option', { name: 'Pool Bar' }));
    await user.keyboard('{/Shift}');
    expect(highlighted(available())).toEqual(['Bar 10', 'Lobby Lounge', 'Pool Bar']);
    await user.click(button('Add selected'));
    expect(changes).toEqual([['bar10', 'lobby', 'pool']]);
    expect(labels(selected())).toEqual(['Bar 10', 'Lobby Lounge', 'Pool Bar']);
    await user.click(within(selected()).getByRole('option', { name: 'Lobby Lounge' }));
    await user.click(button('Remove selected'));
    expect(changes.at(-1)).toEqual(['bar10', 'pool']);
    await user.click(button('Remove all'));
    expect(changes.at(-1)).toEqual([]);
  });

  it('adds or removes one more item with Ctrl-click, and moves one with a double click', async () => {
    const { changes, user } = renderSelector();
    await user.click(within(available()).getByRole('option', { name: 'Bar 2' }));
    await user.keyboard('{Control>}');
    await user.click(within(available()).getByRole('option', { name: 'Rooftop' }));
    await user.keyboard('{/Control}');
    expect(highlighted(available())).toEqual(['Bar 2', 'Rooftop']);
    await user.dblClick(within(available()).getByRole('option', { name: 'Lobby Lounge' }));
    expect(changes).toEqual([['lobby']]);
  });

  it('never highlights or adds a deactivated item, not even inside a shift-click range', async () => {
    const { changes, user } = renderSelector();
    const spa = within(available()).getByRole('option', { name: 'Spa (deactivated)' });
    expect(spa.getAttribute('aria-disabled')).toBe('true');
    await user.click(spa);
    expect(highlighted(available())).toEqual([]);
    expect((button('Add selected') as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(available()).getByRole('option', { name: 'Pool Bar' }));
    await user.keyboard('{Shift>}');
    await user.click(spa);
    await user.keyboard('{/Shift}');
    expect(highlighted(available())).toEqual(['Pool Bar']);
    await user.dblClick(spa);
    expect(changes).toEqual([]);
  });

  it('filters each list by its search, and adds all of what is shown', async () => {
    const { changes, user } = renderSelector();
    await user.type(screen.getByRole('searchbox', { name: 'Search available items' }), 'bar');
    expect(labels(available())).toEqual(['Bar 2', 'Bar 10', 'Pool Bar']);
    await user.click(button('Add all'));
    expect(changes).toEqual([['bar2', 'bar10', 'pool']]);
    await user.clear(screen.getByRole('searchbox', { name: 'Search available items' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search available items' }), 'zzz');
    expect(screen.getByText('No items match the search')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search selected items' }), 'pool');
    expect(labels(selected())).toEqual(['Pool Bar']);
  });

  it('is operated with the keyboard: arrows move, Space highlights, Shift+arrows extend, Ctrl+A takes all, Enter moves', async () => {
    const { changes, user } = renderSelector();
    await user.tab(); // the search field
    await user.tab(); // the list, whose first item becomes the active one
    expect(document.activeElement).toBe(available());
    await user.keyboard('{ArrowDown}');
    expect(available().getAttribute('aria-activedescendant')).toBe(within(available()).getByRole('option', { name: 'Bar 10' }).id);
    await user.keyboard(' ');
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(highlighted(available())).toEqual(['Bar 10', 'Lobby Lounge']);
    await user.keyboard('{Enter}');
    expect(changes).toEqual([['bar10', 'lobby']]);
    selected().focus();
    await user.keyboard('{Control>}a{/Control}');
    expect(highlighted(selected())).toEqual(['Bar 10', 'Lobby Lounge']);
    await user.keyboard('{Enter}');
    expect(changes.at(-1)).toEqual([]);
  });

  it('keeps a selected value whose item is gone visible as (Not found), so it can be removed', async () => {
    const { changes, user } = renderSelector(['gone', 'pool']);
    expect(labels(selected())).toEqual(['(Not found)', 'Pool Bar']);
    await user.click(within(selected()).getByRole('option', { name: '(Not found)' }));
    await user.click(button('Remove selected'));
    expect(changes).toEqual([['pool']]);
  });
});

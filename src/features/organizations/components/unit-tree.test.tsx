import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildUnitTree, UNIT_TYPE_LABELS, UNIT_TYPES, type Unit, type UnitType } from '../../../domain';
import { renderWithProviders } from '../../../../test/render';
import { UnitTree, unitTypeLabel, visibleTreeRows, type UnitTreeProps } from './unit-tree';

const ORG = '00000000-0000-4000-8000-000000000000';
let counter = 0;
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function unit(name: string, type: UnitType, parent: Unit | null = null): Unit {
  counter += 1;
  return { uuid: uuidOf(counter), orgUuid: ORG, parentUuid: parent?.uuid ?? null, type, name, attributes: { NAME: name, TYPE: type }, version: 1 };
}

// Grand Hotel > Lobby Bar > (Bar Counter, Terrace); Grand Hotel > Spa; Lake Lodge > Boathouse > Dock Kiosk
const grand = unit('Grand Hotel', 'HOTEL');
const lobbyBar = unit('Lobby Bar', 'VENUE', grand);
const counterRc = unit('Bar Counter', 'REVENUE_CENTER', lobbyBar);
const terrace = unit('Terrace', 'REVENUE_CENTER', lobbyBar);
const spa = unit('Spa', 'VENUE', grand);
const lake = unit('Lake Lodge', 'HOTEL');
const boathouse = unit('Boathouse', 'VENUE', lake);
const kiosk = unit('Dock Kiosk', 'REVENUE_CENTER', boathouse);
const units = [kiosk, terrace, spa, grand, boathouse, counterRc, lobbyBar, lake];
const roots = buildUnitTree(units);

/** The tree as a screen would hold it: the selection is the tree's own onSelect. */
function Harness(props: Partial<UnitTreeProps> & { onSelected?: (uuid: string) => void }) {
  const [selected, setSelected] = useState<string | null>(props.selectedUuid ?? null);
  return (
    <UnitTree
      nodes={props.nodes ?? roots}
      selectedUuid={selected}
      onSelect={(uuid) => {
        setSelected(uuid);
        props.onSelected?.(uuid);
      }}
      pendingUuids={props.pendingUuids}
      label="Units"
    />
  );
}

const tree = () => screen.getByRole('tree', { name: 'Units' });
const shownNames = () =>
  within(tree())
    .getAllByRole('treeitem')
    .map((item) => item.querySelector('.lobby-unit-tree-name')?.textContent);
/** A row by its unit's name: the start of its accessible name, before the type. */
const item = (name: string) => screen.getByRole('treeitem', { name: (accessibleName) => accessibleName.startsWith(`${name} `) });
/** Each row's accessible name (as testing-library computes it for getByRole) beside the words it shows, in order. */
function namesAndWords(): { name: string; shown: string }[] {
  const named: { name: string; shown: string }[] = [];
  within(tree()).getAllByRole('treeitem', {
    name: (name, element) => {
      // the row's text as a checker reads it (axe's label-content-name-mismatch: the text of the
      // content, words run together unless the DOM separates them), without the toggle's arrow, a symbol
      const shown = element.cloneNode(true) as Element;
      shown.querySelectorAll('[aria-hidden="true"]').forEach((symbol) => symbol.remove());
      named.push({ name, shown: (shown.textContent ?? '').replace(/\s+/g, ' ').trim() });
      return true;
    },
  });
  return named;
}

describe('UnitTree', () => {
  it('shows each unit with its type as a badge, siblings by name, in tree order', () => {
    renderWithProviders(<Harness />);
    expect(shownNames()).toEqual(['Grand Hotel', 'Lobby Bar', 'Bar Counter', 'Terrace', 'Spa', 'Lake Lodge', 'Boathouse', 'Dock Kiosk']);
    expect(item('Grand Hotel').getAttribute('aria-level')).toBe('1');
    expect(item('Grand Hotel').getAttribute('aria-expanded')).toBe('true');
    expect(item('Lobby Bar').getAttribute('aria-level')).toBe('2');
    expect(item('Terrace').getAttribute('aria-level')).toBe('3');
    expect(item('Spa').getAttribute('aria-expanded')).toBeNull();
    expect(item('Spa').getAttribute('aria-posinset')).toBe('2');
    expect(item('Spa').getAttribute('aria-setsize')).toBe('2');
    expect(item('Lake Lodge').getAttribute('aria-posinset')).toBe('2');
    expect(screen.getByRole('treeitem', { name: 'Grand Hotel Hotel' })).toBeTruthy();
    expect(screen.getByRole('treeitem', { name: 'Dock Kiosk Revenue center' })).toBeTruthy();
    expect(within(item('Spa')).getByText('Venue')).toBeTruthy();
    expect(item('Grand Hotel').getAttribute('aria-selected')).toBe('false');
    // one row in the tab order
    expect(within(tree()).getAllByRole('treeitem').filter((row) => row.tabIndex === 0)).toEqual([item('Grand Hotel')]);
  });

  it('opens the roots and their children at first, not deeper', () => {
    const hotel = unit('Harbour Hotel', 'HOTEL');
    const venue = unit('Quay', 'VENUE', hotel);
    const inner = unit('Inner Court', 'VENUE', venue);
    const cart = unit('Court Cart', 'REVENUE_CENTER', inner);
    renderWithProviders(<Harness nodes={buildUnitTree([hotel, venue, inner, cart])} />);
    expect(shownNames()).toEqual(['Harbour Hotel', 'Quay', 'Inner Court']);
    expect(item('Quay').getAttribute('aria-expanded')).toBe('true');
    expect(item('Inner Court').getAttribute('aria-expanded')).toBe('false');
  });

  it('labels types in the domain words, through the catalogue', () => {
    for (const type of UNIT_TYPES) expect(unitTypeLabel(type)).toBe(UNIT_TYPE_LABELS[type]);
  });

  it('moves with the arrows, opens and closes with Right and Left, and selects with Enter and Space', async () => {
    const onSelected = vi.fn();
    renderWithProviders(<Harness onSelected={onSelected} />);
    const user = userEvent.setup();
    await user.tab(); // search
    await user.tab(); // Expand all
    await user.tab(); // Collapse all
    await user.tab();
    expect(document.activeElement).toBe(item('Grand Hotel'));

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Lobby Bar'));
    expect(item('Lobby Bar').tabIndex).toBe(0);
    expect(item('Grand Hotel').tabIndex).toBe(-1);

    await user.keyboard('{ArrowLeft}'); // closes
    expect(item('Lobby Bar').getAttribute('aria-expanded')).toBe('false');
    expect(shownNames()).not.toContain('Bar Counter');
    expect(document.activeElement).toBe(item('Lobby Bar'));
    await user.keyboard('{ArrowRight}'); // opens
    expect(item('Lobby Bar').getAttribute('aria-expanded')).toBe('true');
    expect(shownNames()).toContain('Bar Counter');
    expect(document.activeElement).toBe(item('Lobby Bar'));
    await user.keyboard('{ArrowRight}'); // to the first child
    expect(document.activeElement).toBe(item('Bar Counter'));

    await user.keyboard('{Enter}');
    expect(onSelected).toHaveBeenLastCalledWith(counterRc.uuid);
    expect(item('Bar Counter').getAttribute('aria-selected')).toBe('true');
    expect(item('Lobby Bar').getAttribute('aria-selected')).toBe('false');

    await user.keyboard('{ArrowLeft}'); // a leaf: to its parent
    expect(document.activeElement).toBe(item('Lobby Bar'));
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(document.activeElement).toBe(item('Grand Hotel'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(item('Dock Kiosk'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(item('Grand Hotel'));

    await user.keyboard('{ArrowDown}{ArrowDown}[Space]');
    expect(onSelected).toHaveBeenLastCalledWith(spa.uuid);
    expect(item('Spa').getAttribute('aria-selected')).toBe('true');
    await user.keyboard('l'); // type-ahead: the next unit starting with l
    expect(document.activeElement).toBe(item('Lake Lodge'));
  });

  it("opens every sibling with '*', and one node with its own button", async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Collapse Grand Hotel' }));
    expect(shownNames()).toEqual(['Grand Hotel', 'Lake Lodge', 'Boathouse', 'Dock Kiosk']);
    expect(document.activeElement).toBe(item('Grand Hotel'));
    await user.click(screen.getByRole('button', { name: 'Expand Grand Hotel' }));
    expect(shownNames()).toEqual(['Grand Hotel', 'Lobby Bar', 'Bar Counter', 'Terrace', 'Spa', 'Lake Lodge', 'Boathouse', 'Dock Kiosk']);

    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    await user.click(item('Grand Hotel'));
    await user.keyboard('*');
    expect(shownNames()).toEqual(['Grand Hotel', 'Lobby Bar', 'Spa', 'Lake Lodge', 'Boathouse']);
    await user.keyboard('{ArrowDown}*');
    expect(shownNames()).toEqual(['Grand Hotel', 'Lobby Bar', 'Bar Counter', 'Terrace', 'Spa', 'Lake Lodge', 'Boathouse']);
  });

  it('selects a unit by clicking it', async () => {
    const onSelected = vi.fn();
    renderWithProviders(<Harness onSelected={onSelected} />);
    await userEvent.setup().click(screen.getByText('Boathouse'));
    expect(onSelected).toHaveBeenCalledWith(boathouse.uuid);
    expect(item('Boathouse').getAttribute('aria-selected')).toBe('true');
  });

  it('opens the way to the selected unit', () => {
    renderWithProviders(<Harness selectedUuid={terrace.uuid} />);
    expect(item('Terrace').getAttribute('aria-selected')).toBe('true');
    expect(item('Terrace').tabIndex).toBe(0);
  });

  it('expands and collapses everything', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(shownNames()).toEqual(['Grand Hotel', 'Lobby Bar', 'Bar Counter', 'Terrace', 'Spa', 'Lake Lodge', 'Boathouse', 'Dock Kiosk']);
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(shownNames()).toEqual(['Grand Hotel', 'Lake Lodge']);
    expect(item('Grand Hotel').getAttribute('aria-expanded')).toBe('false');
  });

  it('searches names case-insensitively, keeping the ancestors of matches shown and open, and says when nothing matches', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search.getAttribute('placeholder')).toBe('Search');
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    await user.type(search, 'TERR');
    expect(shownNames()).toEqual(['Grand Hotel', 'Lobby Bar', 'Terrace']);
    expect(item('Grand Hotel').getAttribute('aria-expanded')).toBe('true');
    expect(item('Lobby Bar').getAttribute('aria-expanded')).toBe('true');
    expect(item('Lobby Bar').getAttribute('aria-setsize')).toBe('1');

    // an ancestor opened by the search can still be closed
    await user.click(screen.getByRole('button', { name: 'Collapse Lobby Bar' }));
    expect(shownNames()).toEqual(['Grand Hotel', 'Lobby Bar']);

    await user.clear(search);
    await user.type(search, 'nowhere');
    expect(screen.queryByRole('tree')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('No results match "nowhere"');

    await user.clear(search);
    expect(shownNames()).toEqual(['Grand Hotel', 'Lake Lodge']);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('keeps the selected unit (its detail is open) in view while a search does not match it, and says why it is shown', async () => {
    renderWithProviders(<Harness selectedUuid={kiosk.uuid} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'terr');
    expect(shownNames()).toEqual(['Grand Hotel', 'Lobby Bar', 'Terrace', 'Lake Lodge', 'Boathouse', 'Dock Kiosk']);
    expect(item('Dock Kiosk').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Dock Kiosk is shown because it is selected; it does not match the search.');

    // a search matching nothing says so, the selected unit still in view
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nowhere');
    expect(shownNames()).toEqual(['Lake Lodge', 'Boathouse', 'Dock Kiosk']);
    expect(screen.getByRole('status').textContent).toContain('No results match "nowhere"');

    // once it matches, nothing more is said
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'kiosk');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('marks units still waiting to sync', () => {
    renderWithProviders(<Harness pendingUuids={new Set([spa.uuid])} />);
    expect(screen.getByRole('treeitem', { name: 'Spa Venue Waiting to sync' })).toBeTruthy();
    expect(screen.getAllByText('Waiting to sync')).toHaveLength(1);
  });

  it("names each row by the words it shows, in order (WCAG 2.5.3 label in name)", () => {
    renderWithProviders(<Harness pendingUuids={new Set([spa.uuid])} />);
    const rows = namesAndWords();
    expect(rows).toHaveLength(8);
    for (const { name, shown } of rows) {
      expect(shown).not.toBe('');
      // the badges are shown upper-case by CSS; the words are the same
      expect(name.toLowerCase().startsWith(shown.toLowerCase()), `"${name}" begins with "${shown}"`).toBe(true);
    }
    expect(rows.find((row) => row.name.startsWith('Spa '))).toEqual({ name: 'Spa Venue Waiting to sync', shown: 'Spa Venue Waiting to sync' });
  });

  it('says when the organization has no units yet', () => {
    renderWithProviders(<Harness nodes={[]} />);
    expect(screen.queryByRole('tree')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('There are no units yet');
    expect(screen.getByRole('button', { name: 'Expand all' })).toHaveProperty('disabled', true);
  });
});

/** 10 hotels, each with 7 venues of 6 revenue centers: 500 units. */
function generatedUnits(): Unit[] {
  const list: Unit[] = [];
  for (let h = 0; h < 10; h += 1) {
    const hotel = unit(`Hotel ${h}`, 'HOTEL');
    list.push(hotel);
    for (let v = 0; v < 7; v += 1) {
      const venue = unit(`Venue ${h}.${v}`, 'VENUE', hotel);
      list.push(venue);
      for (let r = 0; r < 6; r += 1) list.push(unit(`Revenue center ${h}.${v}.${r}`, 'REVENUE_CENTER', venue));
    }
  }
  return list;
}

describe('UnitTree with 500 units', () => {
  it('shows all 500 as rows (roots and their children open), each with its badge', async () => {
    const list = generatedUnits();
    renderWithProviders(<Harness nodes={buildUnitTree(list)} pendingUuids={new Set([list[1]?.uuid ?? ''])} />);
    expect(within(tree()).getAllByRole('treeitem')).toHaveLength(500);
    expect(screen.getAllByText('Revenue center')).toHaveLength(420);
    expect(screen.getAllByText('Waiting to sync')).toHaveLength(1);
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '9.6.5');
    expect(shownNames()).toEqual(['Hotel 9', 'Venue 9.6', 'Revenue center 9.6.5']);
  });
});

describe('visibleTreeRows', () => {
  it('returns every row of a 500-unit tree when all are expanded, parents before children', () => {
    const list = generatedUnits();
    expect(list).toHaveLength(500);
    const roots = buildUnitTree(list);
    const all = new Set(list.map((u) => u.uuid));
    const rows = visibleTreeRows(roots, all, '');
    expect(rows).toHaveLength(500);
    expect(new Set(rows.map((row) => row.uuid))).toEqual(all);
    expect(rows.filter((row) => row.level === 1)).toHaveLength(10);
    expect(rows.filter((row) => row.level === 3)).toHaveLength(420);
    expect(rows[0]).toMatchObject({ name: 'Hotel 0', type: 'HOTEL', level: 1, hasChildren: true, expanded: true, setsize: 10, posinset: 1, parentUuid: null });
    expect(rows[1]).toMatchObject({ name: 'Venue 0.0', level: 2, setsize: 7, posinset: 1 });
    expect(rows[2]).toMatchObject({ name: 'Revenue center 0.0.0', level: 3, hasChildren: false, expanded: false, setsize: 6, posinset: 1 });
    const at = new Map(rows.map((row, index) => [row.uuid, index]));
    for (const row of rows) if (row.parentUuid !== null) expect(at.get(row.parentUuid)).toBeLessThan(at.get(row.uuid) ?? -1);
    // nothing expanded: the roots only
    expect(visibleTreeRows(roots, new Set(), '')).toHaveLength(10);
  });

  it('keeps the ancestors of matches, opened, and lets the subtree of a match be browsed', () => {
    expect(visibleTreeRows(roots, new Set(), 'kiosk').map((row) => [row.name, row.expanded, row.match])).toEqual([
      ['Lake Lodge', true, false],
      ['Boathouse', true, false],
      ['Dock Kiosk', false, true],
    ]);
    // 'bar' matches Lobby Bar and Bar Counter; Lobby Bar is open as an ancestor of a match, so all its children show
    expect(visibleTreeRows(roots, new Set(), 'bar').map((row) => row.name)).toEqual(['Grand Hotel', 'Lobby Bar', 'Bar Counter', 'Terrace']);
    // a match with children stays closed until asked, and then shows all of them
    expect(visibleTreeRows(roots, new Set(), 'boat').map((row) => [row.name, row.hasChildren, row.expanded])).toEqual([
      ['Lake Lodge', true, true],
      ['Boathouse', true, false],
    ]);
    expect(visibleTreeRows(roots, new Set([boathouse.uuid]), 'boat').map((row) => row.name)).toEqual(['Lake Lodge', 'Boathouse', 'Dock Kiosk']);
    expect(visibleTreeRows(roots, new Set(), '  ')).toHaveLength(2);
    expect(visibleTreeRows(roots, new Set(), 'zzz')).toEqual([]);
  });
});

import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Grantable, Membership } from '../../../domain';
import { renderWithProviders } from '../../../../test/render';
import { GrantsFields, keptPlaces, membershipOf, type GrantsValue } from './grants-fields';

const ALPS = '00000000-0000-4000-8000-00000000a000';
const BALTIC = '00000000-0000-4000-8000-00000000b000';
const HOTEL = '00000000-0000-4000-8000-00000000a001';
const RESTAURANT = '00000000-0000-4000-8000-00000000a002';
const COUNTER = '00000000-0000-4000-8000-00000000a003';
const ALPS_BAR = '00000000-0000-4000-8000-00000000a004';
const BALTIC_BAR = '00000000-0000-4000-8000-00000000b001';
const ELSEWHERE = '00000000-0000-4000-8000-00000000f001';
const OTHER_ORG = '00000000-0000-4000-8000-00000000f000';

/**
 * Alps Group: the whole organization for setup; its hotel, the restaurant below it and the counter
 * below that, the restaurant for transactions only; a bar for transactions. Baltic Group: a bar for
 * transactions. Omnipresence for transactions. Units come in name order, as the gateway sends them.
 */
const grantable: Grantable = {
  permissions: ['SETUP_OU', 'SETUP_ORG', 'VIEW_TRANSACTIONS'],
  scoped: ['SETUP_OU', 'SETUP_ORG', 'VIEW_TRANSACTIONS'],
  omnipresence: ['BUSINESS_DATA'],
  all: { MANAGEMENT: false, BUSINESS_DATA: false },
  organizations: [
    {
      uuid: ALPS,
      name: 'Alps Group',
      whole: { MANAGEMENT: true, BUSINESS_DATA: false },
      ous: [
        { uuid: ALPS_BAR, parentUuid: HOTEL, name: 'Bar', type: 'VENUE', MANAGEMENT: false, BUSINESS_DATA: true },
        { uuid: COUNTER, parentUuid: RESTAURANT, name: 'Counter', type: 'REVENUE_CENTER', MANAGEMENT: true, BUSINESS_DATA: true },
        { uuid: HOTEL, parentUuid: null, name: 'Hotel', type: 'HOTEL', MANAGEMENT: true, BUSINESS_DATA: true },
        { uuid: RESTAURANT, parentUuid: HOTEL, name: 'Restaurant', type: 'VENUE', MANAGEMENT: false, BUSINESS_DATA: true },
      ],
    },
    {
      uuid: BALTIC,
      name: 'Baltic Group',
      whole: { MANAGEMENT: false, BUSINESS_DATA: false },
      ous: [{ uuid: BALTIC_BAR, parentUuid: null, name: 'Bar', type: 'VENUE', MANAGEMENT: false, BUSINESS_DATA: true }],
    },
  ],
};

const SETUP = 'Units for setup and user management';
const TRANSACTIONS = 'Units for transaction visibility';
const membership = (membershipType: Membership['membershipType'], { orgs = [], ous = [], omnipresence = false }: Partial<Membership>): Membership => ({ membershipType, orgs, ous, omnipresence });
const EMPTY: GrantsValue = { permissions: [], memberships: [] };
/** Unit setup and transaction visibility ticked: both unit pickers show. */
const PICKING: GrantsValue = { permissions: ['SETUP_OU', 'VIEW_TRANSACTIONS'], memberships: [] };
const EVERYTHING_TX = 'Everything: the transactions of every organization and every unit, including those added later';

/** The fields as a form holds them: each change is kept and recorded. */
function renderFields({ value = EMPTY, of = grantable, disabled = false }: { value?: GrantsValue; of?: Grantable; disabled?: boolean } = {}) {
  const changes: GrantsValue[] = [];
  function Harness() {
    const [current, setCurrent] = useState(value);
    return (
      <GrantsFields
        grantable={of}
        value={current}
        disabled={disabled}
        onChange={(next) => {
          changes.push(next);
          setCurrent(next);
        }}
      />
    );
  }
  renderWithProviders(<Harness />);
  return { changes, last: () => changes.at(-1) };
}

const group = (name: string, inside: HTMLElement = document.body) => within(inside).getByRole('group', { name });
const labelsOf = (element: HTMLElement) => within(element).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? '');
const box = (inside: HTMLElement, name: string) => within(inside).getByRole('checkbox', { name }) as HTMLInputElement;

describe('GrantsFields: what is offered', () => {
  it('offers the givable permissions, each in words, and the others disabled', () => {
    renderFields();
    const permissions = group('Permissions');
    expect(labelsOf(permissions)).toEqual([
      'Unit setup (per unit)',
      'Organization setup',
      'Create organizations',
      'Transaction visibility',
      'User management',
      'Propagate user management',
      'Propagate organization creation',
    ]);
    const enabled = within(permissions)
      .getAllByRole('checkbox')
      .filter((checkbox) => !(checkbox as HTMLInputElement).disabled)
      .map((checkbox) => (checkbox as HTMLInputElement).labels?.[0]?.textContent);
    expect(enabled).toEqual(['Unit setup (per unit)', 'Organization setup', 'Transaction visibility']);
  });

  it('shows each unit picker only with a permission it scopes, and says what everything grants', async () => {
    renderFields();
    const user = userEvent.setup();
    expect(screen.queryByRole('group', { name: SETUP })).toBeNull();
    expect(screen.queryByRole('group', { name: TRANSACTIONS })).toBeNull();
    await user.click(box(group('Permissions'), 'Transaction visibility'));
    expect(box(group(TRANSACTIONS), EVERYTHING_TX)).toBeTruthy();
    expect(screen.queryByRole('group', { name: SETUP })).toBeNull();
    await user.click(box(group('Permissions'), 'Organization setup'));
    expect(group(SETUP)).toBeTruthy();
    await user.click(box(group('Permissions'), 'Transaction visibility'));
    expect(screen.queryByRole('group', { name: TRANSACTIONS })).toBeNull();
  });

  it('lists the units of each membership type in tree order, only where they may be given, grouped by organization', () => {
    renderFields({ value: PICKING });
    const setup = group(SETUP);
    // the counter sits below the hotel: the restaurant between them is not offered for setup
    expect(labelsOf(setup)).toEqual(['The whole organization Alps Group', 'Hotel', 'Counter']);
    expect(within(setup).queryByRole('group', { name: 'Baltic Group' })).toBeNull();
    expect(within(setup).queryByRole('checkbox', { name: /^Everything/ })).toBeNull();

    const transactions = group(TRANSACTIONS);
    expect(labelsOf(transactions)).toEqual([EVERYTHING_TX, 'Hotel', 'Bar', 'Restaurant', 'Counter', 'Bar']);
    expect(labelsOf(group('Alps Group', transactions))).toEqual(['Hotel', 'Bar', 'Restaurant', 'Counter']);
    expect(labelsOf(group('Baltic Group', transactions))).toEqual(['Bar']);
    // Alps Group as a whole is not Ann's to give for transactions: its name heads its units
    expect(within(transactions).queryByRole('checkbox', { name: 'The whole organization Alps Group' })).toBeNull();
  });

  it('says when there is nothing to give for a membership type', () => {
    renderFields({ value: PICKING, of: { ...grantable, omnipresence: [], organizations: [] } });
    expect(within(group(SETUP)).getByText('You have no units to give here.')).toBeTruthy();
    expect(within(group(TRANSACTIONS)).getByText('You have no units to give here.')).toBeTruthy();
  });

  it('disables every choice while the form is not ready', () => {
    renderFields({ disabled: true });
    expect(screen.getAllByRole('checkbox').every((checkbox) => (checkbox as HTMLInputElement).disabled)).toBe(true);
  });
});

describe('GrantsFields: changing the grants', () => {
  it('keeps permissions in their order, whatever order they are ticked in', async () => {
    const { last } = renderFields();
    const user = userEvent.setup();
    await user.click(box(group('Permissions'), 'Transaction visibility'));
    await user.click(box(group('Permissions'), 'Unit setup (per unit)'));
    expect(last()?.permissions).toEqual(['SETUP_OU', 'VIEW_TRANSACTIONS']);
    await user.click(box(group('Permissions'), 'Transaction visibility'));
    expect(last()?.permissions).toEqual(['SETUP_OU']);
  });

  it('adds the whole organization, units and omnipresence to one membership per type, and drops a membership left empty', async () => {
    const { last } = renderFields({ value: PICKING });
    const user = userEvent.setup();
    await user.click(box(group(SETUP), 'The whole organization Alps Group'));
    await user.click(box(group(SETUP), 'Counter'));
    await user.click(box(group('Baltic Group', group(TRANSACTIONS)), 'Bar'));
    expect(last()?.memberships).toEqual([
      membership('BUSINESS_DATA', { ous: [BALTIC_BAR] }),
      membership('MANAGEMENT', { orgs: [ALPS], ous: [COUNTER] }),
    ]);

    await user.click(box(group(TRANSACTIONS), EVERYTHING_TX));
    expect(last()?.memberships.find((m) => m.membershipType === 'BUSINESS_DATA')).toEqual(membership('BUSINESS_DATA', { ous: [BALTIC_BAR], omnipresence: true }));

    await user.click(box(group(TRANSACTIONS), EVERYTHING_TX));
    await user.click(box(group('Baltic Group', group(TRANSACTIONS)), 'Bar'));
    expect(last()?.memberships).toEqual([membership('MANAGEMENT', { orgs: [ALPS], ous: [COUNTER] })]);
  });

  it('shows what the user holds, keeps what is not offered when something else changes, and says how much that is', async () => {
    const value: GrantsValue = {
      permissions: ['SETUP_OU', 'CREATE_ORG'],
      memberships: [membership('MANAGEMENT', { orgs: [OTHER_ORG], ous: [HOTEL, ELSEWHERE], omnipresence: true }), membership('BUSINESS_DATA', { ous: [RESTAURANT] })],
    };
    const { last } = renderFields({ value });
    const user = userEvent.setup();
    // a permission held but not givable is shown, and stays
    expect(box(group('Permissions'), 'Create organizations').checked).toBe(true);
    expect(box(group('Permissions'), 'Create organizations').disabled).toBe(true);
    expect(box(group(SETUP), 'Hotel').checked).toBe(true);
    expect(box(group(SETUP), 'Counter').checked).toBe(false);
    expect(box(group('Alps Group', group(TRANSACTIONS)), 'Restaurant').checked).toBe(true);
    // omnipresence, another organization and another unit for setup; nothing for transactions
    expect(within(group(SETUP)).getByText('Also has access you do not manage (places: 3), kept as it is.')).toBeTruthy();
    expect(within(group(TRANSACTIONS)).queryByText(/Also has access/)).toBeNull();
    // units for transactions without the permission: shown, and said to give none
    expect(within(group(TRANSACTIONS)).getByText('Without Transaction visibility ticked above, these units give no permission.')).toBeTruthy();
    expect(within(group(SETUP)).queryByText(/give no permission/)).toBeNull();

    await user.click(box(group(SETUP), 'Counter'));
    expect(last()).toEqual({
      permissions: ['SETUP_OU', 'CREATE_ORG'],
      memberships: [membership('BUSINESS_DATA', { ous: [RESTAURANT] }), membership('MANAGEMENT', { orgs: [OTHER_ORG], ous: [HOTEL, ELSEWHERE, COUNTER], omnipresence: true })],
    });
  });

  it('is worked with the keyboard: Tab reaches the choices and Space ticks them', async () => {
    const { last } = renderFields({ value: PICKING });
    const user = userEvent.setup();
    const counter = box(group(SETUP), 'Counter');
    for (let step = 0; step < 20 && document.activeElement !== counter; step += 1) await user.tab();
    expect(document.activeElement).toBe(counter);
    await user.keyboard(' ');
    expect(counter.checked).toBe(true);
    expect(last()?.memberships).toEqual([membership('MANAGEMENT', { ous: [COUNTER] })]);
    await user.keyboard(' ');
    expect(counter.checked).toBe(false);
    expect(last()?.memberships).toEqual([]);
  });
});

describe('membershipOf and keptPlaces', () => {
  it('reads several memberships of a type as one, each place once', () => {
    const value: GrantsValue = {
      permissions: [],
      memberships: [membership('MANAGEMENT', { ous: [HOTEL] }), membership('MANAGEMENT', { orgs: [ALPS], ous: [HOTEL, COUNTER], omnipresence: true })],
    };
    expect(membershipOf(value, 'MANAGEMENT')).toEqual(membership('MANAGEMENT', { orgs: [ALPS], ous: [HOTEL, COUNTER], omnipresence: true }));
    expect(membershipOf(value, 'BUSINESS_DATA')).toEqual(membership('BUSINESS_DATA', {}));
  });

  it('counts the places the grantor does not manage, none when they reach everything', () => {
    const value: GrantsValue = {
      permissions: [],
      memberships: [membership('MANAGEMENT', { orgs: [ALPS, OTHER_ORG], ous: [HOTEL, RESTAURANT], omnipresence: false }), membership('BUSINESS_DATA', { ous: [RESTAURANT, ELSEWHERE], omnipresence: true })],
    };
    // setup: another organization, and the restaurant (offered for transactions only)
    expect(keptPlaces(value, grantable, 'MANAGEMENT')).toBe(2);
    // transactions: the unit elsewhere; omnipresence is Ann's to give
    expect(keptPlaces(value, grantable, 'BUSINESS_DATA')).toBe(1);
    expect(keptPlaces(value, { ...grantable, omnipresence: [] }, 'BUSINESS_DATA')).toBe(2);
    expect(keptPlaces(value, { ...grantable, all: { MANAGEMENT: true, BUSINESS_DATA: false } }, 'MANAGEMENT')).toBe(0);
  });
});

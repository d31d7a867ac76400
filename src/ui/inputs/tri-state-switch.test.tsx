import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TriStateValue } from '../../domain';
import { renderWithProviders } from '../../../test/render';
import { TriStateSwitch, type TriStateSwitchProps } from './tri-state-switch';

function renderSwitch(initial: TriStateValue, props: Partial<TriStateSwitchProps> = {}) {
  const passed: TriStateValue[] = [];
  function Form() {
    const [value, setValue] = useState(initial);
    return (
      <TriStateSwitch
        label="Tipping"
        value={value}
        onChange={(next) => {
          passed.push(next);
          setValue(next);
        }}
        {...props}
      />
    );
  }
  renderWithProviders(<Form />);
  return { group: screen.getByRole('radiogroup', { name: 'Tipping' }), passed, user: userEvent.setup() };
}

const checked = (group: HTMLElement) => within(group).getAllByRole('radio').find((radio) => (radio as HTMLInputElement).checked);

describe('TriStateSwitch', () => {
  it('names its three states Off, Inherit and On, and shows the current one', () => {
    const { group } = renderSwitch(true);
    expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['OFF', 'UNDEFINED', 'ON']);
    expect(within(group).getByRole('radio', { name: 'Off' })).toBeTruthy();
    expect(within(group).getByRole('radio', { name: 'Inherit' })).toBeTruthy();
    expect(checked(group)).toBe(within(group).getByRole('radio', { name: 'On' }));
  });

  it('passes OFF on as false, UNDEFINED as null and ON as true', async () => {
    const { group, passed, user } = renderSwitch(true);
    await user.click(within(group).getByRole('radio', { name: 'Off' }));
    await user.click(within(group).getByRole('radio', { name: 'Inherit' }));
    await user.click(within(group).getByRole('radio', { name: 'On' }));
    expect(passed).toEqual([false, null, true]);
  });

  it('is operated with the keyboard: Tab reaches the current state, the arrow keys change it', async () => {
    const { group, passed, user } = renderSwitch(null);
    await user.tab();
    expect(document.activeElement).toBe(within(group).getByRole('radio', { name: 'Inherit' }));
    await user.keyboard('{ArrowRight}');
    expect(passed).toEqual([true]);
    expect(checked(group)).toBe(within(group).getByRole('radio', { name: 'On' }));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(passed).toEqual([true, null, false]);
  });

  it('says what UNDEFINED inherits, and from where', () => {
    const { group } = renderSwitch(null, { inherited: { value: false, fromName: 'Harbour View Hotel' } });
    const description = document.getElementById(group.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Inherits Off from Harbour View Hotel');
  });

  it('says when nothing above sets it, and says nothing of inheritance once set', () => {
    renderSwitch(null, { inherited: null });
    expect(screen.getByText('Nothing above sets it')).toBeTruthy();
  });

  it('keeps a set value without inheritance words', () => {
    const { group } = renderSwitch(true, { inherited: { value: false, fromName: 'Harbour View Hotel' } });
    expect(group.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(/Inherits/)).toBeNull();
  });
});

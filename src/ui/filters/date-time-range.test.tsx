import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { DateTimeRange } from './date-time-range';
import { lastDays, rangeFromParams, rangeInstants, rangeValueOf, type DateTimeRangeValue } from './date-range';

function renderRange(initial: DateTimeRangeValue, showProblem = true) {
  function Form() {
    const [value, setValue] = useState(initial);
    return <DateTimeRange value={value} onChange={setValue} showProblem={showProblem} />;
  }
  renderWithProviders(<Form />);
  const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
  return { field, user: userEvent.setup() };
}

const ok: DateTimeRangeValue = { fromDate: '01/11/2026', fromTime: '', toDate: '30/11/2026', toTime: '' };

describe('DateTimeRange', () => {
  it('takes digits only through the DD/MM/YYYY and HH:MM masks', async () => {
    const { field, user } = renderRange({ fromDate: '', fromTime: '', toDate: '', toTime: '' }, false);
    await user.type(field('From date'), 'ab2a4x12y2026');
    expect(field('From date').value).toBe('24/12/2026');
    await user.type(field('From time'), '9');
    expect(field('From time').value).toBe('');
    await user.type(field('From time'), '0930');
    expect(field('From time').value).toBe('09:30');
    expect(screen.getByText(/in your time zone/)).toBeTruthy();
  });

  it('names an impossible date, at the field once left and under the range', async () => {
    const { field, user } = renderRange(ok);
    await user.clear(field('To date'));
    await user.type(field('To date'), '31022026');
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe('The end is not a real date: use DD/MM/YYYY and HH:MM');
    expect(field('To date').getAttribute('aria-invalid')).toBe('true');
  });

  it('names a start that is not before the end', async () => {
    const { field, user } = renderRange(ok);
    expect(screen.getByRole('alert').textContent).toBe('');
    await user.clear(field('From date'));
    await user.type(field('From date'), '01122026');
    expect(screen.getByRole('alert').textContent).toBe('The start must be before the end');
  });
});

describe('rangeInstants', () => {
  it('runs from the start minute to the end of the end minute, whole days when no time is typed', () => {
    const whole = rangeInstants(ok);
    expect(whole.problem).toBeNull();
    expect(new Date(whole.after ?? '').getTime()).toBe(new Date(2026, 10, 1, 0, 0).getTime());
    expect(new Date(whole.before ?? '').getTime()).toBe(new Date(2026, 11, 1, 0, 0).getTime());
    const minutes = rangeInstants({ fromDate: '26/11/2026', fromTime: '14:05', toDate: '26/11/2026', toTime: '14:05' });
    expect(Date.parse(minutes.before ?? '') - Date.parse(minutes.after ?? '')).toBe(60_000);
    expect(rangeInstants({ ...ok, fromTime: '24:00' }).problem).toBe('fromInvalid');
    expect(rangeInstants({ ...ok, toDate: '30/11/20' }).problem).toBe('toInvalid');
  });

  it('reads back what it wrote, and the address falls back on a broken or inverted range', () => {
    const { after, before } = rangeInstants(ok) as { after: string; before: string };
    expect(rangeValueOf(after, before)).toEqual({ ...ok, fromTime: '00:00', toTime: '23:59' });
    const fallback = lastDays(30, new Date(2026, 10, 26, 15, 0));
    expect(new Date(fallback.after).getTime()).toBe(new Date(2026, 9, 27).getTime());
    expect(rangeFromParams(new URLSearchParams({ after: before, before: after }), fallback)).toEqual(fallback);
    expect(rangeFromParams(new URLSearchParams({ after: 'soon', before }), fallback)).toEqual(fallback);
    expect(rangeFromParams(new URLSearchParams({ after, before }), fallback)).toEqual({ after, before });
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { hasAccepted } from './cookie-banner';

describe('cookie banner', () => {
  it('links the policies, and once accepted is remembered and not shown again', async () => {
    const first = renderApp('/privacy');
    const banner = await screen.findByRole('region', { name: 'Cookie consent' });
    const links = [...banner.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/privacy', '/terms', '/cookies']);
    expect(banner.style.zIndex).toBe('12000');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(hasAccepted()).toBe(true);
    expect(localStorage.length).toBe(0);

    first.unmount();
    renderApp('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of Use' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });
});

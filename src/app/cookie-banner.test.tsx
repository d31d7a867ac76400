import { afterEach, describe, expect, it, vi } from 'vitest';
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
    // it names what is kept in the browser, for how long and what removes it
    const text = banner.textContent ?? '';
    for (const named of [
      'your session and a copy of its access token, until you log out',
      'your unsaved drafts and unsent changes, until they reach the gateway or you log out',
      'copies of recent answers from the gateway for offline use, shown for up to 30 days and deleted at logout',
      'your interface language',
      'this choice, in a cookie, for one year',
    ]) {
      expect(text).toContain(named);
    }

    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(hasAccepted()).toBe(true);
    // the answer is a cookie: localStorage holds nothing but the interface language (written when
    // the language module first loads, which may have been in an earlier file of this worker)
    expect(Object.keys(localStorage).filter((key) => key !== 'lobby.language')).toEqual([]);

    first.unmount();
    renderApp('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of Use' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  describe('on a phone', () => {
    afterEach(() => vi.restoreAllMocks());

    it('stays compact: one short sentence with the policies beside Accept, what is kept behind a disclosure', async () => {
      document.cookie = 'lobby_cookie_consent=; Max-Age=0; Path=/';
      vi.spyOn(window, 'matchMedia').mockImplementation(
        (query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList,
      );
      renderApp('/privacy');
      const banner = await screen.findByRole('region', { name: 'Cookie consent' });
      expect([...banner.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual(['/privacy', '/terms', '/cookies']);
      expect(banner.querySelector('p')?.textContent).toBe('Lobby keeps in this browser only what it needs to work. Read our Privacy Policy, Terms of Use and Cookie Policy.');
      const details = banner.querySelector('details') as HTMLDetailsElement;
      expect(details.open).toBe(false);
      expect(details.querySelector('summary')?.textContent).toBe('What Lobby keeps in this browser');
      expect(details.textContent).toContain('copies of recent answers from the gateway for offline use, shown for up to 30 days and deleted at logout');
      expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    });
  });
});

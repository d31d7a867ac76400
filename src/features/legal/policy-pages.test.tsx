import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { CookiesPage, PrivacyPage } from './policy-pages';

/** What each policy must say Lobby keeps in the browser, how long, and what removes it. */
const NAMED = [
  /lobby\.session.*Removed when you log out, or when the gateway no longer accepts it/,
  /copy of your access token for the service worker \(browser database "lobby", table meta\).*removed when you log out or your session ends/,
  /unsent changes \(browser database, table outbox\).*unsaved entries of forms you left open \(table drafts\).*until the gateway has applied the change, or until you save, discard or log out/,
  /Another user's unsent changes and drafts.*untouched by your logout, until they sign in again/,
  /Recent outcomes.*the last 20, until you dismiss them on the Sync page or log out/,
  /Copies of recent answers from the gateway \(Cache Storage.*At most 300 answers per user; an answer older than 30 days is never shown\. All of them, of every user, are deleted when anyone logs out/,
  /program files \(Cache Storage, workbox-precache, and its service worker\).*no data about you.*kept at logout/,
  /interface language \(local storage, lobby\.language\).*kept when you log out/,
  /lobby\.logout.*removed when it finishes/,
  /lobby_cookie_consent.*for one year.*Logging out keeps it/,
];

function expectEveryItem() {
  const text = document.body.textContent ?? '';
  for (const item of NAMED) expect(text).toMatch(item);
  // no longer claimed: a logout does not remove everything
  expect(text).not.toContain('removes everything Lobby kept');
}

describe('policy pages', () => {
  it('the cookie policy names everything Lobby keeps in the browser, for how long and what removes it', async () => {
    renderWithProviders(<CookiesPage />, { url: '/cookies', path: '/cookies' });
    expect(await screen.findByRole('heading', { name: 'Cookie Policy' })).toBeTruthy();
    expectEveryItem();
  });

  it('the privacy policy names the same', async () => {
    renderWithProviders(<PrivacyPage />, { url: '/privacy', path: '/privacy' });
    expect(await screen.findByRole('heading', { name: 'What Lobby keeps in your browser' })).toBeTruthy();
    expectEveryItem();
  });
});

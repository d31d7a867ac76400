import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../test/render';

describe('status pages', () => {
  it("shows 'Page not found.' for an unknown path, with a way to the main page", async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the main page' }).getAttribute('href')).toBe('/organizations');
    expect(document.title).toBe('Not found - Lobby');
  });

  it('shows the forbidden page at /403', async () => {
    renderApp('/403');
    expect(await screen.findByRole('heading', { name: '403 | You do not have permission to access this page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the main page' }).getAttribute('href')).toBe('/organizations');
  });
});

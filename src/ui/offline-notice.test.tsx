import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createCachedReads } from '../api/cached-reads';
import { formatDateTime } from '../i18n';
import { renderWithProviders } from '../../test/render';
import { OfflineNotice } from './offline-notice';

describe('OfflineNotice', () => {
  it('says when the data on screen was fetched while it comes from the read cache, and goes with a fresh answer', () => {
    const store = createCachedReads();
    renderWithProviders(<OfflineNotice path="/organization/v1/organization" store={store} />);
    expect(screen.queryByRole('status')).toBeNull();

    const fetchedAt = '2025-03-01T08:30:00.000Z';
    act(() => store.record('/organization/v1/organization', fetchedAt));
    expect(screen.getByRole('status').textContent).toBe(`Offline — showing data from ${formatDateTime(fetchedAt)}`);
    // the one date format of the app: day, short month, year, 24-hour time
    expect(screen.getByRole('status').textContent).toMatch(/^Offline — showing data from \d{1,2} Mar 2025, \d{2}:\d{2}$/);

    act(() => store.record('/organization/v1/organization', null));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('ignores other paths', () => {
    const store = createCachedReads();
    store.record('/user-profile/v1/user-profile', '2025-03-01T08:30:00.000Z');
    renderWithProviders(<OfflineNotice path="/organization/v1/organization" store={store} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

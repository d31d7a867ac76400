import { describe, expect, it } from 'vitest';
import { makeSession } from '../../test/fake-gateway';
import { signedInRedirect } from './guards';

describe('signedInRedirect', () => {
  it('sends a visitor without a session to /login with the path and query to come back to', () => {
    const target = signedInRedirect(null, { pathname: '/organization/1', search: '?tab=x' });
    expect(target).toBe(`/login?redirect=${encodeURIComponent('/organization/1?tab=x')}`);
  });

  it('keeps a loginId query value', () => {
    const target = signedInRedirect(null, { pathname: '/organizations', search: '?loginId=ann%40example.com' });
    const params = new URLSearchParams(target?.split('?')[1]);
    expect(params.get('loginId')).toBe('ann@example.com');
    expect(params.get('redirect')).toBe('/organizations?loginId=ann%40example.com');
  });

  it('sends a session without a user uuid to /logout?redirect=/login, and lets a full one stay', () => {
    expect(signedInRedirect({ ...makeSession(), uuid: '' }, { pathname: '/organizations', search: '' })).toBe('/logout?redirect=/login');
    expect(signedInRedirect(makeSession(), { pathname: '/organizations', search: '' })).toBeNull();
    expect(signedInRedirect(null, { pathname: '/organizations', search: '' }, true)).toBe('/logout?redirect=/login');
  });
});

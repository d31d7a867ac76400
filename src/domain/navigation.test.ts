import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './navigation';

describe('safeRedirectPath', () => {
  it('keeps a path of this origin with its query', () => {
    expect(safeRedirectPath('/organization/1?tab=a', '/organizations')).toBe('/organization/1?tab=a');
  });

  it.each([null, undefined, '', 'organizations', 'https://evil.example/', '//evil.example', '/\\evil.example', '/a\nb'])(
    'falls back for %j',
    (value) => {
      expect(safeRedirectPath(value, '/organizations')).toBe('/organizations');
    },
  );

  it('falls back for a path it is told to avoid, whatever its query', () => {
    expect(safeRedirectPath('/login?redirect=/x', '/organizations', ['/login', '/'])).toBe('/organizations');
    expect(safeRedirectPath('/', '/organizations', ['/login', '/'])).toBe('/organizations');
  });
});

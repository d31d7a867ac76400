import { describe, expect, it } from 'vitest';
import { builtStamp, versionParts } from './version';

describe('versionParts', () => {
  it('reads the release and the build time out of the default stamp', () => {
    expect(versionParts('0.1.0+20261123T105114Z')).toEqual({ release: '0.1.0', builtAt: new Date('2026-11-23T10:51:14Z') });
  });
  it('keeps a version set by LOBBY_VERSION as it is', () => {
    expect(versionParts('2026.11-rc1')).toEqual({ release: '2026.11-rc1', builtAt: null });
    expect(versionParts('development')).toEqual({ release: 'development', builtAt: null });
  });
});

describe('builtStamp', () => {
  it('writes the build time in UTC, whatever the zone the page runs in', () => {
    expect(builtStamp(new Date('2026-11-23T10:51:14Z'))).toBe('2026-11-23 10:51 UTC');
    expect(builtStamp(new Date('2026-01-05T03:04:59+09:00'))).toBe('2026-01-04 18:04 UTC');
  });
});

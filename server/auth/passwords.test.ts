import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

// The stored form of a password (issue 24: hashing parameters): argon2id at OWASP's parameters,
// a salt of its own per hash, and a check that never throws on a damaged stored value.
describe('password hashing', () => {
  it('stores argon2id with 19 MiB, 2 passes and 1 lane, salted per hash', async () => {
    const [first, second] = await Promise.all([hashPassword('Harbour-View-2026'), hashPassword('Harbour-View-2026')]);
    for (const stored of [first, second]) {
      const [, algorithm, version, parameters, salt, digest] = stored.split('$');
      expect({ algorithm, version, parameters }).toEqual({ algorithm: 'argon2id', version: 'v=19', parameters: 'm=19456,t=2,p=1' });
      // at least 16 bytes of salt and 32 of digest, base64 without padding
      expect(Buffer.from(salt ?? '', 'base64').length).toBeGreaterThanOrEqual(16);
      expect(Buffer.from(digest ?? '', 'base64').length).toBeGreaterThanOrEqual(32);
    }
    expect(first).not.toBe(second);
  });

  it('verifies the right password only, and a damaged or missing hash as a wrong one', async () => {
    const stored = await hashPassword('Harbour-View-2026');
    expect(await verifyPassword(stored, 'Harbour-View-2026')).toBe(true);
    expect(await verifyPassword(stored, 'harbour-view-2026')).toBe(false);
    expect(await verifyPassword(stored.slice(0, -4), 'Harbour-View-2026')).toBe(false);
    expect(await verifyPassword('not a hash', 'Harbour-View-2026')).toBe(false);
    expect(await verifyPassword(null, 'Harbour-View-2026')).toBe(false);
  });
});

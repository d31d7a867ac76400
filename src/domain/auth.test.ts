import { describe, expect, it } from 'vitest';
import { isSessionExpired, makeResetToken, newPasswordProblems, parseResetToken, PASSWORD_MESSAGES } from './auth';

describe('new password rules (spec section 5)', () => {
  it('accepts 8+ characters with an uppercase letter and a matching confirmation', () => {
    expect(newPasswordProblems('Abcdefgh', 'Abcdefgh')).toEqual([]);
  });
  it('names every broken rule with the spec wording', () => {
    expect(newPasswordProblems('abc', 'abd')).toEqual([PASSWORD_MESSAGES.tooShort, PASSWORD_MESSAGES.noUppercase, PASSWORD_MESSAGES.mismatch]);
    expect(PASSWORD_MESSAGES.tooShort).toBe('* It must contain at least 8 characters');
    expect(PASSWORD_MESSAGES.noUppercase).toBe('* Password must contain at least one uppercase letter');
    expect(PASSWORD_MESSAGES.mismatch).toBe("* Passwords don't match");
  });
  it('without a confirmation checks the password alone (the gateway side)', () => {
    expect(newPasswordProblems('abcdefgh')).toEqual([PASSWORD_MESSAGES.noUppercase]);
  });
});

describe('session expiry', () => {
  it('is expired only when now is later than expirationTime', () => {
    const at = Date.parse('2026-01-01T00:00:00.000Z');
    const session = { expirationTime: '2026-01-01T00:00:00.000Z' };
    expect(isSessionExpired(session, at)).toBe(false);
    expect(isSessionExpired(session, at + 1)).toBe(true);
  });
  it('treats an unreadable expirationTime as expired', () => {
    expect(isSessionExpired({ expirationTime: 'soon' })).toBe(true);
  });
});

describe('reset tokens', () => {
  it('round-trips the user uuid and code', () => {
    const uuid = '6f1d2a7e-3c44-4b8e-9f10-2a6c8d0e1b23';
    expect(parseResetToken(makeResetToken(uuid, 'c0de.with.dots'))).toEqual({ userUuid: uuid, code: 'c0de.with.dots' });
  });
  it('rejects tokens without a uuid', () => {
    expect(parseResetToken('nouuid.code')).toBeNull();
    expect(parseResetToken('')).toBeNull();
  });
});

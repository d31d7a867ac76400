/**
 * Random secrets and their stored form. Tokens and one-time codes are 32 random bytes in
 * base64url; the database keeps only their SHA-256, so a copy of the tables cannot sign anyone in.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { newPasswordProblems } from '../../src/domain/index';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** A random password of 20 characters that passes the product's new-password rules. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  for (;;) {
    let password = '';
    for (let i = 0; i < 20; i += 1) password += alphabet[randomInt(alphabet.length)];
    if (newPasswordProblems(password).length === 0 && /[a-z]/.test(password) && /\d/.test(password)) return password;
  }
}

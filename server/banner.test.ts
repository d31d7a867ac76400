import { describe, expect, it } from 'vitest';
import { accountLines, hasGeneratedPassword, startupLines } from './banner';
import type { SeededAccount } from './db/seed';

describe('start banner', () => {
  it('prints a generated password, and never one that came from the environment', () => {
    // what a first start with LOBBY_ADMIN_PASSWORD set and the demo password generated answers
    const accounts: SeededAccount[] = [
      { role: 'admin', email: 'admin@lobby.local', password: null, passwordFrom: 'environment' },
      { role: 'manager', email: 'manager@lobby.local', password: 'Generated0Password0x', passwordFrom: 'generated' },
    ];
    expect(startupLines(8080, accounts)).toEqual([
      'Lobby is running at http://localhost:8080',
      'Sign in as admin@lobby.local with the password from LOBBY_ADMIN_PASSWORD',
      'Sign in as manager@lobby.local with password Generated0Password0x',
    ]);
    expect(hasGeneratedPassword(accounts)).toBe(true);
  });

  it('names LOBBY_DEMO_PASSWORD for the demo manager, and the first start on later starts', () => {
    expect(
      accountLines([
        { role: 'admin', email: 'admin@lobby.local', password: null, passwordFrom: 'first-start' },
        { role: 'manager', email: 'manager@lobby.local', password: null, passwordFrom: 'environment' },
      ]),
    ).toEqual(['Sign in as admin@lobby.local with the password set at first start', 'Sign in as manager@lobby.local with the password from LOBBY_DEMO_PASSWORD']);
    expect(hasGeneratedPassword([{ role: 'admin', email: 'a@b.c', password: null, passwordFrom: 'environment' }])).toBe(false);
  });
});

import type { SeededAccount } from './db/seed';

/**
 * What the gateway prints once it listens. The first line is fixed (tests and scripts wait for it);
 * a password is shown only by the start that created the account.
 */
export function startupLines(port: number, accounts: readonly SeededAccount[]): string[] {
  return [`Lobby is running at http://localhost:${port}`, ...accountLines(accounts)];
}

/** How to sign in; also printed when the first start fails after creating the accounts. */
export function accountLines(accounts: readonly SeededAccount[]): string[] {
  return accounts.map((account) =>
    account.password === null
      ? `Sign in as ${account.email} with the password set at first start`
      : `Sign in as ${account.email} with password ${account.password}`,
  );
}

import type { SeededAccount } from './db/seed';

/**
 * What the gateway prints once it listens. The first line is fixed (tests and scripts wait for it);
 * a password is shown only by the start that generated it. One given in the environment is never
 * printed (a start banner lands in logs and terminals): the line names the variable instead.
 */
export function startupLines(port: number, accounts: readonly SeededAccount[]): string[] {
  return [`Lobby is running at http://localhost:${port}`, ...accountLines(accounts)];
}

/** How to sign in; also printed when the first start fails after creating the accounts. */
export function accountLines(accounts: readonly SeededAccount[]): string[] {
  return accounts.map((account) => {
    if (account.passwordFrom === 'generated' && account.password !== null) return `Sign in as ${account.email} with password ${account.password}`;
    if (account.passwordFrom === 'environment') return `Sign in as ${account.email} with the password from ${PASSWORD_VARIABLE[account.role]}`;
    return `Sign in as ${account.email} with the password set at first start`;
  });
}

const PASSWORD_VARIABLE: Record<SeededAccount['role'], string> = { admin: 'LOBBY_ADMIN_PASSWORD', manager: 'LOBBY_DEMO_PASSWORD' };

/** Whether this start generated a password that is shown nowhere else (so it must be printed even if listen fails). */
export function hasGeneratedPassword(accounts: readonly SeededAccount[]): boolean {
  return accounts.some((account) => account.passwordFrom === 'generated');
}

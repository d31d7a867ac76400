/**
 * A throw-away PostgreSQL database for a bench (beside the one DATABASE_URL names, else on the
 * machine's PostgreSQL 15, started as .ci/run starts it), or why there is none.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import postgres from 'postgres';

/** The machine's PostgreSQL 15 with .ci/run's role; the database `postgres` is always there. */
const LOCAL_DATABASE_URL = 'postgres://lobby_ci:lobby_ci@127.0.0.1:5432/postgres';

/**
 * Starts the machine's PostgreSQL 15 and its role as .ci/run does (scripts/local-postgres.sh), when
 * there is one and this process may (root); says why not otherwise.
 */
function startLocalPostgres(): string | null {
  if (!existsSync('/usr/lib/postgresql/15') || process.getuid?.() !== 0) return 'no PostgreSQL 15 here, or not root to start it';
  try {
    execFileSync('bash', ['scripts/local-postgres.sh', 'lobby_ci'], { stdio: 'pipe', timeout: 60_000 });
    process.stderr.write('bench: started PostgreSQL 15 as .ci/run does (scripts/local-postgres.sh lobby_ci)\n');
    return null;
  } catch (error) {
    return `scripts/local-postgres.sh failed: ${(error as Error).message.split('\n')[0]}`;
  }
}

async function createDatabase(adminUrl: string, name: string): Promise<{ admin: postgres.Sql } | { error: Error }> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined, connect_timeout: 5 });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
    return { admin };
  } catch (error) {
    await admin.end({ timeout: 1 }).catch(() => undefined);
    return { error: error as Error };
  }
}

/** A throw-away PostgreSQL database beside the one DATABASE_URL names, or why there is none. */
export async function throwAwayPostgres(): Promise<{ url: string; drop(): Promise<void> } | { unavailable: string }> {
  const adminUrl = process.env.DATABASE_URL || LOCAL_DATABASE_URL;
  const shown = adminUrl.replace(/\/\/[^@]*@/, '//…@');
  const name = `lobby_bench_${randomBytes(6).toString('hex')}`;
  let created = await createDatabase(adminUrl, name);
  let notStarted: string | null = null;
  if ('error' in created && !process.env.DATABASE_URL) {
    notStarted = startLocalPostgres();
    if (notStarted === null) created = await createDatabase(adminUrl, name);
  }
  if ('error' in created) {
    const why = notStarted === null ? '' : `; not started: ${notStarted}`;
    return { unavailable: `PostgreSQL not measured: ${shown} cannot be reached or refuses CREATE DATABASE (${created.error.message}${why}); set DATABASE_URL to measure another` };
  }
  const { admin } = created;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        try {
          await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
        }
      }
      await admin.end({ timeout: 5 });
    },
  };
}


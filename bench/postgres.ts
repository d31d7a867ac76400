/**
 * A throw-away PostgreSQL database for a bench (beside the one DATABASE_URL names, else the CI's
 * local PostgreSQL 15 as .ci/run starts it), or why there is none.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

const CI_DATABASE_URL = 'postgres://lobby_ci:lobby_ci@127.0.0.1:5432/lobby_ci';

/** A throw-away PostgreSQL database beside the one DATABASE_URL names, or why there is none. */
export async function throwAwayPostgres(): Promise<{ url: string; drop(): Promise<void> } | { unavailable: string }> {
  const adminUrl = process.env.DATABASE_URL || CI_DATABASE_URL;
  const shown = adminUrl.replace(/\/\/[^@]*@/, '//…@');
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined, connect_timeout: 5 });
  const name = `lobby_bench_${randomBytes(6).toString('hex')}`;
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.end({ timeout: 1 }).catch(() => undefined);
    return { unavailable: `PostgreSQL not measured: ${shown} cannot be reached or refuses CREATE DATABASE (${(error as Error).message}); start it as .ci/run does, or set DATABASE_URL` };
  }
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


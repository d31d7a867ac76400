/**
 * Applies the committed drizzle-kit migrations (server/db/migrations) at start, with drizzle's own
 * migrator for the driver in use. On PostgreSQL an advisory lock keeps two gateways starting at
 * once from applying the same migration twice.
 */
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant shared by every Lobby gateway for the migration lock. */
const MIGRATION_LOCK_ID = 7_401_202_501;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as Parameters<typeof migratePglite>[0], config);
    return;
  }
  // One dedicated connection holds the lock and runs the migrations.
  const client = postgres(handle.url, { max: 1, onnotice: () => undefined });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    try {
      await migratePostgres(drizzlePostgres({ client }), config);
    } finally {
      await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}

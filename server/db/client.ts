/**
 * Opens the gateway's database: PGlite in DATA_DIR/pglite by default (embedded, one process), or
 * PostgreSQL through the `postgres` driver when DATABASE_URL is set (many gateways, one database).
 * Both are typed as drizzle's common PgDatabase so every query is written once.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseHandle =
  | { kind: 'pglite'; db: Database; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Database; client: postgres.Sql; url: string; close(): Promise<void> };

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is one process's database: a second gateway on the same files would keep its own copy in
 * memory and overwrite the first one's writes. A lock file with the owner's pid keeps it out; one
 * left by a process that no longer runs (killed) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, 'lobby.lock');
  try {
    writeFileSync(path, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = Number(readFileSync(path, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
      throw new Error(`Another Lobby (process ${owner}) is using ${dataDir}. Stop it first, or set another DATA_DIR.`, { cause: error });
    }
    writeFileSync(path, String(process.pid));
  }
  return () => rmSync(path, { force: true });
}

/** PGlite in a directory (created when missing, locked to this process), or in memory when dataDir is null. */
export async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  if (dataDir === null) {
    const client = await PGlite.create();
    return { kind: 'pglite', db: drizzlePglite({ client, schema }), client, close: () => client.close() };
  }
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir });
  } catch (error) {
    unlock();
    throw error;
  }
  const db: Database = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db,
    client,
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/** PostgreSQL through a pool of at most `maxConnections` (DATABASE_POOL_SIZE), opened as requests need them. */
export function openPostgres(url: string, maxConnections = 10): DatabaseHandle {
  const client = postgres(url, { max: maxConnections, onnotice: () => undefined });
  const db: Database = drizzlePostgres({ client, schema });
  return { kind: 'postgres', db, client, url, close: () => client.end({ timeout: 5 }) };
}

/** The database the configuration names. */
export async function openDatabase(config: { databaseUrl: string | null; dataDir: string; databasePoolSize?: number }): Promise<DatabaseHandle> {
  if (config.databaseUrl !== null) return openPostgres(config.databaseUrl, config.databasePoolSize);
  return openPglite(join(config.dataDir, 'pglite'));
}

/**
 * Opens the gateway's database: PGlite in DATA_DIR/pglite by default (embedded, one process), or
 * PostgreSQL through the `postgres` driver when DATABASE_URL is set (many gateways, one database).
 * Both are typed as drizzle's common PgDatabase so every query is written once.
 */
import { mkdirSync } from 'node:fs';
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

/** PGlite in a directory (created when missing), or in memory when dataDir is null. */
export async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  if (dataDir !== null) mkdirSync(dataDir, { recursive: true });
  const client = dataDir === null ? await PGlite.create() : await PGlite.create({ dataDir });
  const db: Database = drizzlePglite({ client, schema });
  return { kind: 'pglite', db, client, close: () => client.close() };
}

export function openPostgres(url: string, maxConnections = 10): DatabaseHandle {
  const client = postgres(url, { max: maxConnections, onnotice: () => undefined });
  const db: Database = drizzlePostgres({ client, schema });
  return { kind: 'postgres', db, client, url, close: () => client.end({ timeout: 5 }) };
}

/** The database the configuration names. */
export async function openDatabase(config: { databaseUrl: string | null; dataDir: string }): Promise<DatabaseHandle> {
  if (config.databaseUrl !== null) return openPostgres(config.databaseUrl);
  return openPglite(join(config.dataDir, 'pglite'));
}

/**
 * Pieces of the gateway's authorization matrix (server/routes/authorization-matrix.test.ts): the
 * routes an app registers, as the app reports them, and a fingerprint of the database to show a
 * refused request changed nothing.
 */
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import type { Database } from './db/client';

/** 'METHOD /url/:pattern', as Fastify registered it. */
export type RouteKey = `${string} /${string}`;

/** Collects every route an app registers (pass `collect` as createTestApp's onRoute). */
export function routeCollector(): { collect(route: RouteOptions): void; keys(prefix: string): RouteKey[] } {
  const seen = new Set<RouteKey>();
  return {
    collect(route) {
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) seen.add(`${method.toUpperCase()} ${route.url}` as RouteKey);
    },
    /**
     * The routes under the prefix. A HEAD route Fastify adds beside a GET runs the GET's hooks and
     * handler, so it is the GET's entry; a HEAD of its own stays.
     */
    keys(prefix) {
      return [...seen].filter((key) => key.split(' ')[1]?.startsWith(prefix)).filter((key) => !(key.startsWith('HEAD ') && seen.has(`GET ${key.slice(5)}` as RouteKey))).sort();
    },
  };
}

/**
 * A digest of every row of every table but the session ones (logging in and out writes those), so
 * two equal fingerprints mean no record, history entry, idempotency key or mail was written.
 */
export async function databaseFingerprint(db: Database, skip: readonly string[] = ['token_families', 'access_tokens', 'refresh_tokens', 'login_failures']): Promise<Record<string, string>> {
  const result = await db.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { table_name: string }[];
  const digest: Record<string, string> = {};
  for (const { table_name: table } of rows) {
    if (skip.includes(table) || table.startsWith('__')) continue;
    const answer = await db.execute(sql.raw(`SELECT count(*)::text AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${table}" t`));
    const [row] = (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as { n: string; h: string }[];
    digest[table] = `${row?.n ?? '?'}:${row?.h ?? '?'}`;
  }
  return digest;
}

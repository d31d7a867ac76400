/**
 * Many rows written by one statement with one parameter: the rows as a JSON array, unpacked by the
 * database (jsonb_to_recordset). The query builder would bind every value of every row as a
 * parameter of its own (a few thousand for a batch's history), which costs more than the write.
 * Values travel as JSON: dates as ISO strings, json columns as they are.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Inserts `rows` (keyed by the table's TypeScript keys; each row names the same columns, the others
 * take their defaults) into `table`. `onConflict`: none (a conflict is an error), do nothing, or
 * replace the row holding the same `replaceOn`. The number of rows inserted or replaced.
 */
export async function insertJsonRows<T extends PgTable>(
  executor: Executor,
  table: T,
  rows: readonly Partial<T['$inferInsert']>[],
  onConflict: 'do nothing' | { replaceOn: AnyPgColumn } | null = null,
): Promise<number> {
  const [first] = rows;
  if (first === undefined) return 0;
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const keys = Object.keys(first).filter((key) => columns[key] !== undefined);
  const names = keys.map((key) => quoted((columns[key] as AnyPgColumn).name));
  const record = keys.map((key) => `${quoted((columns[key] as AnyPgColumn).name)} ${(columns[key] as AnyPgColumn).getSQLType()}`);
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(keys.map((key) => [(columns[key] as AnyPgColumn).name, (row as Record<string, unknown>)[key] ?? null]))));
  const result = await executor.execute(
    sql.raw(`insert into ${quoted(getTableName(table))} (${names.join(', ')}) select ${names.join(', ')} from jsonb_to_recordset(`).append(sql`${json}::jsonb`).append(
      sql.raw(`) as r(${record.join(', ')})${conflictClause(onConflict, names)} returning 1 as one`),
    ),
  );
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])).length;
}

/** ON CONFLICT: nothing, or every column written replaced in the row that holds the same `replaceOn`. */
function conflictClause(onConflict: 'do nothing' | { replaceOn: AnyPgColumn } | null, names: readonly string[]): string {
  if (onConflict === null) return '';
  if (onConflict === 'do nothing') return ' on conflict do nothing';
  const key = quoted(onConflict.replaceOn.name);
  const set = names.filter((name) => name !== key).map((name) => `${name} = excluded.${name}`);
  return ` on conflict (${key}) do update set ${set.join(', ')}`;
}

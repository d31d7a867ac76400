/** Batch rules (./define-resource.ts ResourceBatchRules) that more than one resource declares. */
import { inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A name unique among the parent's records, case and surrounding spaces ignored (`key`, e.g.
 * src/domain/names.ts uniqueNameKey): printable-ASCII names are found by the database's lower case,
 * which agrees with the rule's on them; names with other characters are all read and keyed here.
 */
export function caseIgnoredName(column: AnyPgColumn, key: (name: string) => string) {
  return {
    of: (input: { name: string }) => key(input.name),
    stored: (row: { name: string }) => key(row.name),
    candidates: (keys: readonly string[]): SQL => or(inArray(sql`lower(btrim(${column}))`, [...keys]), sql`${column} ~ '[^\x20-\x7e]'`) as SQL,
  };
}

/**
 * Whose transactions and access log a caller may read (spec section 6, "Transactions"; issue 18):
 * the units of src/domain's transactionUnitUuids, decided on every request from the caller's
 * current grants. A unit the caller may not read and a unit that does not exist get the same 403,
 * so a search never tells whether another organization's unit exists.
 */
import { ERROR_CODES, TRANSACTION_MESSAGES, transactionUnitUuids, type Grants, type TreeOrganization } from '../../src/domain/index';
import type { Executor } from '../db/client';
import { HttpError } from '../http-error';
import { loadTreeFor } from './directory';

export interface BusinessScope {
  /** every unit whose transactions the caller may read */
  readable: ReadonlySet<string>;
  /** the organization of each unit */
  orgOf: ReadonlyMap<string, string>;
  /**
   * The units a request names, with the units below them when includeDescendants, limited to what
   * the caller may read; 403 when a named unit is not readable (or does not exist).
   */
  resolve(requested: readonly string[], includeDescendants: boolean): string[];
  /** The readable units of one organization (empty when none). */
  unitsOf(orgUuid: string): string[];
}

export function businessScopeOf(grants: Grants, tree: readonly TreeOrganization[]): BusinessScope {
  const readable = transactionUnitUuids(grants, tree);
  const orgOf = new Map<string, string>();
  const children = new Map<string, string[]>();
  for (const org of tree) {
    for (const ou of org.ous) {
      orgOf.set(ou.uuid, org.uuid);
      if (ou.parentUuid !== null) children.set(ou.parentUuid, [...(children.get(ou.parentUuid) ?? []), ou.uuid]);
    }
  }
  return {
    readable,
    orgOf,
    resolve(requested, includeDescendants) {
      const named = requested.map((uuid) => uuid.toLowerCase());
      if (named.some((uuid) => !readable.has(uuid))) throw HttpError.of(403, ERROR_CODES.forbidden, TRANSACTION_MESSAGES.forbidden);
      const found = new Set<string>();
      const stack = [...named];
      while (stack.length > 0) {
        const next = stack.pop() as string;
        if (found.has(next) || !readable.has(next)) continue;
        found.add(next);
        if (includeDescendants) stack.push(...(children.get(next) ?? []));
      }
      return [...found].sort();
    },
    unitsOf(orgUuid) {
      return [...readable].filter((uuid) => orgOf.get(uuid) === orgUuid).sort();
    },
  };
}

/** The caller's business scope, read from the database now. */
export async function loadBusinessScope(db: Executor, grants: Grants): Promise<BusinessScope> {
  return businessScopeOf(grants, await loadTreeFor(db, grants));
}

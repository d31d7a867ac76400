/**
 * Save diffs of a hotel save (spec section 4 "Save diffs"): the operator's local lists are compared
 * with the server's into new, updated and deleted sets, so one transactional save can apply them.
 * Pure and allocation-light: it runs in the worker over lists of 100k items.
 */

export interface DiffResult<T> {
  created: T[];
  updated: T[];
  /** uuids to delete on the server */
  deleted: string[];
}

interface Identified {
  uuid?: string | null;
}

interface SoftDeletable extends Identified {
  deleted?: boolean;
}

/**
 * Packages: with a uuid known to the server and not flagged deleted → updated; not deleted and
 * without a known uuid → new (a client-generated uuid is kept, so offline create chains work);
 * on the server but missing locally, or flagged deleted → deleted by uuid.
 */
export function packageDiff<T extends SoftDeletable>(local: readonly T[], server: readonly Identified[]): DiffResult<T> {
  const onServer = new Set<string>();
  for (const item of server) if (item.uuid) onServer.add(item.uuid);
  const created: T[] = [];
  const updated: T[] = [];
  const deleted: string[] = [];
  const seen = new Set<string>();
  for (const item of local) {
    const uuid = item.uuid ?? null;
    if (uuid !== null) {
      if (seen.has(uuid)) continue; // a duplicate local entry never produces two operations
      seen.add(uuid);
    }
    if (item.deleted === true) {
      if (uuid !== null && onServer.has(uuid)) deleted.push(uuid);
      continue;
    }
    if (uuid !== null && onServer.has(uuid)) updated.push(item);
    else created.push(item);
  }
  for (const uuid of onServer) if (!seen.has(uuid)) deleted.push(uuid);
  return { created, updated, deleted };
}

/**
 * Access-control services and rate codes: matched by uuid → updated; unmatched locally → new;
 * present on the server but missing locally → deleted by uuid.
 */
export function threeWayDiff<T extends Identified>(local: readonly T[], server: readonly Identified[]): DiffResult<T> {
  return packageDiff(local as readonly (T & SoftDeletable)[], server) as DiffResult<T>;
}

/** Maps a rate code's package localIds to package uuids; unknown localIds are dropped (spec: "missing packages will be deleted on save"). */
export function mapPackageIds(localIds: readonly string[], uuidByLocalId: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const localId of localIds) {
    const uuid = uuidByLocalId.get(localId);
    if (uuid === undefined || seen.has(uuid)) continue;
    seen.add(uuid);
    out.push(uuid);
  }
  return out;
}

/** Applies a diff to a server list: used by the property tests and by the gateway's bulk save. */
export function applyDiff<T extends Identified>(server: readonly T[], diff: DiffResult<T>): T[] {
  const removed = new Set(diff.deleted);
  const replaced = new Map<string, T>();
  for (const item of diff.updated) if (item.uuid) replaced.set(item.uuid, item);
  const result: T[] = [];
  for (const item of server) {
    if (item.uuid && removed.has(item.uuid)) continue;
    result.push(item.uuid ? (replaced.get(item.uuid) ?? item) : item);
  }
  result.push(...diff.created);
  return result;
}

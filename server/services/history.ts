/**
 * Writing the change history (docs/adr/0029-change-history.md). Every write records its entry
 * through `recordHistory` INSIDE its mutation's transaction (withMutation's effect): a refused or
 * rolled-back change takes its entry with it, and an idempotent replay, which answers the stored
 * outcome without running the effect, writes none. The operator's time and the offline mark come
 * from the outbox's headers (X-Made-At, X-Made-Offline); the applied time is the gateway's clock.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  HISTORY_ITEMS_PER_SAVE_MAX,
  HISTORY_SAMPLE_MAX,
  type HistoryAction,
  type HistoryBulk,
  type HistoryChange,
  historyChanges,
  MADE_AT_HEADER,
  MADE_OFFLINE_HEADER,
  madeAtOf,
  type TreeOrganization,
  USER_KIND,
} from '../../src/domain/index';
import type { Executor } from '../db/client';
import { historyEntries, users } from '../db/schema';
import { loadTreeFor, membershipsOf, type UserRow } from './directory';

export interface HistoryWrite {
  kind: string;
  recordUuid: string;
  orgUuid: string;
  unitUuid: string | null;
  action: HistoryAction;
  changes: HistoryChange[];
  bulk?: HistoryBulk;
}

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const raw = request.headers[name];
  return Array.isArray(raw) ? raw[0] : raw;
};

/** The times and offline mark of the request's change. */
export function changeTiming(request: FastifyRequest): { madeAt: Date; appliedAt: Date; offline: boolean } {
  const appliedAt = request.server.lobby.now();
  return { madeAt: madeAtOf(headerOf(request, MADE_AT_HEADER), appliedAt), appliedAt, offline: headerOf(request, MADE_OFFLINE_HEADER) === '1' };
}

/**
 * Writes the entries of one change in its transaction. A change with no field changed (a save of
 * what was there) leaves none; neither does a request without a signed-in user.
 */
export async function recordHistory(tx: Executor, request: FastifyRequest, writes: HistoryWrite | readonly HistoryWrite[], by?: string): Promise<void> {
  // `by`: who made a change a request without a bearer proves otherwise (an email link's token)
  const userUuid = by ?? request.auth?.userUuid;
  if (!userUuid || request.server.lobby.historyOff) return;
  const list = (Array.isArray(writes) ? writes : [writes]) as readonly HistoryWrite[];
  const kept = list.filter((write) => write.action !== 'changed' || write.changes.length > 0 || write.bulk !== undefined);
  if (kept.length === 0) return;
  const timing = changeTiming(request);
  await tx.insert(historyEntries).values(
    kept.map((write) => ({
      kind: write.kind,
      recordUuid: write.recordUuid.toLowerCase(),
      orgUuid: write.orgUuid.toLowerCase(),
      unitUuid: write.unitUuid?.toLowerCase() ?? null,
      userUuid,
      action: write.action,
      changes: write.changes,
      bulk: write.bulk ?? null,
      ...timing,
    })),
  );
}

/** The entry of a record going from `before` to `after` (null: created / removed). */
export function recordChange(
  where: Omit<HistoryWrite, 'action' | 'changes' | 'bulk'>,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): HistoryWrite {
  const action: HistoryAction = before === null ? 'created' : after === null ? 'removed' : 'changed';
  if (action === 'changed') return { ...where, action, changes: historyChanges(before, after) };
  // a record created or removed: its fields are listed only when read, since a save of 10,000 new
  // records keeps the changes of a sample of them (collapseItems) and the rest are never read
  let changes: HistoryChange[] | undefined;
  return {
    ...where,
    action,
    get changes() {
      return (changes ??= historyChanges(before, after));
    },
  };
}

/**
 * The entries of a save of many records (the hotel save, the bulk PATCH routes): one per record,
 * or, for a kind with more than HISTORY_ITEMS_PER_SAVE_MAX records written, one bulk entry on the
 * parent (`parentUuid`) with counts per action and the first records' changes as its sample.
 */
export function collapseItems(writes: readonly HistoryWrite[], parentUuid: string): HistoryWrite[] {
  const byKind = new Map<string, HistoryWrite[]>();
  for (const write of writes) {
    if (write.action === 'changed' && write.changes.length === 0) continue;
    // pushed in place: a save of 10,000 records must not copy its list 10,000 times
    const group = byKind.get(write.kind);
    if (group) group.push(write);
    else byKind.set(write.kind, [write]);
  }
  const out: HistoryWrite[] = [];
  for (const [kind, group] of byKind) {
    if (group.length <= HISTORY_ITEMS_PER_SAVE_MAX) {
      out.push(...group);
      continue;
    }
    const counts: Record<string, number> = {};
    for (const write of group) counts[write.action] = (counts[write.action] ?? 0) + 1;
    const sample = group.slice(0, HISTORY_SAMPLE_MAX).map((write) => ({ uuid: write.recordUuid, action: write.action, changes: write.changes }));
    const first = group[0] as HistoryWrite;
    out.push({ kind, recordUuid: parentUuid, orgUuid: first.orgUuid, unitUuid: first.unitUuid, action: 'changed', changes: [], bulk: { counts, sample } });
  }
  return out;
}

/** A unit as its history shows it: name, place in the tree and each attribute as its own field. */
export function unitFields(row: { name: string; parentUuid: string | null; attributes: Record<string, unknown> }): Record<string, unknown> {
  return { name: row.name, parentUuid: row.parentUuid, ...Object.fromEntries(Object.entries(row.attributes).map(([key, value]) => [`attributes.${key}`, value])) };
}

/** An organization as its history shows it: its names, status and each attribute as its own field. */
export function organizationFields(row: { legalCompanyName: string; status: string; attributes: Record<string, unknown> }): Record<string, unknown> {
  return { legalCompanyName: row.legalCompanyName, status: row.status, ...Object.fromEntries(Object.entries(row.attributes).map(([key, value]) => [`attributes.${key}`, value])) };
}

/**
 * The entries of a user's change: one per organization their grants reach, before or after (a
 * user belongs to no organization; each organization's activity shows the changes to its people).
 * An omnipresent grant reaches every organization, so its holder's change is in each one's
 * activity (it used to leave none: its orgs and ous lists are empty). A user with no grant at all
 * leaves none.
 */
export function userWrites(
  tree: readonly TreeOrganization[],
  recordUuid: string,
  grants: ReadonlyArray<{ orgs: readonly string[]; ous: readonly string[]; omnipresence?: boolean }>,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): HistoryWrite[] {
  const orgs = new Set<string>();
  for (const membership of grants) {
    if (membership.omnipresence) for (const org of tree) orgs.add(org.uuid);
    for (const org of membership.orgs) orgs.add(org);
    for (const ou of membership.ous) {
      const owner = tree.find((org) => org.ous.some((unit) => unit.uuid === ou));
      if (owner) orgs.add(owner.uuid);
    }
  }
  return [...orgs].sort().map((orgUuid) => recordChange({ kind: USER_KIND, recordUuid, orgUuid, unitUuid: null }, before, after));
}

/** A user's own profile as its history shows it; the password only as a secret that changed. */
export function profileFields(row: UserRow): Record<string, unknown> {
  return { email: row.email, emailValidated: row.emailValidated, telephone: row.telephone, phoneValidated: row.phoneValidated, image: row.image, passwordHash: row.passwordHash };
}

/**
 * The entries of a change to a user's own profile (spec section 7), from the user's row before
 * and after: one per organization the user's grants reach, as for any change to a user.
 */
export async function recordProfileChange(tx: Executor, request: FastifyRequest, before: UserRow, by?: string): Promise<void> {
  const [after] = await tx.select().from(users).where(eq(users.uuid, before.uuid));
  if (!after) return;
  const grants = (await membershipsOf(tx, [before.uuid])).get(before.uuid) ?? [];
  await recordHistory(tx, request, userWrites(await loadTreeFor(tx, { memberships: grants }), before.uuid, grants, profileFields(before), profileFields(after)), by ?? before.uuid);
}

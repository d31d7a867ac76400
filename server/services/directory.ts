/**
 * Reads of users, memberships and the organization tree, shaped as the shared domain contracts
 * (UserProfile, Membership, TreeOrganization) so authorization uses src/domain's rules unchanged.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Grants, ManagedUser, Membership, Permission, TreeOrganization, UserProfile, UserStatus } from '../../src/domain/index';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { unauthenticated } from '../http-error';
import { UUID } from '../resources/define-resource';
import { memberships, organizationalUnits, organizations, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByUuid(db: Executor, uuid: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.uuid, uuid));
  return row ?? null;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row ?? null;
}

/** A membership row as the domain's rules take it. */
export function toMembership(row: Pick<Membership, 'membershipType' | 'orgs' | 'ous' | 'omnipresence'>): Membership {
  return { membershipType: row.membershipType, orgs: row.orgs, ous: row.ous, omnipresence: row.omnipresence };
}

export async function membershipsOf(db: Executor, userUuids: readonly string[]): Promise<Map<string, Membership[]>> {
  const result = new Map<string, Membership[]>(userUuids.map((uuid) => [uuid, []]));
  if (userUuids.length === 0) return result;
  const rows = await db.select().from(memberships).where(inArray(memberships.userUuid, [...userUuids])).orderBy(asc(memberships.uuid));
  for (const row of rows) {
    result.get(row.userUuid)?.push(toMembership(row));
  }
  return result;
}

export interface Grantee {
  user: UserRow;
  permissions: Permission[];
  memberships: Membership[];
}

export async function loadGrantee(db: Executor, userUuid: string): Promise<Grantee | null> {
  const user = await findUserByUuid(db, userUuid);
  if (!user) return null;
  const found = await membershipsOf(db, [userUuid]);
  return { user, permissions: user.permissions, memberships: found.get(userUuid) ?? [] };
}

/**
 * The signed-in caller's grants (a route guarded by app.authenticate), read once per request: the
 * changes of an outbox batch share one read until a change that may alter grants (routes/outbox-batch.ts).
 */
export function callerGrantee(request: FastifyRequest): Promise<Grantee | null> {
  const auth = request.auth;
  if (auth === null) throw unauthenticated();
  if (auth.grantee === undefined) {
    const read = loadGrantee(request.server.lobby.db, auth.userUuid);
    auth.grantee = read;
    // a failed read is not kept: the next caller reads again
    read.catch(() => {
      if (auth.grantee === read) auth.grantee = undefined;
    });
  }
  return auth.grantee;
}

export function toProfile(user: UserRow, userMemberships: readonly Membership[]): UserProfile {
  return {
    uuid: user.uuid,
    email: user.email,
    telephone: user.telephone,
    emailValidated: user.emailValidated,
    phoneValidated: user.phoneValidated,
    image: user.image,
    permissions: user.permissions,
    memberships: [...userMemberships],
  };
}

/**
 * Every organization with its units' uuid and parent, for visibility decisions; with `scope`, the
 * organization (or organizations) it names alone, those that exist. A decision about one
 * organization (may the caller see it, its units, set one up) depends on that organization's units
 * only, so its routes read those: a gateway serving thousands of hotels reads one organization's
 * units per request, not every tenant's (4,000 organizations of 10 units each made a unit list
 * 230 ms on PGlite; `npm run bench -- tenants`). A scope entry that is no uuid names nothing.
 */
export async function loadTree(db: Executor, scope?: string | readonly string[]): Promise<TreeOrganization[]> {
  const named = scope === undefined ? undefined : (typeof scope === 'string' ? [scope] : scope).filter((uuid) => UUID.test(uuid));
  if (named !== undefined && named.length === 0) return [];
  const orgQuery = db.select({ uuid: organizations.uuid }).from(organizations);
  const unitQuery = db.select({ uuid: organizationalUnits.uuid, parentUuid: organizationalUnits.parentUuid, orgUuid: organizationalUnits.orgUuid }).from(organizationalUnits);
  const orgs = await (named === undefined ? orgQuery : orgQuery.where(inArray(organizations.uuid, named)));
  if (orgs.length === 0) return [];
  const units = await (named === undefined ? unitQuery : unitQuery.where(inArray(organizationalUnits.orgUuid, orgs.map((org) => org.uuid))));
  const byOrg = new Map<string, { uuid: string; parentUuid: string | null }[]>(orgs.map((org) => [org.uuid, []]));
  for (const unit of units) byOrg.get(unit.orgUuid)?.push({ uuid: unit.uuid, parentUuid: unit.parentUuid });
  return orgs.map((org) => ({ uuid: org.uuid, ous: byOrg.get(org.uuid) ?? [] }));
}

/**
 * The tree a decision about `grants` alone needs (what they may read across organizations: the
 * transactions' units): the organizations their memberships name, or hold a named unit of. What
 * the memberships reach lies in those, so the decision is the one the whole tree gives. An
 * omnipresent membership reaches every organization: the whole tree.
 */
export async function loadTreeFor(db: Executor, grants: Pick<Grants, 'memberships'>): Promise<TreeOrganization[]> {
  if (grants.memberships.some((membership) => membership.omnipresence)) return loadTree(db);
  const orgs = new Set(grants.memberships.flatMap((membership) => membership.orgs));
  const ous = [...new Set(grants.memberships.flatMap((membership) => membership.ous))].filter((uuid) => UUID.test(uuid));
  if (ous.length > 0) {
    const holders = await db.selectDistinct({ orgUuid: organizationalUnits.orgUuid }).from(organizationalUnits).where(inArray(organizationalUnits.uuid, ous));
    for (const { orgUuid } of holders) orgs.add(orgUuid);
  }
  return loadTree(db, [...orgs]);
}

/** ACTIVE: may sign in; DEACTIVATED: turned off by a user manager; INVITED: not activated yet. */
export function statusOf(user: Pick<UserRow, 'active' | 'deactivatedAt'>): UserStatus {
  if (user.deactivatedAt !== null) return 'DEACTIVATED';
  return user.active ? 'ACTIVE' : 'INVITED';
}

/** A user as user management answers it: the profile with its version and status. */
export function toManagedUser(user: UserRow, userMemberships: readonly Membership[]): ManagedUser {
  return { ...toProfile(user, userMemberships), version: user.version, status: statusOf(user) };
}

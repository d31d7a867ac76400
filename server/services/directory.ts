/**
 * Reads of users, memberships and the organization tree, shaped as the shared domain contracts
 * (UserProfile, Membership, TreeOrganization) so authorization uses src/domain's rules unchanged.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { ManagedUser, Membership, Permission, TreeOrganization, UserProfile, UserStatus } from '../../src/domain/index';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { unauthenticated } from '../http-error';
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

export async function membershipsOf(db: Executor, userUuids: readonly string[]): Promise<Map<string, Membership[]>> {
  const result = new Map<string, Membership[]>(userUuids.map((uuid) => [uuid, []]));
  if (userUuids.length === 0) return result;
  const rows = await db.select().from(memberships).where(inArray(memberships.userUuid, [...userUuids])).orderBy(asc(memberships.uuid));
  for (const row of rows) {
    result.get(row.userUuid)?.push({ membershipType: row.membershipType, orgs: row.orgs, ous: row.ous, omnipresence: row.omnipresence });
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

/** Every organization with its units' uuid and parent, for visibility decisions. */
export async function loadTree(db: Executor): Promise<TreeOrganization[]> {
  const orgs = await db.select({ uuid: organizations.uuid }).from(organizations);
  const units = await db.select({ uuid: organizationalUnits.uuid, parentUuid: organizationalUnits.parentUuid, orgUuid: organizationalUnits.orgUuid }).from(organizationalUnits);
  const byOrg = new Map<string, { uuid: string; parentUuid: string | null }[]>(orgs.map((org) => [org.uuid, []]));
  for (const unit of units) byOrg.get(unit.orgUuid)?.push({ uuid: unit.uuid, parentUuid: unit.parentUuid });
  return orgs.map((org) => ({ uuid: org.uuid, ous: byOrg.get(org.uuid) ?? [] }));
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

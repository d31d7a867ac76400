/**
 * User management (spec sections 2 and 6): create a user with grants (invited by mail to activate),
 * change a user's grants, deactivate and reactivate. Every write is judged by src/domain/users.ts
 * grantRefusals: the caller gives or takes only what they hold, where they hold it; anything else
 * answers 403 and changes nothing. Grants are read on every request (loadGrantee), so a change
 * applies from the user's next request; a deactivation revokes the user's tokens in its transaction.
 *
 * Users are not a defineResource declaration (docs/adr/0019): they live under no parent, their
 * authorization is per record (whose grants the caller holds), and removal is deactivation.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Grants, GrantorReach, GrantRefusal, Grantable, Membership, TreeOrganization } from '../../src/domain/index';
import {
  apiErrorBodySchema,
  canManageUsers,
  ERROR_CODES,
  grantableSchema,
  grantorReach,
  grantRefusalMessage,
  grantRefusals,
  holdsAllGrants,
  managedUserSchema,
  MEMBERSHIP_TYPES,
  normalizeMemberships,
  normalizePermissions,
  unknownPlaces,
  userCreateSchema,
  userUpdateSchema,
  visibleOrganizationUuids,
  visibleUnitUuids,
} from '../../src/domain/index';
import { issueCode, retireCodes } from '../auth/codes';
import { revokeAllFamilies } from '../auth/tokens';
import type { Executor, Transaction } from '../db/client';
import { activationCodes, memberships, organizationalUnits, organizations, users } from '../db/schema';
import { HttpError, notFound, unauthenticated } from '../http-error';
import type { RecordedMail } from '../mail/outbox';
import { caller } from '../plugins/auth';
import { withMutation } from '../plugins/idempotency';
import { assertVersion } from '../plugins/if-match';
import { BEARER } from '../plugins/swagger';
import { etag, idempotencyHeaders, ifMatchHeaders, NIL_UUID, UUID } from '../resources/define-resource';
import type { Grantee, UserRow } from '../services/directory';
import { findUserByEmail, loadGrantee, loadTreeFor, membershipsOf, toManagedUser } from '../services/directory';
import { recordHistory, userWrites } from '../services/history';
import { canSee, userFilterFor } from '../services/user-visibility';
import { errorResponses } from './schemas';
import { compareText } from '../../src/domain/text-order';
import { groupBy } from '../../src/domain/group-by';

export const USERS_PATH = '/user-profile/v1/user-profile/users';
/** An invitation stays valid a week; a reactivation of a never-activated user sends a new one. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;
export const INVITATION_SUBJECT = 'You are invited to Lobby';
/** A second invitation within this long after the last one sends no mail (a double click, a replayed queue). */
export const INVITATION_RESEND_INTERVAL_MS = 60_000;
/** Invitations sent again per minute from one client, whoever they go to. */
export const INVITATION_RESENDS_PER_MINUTE = 30;

export const USER_MESSAGES = {
  manageForbidden: 'You do not have permission to manage users',
  userForbidden: 'You do not have permission to manage this user',
  ownGrants: 'You cannot change your own permissions or memberships',
  notFound: 'User not found',
  emailTaken: 'A user with this email address already exists',
  uuidTaken: 'This user id is already in use',
  nilUuid: 'The nil uuid cannot identify a user: send another uuid, or none',
  deactivateForbidden: 'This user also has access outside what you manage: only a user manager over all of it can deactivate them',
  reactivateForbidden: 'This user also has access outside what you manage: only a user manager over all of it can reactivate them',
  unknownPlace: 'Unknown organization or unit',
  inviteForbidden: 'This user also has access outside what you manage: only a user manager over all of it can send their invitation again',
  alreadyActive: 'This user has already activated their account: they sign in with their password, and Forgot password sends them a new one',
  inviteDeactivated: 'This user is deactivated: reactivate them, which sends a new invitation',
} as const;

/** The answer to an invitation sent again: whether a mail went now, and when the invitation that holds was sent. */
export const invitationResentSchema = z.object({ sent: z.boolean(), invitedAt: z.string() });

export function invitationBody(link: string): string {
  return [
    'Hello,',
    '',
    'An account was created for you in Lobby, the back office of your hospitality platform. Open this link within seven days to choose your password and activate it:',
    link,
    '',
    'If you did not expect this, ignore this mail.',
  ].join('\n');
}

const userParams = z.object({ uuid: z.string().max(64).describe('User uuid') });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.lobby;
  const common = { tags: ['user management'], security: BEARER };
  const mutationErrors = { ...errorResponses(400, 401, 403, 404, 409, 422), 412: z.object({ ...apiErrorBodySchema.shape, current: managedUserSchema.optional() }) };

  /** The caller, when they may manage users at all (403 otherwise). */
  async function manager(userUuid: string): Promise<Grantee> {
    const me = await loadGrantee(db, userUuid);
    if (!me) throw unauthenticated();
    if (!canManageUsers(me)) throw HttpError.of(403, ERROR_CODES.forbidden, USER_MESSAGES.manageForbidden);
    return me;
  }

  /** 403 naming each thing given or taken that the caller does not hold; nothing is written. */
  function refuse(refusals: readonly GrantRefusal[], names: ReadonlyMap<string, string>): never {
    throw new HttpError(
      403,
      refusals.map((refusal) => ({
        code: ERROR_CODES.forbidden,
        message: grantRefusalMessage(refusal, (uuid) => names.get(uuid) ?? uuid),
        field: refusal.kind === 'permission' ? 'permissions' : 'memberships',
      })),
    );
  }

  /**
   * Names of organizations and units, for refusals the operator can read: only of places the caller
   * may see (read), so a refusal never tells the name of another organization or its units; any
   * other place keeps the uuid the caller sent.
   */
  async function placeNames(executor: Executor, me: Grants, tree: readonly TreeOrganization[], uuids: readonly string[]): Promise<Map<string, string>> {
    const seen = visibleOrganizationUuids(me.memberships, tree);
    const visible = new Set(seen);
    for (const org of tree) if (seen.has(org.uuid)) for (const uuid of visibleUnitUuids(me.memberships, org, tree)) visible.add(uuid);
    const wanted = [...new Set(uuids)].filter((uuid) => UUID.test(uuid) && visible.has(uuid));
    if (wanted.length === 0) return new Map();
    const orgs = await executor.select({ uuid: organizations.uuid, name: organizations.name }).from(organizations).where(inArray(organizations.uuid, wanted));
    const units = await executor
      .select({ uuid: organizationalUnits.uuid, name: organizationalUnits.name })
      .from(organizationalUnits)
      .where(inArray(organizationalUnits.uuid, wanted));
    return new Map([...orgs, ...units].map((row) => [row.uuid, row.name]));
  }

  /** Checks a change of grants: refusals first (403), then places that do not exist (422). */
  async function judge(executor: Executor, me: Grants, reach: GrantorReach, tree: readonly TreeOrganization[], before: Grants, after: Grants): Promise<void> {
    const refusals = grantRefusals(reach, before, after);
    if (refusals.length > 0) {
      const places = refusals.flatMap((refusal) => (refusal.kind === 'place' && refusal.place.kind !== 'all' ? [refusal.place.uuid] : []));
      refuse(refusals, await placeNames(executor, me, tree, places));
    }
    const unknown = unknownPlaces(after.memberships, tree);
    if (unknown.length > 0) throw HttpError.of(422, ERROR_CODES.validation, `${USER_MESSAGES.unknownPlace}: ${unknown.join(', ')}`, 'memberships');
  }

  async function writeMemberships(tx: Transaction, userUuid: string, list: readonly Membership[]): Promise<void> {
    await tx.delete(memberships).where(eq(memberships.userUuid, userUuid));
    if (list.length === 0) return;
    await tx.insert(memberships).values(list.map((m) => ({ userUuid, membershipType: m.membershipType, omnipresence: m.omnipresence, orgs: m.orgs, ous: m.ous })));
  }

  /** An activation code and its mail, in the transaction; delivered after it commits. */
  async function invite(tx: Transaction, user: Pick<UserRow, 'uuid' | 'email'>, now: Date): Promise<RecordedMail> {
    const code = await issueCode(tx, user.uuid, 'activate', INVITATION_TTL_MS, now);
    const link = `${config.publicUrl}/users/${user.uuid}/activate/${code}`;
    return app.lobby.mailer.record(tx, { to: user.email, subject: INVITATION_SUBJECT, body: invitationBody(link) });
  }

  /** The target of an edit, locked: 404 unknown, 403 self or a user the caller may not manage. */
  async function lockedTarget(tx: Transaction, me: Grantee, tree: readonly TreeOrganization[], uuid: string): Promise<{ row: UserRow; grants: Grants }> {
    if (!UUID.test(uuid)) throw notFound(USER_MESSAGES.notFound);
    const [row] = await tx.select().from(users).where(eq(users.uuid, uuid.toLowerCase())).for('update');
    if (!row) throw notFound(USER_MESSAGES.notFound);
    if (row.uuid === me.user.uuid) throw HttpError.of(403, ERROR_CODES.forbidden, USER_MESSAGES.ownGrants);
    const found = (await membershipsOf(tx, [row.uuid])).get(row.uuid) ?? [];
    if (!canSee(userFilterFor(me, tree), found)) throw HttpError.of(403, ERROR_CODES.forbidden, USER_MESSAGES.userForbidden);
    return { row, grants: { permissions: row.permissions, memberships: found } };
  }

  app.get(
    `${USERS_PATH}/grantable`,
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'What the caller may give',
        description:
          'Permissions the caller may add or remove, permissions they hold over places (scoped), the omnipresence they may give, and per organization and unit whether it may be given in a MANAGEMENT or BUSINESS_DATA membership. 403 without MANAGE_USER (or omnipresent MANAGEMENT).',
        response: { 200: grantableSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const me = await manager(caller(request));
      // what the caller may give lies in the organizations their memberships reach (every one when omnipresent)
      const tree = await loadTreeFor(db, me);
      const reach = grantorReach(me, tree);
      const everywhere = me.memberships.some((membership) => membership.omnipresence);
      const reached = tree.map((org) => org.uuid);
      const orgRows = everywhere || reached.length > 0 ? await db.select({ uuid: organizations.uuid, name: organizations.name }).from(organizations).where(everywhere ? undefined : inArray(organizations.uuid, reached)) : [];
      const unitRows =
        everywhere || reached.length > 0
          ? await db
              .select({ uuid: organizationalUnits.uuid, orgUuid: organizationalUnits.orgUuid, parentUuid: organizationalUnits.parentUuid, name: organizationalUnits.name, type: organizationalUnits.type })
              .from(organizationalUnits)
              .where(everywhere ? undefined : inArray(organizationalUnits.orgUuid, reached))
          : [];
      const givable = (type: (typeof MEMBERSHIP_TYPES)[number], uuid: string, kind: 'orgs' | 'ous') => reach.places[type].all || reach.places[type][kind].has(uuid);
      const unitsByUuid = new Map(unitRows.map((unit) => [unit.uuid, unit]));
      const unitsOfOrg = groupBy(unitRows, (unit) => unit.orgUuid);
      const result: Grantable['organizations'] = [];
      for (const org of orgRows.sort((a, b) => compareText(a.name, b.name))) {
        const ous = (unitsOfOrg.get(org.uuid) ?? [])
          .map((unit) => ({ ...unit, MANAGEMENT: givable('MANAGEMENT', unit.uuid, 'ous'), BUSINESS_DATA: givable('BUSINESS_DATA', unit.uuid, 'ous') }))
          .filter((unit) => unit.MANAGEMENT || unit.BUSINESS_DATA);
        const whole = { MANAGEMENT: givable('MANAGEMENT', org.uuid, 'orgs'), BUSINESS_DATA: givable('BUSINESS_DATA', org.uuid, 'orgs') };
        if (ous.length === 0 && !whole.MANAGEMENT && !whole.BUSINESS_DATA) continue;
        const shown = new Set(ous.map((unit) => unit.uuid));
        const nearestShownAncestor = (uuid: string | null): string | null => {
          let current = uuid;
          while (current !== null && !shown.has(current)) current = unitsByUuid.get(current)?.parentUuid ?? null;
          return current;
        };
        result.push({
          uuid: org.uuid,
          name: org.name,
          whole,
          ous: ous
            .map((unit) => ({ uuid: unit.uuid, parentUuid: nearestShownAncestor(unit.parentUuid), name: unit.name, type: unit.type, MANAGEMENT: unit.MANAGEMENT, BUSINESS_DATA: unit.BUSINESS_DATA }))
            .sort((a, b) => compareText(a.name, b.name)),
        });
      }
      return {
        permissions: [...reach.permissions],
        scoped: [...reach.scoped],
        omnipresence: [...reach.omnipresence],
        all: { MANAGEMENT: reach.places.MANAGEMENT.all, BUSINESS_DATA: reach.places.BUSINESS_DATA.all },
        organizations: result,
      };
    },
  );

  app.get(
    `${USERS_PATH}/:uuid`,
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'A user the caller may manage',
        description: 'Answers an ETag "<version>" to send back as If-Match.',
        params: userParams,
        response: { 200: managedUserSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const me = await manager(caller(request));
      const { uuid } = request.params;
      if (!UUID.test(uuid)) throw notFound(USER_MESSAGES.notFound);
      const [row] = await db.select().from(users).where(eq(users.uuid, uuid.toLowerCase()));
      if (!row) throw notFound(USER_MESSAGES.notFound);
      const found = (await membershipsOf(db, [row.uuid])).get(row.uuid) ?? [];
      if (row.uuid !== me.user.uuid && !canSee(userFilterFor(me, await loadTreeFor(db, me)), found)) throw HttpError.of(403, ERROR_CODES.forbidden, USER_MESSAGES.userForbidden);
      return reply.header('etag', etag(row.version)).send(toManagedUser(row, found));
    },
  );

  app.post(
    USERS_PATH,
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Create a user and invite them by mail',
        description:
          'The new user is INVITED: a mail with a link to /users/{uuid}/activate/{code} (valid seven days, single use) lets them choose a password. Each permission and each place of the memberships must be one the caller may give (403 naming what is refused; nothing is created). A client uuid is kept; one in use answers 409, as does an email in use.',
        headers: idempotencyHeaders,
        body: userCreateSchema,
        response: { 201: managedUserSchema, ...mutationErrors },
      },
    },
    async (request, reply) => {
      const me = await manager(caller(request));
      const { uuid, email, telephone, ...input } = request.body;
      if (uuid === NIL_UUID) throw HttpError.of(400, ERROR_CODES.validation, USER_MESSAGES.nilUuid, 'uuid');
      const after = { permissions: normalizePermissions(input.permissions), memberships: normalizeMemberships(input.memberships) };
      // the caller's organizations (what they may give) and the new user's (the places given must exist, the history's entries)
      const tree = await loadTreeFor(db, { memberships: [...me.memberships, ...after.memberships] });
      await judge(db, me, grantorReach(me, tree), tree, { permissions: [], memberships: [] }, after);
      let mail: RecordedMail | null = null;
      const sent = await withMutation(request, reply, async (tx) => {
        const now = app.lobby.now();
        if (await findUserByEmail(tx, email)) throw HttpError.of(409, ERROR_CODES.conflict, USER_MESSAGES.emailTaken, 'email');
        const [row] = await tx
          .insert(users)
          .values({ ...(uuid ? { uuid: uuid.toLowerCase() } : {}), email, telephone: telephone ?? null, active: false, permissions: after.permissions, createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning();
        if (!row) {
          // the email was taken by a concurrent create, or the uuid is in use
          if (await findUserByEmail(tx, email)) throw HttpError.of(409, ERROR_CODES.conflict, USER_MESSAGES.emailTaken, 'email');
          throw HttpError.of(409, ERROR_CODES.conflict, USER_MESSAGES.uuidTaken, 'uuid');
        }
        await writeMemberships(tx, row.uuid, after.memberships);
        mail = await invite(tx, row, now);
        const created = toManagedUser(row, after.memberships);
        await recordHistory(tx, request, userWrites(tree, row.uuid, after.memberships, null, created));
        return { statusCode: 201, body: created };
      });
      if (mail) await app.lobby.mailer.deliver(mail);
      return sent;
    },
  );

  app.post(
    `${USERS_PATH}/:uuid/invitation`,
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: INVITATION_RESENDS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        ...common,
        summary: 'Send an invited user their invitation again',
        description:
          `For a user who has not activated their account yet (INVITED): a new activation link by mail, valid seven days; the earlier link stops working. Authorized as user creation: a user manager holding all of the user's grants (403 otherwise, and for oneself). 422 for a user who already activated or is deactivated. Within ${INVITATION_RESEND_INTERVAL_MS / 1000} s of the last invitation no other mail is sent (sent: false, invitedAt of that one); at most ${INVITATION_RESENDS_PER_MINUTE} a minute per client (429). Honours Idempotency-Key.`,
        params: userParams,
        headers: idempotencyHeaders,
        response: { 202: invitationResentSchema, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const me = await manager(caller(request));
      // whether the caller may see the user and holds all of their grants: decided over the caller's organizations
      const tree = await loadTreeFor(db, me);
      const reach = grantorReach(me, tree);
      let mail: RecordedMail | null = null;
      const sent = await withMutation(request, reply, async (tx) => {
        const { row, grants } = await lockedTarget(tx, me, tree, request.params.uuid);
        // an invitation opens every right the user has: as for creating them, the caller must hold them all
        if (!holdsAllGrants(reach, grants)) throw HttpError.of(403, ERROR_CODES.forbidden, USER_MESSAGES.inviteForbidden);
        if (row.deactivatedAt !== null) throw HttpError.of(422, ERROR_CODES.validation, USER_MESSAGES.inviteDeactivated);
        if (row.passwordHash !== null) throw HttpError.of(422, ERROR_CODES.validation, USER_MESSAGES.alreadyActive);
        const now = app.lobby.now();
        const [last] = await tx
          .select({ createdAt: activationCodes.createdAt })
          .from(activationCodes)
          .where(and(eq(activationCodes.userUuid, row.uuid), eq(activationCodes.purpose, 'activate')))
          .orderBy(desc(activationCodes.createdAt))
          .limit(1);
        if (last && now.getTime() - last.createdAt.getTime() < INVITATION_RESEND_INTERVAL_MS) {
          return { statusCode: 202, body: { sent: false, invitedAt: last.createdAt.toISOString() } };
        }
        mail = await invite(tx, row, now);
        return { statusCode: 202, body: { sent: true, invitedAt: now.toISOString() } };
      });
      if (mail) await app.lobby.mailer.deliver(mail);
      return sent;
    },
  );

  app.put(
    `${USERS_PATH}/:uuid`,
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "Change a user's grants, deactivate or reactivate them",
        description:
          "Replaces the user's permissions and memberships. Each permission and place added or removed must be one the caller holds (403 naming what is refused; nothing changes); one's own grants cannot be changed (403). `active: false` deactivates: the user's sessions end at once and unused codes stop working, and only a caller holding all of the user's grants may do it. `active: true` reactivates a deactivated user (a user who never activated gets a new invitation), which needs the same; it changes nothing otherwise. With If-Match, a stale version answers 412 with `current`.",
        params: userParams,
        headers: ifMatchHeaders,
        body: userUpdateSchema,
        response: { 200: managedUserSchema, ...mutationErrors },
      },
    },
    async (request, reply) => {
      const me = await manager(caller(request));
      const after = { permissions: normalizePermissions(request.body.permissions), memberships: normalizeMemberships(request.body.memberships) };
      // the caller's organizations and those of the grants asked for
      const tree = await loadTreeFor(db, { memberships: [...me.memberships, ...after.memberships] });
      const reach = grantorReach(me, tree);
      let mail: RecordedMail | null = null;
      const sent = await withMutation(request, reply, async (tx) => {
        const { row: before, grants } = await lockedTarget(tx, me, tree, request.params.uuid);
        assertVersion(request, before, { currentBody: toManagedUser(before, grants.memberships) });
        await judge(tx, me, reach, tree, grants, after);
        const now = app.lobby.now();
        const deactivate = !request.body.active && before.deactivatedAt === null;
        const reactivate = request.body.active && before.deactivatedAt !== null;
        // turning a user off or back on gives or takes every right they have: the caller must hold them all
        if ((deactivate || reactivate) && !holdsAllGrants(reach, grants)) {
          throw HttpError.of(403, ERROR_CODES.forbidden, deactivate ? USER_MESSAGES.deactivateForbidden : USER_MESSAGES.reactivateForbidden);
        }
        const status = deactivate
          ? { active: false, deactivatedAt: now }
          : reactivate
            ? { active: before.passwordHash !== null, deactivatedAt: null }
            : {};
        const [row] = await tx
          .update(users)
          .set({ permissions: after.permissions, ...status, version: before.version + 1, updatedAt: now })
          .where(eq(users.uuid, before.uuid))
          .returning();
        if (!row) throw notFound(USER_MESSAGES.notFound);
        await writeMemberships(tx, row.uuid, after.memberships);
        if (deactivate) {
          await revokeAllFamilies(tx, row.uuid, now);
          await retireCodes(tx, row.uuid, now);
        }
        if (reactivate && before.passwordHash === null) mail = await invite(tx, row, now);
        const changed = toManagedUser(row, after.memberships);
        // a grant the user had and loses was the caller's to take, so its organization is in the tree too
        await recordHistory(tx, request, userWrites(tree, row.uuid, [...grants.memberships, ...after.memberships], toManagedUser(before, grants.memberships), changed));
        return { statusCode: 200, body: changed };
      });
      if (mail) await app.lobby.mailer.deliver(mail);
      return sent;
    },
  );
};

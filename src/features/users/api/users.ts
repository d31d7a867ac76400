/**
 * The users a user manager manages, as a client resource (docs/architecture.md "Resources"): the
 * list shows queued changes, and creates and edits go through the outbox like every other write.
 * Users belong to no organization, so the collection's scope is null. What the caller may give is
 * read from the gateway, which decides it (src/domain/users.ts).
 */
import { useQuery } from '@tanstack/react-query';
import {
  grantableSchema,
  managedUserListSchema,
  managedUserSchema,
  type ManagedUser,
  type Membership,
  type Permission,
  USER_KIND,
} from '../../../domain';
import { parseAnswer, request, useSession } from '../../../api';
import { t } from '../../../i18n';
import { enqueue, type OutboxEntry } from '../../../offline';
import { defineClientResource, type ResourceRow } from '../../../offline/resource';

export { USER_KIND };
export const USERS_PATH = '/user-profile/v1/user-profile/users';

/** What the user form edits: the create body's fields and the update's. */
export interface UserInput {
  email: string;
  telephone: string | null;
  permissions: Permission[];
  memberships: Membership[];
  /** false deactivates; true keeps the user as they are, or reactivates a deactivated one */
  active: boolean;
}

/**
 * A reactivated user signs in again if they ever activated their account, which validated their
 * email; one who never did is invited anew (the gateway's answer then says which it was).
 */
const reactivatedStatus = (user: ManagedUser): ManagedUser['status'] => (user.emailValidated ? 'ACTIVE' : 'INVITED');

export const managedUsers = defineClientResource<ManagedUser, UserInput, null>({
  kind: USER_KIND,
  queryKey: 'users',
  path: () => USERS_PATH,
  record: managedUserSchema,
  list: managedUserListSchema,
  inputOf: (user) => ({ email: user.email, telephone: user.telephone, permissions: user.permissions, memberships: user.memberships, active: user.status !== 'DEACTIVATED' }),
  blank: () => ({ email: '', telephone: null, emailValidated: false, phoneValidated: false, image: null, permissions: [], memberships: [], status: 'INVITED' }),
  compare: (a, b) => a.email.localeCompare(b.email) || a.uuid.localeCompare(b.uuid),
  merge: (user, body) => ({
    ...user,
    email: body.email ?? user.email,
    telephone: body.telephone === undefined ? user.telephone : body.telephone,
    permissions: body.permissions ?? user.permissions,
    memberships: body.memberships ?? user.memberships,
    status: body.active === false ? 'DEACTIVATED' : body.active === true && user.status === 'DEACTIVATED' ? reactivatedStatus(user) : user.status,
  }),
  labels: {
    create: (input) => t('users.label.create', { email: input.email }),
    update: (input) => t('users.label.update', { email: input.email }),
    delete: (user) => t('users.label.delete', { email: user.email }),
  },
});

export type UserRow = ResourceRow<ManagedUser>;

/** The outbox's kind of an invitation sent again (not a change of the user: the list does not lay it over the row). */
export const USER_INVITATION_KIND = 'user-invitation';

/**
 * Send an invited user their invitation again, through the outbox like every write: POST
 * …/users/{uuid}/invitation (the gateway mails a new link; a second one within a minute sends none).
 */
export function queueInvitation(userUuid: string, user: Pick<ManagedUser, 'uuid' | 'email'>): Promise<OutboxEntry> {
  return enqueue({
    method: 'POST',
    path: `${USERS_PATH}/${user.uuid}/invitation`,
    userUuid,
    label: t('users.label.resend', { email: user.email }),
    recordUuid: user.uuid,
    collection: USER_INVITATION_KIND,
  });
}

/** What the signed-in user may give (permissions, omnipresence, organizations and units by name). */
export function useGrantable(enabled = true) {
  const session = useSession();
  return useQuery({
    queryKey: ['users-grantable', session?.uuid ?? 'none'] as const,
    queryFn: async ({ signal }) => parseAnswer(grantableSchema, await request(`${USERS_PATH}/grantable`, { signal })),
    enabled: enabled && session !== null,
    staleTime: 60_000,
  });
}

import { Alert, List, TextInput } from '@mantine/core';
import { z } from 'zod';
import {
  emailSchema,
  grantRefusals,
  membershipSchema,
  normalizeMemberships,
  normalizePermissions,
  permissionSchema,
  reachOfGrantable,
  telephoneSchema,
  type Grantable,
  type GrantRefusal,
  type ManagedUser,
} from '../../../domain';
import { t } from '../../../i18n';
import { RecordForm, useResourceForm, type FormValueDeclaration, type ResourceFormProps } from '../../../ui';
import { managedUsers, type UserInput } from '../api/users';
import { GrantsFields } from './grants-fields';

const formValueSchema = z.object({
  email: z.string(),
  telephone: z.string(),
  permissions: z.array(permissionSchema),
  memberships: z.array(membershipSchema),
});
type FormValue = z.infer<typeof formValueSchema>;

const EMPTY: FormValue = { email: '', telephone: '', permissions: [], memberships: [] };
const fromRecord = (user: ManagedUser): FormValue => ({ email: user.email, telephone: user.telephone ?? '', permissions: user.permissions, memberships: user.memberships });

/** Names of the organizations and units the grantor may give, for the refusals the form shows. */
function placeNames(grantable: Grantable): Map<string, string> {
  return new Map(grantable.organizations.flatMap((org) => [[org.uuid, org.name] as const, ...org.ous.map((unit) => [unit.uuid, unit.name] as const)]));
}

/**
 * A refusal in the operator's words: permissions as the form names them, places by name; a place the
 * grantor does not manage has no name they may read, so those are said together, once.
 */
function refusalText(refusal: GrantRefusal, names: ReadonlyMap<string, string>): string {
  if (refusal.kind === 'permission') return t('users.refusal.permission', { permission: t(`users.permission.${refusal.permission}`) });
  const what = refusal.permission ? t(`users.permission.${refusal.permission}`) : t(`users.refusal.membership.${refusal.membershipType}`);
  if (refusal.place.kind === 'all') return t('users.refusal.everything', { what });
  const place = names.get(refusal.place.uuid);
  return place === undefined ? t('users.refusal.elsewhere', { what }) : t('users.refusal.place', { what, place });
}

const USER_VALUE: FormValueDeclaration<ManagedUser, FormValue> = { blank: EMPTY, fromRecord, schema: formValueSchema };

interface UserFormProps extends ResourceFormProps<ManagedUser> {
  grantable: Grantable;
  /** emails of the other users listed: a new user's must differ */
  takenEmails: ReadonlySet<string>;
}

/**
 * Create a user (email, optional telephone, grants) or change a user's grants, in a FormModal.
 * Kept as a draft while typing; the grant choices are only those the signed-in user may give, and a
 * combination that would pass on more than they hold (a permission to a user with units elsewhere)
 * is said and not sent. The change goes through the outbox.
 */
export function UserForm({ grantable, takenEmails, ...props }: UserFormProps) {
  const { record } = props;
  const form = useResourceForm(managedUsers, null, props, USER_VALUE, (value) => {
    const email = emailSchema.safeParse(value.email);
    const telephone = value.telephone.trim() === '' ? null : telephoneSchema.safeParse(value.telephone);
    const emailError = record ? undefined : !email.success ? t('users.form.emailInvalid') : takenEmails.has(email.data) ? t('users.form.emailTaken') : undefined;
    const telephoneError = telephone && !telephone.success ? t('attributeSettings.problem.telephone') : undefined;
    const after = { permissions: normalizePermissions(value.permissions), memberships: normalizeMemberships(value.memberships) };
    const before = record ? { permissions: record.permissions, memberships: record.memberships } : { permissions: [], memberships: [] };
    const names = placeNames(grantable);
    // each message once: several places the grantor does not manage read the same (and key the list)
    const refusals = [...new Set(grantRefusals(reachOfGrantable(grantable), before, after).map((refusal) => refusalText(refusal, names)))];
    const input: UserInput = {
      email: record ? record.email : email.success ? email.data : value.email,
      telephone: record ? record.telephone : telephone?.success ? telephone.data : null,
      permissions: after.permissions,
      memberships: after.memberships,
      active: record ? record.status !== 'DEACTIVATED' : true,
    };
    return { problems: { email: emailError, telephone: telephoneError }, refusals, input: refusals.length > 0 ? null : input };
  });
  const { value, set, draft, attempted } = form;
  const { problems, refusals } = form.checked;
  const emailError = problems.email;

  return (
    <RecordForm form={form} errorTitle={t('users.form.refused')} cancelLabel={t('users.form.cancel')} saveLabel={record ? t('users.form.save') : t('users.form.createSave')} saveHeld={refusals.length > 0}>
      <TextInput
        ref={form.firstField}
        data-autofocus
        type="email"
        label={t('users.form.email')}
        description={record ? undefined : t('users.form.emailDescription')}
        required={!record}
        readOnly={record !== null}
        autoComplete="off"
        value={value.email}
        error={attempted || (value.email !== '' && emailError === t('users.form.emailTaken')) ? emailError : undefined}
        disabled={!draft.ready}
        onChange={(event) => set({ email: event.currentTarget.value })}
      />
      {!record && (
        <TextInput
          type="tel"
          inputMode="tel"
          label={t('users.form.telephone')}
          autoComplete="off"
          value={value.telephone}
          error={attempted ? problems.telephone : undefined}
          disabled={!draft.ready}
          onChange={(event) => set({ telephone: event.currentTarget.value })}
        />
      )}
      <GrantsFields grantable={grantable} value={value} disabled={!draft.ready} onChange={(grants) => set(grants)} />
      {refusals.length > 0 && (
        <Alert color="red" role="alert" title={t('users.form.refused')}>
          <List size="sm">
            {refusals.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </RecordForm>
  );
}

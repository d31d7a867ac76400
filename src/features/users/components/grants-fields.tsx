import { Checkbox, Fieldset, ScrollArea, Stack, Text } from '@mantine/core';
import { MEMBERSHIP_TYPES, PERMISSIONS, SCOPED_PERMISSIONS, type Grantable, type Membership, type MembershipType, type Permission } from '../../../domain';
import { formatList, t } from '../../../i18n';

/** A user's grants as the form edits them. */
export interface GrantsValue {
  permissions: Permission[];
  memberships: Membership[];
}

const emptyMembership = (membershipType: MembershipType): Membership => ({ membershipType, omnipresence: false, orgs: [], ous: [] });

export function membershipOf(value: GrantsValue, type: MembershipType): Membership {
  const ofType = value.memberships.filter((m) => m.membershipType === type);
  if (ofType.length === 0) return emptyMembership(type);
  return {
    membershipType: type,
    omnipresence: ofType.some((m) => m.omnipresence),
    orgs: [...new Set(ofType.flatMap((m) => m.orgs))],
    ous: [...new Set(ofType.flatMap((m) => m.ous))],
  };
}

function withMembership(value: GrantsValue, membership: Membership): GrantsValue {
  const memberships = MEMBERSHIP_TYPES.map((type) => (type === membership.membershipType ? membership : membershipOf(value, type))).filter(
    (m) => m.omnipresence || m.orgs.length > 0 || m.ous.length > 0,
  );
  return { ...value, memberships };
}

const toggled = (list: readonly string[], uuid: string, on: boolean) => (on ? [...new Set([...list, uuid])] : list.filter((item) => item !== uuid));

/** The units of an organization offered for one membership type, in tree order with their depth. */
function unitsInTreeOrder(units: Grantable['organizations'][number]['ous'], type: MembershipType): { uuid: string; name: string; depth: number }[] {
  const offered = units.filter((unit) => unit[type]);
  const ids = new Set(offered.map((unit) => unit.uuid));
  const byUuid = new Map(units.map((unit) => [unit.uuid, unit]));
  /** the nearest ancestor offered for this type, walking up through units offered for the other type only */
  const parentOf = (uuid: string): string | null => {
    let current = byUuid.get(uuid)?.parentUuid ?? null;
    while (current !== null && !ids.has(current)) current = byUuid.get(current)?.parentUuid ?? null;
    return current;
  };
  const children = new Map<string | null, typeof offered>();
  for (const unit of offered) {
    const parent = parentOf(unit.uuid);
    children.set(parent, [...(children.get(parent) ?? []), unit]);
  }
  const result: { uuid: string; name: string; depth: number }[] = [];
  const visit = (parent: string | null, depth: number) => {
    for (const unit of children.get(parent) ?? []) {
      result.push({ uuid: unit.uuid, name: unit.name, depth });
      visit(unit.uuid, depth + 1);
    }
  };
  visit(null, 0);
  return result;
}

/** How many of the value's places of this type the grantor does not manage (shown as kept, not editable). */
export function keptPlaces(value: GrantsValue, grantable: Grantable, type: MembershipType): number {
  const membership = membershipOf(value, type);
  if (grantable.all[type]) return 0;
  const orgs = new Set(grantable.organizations.filter((org) => org.whole[type]).map((org) => org.uuid));
  const ous = new Set(grantable.organizations.flatMap((org) => org.ous.filter((unit) => unit[type]).map((unit) => unit.uuid)));
  const omnipresence = membership.omnipresence && !grantable.omnipresence.includes(type) ? 1 : 0;
  return omnipresence + membership.orgs.filter((uuid) => !orgs.has(uuid)).length + membership.ous.filter((uuid) => !ous.has(uuid)).length;
}

/**
 * Whether the unit picker of a membership type is shown: with a permission it scopes (setup and user
 * management, transaction visibility), or while the user holds places of that type (they stay
 * visible, to be seen and taken away).
 */
export function showsPlaces(value: GrantsValue, type: MembershipType): boolean {
  if (SCOPED_PERMISSIONS[type].some((permission) => value.permissions.includes(permission))) return true;
  const membership = membershipOf(value, type);
  return membership.omnipresence || membership.orgs.length > 0 || membership.ous.length > 0;
}

interface GrantsFieldsProps {
  grantable: Grantable;
  value: GrantsValue;
  onChange(value: GrantsValue): void;
  disabled?: boolean;
}

/**
 * The grant choices of user creation (spec section 6): create organizations, per-unit permissions,
 * transaction visibility, user management and the two propagation rights, and the units they apply
 * to, picked from the organization tree. Each unit picker shows with a permission it scopes (or
 * places already held), and "everything" says in words what it grants. Only what the grantor may
 * give can be changed; what the user holds beyond it is kept and said so.
 */
export function GrantsFields({ grantable, value, onChange, disabled = false }: GrantsFieldsProps) {
  const givable = new Set(grantable.permissions);
  return (
    <Stack gap="md">
      <Checkbox.Group
        label={t('users.form.permissions')}
        description={t('users.form.permissionsDescription')}
        value={value.permissions}
        onChange={(next) => onChange({ ...value, permissions: PERMISSIONS.filter((permission) => next.includes(permission)) })}
      >
        <Stack gap={6} mt="xs">
          {PERMISSIONS.map((permission) => (
            <Checkbox key={permission} value={permission} label={t(`users.permission.${permission}`)} disabled={disabled || !givable.has(permission)} />
          ))}
        </Stack>
      </Checkbox.Group>
      {MEMBERSHIP_TYPES.map((type) => {
        if (!showsPlaces(value, type)) return null;
        const membership = membershipOf(value, type);
        const scoping = SCOPED_PERMISSIONS[type];
        const withoutPermission = !scoping.some((permission) => value.permissions.includes(permission));
        const set = (patch: Partial<Membership>) => onChange(withMembership(value, { ...membership, ...patch }));
        const organizations = grantable.organizations.filter((org) => org.whole[type] || org.ous.some((unit) => unit[type]));
        const kept = keptPlaces(value, grantable, type);
        return (
          <Fieldset key={type} legend={t(`users.form.places.${type}`)} variant="filled">
            <Stack gap={6}>
              <Text size="sm" c="dimmed">
                {t(`users.form.places.${type}.description`)}
              </Text>
              {grantable.omnipresence.includes(type) && (
                <Checkbox
                  label={t(`users.form.everything.${type}`)}
                  checked={membership.omnipresence}
                  disabled={disabled}
                  onChange={(event) => set({ omnipresence: event.currentTarget.checked })}
                />
              )}
              {organizations.length === 0 && !grantable.omnipresence.includes(type) && (
                <Text size="sm">{t('users.form.noPlaces')}</Text>
              )}
              <ScrollArea.Autosize mah={200} type="auto">
                <Stack gap={6} pr="sm">
                  {organizations.map((org) => (
                    // a group named by its organization: units of several organizations may share a name
                    <Stack key={org.uuid} gap={4} role="group" aria-label={org.name}>
                      {org.whole[type] ? (
                        <Checkbox
                          label={t('users.form.wholeOrganization', { name: org.name })}
                          checked={membership.orgs.includes(org.uuid)}
                          disabled={disabled}
                          onChange={(event) => set({ orgs: toggled(membership.orgs, org.uuid, event.currentTarget.checked) })}
                        />
                      ) : (
                        <Text size="sm" fw={600}>
                          {org.name}
                        </Text>
                      )}
                      {unitsInTreeOrder(org.ous, type).map((unit) => (
                        <Checkbox
                          key={unit.uuid}
                          ml={16 * (unit.depth + 1)}
                          label={unit.name}
                          checked={membership.ous.includes(unit.uuid)}
                          disabled={disabled}
                          onChange={(event) => set({ ous: toggled(membership.ous, unit.uuid, event.currentTarget.checked) })}
                        />
                      ))}
                    </Stack>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
              {withoutPermission && (
                <Text size="sm" c="dimmed">
                  {t('users.form.places.withoutPermission', { permissions: formatList(scoping.map((permission) => t(`users.permission.${permission}`))) })}
                </Text>
              )}
              {kept > 0 && (
                <Text size="sm" c="dimmed">
                  {t('users.form.kept', { count: kept })}
                </Text>
              )}
            </Stack>
          </Fieldset>
        );
      })}
    </Stack>
  );
}

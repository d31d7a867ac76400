import { Stack, Text, Tooltip } from '@mantine/core';
import { SCOPED_PERMISSIONS, type Grantable, type ManagedUser, type MembershipType, type Permission } from '../../../domain';
import { plural, t } from '../../../i18n';

/** Up to this many places are named in the cell; more are a count, named in full on hover and focus. */
export const PLACES_SHOWN = 3;

/** The names of the organizations and units the signed-in user may give (the only ones they may read here). */
export function placeNamesOf(grantable: Grantable | undefined): ReadonlyMap<string, string> {
  if (!grantable) return new Map();
  return new Map(grantable.organizations.flatMap((org) => [[org.uuid, t('users.places.whole', { name: org.name })] as const, ...org.ous.map((unit) => [unit.uuid, unit.name] as const)]));
}

const typeOf = (permission: Permission): MembershipType | null =>
  (Object.keys(SCOPED_PERMISSIONS) as MembershipType[]).find((type) => SCOPED_PERMISSIONS[type].includes(permission)) ?? null;

/** Where a user's permission applies: its membership's places by name, everything, or places the signed-in user does not manage. */
export function placesOf(user: Pick<ManagedUser, 'memberships'>, type: MembershipType, names: ReadonlyMap<string, string>): { everything: boolean; named: string[]; others: number } {
  const ofType = user.memberships.filter((membership) => membership.membershipType === type);
  const uuids = [...new Set(ofType.flatMap((membership) => [...membership.orgs, ...membership.ous]))];
  const named = uuids.flatMap((uuid) => names.get(uuid) ?? []);
  return { everything: ofType.some((membership) => membership.omnipresence), named, others: uuids.length - named.length };
}

/** The places of one permission: named when few, else a count whose full list shows on hover and on focus. */
function Places({ everything, named, others }: ReturnType<typeof placesOf>) {
  if (everything) return <>{t('users.places.everything')}</>;
  const elsewhere = others > 0 ? plural('users.places.others', others) : null;
  if (named.length === 0) return <>{elsewhere ?? t('users.places.none')}</>;
  const all = [named.join(', '), elsewhere].filter(Boolean).join(t('users.places.and'));
  if (named.length + others <= PLACES_SHOWN) return <>{all}</>;
  return (
    <Tooltip label={all} multiline maw={320} events={{ hover: true, focus: true, touch: true }}>
      <Text component="span" size="sm" tabIndex={0} td="underline" style={{ textDecorationStyle: 'dotted', cursor: 'help' }}>
        {plural('users.places.count', named.length + others)}
      </Text>
    </Tooltip>
  );
}

/**
 * A user's permissions in the users table, each with the units it covers ("Unit setup (per unit):
 * Rooftop Bar"); a permission of no place (create organizations) stands alone.
 */
export function PermissionsCell({ user, names }: { user: Pick<ManagedUser, 'permissions' | 'memberships'>; names: ReadonlyMap<string, string> }) {
  if (user.permissions.length === 0) return <>{t('users.noPermissions')}</>;
  return (
    <Stack gap={2}>
      {user.permissions.map((permission) => {
        const type = typeOf(permission);
        return (
          <Text key={permission} size="sm" component="div">
            {t(`users.permission.${permission}`)}
            {type !== null && (
              <>
                {': '}
                <Places {...placesOf(user, type, names)} />
              </>
            )}
          </Text>
        );
      })}
    </Stack>
  );
}

import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { allowedParents, ATTRIBUTE_LIMITS, maySitUnderOrganization, UNIT_TYPES, type UnitType } from '../../../domain';
import { useSession } from '../../../api';
import { t } from '../../../i18n';
import { ForbiddenRedirect, PageLoader, useFocusWhenReady, usePageTitle } from '../../../ui';
import { useUnitRows } from '../api/units';
import { useUnitSetupRights } from '../api/venue-api';
import { unitTypeLabel } from '../components/unit-tree';

/** The placement value that stands for the organization itself. */
const TOP = '';

/**
 * /organization/:uuid/ous/new: a new unit's type, name and placement. A venue and a revenue center
 * go on to their create screens (spec section 2) with the name and parent, a hotel to the hotel wizard.
 */
export function UnitNewPage() {
  const { uuid: org = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  usePageTitle(t('units.newTitle'));
  const { rows } = useUnitRows(org);
  const [type, setType] = useState<UnitType | null>(null);
  const [name, setName] = useState('');
  const [parent, setParent] = useState<string>(search.get('parentOuUuid') ?? TOP);
  const [attempted, setAttempted] = useState(false);
  const firstField = useFocusWhenReady<HTMLInputElement>(rows !== null);

  const live = useMemo(() => (rows ?? []).filter((row) => row.removal === null), [rows]);
  // what the user may not do is not offered: only places they may set up (all while not known yet)
  const rights = useUnitSetupRights(org, rows);
  const mayUse = (uuid: string | null) => rights?.(uuid) ?? true;
  const parents = useMemo(() => (type === null ? live : allowedParents(live, type)).filter((unit) => rights?.(unit.uuid) ?? true), [live, type, rights]);
  const parentOptions = [
    ...((type === null || maySitUnderOrganization(type)) && mayUse(null) ? [{ value: TOP, label: t('units.placement.top') }] : []),
    ...parents.map((unit) => ({ value: unit.uuid, label: `${unit.name} (${unitTypeLabel(unit.type)})` })),
  ];
  const parentValid = parentOptions.some((option) => option.value === parent);
  const nameError = name.trim() === '' ? t('units.nameRequired') : undefined;
  const errors = attempted ? { type: type === null ? t('units.typeRequired') : undefined, name: nameError, parent: parentValid ? undefined : t('units.placementRequired') } : {};

  function next() {
    setAttempted(true);
    if (type === null || nameError || !parentValid || !session) return;
    const query = new URLSearchParams({ name: name.trim(), ...(parent === TOP ? {} : { parentOuUuid: parent }) });
    if (type === 'VENUE') return void navigate(`/organization/${org}/ous/venue/create?${query.toString()}`);
    if (type === 'REVENUE_CENTER') return void navigate(`/organization/${org}/ous/revenueCenter/create?${query.toString()}`);
    void navigate(`/organization/${org}/ous/hotel/create?${query.toString()}`);
  }

  // a direct link from a user who may place a unit nowhere in this organization is the 403 page
  if (rights !== null && !mayUse(null) && !live.some((unit) => rights(unit.uuid))) return <ForbiddenRedirect reason={t('units.forbiddenSetup')} />;

  return (
    <Stack gap="lg" maw={600}>
      <Anchor component={Link} to={`/organization/${org}/ous`} size="sm">
        {t('units.backToList')}
      </Anchor>
      <Title order={1} fz="h2">
        {t('units.newTitle')}
      </Title>
      {rows === null ? (
        <PageLoader />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            next();
          }}
        >
          <Stack gap="md">
            <TextInput
              ref={firstField}
              label={t('units.form.name')}
              required
              value={name}
              maxLength={ATTRIBUTE_LIMITS.name}
              error={errors.name}
              onChange={(event) => setName(event.currentTarget.value.slice(0, ATTRIBUTE_LIMITS.name))}
            />
            <Select
              label={t('units.form.type')}
              placeholder={t('units.form.typePlaceholder')}
              required
              allowDeselect={false}
              data={UNIT_TYPES.map((value) => ({ value, label: unitTypeLabel(value) }))}
              value={type}
              error={errors.type}
              onChange={(value) => setType(value as UnitType | null)}
            />
            <Select
              label={t('units.form.placement')}
              description={t('units.form.placementDescription')}
              required
              allowDeselect={false}
              searchable
              data={parentOptions}
              value={parentValid ? parent : null}
              error={errors.parent}
              onChange={(value) => setParent(value ?? TOP)}
            />
            {type === 'REVENUE_CENTER' && parents.length === 0 && (
              <Alert color="yellow" role="status">
                {t('units.form.noVenueOrHotel')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={`/organization/${org}/ous`}>
                {t('pms.form.cancel')}
              </Button>
              <Button type="submit">{t('units.form.next')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

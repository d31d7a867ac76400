import { useMemo, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Anchor, Stack, Title } from '@mantine/core';
import { isForbiddenError, useSession } from '../../../api';
import { t } from '../../../i18n';
import { ForbiddenRedirect, OfflineNotice, ScreenStatus, uploadImage, usePageTitle } from '../../../ui';
import { useAccessControlOptions, usePmsConnectionOptions } from '../api/options';
import { units } from '../api/units';
import { effectiveOf, unitListRoute, useUnitScreenData, useUnitSetupRights } from '../api/venue-api';
import { UnitCreateForm } from './unit-create-form';
import { UnitEditForm } from './unit-edit-form';

type ScreenType = 'VENUE' | 'REVENUE_CENTER';


/** The frame of a venue or revenue center screen while it has no form: the way back, the heading, and what is shown instead. */
function ScreenFrame({ org, title, children }: { org: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={unitListRoute(org)} size="sm">
        {t('venue.backToUnits')}
      </Anchor>
      <Title order={1} fz="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const unitListPath = (org: string) => units.declaration.listPath?.(org) ?? units.path(org);

/**
 * /organization/:uuid/ous/venue/create and /ous/revenueCenter/create, with the query parameters
 * name and parentOuUuid: the create wizard of spec section 2 once the units are read.
 */
export function UnitCreateScreen({ type }: { type: ScreenType }) {
  const { uuid: org = '' } = useParams();
  const [search] = useSearchParams();
  const session = useSession();
  const data = useUnitScreenData(org);
  const title = t(type === 'VENUE' ? 'venue.create.title' : 'venue.create.revenueCenterTitle');
  usePageTitle(title);
  const nameParam = search.get('name');
  const parentParam = search.get('parentOuUuid') || null;
  const rights = useUnitSetupRights(org, data.rows);
  if (isForbiddenError(data.error)) return <ForbiddenRedirect reason={t('venue.forbidden')} />;

  return (
    <ScreenFrame org={org} title={title}>
      <OfflineNotice path={unitListPath(org)} />
      <ScreenStatus error={data.error} loading={!data.ready || data.rows === null || session === null}>
        {data.rows !== null && session !== null && (
          <UnitCreateForm
            key={`${type}/${parentParam ?? ''}/${nameParam ?? ''}`}
            org={org}
            userUuid={session.uuid}
            type={type}
            nameParam={nameParam}
            parentParam={parentParam}
            detail={data.detail}
            rows={data.rows}
            mayPlaceUnder={rights}
          />
        )}
      </ScreenStatus>
    </ScreenFrame>
  );
}

/** /organization/:uuid/ous/venue/:venueUuid (and a revenue center's): the edit screen of spec section 2. */
export function UnitEditScreen({ type, unitUuid }: { type: ScreenType; unitUuid: string }) {
  const { uuid: org = '' } = useParams();
  const session = useSession();
  const data = useUnitScreenData(org);
  const pms = usePmsConnectionOptions(org);
  const accessServices = useAccessControlOptions(org);
  const record = data.rows?.find((row) => row.uuid === unitUuid) ?? null;
  const hotels = useMemo(() => (data.rows ?? []).filter((row) => row.type === 'HOTEL').map(({ uuid, name }) => ({ uuid, name })), [data.rows]);
  const effective = useMemo(() => (record && data.rows ? effectiveOf(data.detail, data.rows, record) : undefined), [record, data.rows, data.detail]);
  const title = t(type === 'VENUE' ? 'venue.edit.title' : 'venue.edit.revenueCenterTitle');
  usePageTitle(record?.name || title);
  const rights = useUnitSetupRights(org, data.rows);
  if (isForbiddenError(data.error)) return <ForbiddenRedirect reason={t('venue.forbidden')} />;
  // a unit the user may see but not set up: its edit screen is not offered, and a direct link is the 403 page
  if (record !== null && rights !== null && !rights(record.uuid)) return <ForbiddenRedirect reason={t('units.forbiddenSetup')} />;

  if (data.error !== null || !data.ready || session === null || record === null || record.type !== type) {
    return (
      <ScreenFrame org={org} title={title}>
        <OfflineNotice path={unitListPath(org)} />
        <ScreenStatus error={data.error} loading={!data.ready || session === null} notFound={t(type === 'VENUE' ? 'venue.notFound' : 'venue.revenueCenterNotFound')} />
      </ScreenFrame>
    );
  }
  return (
    <Stack gap="lg">
      <OfflineNotice path={unitListPath(org)} />
      <UnitEditForm
        key={record.uuid}
        org={org}
        userUuid={session.uuid}
        record={record}
        type={type}
        effective={effective}
        hotels={hotels}
        pmsConnections={pms.data ?? []}
        accessControlServices={accessServices.data ?? []}
        onUploadImage={(file) => uploadImage(org, file)}
      />
    </Stack>
  );
}

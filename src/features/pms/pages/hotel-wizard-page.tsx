import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Anchor, Stack, Title } from '@mantine/core';
import { cutHotelName, inheritedUnder, UNIT_KIND } from '../../../domain';
import { describeError, invalidateAfterWrite, isForbiddenError, useSession } from '../../../api';
import { useOrganizationDetail } from '../../../api/units';
import { t } from '../../../i18n';
import { ForbiddenRedirect, HistoryPanel, OfflineNotice, PageLoader, ScreenStatus, usePageTitle } from '../../../ui';
import { accessControls, hotelScopeOf, rateCodes } from '../api/hotel-resources';
import { newHotelForm, useHotelWizardData } from '../api/hotel-wizard-data';
import { effectiveUnitsPath } from '../../../api/read-paths';
import { HotelWizard } from '../components/hotel-wizard';


function Frame({ org, title, children }: { org: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/organization/${org}/ous`} size="sm">
        {t('hotelWizard.toUnits')}
      </Anchor>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <OfflineNotice path={effectiveUnitsPath(org)} />
      {children}
    </Stack>
  );
}

/**
 * /organization/:uuid/ous/hotel/create?name&parentOuUuid: the hotel wizard in create mode. The
 * hotel's uuid is made here and kept with the draft, so a hotel saved offline, its packages, rate
 * codes and services included, is one queued save.
 */
export function HotelCreatePage() {
  const { uuid: org = '' } = useParams();
  const [search] = useSearchParams();
  const session = useSession();
  const title = t('hotelWizard.createTitle');
  usePageTitle(title);
  const data = useHotelWizardData(org, null);
  // what the hotel inherits at the top of the tree (its regional stage shows it)
  const organization = useOrganizationDetail(org);
  const name = cutHotelName(search.get('name') ?? '');
  const parentParam = search.get('parentOuUuid') || null;
  const [hotelUuid] = useState(() => crypto.randomUUID());
  const initialForm = useMemo(() => newHotelForm(name, parentParam), [name, parentParam]);
  const inherited = useMemo(() => inheritedUnder(organization.data, data.units ?? [], parentParam), [organization.data, data.units, parentParam]);
  const organizationRead = organization.isSuccess || organization.isError;
  if (isForbiddenError(data.error)) return <ForbiddenRedirect reason={t('hotelWizard.forbidden')} />;

  const parent = parentParam === null ? null : (data.units?.find((unit) => unit.uuid === parentParam) ?? null);
  return (
    <Frame org={org} title={title}>
      <ScreenStatus error={data.error} loading={!data.ready || !organizationRead || session === null}>
        {session !== null && (
          <HotelWizard
            key={`${parentParam ?? ''}/${name}`}
            org={org}
            userUuid={session.uuid}
            mode="create"
            hotelUuid={hotelUuid}
            version={null}
            initialForm={initialForm}
            ownAttributes={{}}
            parentName={parent?.name ?? null}
            connections={data.connections}
            otherHotels={data.otherHotels}
            draftKey={`new-hotel-${parentParam ?? 'top'}-${name}`}
            inherited={inherited}
            onImported={() => undefined}
          />
        )}
      </ScreenStatus>
    </Frame>
  );
}

/**
 * /organization/:uuid/ous/hotel/:hotelUuid: the hotel wizard in edit mode. Its heading, links and
 * history show as soon as the hotel is known (the organization's units, usually cached); its steps
 * as soon as its own settings are (its PMS connections and hotel definition). The hotel's lists
 * (packages, rate codes, services: 100,000 items on a big hotel) follow as they arrive: until then
 * the access area says it is loading them, and Save waits for them.
 */
export function HotelEditPage() {
  const { uuid: org = '', hotelUuid = '' } = useParams();
  const session = useSession();
  const queryClient = useQueryClient();
  const data = useHotelWizardData(org, hotelUuid);
  const record = data.record !== null && data.record.type === 'HOTEL' ? data.record : null;
  usePageTitle(record ? t('hotelWizard.editTitle', { name: record.name }) : t('hotelWizard.setupTitle'));
  if (isForbiddenError(data.error)) return <ForbiddenRedirect reason={t('hotelWizard.forbidden')} />;

  if (record === null) {
    // the units not read yet, or no such hotel in them
    return (
      <Frame org={org} title={t('hotelWizard.setupTitle')}>
        <ScreenStatus error={data.error} loading={data.units === null} notFound={t('hotelWizard.notFound')} />
      </Frame>
    );
  }
  const parent = record.parentUuid === null ? null : (data.units?.find((unit) => unit.uuid === record.parentUuid) ?? null);
  const scope = hotelScopeOf(org, hotelUuid);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/organization/${org}/ous/${hotelUuid}`} size="sm">
        {t('hotelWizard.toUnits')}
      </Anchor>
      <Title order={1} fz="h2">
        {t('hotelWizard.editTitle', { name: record.name })}
      </Title>
      <OfflineNotice path={effectiveUnitsPath(org)} />
      {/* the hotel's own settings' history; its packages, rate codes and imports are in the activity of the hotel */}
      <Stack gap={4}>
        <HistoryPanel orgUuid={org} kind={UNIT_KIND} recordUuid={hotelUuid} />
        <Anchor component={Link} to={`/organization/${org}/activity?unit=${hotelUuid}`} size="sm">
          {t('history.allOfUnit', { name: record.name })}
        </Anchor>
      </Stack>
      {data.error !== null ? (
        <ScreenStatus error={data.error} loading={false} />
      ) : session === null || data.form === null ? (
        <PageLoader label={t('hotelWizard.loadingSettings')} />
      ) : (
        <HotelWizard
          // one wizard per hotel: a save that raises the hotel's version is followed in place (the
          // open step, and a dialog opened meanwhile with what is typed in it, stay as they are)
          key={hotelUuid}
          org={org}
          userUuid={session.uuid}
          mode="edit"
          hotelUuid={hotelUuid}
          version={record.version}
          initialForm={data.form}
          ownAttributes={record.attributes}
          parentName={parent?.name ?? null}
          connections={data.connections}
          otherHotels={data.otherHotels}
          draftKey={hotelUuid}
          listsPending={!data.listsRead}
          loadErrors={{ rateCodes: data.codesError ? describeError(data.codesError) : null, accessServices: data.servicesError ? describeError(data.servicesError) : null }}
          onImported={() => {
            void invalidateAfterWrite(queryClient, { queryKey: rateCodes.keys.list(session.uuid, scope) });
            void invalidateAfterWrite(queryClient, { queryKey: accessControls.keys.list(session.uuid, scope) });
          }}
        />
      )}
    </Stack>
  );
}

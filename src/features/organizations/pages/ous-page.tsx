import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { buildUnitTree, type Unit } from '../../../domain';
import { describeError, isForbiddenError, useSession } from '../../../api';
import { t } from '../../../i18n';
import { ForbiddenRedirect, OfflineNotice, PageLoader, uploadImage, usePageTitle } from '../../../ui';
import { useAccessControlOptions, usePmsConnectionOptions } from '../api/options';
import { prefetchRead, type RoutePrefetch } from '../../../api/prefetch';
import { organizationDetailQuery, units, useOrganizationDetail, useUnitRows } from '../api/units';
import { useUnitSetupRights } from '../api/venue-api';
import { UnitClone } from '../components/unit-clone';
import { UnitEditor } from '../components/unit-editor';
import { UnitTree } from '../components/unit-tree';

/** Where a unit's own screen is (spec section 2): the venue and revenue-center screens, and the hotel wizard (a hotel's settings are also edited here). */
function editPathOf(org: string, unit: Unit): string {
  if (unit.type === 'VENUE') return `/organization/${org}/ous/venue/${unit.uuid}`;
  if (unit.type === 'REVENUE_CENTER') return `/organization/${org}/ous/revenueCenter/${unit.uuid}`;
  return `/organization/${org}/ous/hotel/${unit.uuid}`;
}

/** What the unit tree reads first, asked for by its route: the organization (what a unit inherits at the top) and its units. */
export const prefetchOus: RoutePrefetch = (queryClient, userUuid, { uuid: org = '' }) => {
  if (org === '') return;
  prefetchRead(queryClient, organizationDetailQuery(userUuid, org));
  units.prefetchList(queryClient, userUuid, org);
};

/**
 * /organization/:uuid/ous and /organization/:uuid/ous/:ouUuid: the unit tree (expand, collapse,
 * search, type shown, units still waiting to sync marked) beside the selected unit's settings.
 */
export function OusPage() {
  const { uuid: org = '', ouUuid } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const organization = useOrganizationDetail(org);
  const { query, rows } = useUnitRows(org);
  const pms = usePmsConnectionOptions(org);
  const accessServices = useAccessControlOptions(org);
  const name = organization.data?.name;
  usePageTitle(name ? t('units.pageTitle', { organization: name }) : t('organization.section.ous'));

  const tree = useMemo(() => buildUnitTree((rows ?? []).filter((row) => row.removal === null)), [rows]);
  const pending = useMemo(() => new Set((rows ?? []).filter((row) => row.pending).map((row) => row.uuid)), [rows]);
  const hotels = useMemo(() => (rows ?? []).filter((row) => row.type === 'HOTEL').map(({ uuid, name: hotelName }) => ({ uuid, name: hotelName })), [rows]);
  const selected = rows?.find((row) => row.uuid === ouUuid) ?? null;
  const error = query.error ?? organization.error;
  const setupRights = useUnitSetupRights(org, rows);
  // Add unit is offered to who may place a unit somewhere in this organization
  const mayAdd = setupRights !== null && (setupRights(null) || (rows ?? []).some((row) => setupRights(row.uuid)));
  if (isForbiddenError(error)) return <ForbiddenRedirect reason={t('organization.notInList')} />;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/organization/${org}`} size="sm">
        {t('units.backToOrganization')}
      </Anchor>
      <OfflineNotice path={units.declaration.listPath?.(org) ?? units.path(org)} />
      <Group justify="space-between" align="center">
        <Title order={1} fz="h2">
          {name ? t('units.heading', { organization: name }) : t('organization.section.ous')}
        </Title>
        {mayAdd && (
          <Button component={Link} to={`/organization/${org}/ous/new${ouUuid ? `?parentOuUuid=${ouUuid}` : ''}`}>
            {t('units.add')}
          </Button>
        )}
      </Group>
      {query.isPending && <PageLoader />}
      {error && (
        <Alert color="red" role="alert">
          {describeError(error)}
        </Alert>
      )}
      {rows && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md">
              <UnitTree nodes={tree} selectedUuid={ouUuid ?? null} pendingUuids={pending} label={t('units.treeLabel')} onSelect={(uuid) => void navigate(`/organization/${org}/ous/${uuid}`)} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            {selected && session ? (
              <Stack gap="sm">
                <Group gap="md" justify="space-between">
                  {(selected.type !== 'HOTEL' || setupRights === null || setupRights(selected.uuid)) && (
                    <Anchor component={Link} to={editPathOf(org, selected)} size="sm">
                      {selected.type === 'HOTEL' ? t('hotelWizard.open') : t('units.openScreen', { name: selected.name })}
                    </Anchor>
                  )}
                  {/* a clone sits beside the unit: offered to who may create a unit there, once the unit has reached the gateway */}
                  <UnitClone key={selected.uuid} org={org} userUuid={session.uuid} unit={selected} allowed={!selected.pending && setupRights !== null && setupRights(selected.parentUuid)} />
                </Group>
                {(setupRights === null || setupRights(selected.uuid)) && (
                  <Group gap="md">
                    <Anchor component={Link} to={`/organization/${org}/ous/${selected.uuid}/order-items`} size="sm">
                      {t('menu.openMenu', { name: selected.name })}
                    </Anchor>
                    <Anchor component={Link} to={`/organization/${org}/ous/${selected.uuid}/discounts`} size="sm">
                      {t('menu.openDiscounts', { name: selected.name })}
                    </Anchor>
                  </Group>
                )}
                <UnitEditor
                  key={`${selected.uuid}:${selected.version}`}
                  org={org}
                  userUuid={session.uuid}
                  unit={selected}
                  hotels={hotels}
                  pmsConnections={pms.data ?? []}
                  accessControlServices={accessServices.data ?? []}
                  onUploadImage={(file) => uploadImage(org, file)}
                  readOnly={setupRights !== null && !setupRights(selected.uuid)}
                />
              </Stack>
            ) : (
              <Text c="dimmed">{ouUuid ? t('units.notFound') : t('units.selectOne')}</Text>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

import { useDeferredValue, useMemo } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { t, type MessageKey } from '../../../i18n';
import { canCreateOrganization, canSetupOrganization, canViewTransactions, type UnitTreeNode } from '../../../domain';
import { isForbiddenError, useSession } from '../../../api';
import { useProfile } from '../../../api/profile';
import { ForbiddenRedirect, OfflineNotice, PageLoader, uploadImage, usePageTitle } from '../../../ui';
import { usePmsConnectionOptions } from '../api/options';
import { prefetchRead, type RoutePrefetch } from '../../../api/prefetch';
import { organizationDetailQuery, useOrganizationDetail } from '../api/units';
import { OrganizationSettings } from '../components/organization-settings';
import { ORGANIZATIONS_PATH, organizationsQueryOptions, useOrganizations } from '../api/get-organizations';
import { OrganizationsError } from '../components/organizations-error';

/** What the organization's page reads first, asked for by its route: the organizations (its name, heading) and the organization itself. */
export const prefetchOrganization: RoutePrefetch = (queryClient, userUuid, { uuid = '' }) => {
  prefetchRead(queryClient, organizationsQueryOptions(userUuid));
  if (uuid !== '') prefetchRead(queryClient, organizationDetailQuery(userUuid, uuid));
};

interface Section {
  /** the route under /organization/{uuid}/ (spec section 2) */
  path: string;
  title: MessageKey;
  about: MessageKey;
  /** only organization setup may use it (the gateway refuses the others): not offered to them */
  organizationSetup?: true;
  /** only who may view the organization's transactions (spec section 6): not offered to the others */
  transactions?: true;
}

/**
 * The organization's configuration sections, in the spec's words (section 2 routes): every one is
 * built, and each is a link (the router's /organization/:uuid/{path}).
 */
export const SECTIONS: readonly Section[] = [
  { path: 'pms', title: 'organization.section.pms', about: 'organization.section.pms.about', organizationSetup: true },
  { path: 'ous', title: 'organization.section.ous', about: 'organization.section.ous.about' },
  { path: 'contract', title: 'organization.section.contract', about: 'organization.section.contract.about', organizationSetup: true },
  { path: 'devices', title: 'organization.section.devices', about: 'organization.section.devices.about' },
  { path: 'packages', title: 'organization.section.packages', about: 'organization.section.packages.about' },
  { path: 'pos', title: 'organization.section.pos', about: 'organization.section.pos.about' },
  { path: 'transactions', title: 'organization.section.transactions', about: 'organization.section.transactions.about', transactions: true },
  { path: 'access-log', title: 'organization.section.accessLog', about: 'organization.section.accessLog.about', transactions: true },
  { path: 'activity', title: 'activity.link', about: 'organization.section.activity.about', organizationSetup: true },
];

/**
 * /organization/new and /organization (no uuid): a new organization's configuration, for users who
 * may create organizations (others get the 403 page). Saving stores it and opens it.
 */
export function NewOrganizationPage() {
  const session = useSession();
  const profile = useProfile();
  usePageTitle(t('organizationSettings.newTitle'));
  if (profile.isPending) return <PageLoader />;
  if (profile.data && !canCreateOrganization(profile.data)) return <Navigate to="/403" replace />;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/organizations" size="sm">
        {t('organization.backToList')}
      </Anchor>
      <Title order={1} fz="h2">
        {t('organizationSettings.newTitle')}
      </Title>
      {session && <OrganizationSettings userUuid={session.uuid} organization={null} hotels={[]} pmsConnections={[]} />}
    </Stack>
  );
}

/**
 * /organization/:uuid: the organization, its sections (links to those the user may open), and its
 * configuration in collapsible sections built from the attribute registry, for users who may set it up.
 */
export function OrganizationPage() {
  const { uuid = '' } = useParams();
  const session = useSession();
  const organizations = useOrganizations();
  const detail = useOrganizationDetail(uuid);
  const pms = usePmsConnectionOptions(uuid);
  const organization = organizations.data?.find((candidate) => candidate.uuid === uuid);
  usePageTitle(organization?.name ?? t('organization.title'));
  const profile = useProfile();
  const organizationSetup = profile.data !== undefined && canSetupOrganization(profile.data, uuid);
  const tree = detail.data?.ous;
  const viewTransactions = useMemo(() => {
    if (!profile.data || !tree) return false;
    const ous: { uuid: string; parentUuid: string | null }[] = [];
    const walk = (nodes: readonly UnitTreeNode[]) => nodes.forEach((node) => (ous.push(node), walk(node.children)));
    walk(tree);
    const org = { uuid, ous };
    return canViewTransactions(profile.data, org, [org]);
  }, [profile.data, tree, uuid]);
  const sections = SECTIONS.filter((section) => (!section.organizationSetup || organizationSetup) && (!section.transactions || viewTransactions));
  const hotels = useMemo(() => {
    const found: { uuid: string; name: string }[] = [];
    const walk = (nodes: readonly UnitTreeNode[]) => {
      for (const node of nodes) {
        if (node.type === 'HOTEL') found.push({ uuid: node.uuid, name: node.name });
        walk(node.children);
      }
    };
    walk(tree ?? []);
    return found;
  }, [tree]);
  // the settings are for who may set the organization up: the PMS list answers 403 to the others
  const maySetUp = pms.isSuccess;
  // the settings form, the page's largest part, renders after the rest and in slices, not in the
  // task that shows the organization's answer (ADR 0022)
  const settings = useDeferredValue(maySetUp ? (detail.data ?? null) : null, null);
  const detailForbidden = isForbiddenError(detail.error);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/organizations" size="sm">
        {t('organization.backToList')}
      </Anchor>
      <OfflineNotice path={ORGANIZATIONS_PATH} />
      {organizations.isPending && <PageLoader />}
      {organizations.isError && (
        <>
          <Title order={1} fz="h2">
            {t('organization.title')}
          </Title>
          <OrganizationsError error={organizations.error} />
        </>
      )}
      {/* an organization the user may not see: a direct link to it is the 403 page */}
      {organizations.isSuccess && !organization && (organizations.isFetching ? <PageLoader /> : <ForbiddenRedirect reason={t('organization.notInList')} />)}
      {organization && (
        <>
          <Group gap="md" align="center">
            <Title order={1} fz="h2">
              {organization.name}
            </Title>
            <Badge variant="light" color={organization.status === 'ACTIVE' ? 'green' : 'gray'}>
              {t(`organizations.status.${organization.status}`)}
            </Badge>
          </Group>
          <Title order={2} fz="h4">
            {t('organization.sectionsTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {sections.map((section) => (
              <Paper component="li" key={section.path} withBorder p="md" radius="md">
                <Stack gap={4}>
                  <Anchor component={Link} to={`/organization/${organization.uuid}/${section.path}`} fw={600}>
                    {t(section.title)}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {t(section.about)}
                  </Text>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
          {settings && session && (
            <>
              <Title order={2} fz="h4">
                {t('organizationSettings.title')}
              </Title>
              <OrganizationSettings
                key={`${settings.uuid}:${settings.version}`}
                userUuid={session.uuid}
                organization={settings}
                hotels={hotels}
                pmsConnections={pms.data ?? []}
                onUploadImage={(file) => uploadImage(uuid, file)}
              />
            </>
          )}
          {detailForbidden && (
            <Alert color="red" role="alert">
              {t('organization.notInList')}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}

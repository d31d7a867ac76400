import { Link } from 'react-router-dom';
import { Button, Group, Stack, Title } from '@mantine/core';
import { canCreateOrganization } from '../../../domain';
import { useProfile } from '../../../api/profile';
import { t } from '../../../i18n';
import { OfflineNotice, PageLoader, usePageTitle } from '../../../ui';
import { prefetchRead, type RoutePrefetch } from '../../../api/prefetch';
import { ORGANIZATIONS_PATH, organizationsQueryOptions, useOrganizations } from '../api/get-organizations';
import { OrganizationsError } from '../components/organizations-error';
import { OrganizationsTable } from '../components/organizations-table';

/** What the list reads first, asked for by its route (the profile is asked for as the app starts). */
export const prefetchOrganizations: RoutePrefetch = (queryClient, userUuid) => prefetchRead(queryClient, organizationsQueryOptions(userUuid));

/** /organizations: the organizations this user may see, as the gateway filtered them. */
export function OrganizationsPage() {
  usePageTitle(t('organizations.title'));
  const organizations = useOrganizations();
  const profile = useProfile();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} fz="h2">
          {t('organizations.title')}
        </Title>
        {profile.data && canCreateOrganization(profile.data) && (
          <Button component={Link} to="/organization/new">
            {t('organizationSettings.newTitle')}
          </Button>
        )}
      </Group>
      <OfflineNotice path={ORGANIZATIONS_PATH} />
      {organizations.isPending && <PageLoader label={t('organizations.loading')} />}
      {organizations.isError && <OrganizationsError error={organizations.error} />}
      {organizations.isSuccess && <OrganizationsTable organizations={organizations.data} />}
    </Stack>
  );
}

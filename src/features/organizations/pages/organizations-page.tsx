import { Stack, Title } from '@mantine/core';
import { t } from '../../../i18n';
import { OfflineNotice, PageLoader, usePageTitle } from '../../../ui';
import { ORGANIZATIONS_PATH, useOrganizations } from '../api/get-organizations';
import { OrganizationsError } from '../components/organizations-error';
import { OrganizationsTable } from '../components/organizations-table';

/** /organizations: the organizations this user may see, as the gateway filtered them. */
export function OrganizationsPage() {
  usePageTitle(t('organizations.title'));
  const organizations = useOrganizations();

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('organizations.title')}
      </Title>
      <OfflineNotice path={ORGANIZATIONS_PATH} />
      {organizations.isPending && <PageLoader label={t('organizations.loading')} />}
      {organizations.isError && <OrganizationsError error={organizations.error} />}
      {organizations.isSuccess && <OrganizationsTable organizations={organizations.data} />}
    </Stack>
  );
}

import { Link, useParams } from 'react-router-dom';
import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { t } from '../../../i18n';
import { PageLoader, usePageTitle } from '../../../ui';
import { useOrganizations } from '../api/get-organizations';
import { OrganizationsError } from '../components/organizations-error';

/**
 * /organization/:uuid. For now only the organization's name (from the list query) and a note:
 * its configuration sections arrive with the organizations area.
 */
export function OrganizationPage() {
  const { uuid } = useParams();
  const organizations = useOrganizations();
  const organization = organizations.data?.find((candidate) => candidate.uuid === uuid);
  usePageTitle(organization?.name ?? t('organization.title'));

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/organizations" size="sm">
        {t('organization.backToList')}
      </Anchor>
      {organizations.isPending && <PageLoader />}
      {organizations.isError && <OrganizationsError error={organizations.error} />}
      {organizations.isSuccess && !organization && (
        <Alert color="yellow" role="alert">
          {t('organization.notInList')}
        </Alert>
      )}
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
          <Text c="dimmed">{t('organization.configurationNote')}</Text>
          <Anchor component={Link} to={`/organization/${organization.uuid}/pms`}>
            {t('pms.title')}
          </Anchor>
        </>
      )}
    </Stack>
  );
}

import { Link, useParams } from 'react-router-dom';
import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { t, type MessageKey } from '../../../i18n';
import { OfflineNotice, PageLoader, usePageTitle } from '../../../ui';
import { ORGANIZATIONS_PATH, useOrganizations } from '../api/get-organizations';
import { OrganizationsError } from '../components/organizations-error';

interface Section {
  /** the route under /organization/{uuid}/ (spec section 2) */
  path: string;
  title: MessageKey;
  about: MessageKey;
  /** built in this version: a link; otherwise named, with what it will hold */
  available: boolean;
}

/** The organization's configuration sections, in the spec's words (section 2 routes). */
const SECTIONS: readonly Section[] = [
  { path: 'pms', title: 'organization.section.pms', about: 'organization.section.pms.about', available: true },
  { path: 'ous', title: 'organization.section.ous', about: 'organization.section.ous.about', available: false },
  { path: 'contract', title: 'organization.section.contract', about: 'organization.section.contract.about', available: false },
  { path: 'devices', title: 'organization.section.devices', about: 'organization.section.devices.about', available: false },
  { path: 'packages', title: 'organization.section.packages', about: 'organization.section.packages.about', available: false },
  { path: 'pos', title: 'organization.section.pos', about: 'organization.section.pos.about', available: false },
  { path: 'transactions', title: 'organization.section.transactions', about: 'organization.section.transactions.about', available: false },
];

/**
 * /organization/:uuid: the organization (from the list the gateway lets this user see) and its
 * configuration sections: the built ones as links, the others named with what they will hold.
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
      {organizations.isSuccess && !organization && (
        <>
          <Title order={1} fz="h2">
            {t('organization.title')}
          </Title>
          <Alert color="red" role="alert">
            {t('organization.notInList')}
          </Alert>
        </>
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
          <Title order={2} fz="h4">
            {t('organization.sectionsTitle')}
          </Title>
          <SimpleGrid cols={2} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {SECTIONS.map((section) => (
              <Paper component="li" key={section.path} withBorder p="md" radius="md">
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap">
                    {section.available ? (
                      <Anchor component={Link} to={`/organization/${organization.uuid}/${section.path}`} fw={600}>
                        {t(section.title)}
                      </Anchor>
                    ) : (
                      <Text fw={600}>{t(section.title)}</Text>
                    )}
                    {!section.available && (
                      <Badge variant="light" color="gray">
                        {t('organization.notYet')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t(section.about)}
                  </Text>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

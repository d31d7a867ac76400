import { Link } from 'react-router-dom';
import { Anchor, Badge } from '@mantine/core';
import type { Organization } from '../../../domain';
import { t } from '../../../i18n';
import { DataTable, type DataTableColumn } from '../../../ui';

const columns: DataTableColumn<Organization>[] = [
  {
    key: 'name',
    header: t('organizations.name'),
    sort: (organization) => organization.name,
    cell: (organization) => (
      <Anchor component={Link} to={`/organization/${organization.uuid}`} fw={500}>
        {organization.name}
      </Anchor>
    ),
  },
  {
    key: 'status',
    header: t('organizations.status'),
    sort: (organization) => t(`organizations.status.${organization.status}`),
    cell: (organization) => (
      <Badge variant="light" color={organization.status === 'ACTIVE' ? 'green' : 'gray'}>
        {t(`organizations.status.${organization.status}`)}
      </Badge>
    ),
  },
];

/** Searchable, paginated list of organizations; each name links to its configuration page. */
export function OrganizationsTable({ organizations }: { organizations: readonly Organization[] }) {
  return (
    <DataTable
      rows={organizations}
      columns={columns}
      rowKey={(organization) => organization.uuid}
      searchText={(organization) => `${organization.name} ${organization.legalCompanyName}`}
      searchPlaceholder={t('organizations.search')}
      emptyText={t('organizations.empty')}
      label={t('organizations.title')}
    />
  );
}

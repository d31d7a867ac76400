import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { t } from '../../i18n';
import { OfflineNotice } from '../offline-notice';

/**
 * The top of a search page of an organization (Transactions, Access log): the way back, the title
 * with its intro and action, and 'Offline — showing data from <time>' while the result shown at
 * `offlinePath` came from the read cache.
 */
export function SearchPageHeader({ org, title, intro, action, offlinePath }: { org: string; title: string; intro: string; action?: ReactNode; offlinePath: string | null }) {
  return (
    <>
      <Anchor component={Link} to={`/organization/${org}`} size="sm">
        {t('filters.backToOrganization')}
      </Anchor>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        </Stack>
        {action}
      </Group>
      {offlinePath !== null && <OfflineNotice path={offlinePath} />}
    </>
  );
}

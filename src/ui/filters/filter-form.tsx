import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Paper, SimpleGrid } from '@mantine/core';
import { t } from '../../i18n';

/**
 * The filters of a search: its fields in a grid, then Search. Enter in a field searches too (a
 * form's submit). `onSearch` reads the fields; nothing is read before it is called.
 */
export function FilterForm({ onSearch, range, children, actions }: { onSearch: () => void; range: ReactNode; children: ReactNode; actions?: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate role="search">
      {range}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" mt="md">
        {children}
      </SimpleGrid>
      <Group justify="flex-end" mt="md" gap="sm">
        {actions}
        <Button type="submit">{t('filters.search')}</Button>
      </Group>
    </Paper>
  );
}

import { useMemo } from 'react';
import { List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { t } from '../../../i18n';
import type { OrderItemRow } from '../api/order-items';
import { compareText } from '../../../domain/text-order';

/** "SLU": the items grouped by their SLU (screen look-up group), items without one last; an item's SLU is set in its form. */
export function SluSection({ items }: { items: readonly OrderItemRow[] }) {
  const groups = useMemo(() => {
    const bySlu = new Map<string, string[]>();
    for (const item of items) {
      if (item.removal !== null) continue;
      bySlu.set(item.slu, [...(bySlu.get(item.slu) ?? []), item.name]);
    }
    return [...bySlu.entries()].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : compareText(a, b)));
  }, [items]);
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {t('slu.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('slu.intro')}
      </Text>
      {groups.length === 0 && <Text>{t('slu.empty')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {groups.map(([slu, names]) => (
          <Paper key={slu} withBorder p="sm" radius="md" component="section" aria-label={slu || t('slu.none')}>
            <Title order={3} fz="h5">
              {slu || t('slu.none')} <Text span c="dimmed" size="sm">({t('slu.count', { count: names.length })})</Text>
            </Title>
            <List size="sm" mt="xs">
              {names.map((name, index) => (
                <List.Item key={`${name}-${index}`}>{name}</List.Item>
              ))}
            </List>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

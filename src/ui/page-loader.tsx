import { Center, Loader, Text, Stack } from '@mantine/core';
import { t } from '../i18n';

/** A centered loader with words, for a screen or a section still waiting for its data. */
export function PageLoader({ label = t('app.loading') }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite" data-testid="page-loader">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

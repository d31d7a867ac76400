import { useRouteError } from 'react-router-dom';
import { Button, Center, Stack, Text } from '@mantine/core';
import { t } from '../i18n';

/** Shown when a screen throws or its code cannot be loaded (often: a new version was deployed). */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Center mih="70vh">
      <Stack align="center" gap="md">
        <Text fz="lg">{t('app.crashed')}</Text>
        <Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>
      </Stack>
    </Center>
  );
}

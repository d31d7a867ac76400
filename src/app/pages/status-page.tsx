import { Link } from 'react-router-dom';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { t } from '../../i18n';
import { usePageTitle } from '../../ui';

/** A full-page message with a way back to the main page (not found, forbidden). */
export function StatusPage({ title, message }: { title: string; message: string }) {
  usePageTitle(title);
  return (
    <Center component="main" id="main" tabIndex={-1} mih="70vh">
      <Stack align="center" gap="lg">
        <Text fw={700} fz={28} c="lobbyPurple.7">
          {t('app.name')}
        </Text>
        <Title order={1} fz="h2" ta="center">
          {message}
        </Title>
        <Button component={Link} to="/organizations">
          {t('errors.goToMainPage')}
        </Button>
      </Stack>
    </Center>
  );
}

/** Any unknown path. */
export function NotFoundPage() {
  return <StatusPage title={t('errors.notFoundTitle')} message={t('errors.notFound')} />;
}

/** /403 */
export function ForbiddenPage() {
  return <StatusPage title={t('errors.forbiddenTitle')} message={t('errors.forbidden')} />;
}

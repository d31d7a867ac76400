import { Link, useLocation } from 'react-router-dom';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../api';
import { t } from '../../i18n';
import { forbiddenReasonOf, usePageTitle } from '../../ui';

/**
 * A full-page message with a way back to the main page (not found, forbidden). `framed`: shown in
 * the signed-in frame, whose main region it is in (not a main region of its own).
 */
export function StatusPage({ title, message, detail, framed = false }: { title: string; message: string; detail?: string | null; framed?: boolean }) {
  usePageTitle(title);
  const region = framed ? {} : ({ component: 'main', id: 'main', tabIndex: -1 } as const);
  return (
    <Center {...region} mih={framed ? '50vh' : '70vh'} px="md">
      <Stack align="center" gap="lg">
        <Text fw={700} fz={28} c="lobbyPurple.7">
          {t('app.name')}
        </Text>
        <Title order={1} fz="h2" ta="center">
          {message}
        </Title>
        {detail && (
          <Text c="dimmed" ta="center">
            {detail}
          </Text>
        )}
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

/** /403, saying why when the screen that sent the user here told it (the catalogue's words). */
export function ForbiddenPage() {
  const { state } = useLocation();
  // a signed-in user sees it in the signed-in frame (router: ForbiddenLayout)
  const session = useSession();
  const framed = session !== null && Boolean(session.uuid);
  return <StatusPage title={t('errors.forbiddenTitle')} message={t('errors.forbidden')} detail={forbiddenReasonOf(state)} framed={framed} />;
}

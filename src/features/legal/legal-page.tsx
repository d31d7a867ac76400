import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Anchor, Container, Group, Stack, Title, UnstyledButton } from '@mantine/core';
import { CONTENT_WIDTH } from '../../domain';
import { t } from '../../i18n';
import { usePageTitle } from '../../ui';

/** Whether this tab came to the policy from another screen of the app (react-router keeps the index). */
function cameFromApp(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** Frame of a policy page: product name back to the start, a way back to where the reader was, the title, the text. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  const navigate = useNavigate();
  return (
    <Container component="main" id="main" tabIndex={-1} size={CONTENT_WIDTH} py="xl">
      <Stack gap="md" maw={720}>
        <Group justify="space-between">
          <Anchor component={Link} to="/" fw={700} fz="xl" underline="never">
            {t('app.name')}
          </Anchor>
          <UnstyledButton c="lobbyPurple.8" td="underline" onClick={() => (cameFromApp() ? navigate(-1) : navigate('/'))}>
            {t('layout.back')}
          </UnstyledButton>
        </Group>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

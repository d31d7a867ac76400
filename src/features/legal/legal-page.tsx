import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Container, Stack, Title } from '@mantine/core';
import { CONTENT_WIDTH } from '../../domain';
import { t } from '../../i18n';
import { usePageTitle } from '../../ui';

/** Frame of a policy page: product name back to the start, the title, the text. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Container size={CONTENT_WIDTH} py="xl">
      <Stack gap="md" maw={720}>
        <Anchor component={Link} to="/" fw={700} fz="xl">
          {t('app.name')}
        </Anchor>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

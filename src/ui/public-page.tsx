import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { t } from '../i18n';
import { usePageTitle } from './use-page-title';

interface PublicPageProps {
  /** Heading of the card, also the page title. */
  title: string;
  children: ReactNode;
}

/** A narrow card under the product name: the frame of sign-in, password and legal-free public screens. */
export function PublicPage({ title, children }: PublicPageProps) {
  usePageTitle(title);
  return (
    <Center component="main" id="main" tabIndex={-1} mih="100vh" py="xl" px="md">
      <Stack w="100%" maw={420} gap="md">
        <Text ta="center" fw={700} fz={28} c="lobbyPurple.7">
          {t('app.name')}
        </Text>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack gap="md">
            <Title order={1} fz="h3">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}

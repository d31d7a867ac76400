import { useId, type ReactNode } from 'react';
import { Badge, Paper, Stack, Title } from '@mantine/core';
import { t } from '../../../i18n';

/** One part of the profile page: a bordered card named by its heading. */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="md">
        <Title order={2} fz="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** 'Validated' or 'Not validated': the state of an email address or a telephone number. */
export function ValidationBadge({ validated }: { validated: boolean }) {
  return (
    <Badge variant="light" color={validated ? 'green' : 'yellow'}>
      {validated ? t('profile.validated') : t('profile.notValidated')}
    </Badge>
  );
}

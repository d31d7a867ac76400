import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useConnectivity } from '../../../api';
import { useProfile } from '../../../api/profile';
import { t } from '../../../i18n';
import { usePageTitle } from '../../../ui';
import { ProfileStatus } from '../components/profile-status';
import { TelephoneVerification } from '../components/telephone-verification';

/**
 * /join (spec sections 2 and 5, the join flow): a user without a validated telephone adds one and
 * confirms it with the 6-digit code sent by text message, then continues to the organizations.
 */
export function JoinPage() {
  usePageTitle(t('join.title'));
  const profile = useProfile();
  const { reachable } = useConnectivity();
  const [validatedHere, setValidatedHere] = useState(false);
  const data = profile.data;
  const done = validatedHere || data?.phoneValidated === true;

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('join.title')}
      </Title>
      <ProfileStatus profile={profile} offline={!reachable && !done} />
      {data && (
        <Paper withBorder p="md" radius="md">
          {done ? (
            <Stack gap="md" align="flex-start">
              <Alert color="green" variant="light" role="status" w="100%">
                {validatedHere ? t('join.validated') : t('join.alreadyValidated', { telephone: data.telephone ?? '' })}
              </Alert>
              <Button component={Link} to="/organizations">
                {t('join.continue')}
              </Button>
            </Stack>
          ) : (
            <Stack gap="md">
              <Text>{t('join.intro')}</Text>
              <TelephoneVerification profile={data} disabled={!reachable} onValidated={() => setValidatedHere(true)} />
            </Stack>
          )}
        </Paper>
      )}
    </Stack>
  );
}

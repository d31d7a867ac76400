import { Alert, Stack, Text, Title } from '@mantine/core';
import { describeError, useConnectivity } from '../../../api';
import { PROFILE_PATH, useProfile } from '../../../api/profile';
import { t } from '../../../i18n';
import { OfflineNotice, PageLoader, usePageTitle } from '../../../ui';
import { EmailSection } from '../components/email-section';
import { ImageSection } from '../components/image-section';
import { PasswordSection } from '../components/password-section';
import { TelephoneSection } from '../components/telephone-section';

/**
 * /profile (spec sections 1 and 7, "User profile"): the signed-in user's email, telephone, image
 * and password. Every change goes to the gateway at once, so while it cannot be reached the page
 * says so and its buttons are disabled.
 */
export function ProfilePage() {
  usePageTitle(t('profile.title'));
  const profile = useProfile();
  const { reachable } = useConnectivity();
  const offline = !reachable;

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('profile.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('profile.intro')}
      </Text>
      <OfflineNotice path={PROFILE_PATH} />
      {offline && (
        <Alert color="yellow" variant="light" role="status">
          {t('profile.offline')}
        </Alert>
      )}
      {profile.isPending && <PageLoader label={t('profile.loading')} />}
      {profile.isError && (
        <Alert color="red" role="alert" title={t('profile.loadFailed')}>
          {describeError(profile.error)}
        </Alert>
      )}
      {profile.data && (
        <>
          <EmailSection profile={profile.data} disabled={offline} />
          <TelephoneSection profile={profile.data} disabled={offline} />
          <ImageSection profile={profile.data} disabled={offline} />
          <PasswordSection disabled={offline} />
        </>
      )}
    </Stack>
  );
}

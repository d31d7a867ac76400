import { Stack } from '@mantine/core';
import { useConnectivity } from '../../../api';
import { useProfile } from '../../../api/profile';
import { t } from '../../../i18n';
import { IntroducedTitle, usePageTitle } from '../../../ui';
import { EmailSection } from '../components/email-section';
import { ImageSection } from '../components/image-section';
import { PasswordSection } from '../components/password-section';
import { ProfileStatus } from '../components/profile-status';
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
      <IntroducedTitle intro={t('profile.intro')}>{t('profile.title')}</IntroducedTitle>
      <ProfileStatus profile={profile} offline={offline} />
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

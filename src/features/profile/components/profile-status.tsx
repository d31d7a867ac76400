import { Alert } from '@mantine/core';
import { describeError } from '../../../api';
import { PROFILE_PATH, type useProfile } from '../../../api/profile';
import { t } from '../../../i18n';
import { FailureAlert, OfflineNotice, PageLoader } from '../../../ui';

/** The own profile's page status: changes held back, no connection (`offline`: changes wait), the profile being read, or why it could not be. */
export function ProfileStatus({ profile, offline }: { profile: ReturnType<typeof useProfile>; offline: boolean }) {
  return (
    <>
      <OfflineNotice path={PROFILE_PATH} />
      {offline && (
        <Alert color="yellow" variant="light" role="status">
          {t('profile.offline')}
        </Alert>
      )}
      {profile.isPending && <PageLoader label={t('profile.loading')} />}
      <FailureAlert title={t('profile.loadFailed')}>{profile.isError && describeError(profile.error)}</FailureAlert>
    </>
  );
}

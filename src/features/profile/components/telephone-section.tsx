import { Button, Group, Text } from '@mantine/core';
import type { UserProfile } from '../../../domain';
import { t } from '../../../i18n';
import { openConfirm } from '../../../ui';
import { usePatchProfile } from '../api/own-profile';
import { ProfileSection, ValidationBadge } from './profile-section';
import { removeProfileField } from './remove-field';
import { TelephoneVerification } from './telephone-verification';

/**
 * The telephone number and its state; a new number gets a 6-digit code by text message, typed
 * here to validate it. 'Remove telephone' asks first, then removes it (merge-patch null).
 */
export function TelephoneSection({ profile, disabled }: { profile: UserProfile; disabled: boolean }) {
  const patch = usePatchProfile();
  const telephone = profile.telephone;

  const remove = () => {
    if (telephone === null) return;
    openConfirm({
      title: t('profile.telephone.removeTitle'),
      message: t('profile.telephone.removeText', { telephone }),
      confirmLabel: t('profile.telephone.remove'),
      cancelLabel: t('profile.telephone.removeCancel'),
      destructive: true,
      onConfirm: () => removeProfileField(patch, 'telephone'),
    });
  };

  return (
    <ProfileSection title={t('profile.telephone.title')}>
      <Group gap="sm" justify="space-between">
        <Group gap="sm">
          <Text fw={600} c={telephone === null ? 'dimmed' : undefined}>
            {telephone ?? t('profile.telephone.none')}
          </Text>
          {telephone !== null && <ValidationBadge validated={profile.phoneValidated} />}
        </Group>
        {telephone !== null && (
          <Button variant="subtle" color="red" size="xs" disabled={disabled} loading={patch.isPending} onClick={remove}>
            {t('profile.telephone.remove')}
          </Button>
        )}
      </Group>
      <TelephoneVerification profile={profile} disabled={disabled} />
    </ProfileSection>
  );
}

import { useRef, useState } from 'react';
import { Alert, Avatar, Button, FileButton, Group, Text, VisuallyHidden } from '@mantine/core';
import type { UserProfile } from '../../../domain';
import { t } from '../../../i18n';
import { usePatchProfile, useUploadProfileImage } from '../api/own-profile';
import { ProfileSection } from './profile-section';
import { removeProfileField } from './remove-field';

/** The upload takes image files only (spec section 5). */
export const PROFILE_IMAGE_ACCEPT = 'image/*';
const isImageFile = (file: File) => file.type.startsWith('image/');

/**
 * The profile image: shown, replaced by an upload (image files only: anything else is refused here
 * and never sent) and removed. A refused or failed upload says 'Image upload failed. Please try
 * again.' (spec sections 5 and 8).
 */
export function ImageSection({ profile, disabled }: { profile: UserProfile; disabled: boolean }) {
  const resetFile = useRef<() => void>(null);
  const [failed, setFailed] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const upload = useUploadProfileImage();
  const patch = usePatchProfile();
  const busy = upload.isPending || patch.isPending;

  const choose = (file: File | null) => {
    resetFile.current?.(); // the same file can be chosen again
    if (file === null) return;
    setFailed(false);
    if (!isImageFile(file)) {
      setFailed(true);
      return;
    }
    setAnnouncement(t('profile.image.uploading'));
    upload.mutate(file, {
      onSuccess: () => setAnnouncement(t('profile.image.uploaded')),
      onError: () => {
        setAnnouncement('');
        setFailed(true);
      },
    });
  };

  const remove = () => {
    setFailed(false);
    removeProfileField(patch, 'image');
  };

  return (
    <ProfileSection title={t('profile.image.title')}>
      <Group gap="md">
        {profile.image ? (
          <Avatar src={profile.image} alt={t('profile.image.alt')} size={96} radius={96} />
        ) : (
          <>
            <Avatar size={96} radius={96} aria-hidden />
            <Text c="dimmed">{t('profile.image.none')}</Text>
          </>
        )}
        <FileButton onChange={choose} accept={PROFILE_IMAGE_ACCEPT} resetRef={resetFile} disabled={disabled || busy}>
          {(props) => (
            <Button {...props} variant="default" disabled={disabled} loading={upload.isPending}>
              {t('profile.image.upload')}
            </Button>
          )}
        </FileButton>
        {profile.image && (
          <Button variant="subtle" color="red" disabled={disabled || upload.isPending} loading={patch.isPending} onClick={remove}>
            {t('profile.image.remove')}
          </Button>
        )}
      </Group>
      {failed && (
        <Alert color="red" role="alert">
          {t('profile.image.failed')}
        </Alert>
      )}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </ProfileSection>
  );
}

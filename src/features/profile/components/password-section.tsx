import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { describeError, isApiError } from '../../../api';
import { t } from '../../../i18n';
import { CheckedForm, FailureAlert, isNewPasswordValid, NewPasswordFields, PasswordField, useCheckedForm, type NewPasswordValue } from '../../../ui';
import { useChangePassword } from '../api/own-profile';
import { ProfileSection } from './profile-section';

const EMPTY: NewPasswordValue = { password: '', confirmation: '' };

/**
 * Change the password: the current one, and the new one twice with the rules of spec section 5
 * shown as they are typed. The gateway's refusals are shown beside the field they name ('The
 * current password is not correct'); it signs the user's other devices out.
 */
export function PasswordSection({ disabled }: { disabled: boolean }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [value, setValue] = useState<NewPasswordValue>(EMPTY);
  const { attempted, setAttempted, formRef, submit } = useCheckedForm();
  const change = useChangePassword();

  const error = change.isError ? change.error : null;
  const currentRefused = isApiError(error) ? error.fieldMessage('currentPassword') : undefined;
  const passwordRefused = isApiError(error) ? error.fieldMessage('password') : undefined;
  const otherFailure = error !== null && currentRefused === undefined && passwordRefused === undefined ? describeError(error) : undefined;
  const currentProblem = (attempted && currentPassword === '' ? t('profile.password.currentRequired') : undefined) ?? currentRefused;

  const edited = () => {
    if (change.isError || change.isSuccess) change.reset();
  };

  return (
    <ProfileSection title={t('profile.password.title')}>
      {change.isSuccess && (
        <Alert color="green" variant="light" role="status">
          {t('profile.password.changed')}
        </Alert>
      )}
      <FailureAlert>{otherFailure}</FailureAlert>
      <CheckedForm
        formRef={formRef}
        onSubmit={() =>
          submit(currentPassword === '' || !isNewPasswordValid(value), () => {
            if (disabled || change.isPending) return;
            change.mutate(
              { currentPassword, password: value.password },
              {
                onSuccess: () => {
                  setCurrentPassword('');
                  setValue(EMPTY);
                  setAttempted(false);
                },
              },
            );
          })
        }
      >
        <Stack gap="sm" maw={420}>
          <PasswordField
            label={t('profile.password.current')}
            autoComplete="current-password"
            required
            value={currentPassword}
            error={currentProblem}
            onChange={(event) => {
              setCurrentPassword(event.currentTarget.value);
              edited();
            }}
          />
          <NewPasswordFields
            value={value}
            onChange={(next) => {
              setValue(next);
              edited();
            }}
            showAll={attempted}
          />
          {passwordRefused !== undefined && (
            <Text c="red" size="sm" role="alert">
              {passwordRefused}
            </Text>
          )}
          <Button type="submit" disabled={disabled} loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('profile.password.submit')}
          </Button>
        </Stack>
      </CheckedForm>
    </ProfileSection>
  );
}

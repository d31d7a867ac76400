import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UserProfile } from '../../../domain';
import { fieldProblem } from '../../../api';
import { t } from '../../../i18n';
import { CheckedForm, clearsFailure, emailProblem, useCheckedForm } from '../../../ui';
import { useRequestEmailChange } from '../api/own-profile';
import { ProfileSection, ValidationBadge } from './profile-section';

const EMAIL_MESSAGES = { required: 'profile.email.required', invalid: 'profile.email.invalid' } as const;

function localProblem(value: string, current: string): string | undefined {
  const problem = emailProblem(value, EMAIL_MESSAGES);
  if (problem !== undefined) return problem;
  return value.trim().toLowerCase() === current.toLowerCase() ? t('profile.email.same') : undefined;
}

/**
 * The email address and its state, and the change: a link goes to the new address, and the
 * address changes only when it is opened (/validate/email/:token).
 */
export function EmailSection({ profile, disabled }: { profile: UserProfile; disabled: boolean }) {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { attempted, setAttempted, formRef, submit } = useCheckedForm();
  const change = useRequestEmailChange();
  const editEmail = clearsFailure(change, setEmail);
  const problem = (attempted ? localProblem(email, profile.email) : undefined) ?? (change.isError ? fieldProblem(change.error, 'email') : undefined);

  return (
    <ProfileSection title={t('profile.email.title')}>
      <Group gap="sm">
        <Text fw={600}>
          {profile.email}
        </Text>
        <ValidationBadge validated={profile.emailValidated} />
      </Group>
      {sentTo !== null && (
        <Alert color="blue" variant="light" role="status">
          {t('profile.email.sent', { email: sentTo })}
        </Alert>
      )}
      <CheckedForm
        formRef={formRef}
        onSubmit={() =>
          submit(localProblem(email, profile.email) !== undefined, () => {
            if (disabled || change.isPending) return;
            const address = email.trim();
            change.mutate(address, {
              onSuccess: () => {
                setSentTo(address);
                setEmail('');
                setAttempted(false);
              },
            });
          })
        }
      >
        <Stack gap="sm" align="flex-start">
          <TextInput
            label={t('profile.email.new')}
            description={t('profile.email.description')}
            type="email"
            autoComplete="email"
            required
            maw={420}
            value={email}
            error={problem}
            onChange={(event) => editEmail(event.currentTarget.value)}
          />
          <Button type="submit" disabled={disabled} loading={change.isPending}>
            {t('profile.email.submit')}
          </Button>
        </Stack>
      </CheckedForm>
    </ProfileSection>
  );
}

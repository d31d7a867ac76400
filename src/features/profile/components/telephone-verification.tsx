import { useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import type { UserProfile } from '../../../domain';
import { t } from '../../../i18n';
import { SmsCodeForm } from './sms-code-form';
import { TelephoneForm } from './telephone-form';

export interface TelephoneVerificationProps {
  profile: UserProfile;
  /** nothing can be sent (offline) */
  disabled?: boolean;
  /** the gateway accepted the code */
  onValidated?: () => void;
}

/**
 * The telephone form, then the SMS code: after 'Send code' (or while the profile's number waits for
 * its code) the code entry follows; a valid code says so and the profile shows the number validated.
 */
export function TelephoneVerification({ profile, disabled = false, onValidated }: TelephoneVerificationProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [validated, setValidated] = useState(false);
  const waitingForCode = !validated && (sentTo !== null || (profile.telephone !== null && !profile.phoneValidated));

  return (
    <Stack gap="md">
      <TelephoneForm
        initial={profile.telephone ?? ''}
        disabled={disabled}
        onSent={(telephone) => {
          setSentTo(telephone);
          setValidated(false);
        }}
      />
      {waitingForCode && sentTo !== null && (
        <Alert color="blue" variant="light" role="status">
          {t('profile.telephone.sent', { telephone: sentTo })}
        </Alert>
      )}
      {validated && (
        <Alert color="green" variant="light" role="status">
          {t('profile.smsCode.validated')}
        </Alert>
      )}
      {waitingForCode && (
        <SmsCodeForm
          telephone={sentTo ?? profile.telephone}
          disabled={disabled}
          onValidated={() => {
            setValidated(true);
            setSentTo(null);
            onValidated?.();
          }}
        />
      )}
    </Stack>
  );
}

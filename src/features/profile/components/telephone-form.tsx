import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { telephoneSchema, type UserProfile } from '../../../domain';
import { fieldProblem } from '../../../api';
import { t } from '../../../i18n';
import { CheckedForm, clearsFailure, ModeTextInput, useCheckedForm } from '../../../ui';
import { useRequestPhoneChange } from '../api/own-profile';

export interface TelephoneFormProps {
  /** the number the field starts with (the profile's, so a new code can be sent to it) */
  initial: string;
  /** nothing can be sent (offline): the button stays disabled */
  disabled?: boolean;
  /** the gateway set the number and sent it a code */
  onSent: (telephone: string, profile: UserProfile) => void;
}

function localProblem(value: string): string | undefined {
  if (value.trim() === '') return t('profile.telephone.required');
  return telephoneSchema.safeParse(value).success ? undefined : t('profile.telephone.invalid');
}

/**
 * Sets or changes the telephone number: a field in telephone mode (spec section 5: digits only) and
 * 'Send code', which sets the number (not validated yet) and sends it a 6-digit code.
 */
export function TelephoneForm({ initial, disabled = false, onSent }: TelephoneFormProps) {
  const [telephone, setTelephone] = useState(initial);
  const { attempted, formRef, submit } = useCheckedForm();
  const send = useRequestPhoneChange();
  const problem = (attempted ? localProblem(telephone) : undefined) ?? (send.isError ? fieldProblem(send.error, 'telephone') : undefined);

  return (
    <CheckedForm
      formRef={formRef}
      onSubmit={() =>
        submit(localProblem(telephone) !== undefined, () => {
          if (disabled || send.isPending) return;
          const number = telephone.trim();
          send.mutate(number, { onSuccess: (profile) => onSent(number, profile) });
        })
      }
    >
      <Stack gap="sm" align="flex-start">
        <ModeTextInput
          mode="telephone"
          autoComplete="tel"
          label={t('profile.telephone.new')}
          description={t('profile.telephone.description')}
          required
          maw={320}
          value={telephone}
          error={problem}
          onChange={clearsFailure(send, setTelephone)}
        />
        <Button type="submit" disabled={disabled} loading={send.isPending}>
          {t('profile.telephone.submit')}
        </Button>
      </Stack>
    </CheckedForm>
  );
}

import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { SMS_CODE_LENGTH, SMS_CODE_PATTERN } from '../../../domain';
import { fieldProblem } from '../../../api';
import { t } from '../../../i18n';
import { ModeTextInput } from '../../../ui';
import { useValidatePhoneCode } from '../api/own-profile';

export interface SmsCodeFormProps {
  /** the number the code was sent to, named in the field's description */
  telephone: string | null;
  /** nothing can be sent (offline): the button stays disabled */
  disabled?: boolean;
  /** the gateway accepted the code (the profile query is refreshed already) */
  onValidated?: () => void;
}

/**
 * The 6-digit code of the text message (spec sections 5 and 9, the join flow): digits only, at
 * most SMS_CODE_LENGTH of them, offered to the phone's keyboard as a one-time code. Validate stays
 * disabled until all six are typed; it sends the code with the session.
 */
export function SmsCodeForm({ telephone, disabled = false, onValidated }: SmsCodeFormProps) {
  const [code, setCode] = useState('');
  const validate = useValidatePhoneCode();
  const complete = SMS_CODE_PATTERN.test(code) && code.length === SMS_CODE_LENGTH;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!complete || disabled || validate.isPending) return;
        validate.mutate(code, {
          onSuccess: () => {
            setCode('');
            onValidated?.();
          },
        });
      }}
    >
      <Stack gap="sm" align="flex-start">
        <ModeTextInput
          mode="numeric"
          maxLength={SMS_CODE_LENGTH}
          autoComplete="one-time-code"
          label={t('profile.smsCode.label')}
          description={telephone ? t('profile.smsCode.description', { telephone }) : t('profile.smsCode.descriptionNoNumber')}
          required
          maw={260}
          value={code}
          error={validate.isError ? fieldProblem(validate.error, 'phoneToken') : undefined}
          onChange={(value) => {
            setCode(value);
            if (validate.isError) validate.reset();
          }}
        />
        <Button type="submit" disabled={!complete || disabled} loading={validate.isPending}>
          {t('profile.smsCode.submit')}
        </Button>
      </Stack>
    </form>
  );
}

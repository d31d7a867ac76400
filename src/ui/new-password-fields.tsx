import { Stack } from '@mantine/core';
import { newPasswordProblems, PASSWORD_MESSAGES } from '../domain';
import { t, type MessageKey } from '../i18n';
import { PasswordField } from './password-field';

export interface NewPasswordValue {
  password: string;
  confirmation: string;
}

/** The catalogue entry for each rule the domain checks, so the words can be translated. */
const ruleMessage: Record<string, MessageKey> = {
  [PASSWORD_MESSAGES.tooShort]: 'password.tooShort',
  [PASSWORD_MESSAGES.noUppercase]: 'password.noUppercase',
  [PASSWORD_MESSAGES.mismatch]: 'password.mismatch',
};

interface NewPasswordFieldsProps {
  value: NewPasswordValue;
  onChange: (value: NewPasswordValue) => void;
  /** Show every problem, also of untouched fields (after a submit attempt). */
  showAll: boolean;
  disabled?: boolean;
}

/** True when the pair satisfies the new-password rules of spec section 5. */
export function isNewPasswordValid({ password, confirmation }: NewPasswordValue): boolean {
  return newPasswordProblems(password, confirmation).length === 0;
}

function messages(problems: readonly string[]) {
  if (problems.length === 0) return undefined;
  return problems.map((problem) => (
    <span key={problem} style={{ display: 'block' }}>
      {t(ruleMessage[problem] ?? 'password.unknownError')}
    </span>
  ));
}

/** New password and its confirmation, each with a visibility toggle, and the rule messages shown live. */
export function NewPasswordFields({ value, onChange, showAll, disabled }: NewPasswordFieldsProps) {
  const problems = newPasswordProblems(value.password, value.confirmation);
  const passwordProblems = problems.filter((problem) => problem !== PASSWORD_MESSAGES.mismatch);
  const confirmationProblems = problems.filter((problem) => problem === PASSWORD_MESSAGES.mismatch);
  return (
    <Stack gap="sm">
      <PasswordField
        label={t('password.new')}
        autoComplete="new-password"
        required
        disabled={disabled}
        value={value.password}
        onChange={(event) => onChange({ ...value, password: event.currentTarget.value })}
        error={showAll || value.password !== '' ? messages(passwordProblems) : undefined}
      />
      <PasswordField
        label={t('password.confirm')}
        autoComplete="new-password"
        required
        disabled={disabled}
        value={value.confirmation}
        onChange={(event) => onChange({ ...value, confirmation: event.currentTarget.value })}
        error={showAll || value.confirmation !== '' ? messages(confirmationProblems) : undefined}
      />
    </Stack>
  );
}

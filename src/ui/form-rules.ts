import { t, type MessageKey } from '../i18n';

/**
 * A valid email address as the HTML standard defines it for `<input type="email">` (what a
 * browser's own check accepts): a local part, '@', and a host name of dot-separated labels.
 */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** The messages an email field shows: what to do when it is empty, and when it is no address. */
export interface EmailMessages {
  required: MessageKey;
  invalid: MessageKey;
}

/** What is wrong with an email field, in the catalogue's words, or undefined when nothing is. */
export function emailProblem(value: string, messages: EmailMessages): string | undefined {
  if (value.trim() === '') return t(messages.required);
  return isEmailAddress(value) ? undefined : t(messages.invalid);
}

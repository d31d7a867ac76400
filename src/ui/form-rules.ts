// by path: chip-entries has no imports, so the sign-in page stays small
import { isEmailAddress as isAddress } from '../domain/chip-entries';
import { t, type MessageKey } from '../i18n';

/** A valid email address (the domain's rule, the one the email lists use), spaces around it ignored. */
export function isEmailAddress(value: string): boolean {
  return isAddress(value.trim());
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

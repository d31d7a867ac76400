import { ERROR_CODES } from '../../../domain';
import { isApiError } from '../../../api';
import { t } from '../../../i18n';

/**
 * The words for a failed new-password call (spec section 8): invalid code, unknown user, the
 * gateway's own message for a password it refuses, otherwise 'Unknown authentication error'.
 * No network is said plainly, since the code is still good and a retry will do.
 */
export function newPasswordErrorMessage(error: unknown): string {
  if (!isApiError(error)) return t('password.unknownError');
  if (error.network) return error.message;
  if (error.hasCode(ERROR_CODES.activationCodeInvalid)) return t('password.codeInvalid');
  if (error.hasCode(ERROR_CODES.userNotFound)) return t('password.userNotFound');
  return error.fieldMessage('password') ?? t('password.unknownError');
}

/** True when only a new link can help. */
export function needsNewLink(error: unknown): boolean {
  return isApiError(error) && error.hasCode(ERROR_CODES.activationCodeInvalid);
}

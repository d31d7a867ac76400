import { safeParse, type core } from 'zod/mini';
import { t } from '../i18n';
import { ApiError } from './api-error';

/** Check a gateway answer against its contract (any zod schema); a mismatch is an ApiError, not a crash later. */
export function parseAnswer<S extends core.$ZodType>(schema: S, answer: unknown): core.output<S> {
  const parsed = safeParse(schema, answer);
  if (parsed.success) return parsed.data;
  const error = new ApiError(t('errors.unexpectedAnswer'), { status: 200, body: answer });
  error.cause = parsed.error;
  throw error;
}

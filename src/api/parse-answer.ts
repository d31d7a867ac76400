import type { z } from 'zod';
import { t } from '../i18n';
import { ApiError } from './api-error';

/** Check a gateway answer against its contract; a mismatch is an ApiError, not a crash later. */
export function parseAnswer<S extends z.ZodType>(schema: S, answer: unknown): z.output<S> {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const error = new ApiError(t('errors.unexpectedAnswer'), { status: 200, body: answer });
  error.cause = parsed.error;
  throw error;
}

import { apiErrorBodySchema, type ApiErrorItem } from '../domain';
import { t } from '../i18n';

interface ApiErrorDetails {
  status: number;
  body?: unknown;
  errors?: ApiErrorItem[];
  network?: boolean;
}

/**
 * A failed gateway call. `status` is the HTTP status (0 when the gateway could not be reached,
 * with `network` set), `body` the parsed answer, `codes` the machine-readable codes of its errors.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly errors: readonly ApiErrorItem[];
  readonly network: boolean;

  constructor(message: string, details: ApiErrorDetails) {
    super(message);
    this.name = 'ApiError';
    this.status = details.status;
    this.body = details.body;
    this.errors = details.errors ?? [];
    this.network = details.network ?? false;
  }

  get codes(): string[] {
    return this.errors.map((error) => error.code);
  }

  hasCode(code: string): boolean {
    return this.errors.some((error) => error.code === code);
  }

  /** The message the gateway gave for one field, if any. */
  fieldMessage(field: string): string | undefined {
    return this.errors.find((error) => error.field === field)?.message;
  }
}

/** Spec section 8: the body's error messages joined with ', ', or else the status. */
export function errorFromBody(status: number, body: unknown): ApiError {
  const parsed = apiErrorBodySchema.safeParse(body);
  const errors = parsed.success ? parsed.data.errors : [];
  const message = errors.length > 0 ? errors.map((error) => error.message).join(', ') : t('errors.requestFailed', { status });
  return new ApiError(message, { status, body, errors });
}

export function networkError(cause: unknown): ApiError {
  const error = new ApiError(t('errors.network'), { status: 0, network: true });
  error.cause = cause;
  return error;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The gateway refused: a 403 (what the user may not see or do). */
export function isForbiddenError(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/** The words to show for any failure: the gateway's message, or the network message. */
export function describeError(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return t('errors.requestFailed', { status: 0 });
}

/** The words to show beside one field: the gateway's message for that field, else describeError's. */
export function fieldProblem(error: unknown, field: string): string {
  return (isApiError(error) ? error.fieldMessage(field) : undefined) ?? describeError(error);
}

/**
 * The one error type routes throw for an expected failure. The errors plugin turns it into the
 * gateway's `{ errors: [{ code, message, field? }] }` body (docs/architecture.md "Gateway API conventions").
 */
import type { ApiErrorItem, ErrorCode } from '../src/domain/index';
import { ERROR_CODES } from '../src/domain/index';

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly items: ApiErrorItem[],
    /** extra top-level members of the body, e.g. `current` of a 412 */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(items.map((item) => item.message).join(', '));
  }

  static of(statusCode: number, code: ErrorCode, message: string, field?: string): HttpError {
    return new HttpError(statusCode, [field === undefined ? { code, message } : { code, message, field }]);
  }

  body(): Record<string, unknown> {
    return { errors: this.items, ...this.extra };
  }
}

export const unauthenticated = () =>
  new HttpError(401, [{ code: ERROR_CODES.unauthenticated, message: 'Authentication required' }], {}, { 'WWW-Authenticate': 'Bearer' });
export const forbidden = () => HttpError.of(403, ERROR_CODES.forbidden, 'You do not have permission to do this');
export const notFound = (message = 'Not found') => HttpError.of(404, ERROR_CODES.notFound, message);
export const validationError = (field: string, messages: readonly string[]) =>
  new HttpError(
    400,
    messages.map((message) => ({ code: ERROR_CODES.validation, message, field })),
  );

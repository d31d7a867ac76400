/**
 * Optimistic concurrency for updates and deletes: `If-Match: "<version>"` must name the record's
 * current version; a stale one answers 412 version_mismatch with the current record in the body so
 * the app can show both sides of the conflict. A malformed header answers 400, and so does a weak
 * tag (W/"3"): If-Match compares strongly (RFC 9110 13.1.1), so a weak tag could never match.
 */
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/domain/index';
import { HttpError } from '../http-error';

export const IF_MATCH_HEADER = 'if-match';

/** The version named by If-Match, '*' for any, or null when the header is absent. */
export function readIfMatch(request: FastifyRequest): number | '*' | null {
  return parseIfMatch(request.headers[IF_MATCH_HEADER]);
}

/** An If-Match header's version, '*' for any, or null when absent; 400 when malformed or weak. */
export function parseIfMatch(raw: string | string[] | undefined): number | '*' | null {
  if (raw === undefined) return null;
  const value = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  if (value === '*') return '*';
  if (/^W\//i.test(value)) {
    throw HttpError.of(400, ERROR_CODES.validation, 'If-Match must be a strong version such as "3", not a weak W/ tag', 'If-Match');
  }
  const match = /^"(\d{1,15})"$/.exec(value);
  if (!match?.[1]) {
    throw HttpError.of(400, ERROR_CODES.validation, 'If-Match must be a quoted version such as "3"', 'If-Match');
  }
  return Number(match[1]);
}

export interface AssertVersionOptions {
  /** answer 428-like 400 when the header is missing; default false (the header is optional) */
  required?: boolean;
  /** what to answer as `current` on 412; defaults to the record given */
  currentBody?: unknown;
}

/** Throws 412 (with `current`) when If-Match names another version than the record's. */
export function assertVersion(request: FastifyRequest, current: { version: number }, options: AssertVersionOptions = {}): void {
  const expected = readIfMatch(request);
  if (expected === null) {
    if (options.required) throw HttpError.of(400, ERROR_CODES.validation, 'If-Match is required', 'If-Match');
    return;
  }
  if (expected === '*' || expected === current.version) return;
  throw new HttpError(
    412,
    [{ code: ERROR_CODES.versionMismatch, message: 'This record was changed by someone else. Review the current version and try again.' }],
    { current: options.currentBody ?? current },
  );
}

/**
 * PostgreSQL text cannot hold U+0000: a request carrying one would fail inside the database with a
 * 500, and an outbox entry answered 5xx is retried forever, holding back what was queued after it.
 * Such a request is refused up front with a 400 naming the field, and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../src/domain/index';
import { HttpError } from '../http-error';

/** The path of the first string holding U+0000, or null. */
export function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\u0000')) return [...path, key].join('.');
    const found = nulPath(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

async function rejectNul(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = nulPath(request.body) ?? nulPath(request.query) ?? nulPath(request.params);
    if (field !== null) throw HttpError.of(400, ERROR_CODES.validation, 'Text must not contain the NUL character', field);
  });
}

export default fp(rejectNul, { name: 'lobby-reject-nul' });

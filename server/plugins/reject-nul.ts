/**
 * Two checks on every parsed request before validation, both answering 400 and changing nothing:
 * - PostgreSQL text cannot hold U+0000, and its JSON cannot hold a lone UTF-16 surrogate (`"a\ud800b"`
 *   is valid JSON text but no Unicode string): a request carrying either would fail inside the
 *   database with a 500, which is not stored under its Idempotency-Key, and an outbox entry answered
 *   5xx is retried forever, holding back what was queued after it. Body, query, path parameters and
 *   the Idempotency-Key header (stored as text) are checked.
 * - JSON nested deeper than MAX_DEPTH is refused: no request of this product nests more than a few
 *   levels, and deep nesting is a cheap way to exhaust a recursive walk (this one, zod, the
 *   idempotency fingerprint). The walk itself is iterative, so any depth is measured safely.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../src/domain/index';
import { HttpError } from '../http-error';

export const MAX_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `The request is nested too deeply: at most ${MAX_DEPTH} levels of objects and arrays`;

export const NUL_MESSAGE = 'Text must not contain the NUL character';
export const SURROGATE_MESSAGE = 'Text must be valid Unicode: it holds half of a character (an unpaired UTF-16 surrogate)';

export type InputProblem = { kind: 'nul'; field: string } | { kind: 'surrogate'; field: string } | { kind: 'too-deep' };

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a string the database would refuse, if anything. */
function textProblem(value: string): 'nul' | 'surrogate' | null {
  if (value.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(value) ? 'surrogate' : null;
}

interface Pending {
  value: unknown;
  /** how many objects and arrays enclose this value */
  depth: number;
}

/**
 * The first problem of a parsed value, walking it depth-first without recursion. A field path is
 * built only when a NUL is found (from the recorded parents), so each member is visited once and
 * no path is copied per level (which made 3,000 levels cost ~90 ms).
 */
export function inputProblem(root: unknown, rootField = 'body'): InputProblem | null {
  const parents = new Map<unknown, { parent: unknown; key: string }>();
  const pathOf = (value: unknown, key?: string): string => {
    const keys: string[] = key === undefined ? [] : [key];
    for (let link = parents.get(value); link !== undefined; link = parents.get(link.parent)) keys.push(link.key);
    return keys.reverse().join('.') || rootField;
  };
  const stack: Pending[] = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as Pending;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem !== null) return { kind: problem, field: pathOf(value) };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth + 1 > MAX_DEPTH) return { kind: 'too-deep' };
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      const keyProblem = textProblem(key);
      if (keyProblem !== null) return { kind: keyProblem, field: pathOf(value, key) };
      if (typeof inner === 'string') {
        const problem = textProblem(inner);
        if (problem !== null) return { kind: problem, field: pathOf(value, key) };
        continue;
      }
      if (inner === null || typeof inner !== 'object') continue;
      parents.set(inner, { parent: value, key });
      stack.push({ value: inner, depth: depth + 1 });
    }
  }
  return null;
}

async function rejectNul(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [value, field] of [
      [request.body, 'body'],
      [request.query, 'query'],
      [request.params, 'params'],
      [request.headers['idempotency-key'], 'idempotency-key'],
    ] as const) {
      const problem = inputProblem(value, field);
      if (problem === null) continue;
      if (problem.kind === 'too-deep') throw HttpError.of(400, ERROR_CODES.validation, TOO_DEEP_MESSAGE);
      throw HttpError.of(400, ERROR_CODES.validation, problem.kind === 'nul' ? NUL_MESSAGE : SURROGATE_MESSAGE, problem.field);
    }
  });
}

export default fp(rejectNul, { name: 'lobby-reject-nul' });

/**
 * Every failure leaves the gateway as `{ errors: [{ code, message, field? }] }`: zod validation
 * issues become 400 with one entry per issue, HttpError keeps its status, and anything unexpected is
 * logged and answered 500 'Internal server error' so internals never leak to a client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorItem } from '../../src/domain/index';
import { ERROR_CODES } from '../../src/domain/index';
import { HttpError } from '../http-error';

const CODE_BY_STATUS: Record<number, string> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthenticated,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  412: ERROR_CODES.versionMismatch,
  429: ERROR_CODES.rateLimited,
};

function sendError(reply: FastifyReply, statusCode: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** A zod issue path `/a/0/b` as the field name `a.0.b`; the request part (body, query) is left out. */
function fieldOf(instancePath: string): string | undefined {
  const field = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return field === '' ? undefined : field;
}

type Issue = NonNullable<FastifyError['validation']>[number];

/** zod's own wording ("Too small: expected…"); a schema's custom message is kept as written. */
const ZOD_DEFAULT = /^(Invalid input|Too small|Too big)\b/;

/** zod's default message, made plainer for the common cases (missing value, length limits). */
export function humanMessage(issue: Issue): string {
  const message = issue.message ?? 'Invalid value';
  if (!ZOD_DEFAULT.test(message)) return message;
  const params = issue.params as { origin?: string; minimum?: number; maximum?: number };
  if (issue.keyword === 'invalid_type' && /received undefined$/.test(message)) return 'Required';
  if (issue.keyword === 'too_small' && params.origin === 'string') {
    return params.minimum === 1 ? 'Required' : `Must be at least ${params.minimum} characters`;
  }
  if (issue.keyword === 'too_big' && params.origin === 'string') return `Must be at most ${params.maximum} characters`;
  return message;
}

function validationItems(error: FastifyError & { validation: NonNullable<FastifyError['validation']> }): ApiErrorItem[] {
  return error.validation.map((issue) => {
    const field = fieldOf(issue.instancePath);
    const message = humanMessage(issue);
    return field === undefined ? { code: ERROR_CODES.validation, message } : { code: ERROR_CODES.validation, message, field };
  });
}

export function errorResponse(error: unknown, request: FastifyRequest): { statusCode: number; body: Record<string, unknown>; headers?: Record<string, string> } {
  if (error instanceof HttpError) return { statusCode: error.statusCode, body: error.body(), headers: error.headers };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { statusCode: 400, body: { errors: validationItems(error) } };
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500 && fastifyError.code !== 'FST_ERR_RESPONSE_SERIALIZATION') {
    // Fastify's own 4xx (bad JSON, wrong content type, body too large): their messages are safe.
    const code = CODE_BY_STATUS[status] ?? ERROR_CODES.validation;
    return { statusCode: status, body: { errors: [{ code, message: fastifyError.message ?? 'Bad request' }] } };
  }
  request.log.error({ err: error }, 'request failed');
  return { statusCode: 500, body: { errors: [{ code: ERROR_CODES.internal, message: 'Internal server error' }] } };
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const { statusCode, body, headers } = errorResponse(error, request);
    return sendError(reply, statusCode, body, headers);
  });
}

export default fp(errorsPlugin, { name: 'lobby-errors' });

/** Body of the 404 for an unknown /api path. */
export const notFoundBody = () => ({ errors: [{ code: ERROR_CODES.notFound, message: 'Not found' }] });

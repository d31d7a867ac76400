/**
 * Request logging without secrets: the Authorization header is never logged (requests are logged
 * as method, redacted url and address only, bodies never), one-time codes or tokens carried in a
 * path (password reset, activation, phone validation links) are masked, and an error is logged
 * without the values it was working on: a failed query keeps its SQL and SQLSTATE, never its
 * parameters (a request's names, emails, hashes), nor the database's detail lines that quote them.
 */
import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from './config';

const SECRET_SEGMENTS = /\/(password|activate|set-password|phone|email)\/(reset\/)?[^/]+/gi;
/** ASCII escapes but %2F: like the router, an encoded slash stays inside its segment (a code may hold one) */
const ASCII_ESCAPE = /%(?!2f)[0-7][0-9a-f]/gi;

/**
 * The path as the router reads it: the router decodes percent-escapes, so /%70assword/<code> reaches
 * the reset route and must be masked like /password/<code>. ASCII escapes are decoded until none is
 * left (%2570 hides nothing either); others cannot spell a word we look for and stay as they are.
 */
function decodedPath(path: string): string {
  let current = path;
  for (let round = 0; round < 8; round += 1) {
    const next = current.replace(ASCII_ESCAPE, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
    if (next === current) break;
    current = next;
  }
  return current;
}

/** The url to log: the path decoded and every one-time code in it masked; the query is kept as sent. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  // a decoded ? or # belongs to the code (the router keeps it in the parameter), so a code runs to the next /
  const masked = decodedPath(path).replace(SECRET_SEGMENTS, (_match, word: string, reset: string | undefined) => `/${word}/${reset ?? ''}[redacted]`);
  return masked + query;
}

/** How deep a chain of causes is followed. */
const MAX_CAUSES = 4;
/** Fields of a database error that name things, never values (PostgreSQL's error fields). */
const DATABASE_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'dataType', 'constraint'] as const;
/** A quoted value in a database message ('invalid input syntax for type uuid: "…"'). */
const QUOTED = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;

/** Whether the error comes from the database: a five-character SQLSTATE code and a severity. */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string';
}

/**
 * An error as the log keeps it: its type, message, code and stack frames, and its causes. A failed
 * query (drizzle's DrizzleQueryError: `query`, `params`, a message ending in "params: …") keeps its
 * SQL text with placeholders; a database error keeps its SQLSTATE and the names it reports, and its
 * message with quoted values masked. No parameter of a query and no detail line reaches the log.
 */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (error === null || typeof error !== 'object') return { type: typeof error, message: '[not an Error]', stack: '' };
  const record = error as Record<string, unknown>;
  const type = (error as { constructor?: { name?: unknown } }).constructor?.name;
  const database = isDatabaseError(record);
  let message = typeof record.message === 'string' ? record.message : '';
  if (typeof record.query === 'string' && 'params' in record) message = `Failed query: ${record.query}`;
  // a message that quotes its parameters anyway
  message = message.replace(/\nparams:[\s\S]*$/, '');
  if (database) message = message.replace(QUOTED, '"[value]"');
  const logged: LoggedError = { type: typeof type === 'string' ? type : 'Error', message, stack: '' };
  if (database) {
    for (const field of DATABASE_FIELDS) if (typeof record[field] === 'string') logged[field] = record[field];
  } else if (typeof record.code === 'string') logged.code = record.code;
  if (typeof record.statusCode === 'number') logged.statusCode = record.statusCode;
  // the frames only: the stack's first lines repeat the message as it was, parameters included
  const frames = typeof record.stack === 'string' ? record.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  logged.stack = [`${logged.type}: ${message}`, ...frames].join('\n');
  if (record.cause !== undefined && depth < MAX_CAUSES) logged.cause = errorForLog(record.cause, depth + 1);
  return logged;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

export function loggerOptions(level: LogLevel): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'], censor: '[redacted]' },
    serializers: {
      err: errorForLog,
      req(request: LoggedRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip ?? request.socket?.remoteAddress };
      },
    },
  };
}

/**
 * Request logging without secrets: the Authorization header is never logged (requests are logged
 * as method, redacted url and address only, bodies never), and one-time codes or tokens carried in a
 * path (password reset, activation, phone validation links) are masked.
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
      req(request: LoggedRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip ?? request.socket?.remoteAddress };
      },
    },
  };
}

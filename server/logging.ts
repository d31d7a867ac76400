/**
 * Request logging without secrets: the Authorization header is never logged (requests are logged
 * as method, redacted url and address only, bodies never), and one-time codes or tokens carried in a
 * path (password reset, activation, phone validation links) are masked.
 */
import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from './config';

const SECRET_SEGMENTS = /\/(password|activate|set-password|phone)\/(reset\/)?[^/?#]+/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENTS, (_match, word: string, reset: string | undefined) => `/${word}/${reset ?? ''}[redacted]`);
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

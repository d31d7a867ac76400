/**
 * What every route and plugin of one gateway instance shares: the database, the configuration, the
 * clock (injectable so tests can move time), the throttling and token limits, and the mailer.
 */
import type { Config } from './config';
import type { Database, Executor } from './db/client';
import type { MailMessage, SmsMessage } from './mail/outbox';

export interface Limits {
  /** failed sign-ins allowed per account within the window; the next attempt answers 429 */
  accountFailures: number;
  /** failed sign-ins allowed per client address within the window */
  addressFailures: number;
  failureWindowMs: number;
  /** activation-code (password reset) requests allowed per client address within the window */
  codeRequestsPerAddress: number;
  codeRequestWindowMs: number;
  /** a rotated refresh token used again within this time gets a fresh pair instead of revocation */
  refreshGraceMs: number;
  refreshTokenTtlSeconds: number;
  activationCodeTtlMs: number;
  /** in-memory cap per address on the public authentication routes (first line before the DB throttle) */
  publicRequestsPerMinute: number;
}

export const DEFAULT_LIMITS: Limits = {
  accountFailures: 5,
  addressFailures: 50,
  failureWindowMs: 15 * 60_000,
  codeRequestsPerAddress: 10,
  codeRequestWindowMs: 15 * 60_000,
  refreshGraceMs: 10_000,
  refreshTokenTtlSeconds: 30 * 24 * 3600,
  activationCodeTtlMs: 3600_000,
  publicRequestsPerMinute: 300,
};

export interface Mailer {
  mail(db: Executor, message: MailMessage): Promise<string>;
  sms(db: Executor, message: SmsMessage): Promise<string>;
}

export interface LobbyContext {
  db: Database;
  config: Config;
  now(): Date;
  limits: Limits;
  mailer: Mailer;
  /** Runs `task` after the current answer is on its way (errors are logged); the app waits for it on close. */
  background(task: () => Promise<void>): void;
  /** Resolves when every background task started so far has finished (tests, shutdown). */
  settle(): Promise<void>;
}

/** The signed-in caller of a request, set by the auth plugin. */
export interface AuthState {
  userUuid: string;
  familyUuid: string;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    lobby: LobbyContext;
    /** onRequest hook for routes that need a signed-in user: 401 auth.unauthenticated otherwise */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthState | null;
  }
}

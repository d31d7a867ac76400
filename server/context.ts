/**
 * What every route and plugin of one gateway instance shares: the database, the configuration, the
 * clock (injectable so tests can move time), the throttling and token limits, and the mailer.
 */
import type { BulkGate } from './services/bulk-gate';
import type { Config } from './config';
import type { Grantee } from './services/directory';
import type { Database, Executor } from './db/client';
import type { ExportRunner } from './jobs/export-runner';
import type { MailMessage, RecordedMail, SmsMessage } from './mail/outbox';

export interface Limits {
  /** failed sign-ins of one account from one address that pass without waiting (ADR 0010) */
  pairFreeFailures: number;
  /** the wait after the last of those; each further failure of the pair doubles it */
  pairBaseDelayMs: number;
  /** the longest wait between two sign-in attempts of one account from one address */
  pairMaxDelayMs: number;
  /** how long a failure of an account from an address counts (a success forgets them at once) */
  pairWindowMs: number;
  /** failed sign-ins allowed per client address, any account, within failureWindowMs */
  addressFailures: number;
  failureWindowMs: number;
  /** an account that signed in from an address within this time is not held back by that address's limit */
  knownAddressMs: number;
  /** activation-code (password reset) requests allowed per client address within the window */
  codeRequestsPerAddress: number;
  codeRequestWindowMs: number;
  /** a rotated refresh token used again within this time gets a fresh pair instead of revocation */
  refreshGraceMs: number;
  refreshTokenTtlSeconds: number;
  activationCodeTtlMs: number;
  /** in-memory cap per address on the public authentication routes (first line before the DB throttle) */
  publicRequestsPerMinute: number;
  /** a rate-code import's claim on its hotel without a heartbeat for this long is taken over (ADR 0033) */
  importLeaseMs: number;
  /** how often a running rate-code import refreshes its claim's heartbeat */
  importHeartbeatMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  // one address against one account: 5 guesses, then waits of 1, 2, 4, 8 and at most 15 minutes
  // (at most 12 guesses in the first hour, 4 an hour after; before ADR 0010 it was 20 an hour)
  pairFreeFailures: 5,
  pairBaseDelayMs: 60_000,
  pairMaxDelayMs: 15 * 60_000,
  pairWindowMs: 24 * 3600_000,
  // one address against many accounts: 50 failures per 15 minutes, as before
  addressFailures: 50,
  failureWindowMs: 15 * 60_000,
  knownAddressMs: 30 * 24 * 3600_000,
  codeRequestsPerAddress: 10,
  codeRequestWindowMs: 15 * 60_000,
  refreshGraceMs: 10_000,
  refreshTokenTtlSeconds: 30 * 24 * 3600,
  activationCodeTtlMs: 3600_000,
  publicRequestsPerMinute: 300,
  importLeaseMs: 30_000,
  importHeartbeatMs: 5_000,
};

export interface Mailer {
  /** Records a mail in the outbox, in the caller's transaction. */
  record(db: Executor, message: MailMessage): Promise<RecordedMail>;
  /** Sends a recorded mail once its transaction committed (SMTP, or a file under DATA_DIR/mail). */
  deliver(mail: RecordedMail): Promise<void>;
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
  /** Transaction exports (server/jobs/export-runner.ts): kick() after queuing one; tests await drain(). */
  exports: Pick<ExportRunner, 'kick' | 'drain'>;
  /** Bulk work (the rate-code import) takes its turn here between its batches (services/bulk-gate.ts). */
  bulk: BulkGate;
  /**
   * PostgreSQL: the changes of an outbox batch commit without waiting for the disk, and the batch
   * waits for it once before it answers (ADR 0031). False on the embedded PGlite.
   */
  groupCommit: boolean;
  /** true on the embedded PGlite: one connection, one process (a transaction there holds every other request) */
  embedded: boolean;
  /**
   * true: writes leave no history entry. For `npm run bench` only, which times the same save with
   * and without history in one run (bench/history.ts); never set by configuration.
   */
  historyOff?: boolean;
}

/** The signed-in caller of a request, set by the auth plugin. */
export interface AuthState {
  userUuid: string;
  familyUuid: string;
  tokenHash: string;
  /**
   * The caller's grants once read (services/directory.ts callerGrantee): read once per request, or
   * once per outbox batch, whose changes share this state until a change that may alter grants.
   */
  grantee?: Promise<Grantee | null> | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    lobby: LobbyContext;
    /** onRequest hook for routes that need a signed-in user: 401 auth.unauthenticated otherwise; answers are no-store */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthState | null;
    /** a change of an outbox batch, authenticated by the batch's ticket (plugins/auth.ts) */
    inBatch: boolean;
  }
  interface FastifyContextConfig {
    /** bulk work (the rate-code import): not counted as a request in flight by the bulk gate */
    bulk?: boolean;
  }
}

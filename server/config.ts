/**
 * Gateway configuration, read from the environment once at start and validated with zod.
 * A bad value stops the gateway with one line naming the variable, so an operator never runs a
 * half-configured gateway (docs/architecture.md "Configuration by environment, validated at start").
 */
import { z } from 'zod';
import { newPasswordProblems } from '../src/domain/index';
import { DEMO_ACCESS_LOG_DEFAULT } from './db/seed-access-log';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** the built app the gateway serves (index.html, assets, sw.js) */
  distDir: string;
  /** behind a reverse proxy: take the client address from X-Forwarded-For (throttling is per address) */
  trustProxy: boolean;
  databaseUrl: string | null;
  /** connections this gateway opens to PostgreSQL at most (DATABASE_POOL_SIZE); unused on PGlite */
  databasePoolSize: number;
  adminEmail: string;
  /** null: generate a random strong password at first start */
  adminPassword: string | null;
  demo: boolean;
  demoPassword: string | null;
  /** demo access-log entries written at first start (LOBBY_DEMO_ACCESS_LOG) */
  demoAccessLog: number;
  /** transactions of the demo history seeded at first start (LOBBY_DEMO_TRANSACTIONS; 0: none) */
  demoTransactions: number;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  /** mail and SMS files under DATA_DIR/mail are removed this many days after they were written */
  mailRetentionDays: number;
  /** change-history entries are removed this many days after they were applied (HISTORY_RETENTION_DAYS) */
  historyRetentionDays: number;
  accessTokenTtlSeconds: number;
  logLevel: LogLevel;
}

/**
 * Connections one gateway opens to PostgreSQL at most. N gateways open up to N times as many: with
 * the migration runner's one, they must stay under the server's max_connections (README, "Running
 * Lobby for many hotels").
 */
export const DATABASE_POOL_SIZE_DEFAULT = 10;

/** How long the change history is kept by default (a year and a season: last year's same month can be compared). */
export const HISTORY_RETENTION_DAYS_DEFAULT = 400;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An empty variable counts as unset, so `DATABASE_URL= npm start` means "no database URL". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const integerIn = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be an integer from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be an integer from ${min} to ${max}`);

const urlWithProtocols = (name: string, protocols: readonly string[], what: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `${name} must be ${what}`);

const strongPassword = (name: string) =>
  z.string().refine((value) => newPasswordProblems(value).length === 0, `${name} must have at least 8 characters and an uppercase letter`);

const envSchema = z.object({
  PORT: optional(integerIn('PORT', 1, 65535)),
  HOST: optional(z.string().trim()),
  DATA_DIR: optional(z.string().trim()),
  DIST_DIR: optional(z.string().trim()),
  DATABASE_URL: optional(urlWithProtocols('DATABASE_URL', ['postgres:', 'postgresql:'], 'a postgres:// or postgresql:// URL')),
  DATABASE_POOL_SIZE: optional(integerIn('DATABASE_POOL_SIZE', 1, 1000)),
  LOBBY_ADMIN_EMAIL: optional(z.string().trim().toLowerCase().email('LOBBY_ADMIN_EMAIL must be an email address')),
  LOBBY_ADMIN_PASSWORD: optional(strongPassword('LOBBY_ADMIN_PASSWORD')),
  LOBBY_DEMO: optional(z.enum(['0', '1'], { error: 'LOBBY_DEMO must be 0 or 1' })),
  LOBBY_DEMO_PASSWORD: optional(strongPassword('LOBBY_DEMO_PASSWORD')),
  LOBBY_DEMO_ACCESS_LOG: optional(integerIn('LOBBY_DEMO_ACCESS_LOG', 0, 1_000_000)),
  LOBBY_DEMO_TRANSACTIONS: optional(integerIn('LOBBY_DEMO_TRANSACTIONS', 0, 5_000_000)),
  SMTP_URL: optional(urlWithProtocols('SMTP_URL', ['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL')),
  MAIL_FROM: optional(z.string().trim()),
  PUBLIC_URL: optional(urlWithProtocols('PUBLIC_URL', ['http:', 'https:'], 'an http:// or https:// URL')),
  ACCESS_TOKEN_TTL_SECONDS: optional(integerIn('ACCESS_TOKEN_TTL_SECONDS', 1, 86400)),
  MAIL_RETENTION_DAYS: optional(integerIn('MAIL_RETENTION_DAYS', 1, 3650)),
  HISTORY_RETENTION_DAYS: optional(integerIn('HISTORY_RETENTION_DAYS', 1, 36500)),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })),
  TRUST_PROXY: optional(z.enum(['0', '1'], { error: 'TRUST_PROXY must be 0 or 1' })),
});

/** Parses the environment; throws ConfigError with one line such as `Invalid configuration: PORT must be ...`. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
    throw new ConfigError(`Invalid configuration: ${messages.join('; ')}`);
  }
  const e = parsed.data;
  const port = e.PORT ?? 8080;
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    dataDir: e.DATA_DIR ?? './data',
    distDir: e.DIST_DIR ?? './dist',
    trustProxy: e.TRUST_PROXY === '1',
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? DATABASE_POOL_SIZE_DEFAULT,
    adminEmail: e.LOBBY_ADMIN_EMAIL ?? 'admin@lobby.local',
    adminPassword: e.LOBBY_ADMIN_PASSWORD ?? null,
    demo: (e.LOBBY_DEMO ?? '1') === '1',
    demoPassword: e.LOBBY_DEMO_PASSWORD ?? null,
    demoAccessLog: e.LOBBY_DEMO_ACCESS_LOG ?? DEMO_ACCESS_LOG_DEFAULT,
    demoTransactions: e.LOBBY_DEMO_TRANSACTIONS ?? 200_000,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? 'Lobby <no-reply@lobby.local>',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    mailRetentionDays: e.MAIL_RETENTION_DAYS ?? 30,
    historyRetentionDays: e.HISTORY_RETENTION_DAYS ?? HISTORY_RETENTION_DAYS_DEFAULT,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS ?? 900,
    logLevel: e.LOG_LEVEL ?? 'info',
  };
}

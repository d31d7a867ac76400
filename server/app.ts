/**
 * The gateway as a Fastify instance, built separately from listen() so tests run it in-process with
 * inject(). Order matters: compilers, context, errors, security headers, rate limit, auth, swagger
 * (before routes, to see them), /api routes with Swagger UI, then the built app with its SPA fallback.
 */
import { resolve } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyServerOptions, RouteOptions } from 'fastify';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../src/domain/index';
import type { Config } from './config';
import type { Limits, LobbyContext, Mailer } from './context';
import { DEFAULT_LIMITS } from './context';
import type { Database } from './db/client';
import { housekeeping, HOUSEKEEPING_INTERVAL_MS } from './db/maintenance';
import { HttpError } from './http-error';
import { createExportRunner, EXPORT_POLL_MS } from './jobs/export-runner';
import { loggerOptions } from './logging';
import type { MailTransport } from './mail/outbox';
import { deliverMail, recordMail, sendSms, smtpTransport } from './mail/outbox';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import rejectNul from './plugins/reject-nul';
import securityHeaders from './plugins/security-headers';
import spa from './plugins/spa';
import swaggerPlugin, { swaggerUiRoutes } from './plugins/swagger';
import { apiRoutes } from './routes/index';
import { BulkGate, enterInFlight, leaveInFlight } from './services/bulk-gate';
import { PGlite } from '@electric-sql/pglite';

export interface BuildAppOptions {
  db: Database;
  config: Config;
  /** the clock; tests move it to expire tokens and age throttling events */
  now?: () => Date;
  limits?: Partial<Limits>;
  /** Fastify logger option; default pino at config.logLevel without secrets */
  logger?: FastifyServerOptions['logger'];
  /** the built app; default ./dist; null: API only */
  distDir?: string | null;
  /** default: nodemailer on config.smtpUrl, or none */
  mailTransport?: MailTransport | null;
  /** without a mail transport, mail and SMS are also written here as files; default DATA_DIR/mail, null: none */
  mailDir?: string | null;
  /** routes added under /api before the app is ready (tests) */
  registerExtraRoutes?: (api: FastifyInstance) => void | Promise<void>;
  /** told of every route the app registers, before any is (tests: the authorization matrix) */
  onRoute?: (route: RouteOptions) => void;
  /**
   * housekeeping (server/db/maintenance.ts: expired tokens and codes, throttling events, idempotency
   * keys, unused images, old mail files) at start and hourly, in the background; default true
   */
  housekeeping?: boolean;
  /**
   * transaction export jobs (server/jobs/export-runner.ts): true (default) runs them once the app is
   * ready, when one is queued, and every EXPORT_POLL_MS; false only when lobby.exports.drain() is called (tests)
   */
  exportJobs?: boolean;
}

export async function buildApp(options: BuildAppOptions) {
  const { db, config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));

  const transport = options.mailTransport !== undefined ? options.mailTransport : config.smtpUrl ? smtpTransport(config.smtpUrl) : null;
  const outbox = {
    log: (line: string) => app.log.info(line),
    logError: (error: unknown, line: string) => app.log.error({ err: error }, line),
    transport,
    from: config.mailFrom,
    root: db,
    dir: transport ? null : options.mailDir !== undefined ? options.mailDir : resolve(config.dataDir, 'mail'),
  };
  const mailer: Mailer = {
    record: (executor, message) => recordMail(executor, message),
    deliver: (mail) => deliverMail(mail, outbox),
    sms: (executor, message) => sendSms(executor, message, outbox),
  };
  const running = new Set<Promise<void>>();
  const exportJobs = options.exportJobs !== false;
  const exportRunner = createExportRunner({
    db,
    now: () => lobby.now(),
    mailer,
    publicUrl: config.publicUrl,
    log: { info: (line) => app.log.info(line), error: (error, line) => app.log.error({ err: error }, line) },
  });
  const embedded = (db as { $client?: unknown }).$client instanceof PGlite;
  const lobby: LobbyContext = {
    db,
    config,
    now: options.now ?? (() => new Date()),
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    mailer,
    background(task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => app.log.error({ err: error }, 'background task failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    settle: async () => {
      while (running.size > 0) await Promise.all([...running]);
    },
    exports: { kick: () => (exportJobs ? exportRunner.kick() : undefined), drain: () => exportRunner.drain() },
    // embedded PGlite: one connection on this thread, so bulk work waits for the requests in flight
    bulk: new BulkGate(embedded),
    groupCommit: !embedded,
    embedded,
  };
  app.decorate('lobby', lobby);
  // every request but bulk work (routes with config.bulk) counts as in flight until it is answered
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.bulk === true) return;
    enterInFlight(lobby.bulk, request);
  });
  const left = async (request: object) => leaveInFlight(lobby.bulk, request);
  app.addHook('onResponse', left);
  app.addHook('onRequestAbort', left);

  await app.register(errorsPlugin);
  await app.register(rejectNul);
  await app.register(securityHeaders);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, [{ code: ERROR_CODES.rateLimited, message: `Too many requests. Try again in ${context.after}.` }]),
  });
  await app.register(authPlugin);
  await app.register(swaggerPlugin);
  await app.register(
    async (api) => {
      // API answers of 1 KB or more, compressed as the client accepts (a kept plugin); only here, the
      // app's files come precompressed from the build (spa.ts)
      await api.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } });
      await api.register(apiRoutes);
      await swaggerUiRoutes(api);
      if (options.registerExtraRoutes) await options.registerExtraRoutes(api);
    },
    { prefix: '/api' },
  );
  await app.register(spa, { distDir: options.distDir === undefined ? resolve('dist') : options.distDir });

  app.addHook('onClose', async () => lobby.settle());
  if (options.housekeeping !== false) {
    // a background task like any other: close waits for a run under way
    const run = () =>
      lobby.background(() =>
        housekeeping(db, lobby.now(), { mailDir: outbox.dir, mailRetentionDays: config.mailRetentionDays, historyRetentionDays: config.historyRetentionDays }).catch((error: unknown) => app.log.error({ err: error }, 'housekeeping failed')),
      );
    run();
    const timer = setInterval(run, HOUSEKEEPING_INTERVAL_MS);
    timer.unref();
    app.addHook('preClose', async () => clearInterval(timer));
  }
  // stopped before the background tasks are awaited: a job under way goes back to the queue
  app.addHook('preClose', async () => exportRunner.stop());
  if (exportJobs) {
    app.addHook('onReady', async () => exportRunner.kick());
    const timer = setInterval(() => exportRunner.kick(), EXPORT_POLL_MS);
    timer.unref();
    app.addHook('preClose', async () => clearInterval(timer));
  }
  if (transport && 'close' in transport && typeof transport.close === 'function') {
    const closable = transport as { close(): void };
    app.addHook('onClose', async () => closable.close());
  }
  return app;
}

export type LobbyApp = Awaited<ReturnType<typeof buildApp>>;

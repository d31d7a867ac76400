/**
 * Entry point (`npm start`): configuration, database, migrations, first-start seed, the app, listen.
 * Prints how to sign in, and closes the server and the database on SIGINT/SIGTERM.
 */
import { resolve } from 'node:path';
import { buildApp } from './app';
import { startupLines } from './banner';
import type { Config } from './config';
import { ConfigError, parseConfig } from './config';
import { openDatabase } from './db/client';
import { purgeExpired } from './db/maintenance';
import { migrateDatabase } from './db/migrate';
import type { SeedResult } from './db/seed';
import { seedDatabase } from './db/seed';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const handle = await openDatabase(config);
  let seeded: SeedResult;
  try {
    await migrateDatabase(handle);
    seeded = await seedDatabase(handle.db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      demo: config.demo,
      demoPassword: config.demoPassword,
    });
    await purgeExpired(handle.db, new Date());
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }

  const distDir = resolve(config.distDir);
  const app = await buildApp({ db: handle.db, config, distDir });
  if (!app.spaServed) {
    app.log.warn(`No built app in ${distDir} (run \`npm run build\`): serving the API only, under /api`);
  }
  app.log.info(handle.kind === 'pglite' ? `Database: PGlite in ${resolve(config.dataDir, 'pglite')}` : 'Database: PostgreSQL (DATABASE_URL)');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    app
      .close()
      .then(() => handle.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    await handle.close().catch(() => undefined);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  process.stdout.write(`${startupLines(port, seeded.accounts).join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Lobby failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

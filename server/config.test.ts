import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      distDir: './dist',
      trustProxy: false,
      databaseUrl: null,
      databasePoolSize: 10,
      adminEmail: 'admin@lobby.local',
      adminPassword: null,
      demo: true,
      demoPassword: null,
      smtpUrl: null,
      publicUrl: 'http://localhost:8080',
      mailRetentionDays: 30,
      historyRetentionDays: 400,
      accessTokenTtlSeconds: 900,
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const config = parseConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/lobby',
      DIST_DIR: '/srv/lobby/dist',
      DATABASE_URL: 'postgres://u:p@db:5432/lobby',
      DATABASE_POOL_SIZE: '25',
      LOBBY_ADMIN_EMAIL: 'Boss@Example.com',
      LOBBY_ADMIN_PASSWORD: 'Str0ngPassword',
      LOBBY_DEMO: '0',
      LOBBY_DEMO_PASSWORD: 'DemoPassword1',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://lobby.example.com/',
      ACCESS_TOKEN_TTL_SECONDS: '60',
      MAIL_RETENTION_DAYS: '7',
      HISTORY_RETENTION_DAYS: '90',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/lobby',
      distDir: '/srv/lobby/dist',
      databaseUrl: 'postgres://u:p@db:5432/lobby',
      databasePoolSize: 25,
      adminEmail: 'boss@example.com',
      adminPassword: 'Str0ngPassword',
      demo: false,
      demoPassword: 'DemoPassword1',
      smtpUrl: 'smtp://mail:25',
      publicUrl: 'https://lobby.example.com',
      accessTokenTtlSeconds: 60,
      mailRetentionDays: 7,
      historyRetentionDays: 90,
      logLevel: 'warn',
      trustProxy: true,
    });
  });

  it('reads LOBBY_DEMO_TRANSACTIONS: 200,000 by default, 0 allowed, a bad count refused', () => {
    expect(parseConfig({}).demoTransactions).toBe(200_000);
    expect(parseConfig({ LOBBY_DEMO_TRANSACTIONS: '0' }).demoTransactions).toBe(0);
    expect(parseConfig({ LOBBY_DEMO_TRANSACTIONS: '3000' }).demoTransactions).toBe(3000);
    expect(() => parseConfig({ LOBBY_DEMO_TRANSACTIONS: 'many' })).toThrow('Invalid configuration: LOBBY_DEMO_TRANSACTIONS must be an integer from 0 to 5000000');
    expect(() => parseConfig({ LOBBY_DEMO_TRANSACTIONS: '-1' })).toThrow(ConfigError);
  });

  it('uses PORT in the default PUBLIC_URL and treats empty variables as unset', () => {
    expect(parseConfig({ PORT: '3000', DATABASE_URL: '' })).toMatchObject({ publicUrl: 'http://localhost:3000', databaseUrl: null });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be an integer from 1 to 65535'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be an integer from 1 to 65535'],
    [{ PORT: '0' }, 'Invalid configuration: PORT must be an integer from 1 to 65535'],
    [{ LOBBY_DEMO: 'yes' }, 'Invalid configuration: LOBBY_DEMO must be 0 or 1'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ DATABASE_POOL_SIZE: '0' }, 'Invalid configuration: DATABASE_POOL_SIZE must be an integer from 1 to 1000'],
    [{ LOBBY_ADMIN_EMAIL: 'nobody' }, 'Invalid configuration: LOBBY_ADMIN_EMAIL must be an email address'],
    [{ LOBBY_ADMIN_PASSWORD: 'short' }, 'Invalid configuration: LOBBY_ADMIN_PASSWORD must have at least 8 characters and an uppercase letter'],
    [{ ACCESS_TOKEN_TTL_SECONDS: '-5' }, 'Invalid configuration: ACCESS_TOKEN_TTL_SECONDS must be an integer from 1 to 86400'],
    [{ MAIL_RETENTION_DAYS: '0' }, 'Invalid configuration: MAIL_RETENTION_DAYS must be an integer from 1 to 3650'],
    [{ HISTORY_RETENTION_DAYS: '0' }, 'Invalid configuration: HISTORY_RETENTION_DAYS must be an integer from 1 to 36500'],
    [{ SMTP_URL: 'http://mail' }, 'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ PUBLIC_URL: 'lobby' }, 'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
  ])('rejects %o with one line naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
    try {
      parseConfig(env);
    } catch (error) {
      expect((error as Error).message).toBe(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('reads LOBBY_DEMO_ACCESS_LOG (20000 by default, 0 to 1000000)', () => {
    expect(parseConfig({}).demoAccessLog).toBe(20_000);
    expect(parseConfig({ LOBBY_DEMO_ACCESS_LOG: '0' }).demoAccessLog).toBe(0);
    expect(parseConfig({ LOBBY_DEMO_ACCESS_LOG: '1000000' }).demoAccessLog).toBe(1_000_000);
    for (const bad of ['-1', '1000001', 'lots', '1.5']) {
      expect(() => parseConfig({ LOBBY_DEMO_ACCESS_LOG: bad })).toThrow('Invalid configuration: LOBBY_DEMO_ACCESS_LOG must be an integer from 0 to 1000000');
    }
  });
});

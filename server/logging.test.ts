import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseResetToken } from '../src/domain/index';
import { loggerOptions, redactUrl } from './logging';
import type { TestApp } from './test-helpers';
import { createTestApp, createUser, outboxFor } from './test-helpers';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logLines.push(chunk.toString());
    callback();
  },
});

let t: TestApp;
let mailDir = '';
beforeAll(async () => {
  mailDir = join(mkdtempSync(join(tmpdir(), 'lobby-data-')), 'mail');
  t = await createTestApp({
    seed: false,
    mailDir,
    logger: { ...(loggerOptions('info') as object), stream: logStream },
    // a query that fails inside the database with the values of its request as parameters
    registerExtraRoutes: (api) => {
      api.post('/test/failing-query', async (request) => {
        const { email, name } = request.body as { email: string; name: string };
        await t.db.execute(sql`select ${email}::text as email, ${name}::uuid as name`);
        return {};
      });
    },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(join(mailDir, '..'), { recursive: true, force: true });
});

describe('redactUrl', () => {
  it.each([
    ['/api/authentication/v1/users/abc/%70assword/SECRET', '/api/authentication/v1/users/abc/password/[redacted]'],
    ['/api/authentication/v1/users/abc/%70%61%73%73%77%6F%72%64/SECRET', '/api/authentication/v1/users/abc/password/[redacted]'],
    ['/api/authentication/v1/users/abc/%2570assword/SECRET', '/api/authentication/v1/users/abc/password/[redacted]'],
    ['/api/authentication/v1/users/abc/PASSWORD/SECRET', '/api/authentication/v1/users/abc/PASSWORD/[redacted]'],
    ['/api/authentication/v1/users/abc/%61ctivate/SECRET?x=1', '/api/authentication/v1/users/abc/activate/[redacted]?x=1'],
    ['/password/%72eset/uuid.SECRET', '/password/reset/[redacted]'],
    ['/validate/%70hone/SECRET', '/validate/phone/[redacted]'],
    ['/validate/email/SECRET', '/validate/email/[redacted]'],
    ['/users/u/set%2Dpassword/SECRET', '/users/u/set-password/[redacted]'],
  ])('masks the code of %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('masks a code whole, even where it holds an escaped ?, # or /', () => {
    expect(redactUrl('/api/authentication/v1/users/abc/password/SEC%3FRET')).toBe('/api/authentication/v1/users/abc/password/[redacted]');
    expect(redactUrl('/api/authentication/v1/users/abc/password/SEC%23RET')).toBe('/api/authentication/v1/users/abc/password/[redacted]');
    expect(redactUrl('/api/authentication/v1/users/abc/password/SEC%2FRET')).toBe('/api/authentication/v1/users/abc/password/[redacted]');
  });

  it('leaves other urls as they were', () => {
    expect(redactUrl('/api/organization/v1/organization?name=a%20b')).toBe('/api/organization/v1/organization?name=a%20b');
    expect(redactUrl('/assets/%E2%82%AC.js')).toBe('/assets/%E2%82%AC.js');
  });
});

describe('request log', () => {
  it('holds no code sent with a percent-encoded path that the router still routes to the reset', async () => {
    const uuid = '6f1c1b1e-1111-4111-8111-111111111111';
    const response = await t.app.inject({ method: 'POST', url: `/api/authentication/v1/users/${uuid}/%70assword/TOPSECRETCODE`, payload: { password: 'Some-Password1' } });
    // the reset route answered (an unknown user's code), so the router decoded the path
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].code).toBe('auth.activation_code_invalid');
    const log = logLines.join('');
    expect(log).toContain(`/api/authentication/v1/users/${uuid}/password/[redacted]`);
    expect(log).not.toContain('TOPSECRETCODE');
  });
});

describe('reset mail without SMTP', () => {
  it('puts no usable code in the log, and writes the mail where a developer can open it', async () => {
    await createUser(t.db, { email: 'dev@example.com', password: 'Dev-Password1' });
    const response = await t.app.inject({ method: 'POST', url: '/api/authentication/v1/users/request-activation-code', payload: { email: 'dev@example.com' } });
    expect(response.statusCode).toBe(202);
    await t.app.lobby.settle();

    // the outbox table keeps the whole mail
    const [mail] = await outboxFor(t.db, 'dev@example.com');
    const token = /\/password\/reset\/(\S+)/.exec(mail?.body ?? '')?.[1] ?? '';
    const parsed = parseResetToken(token);
    if (!parsed) throw new Error(`no reset link in ${mail?.body}`);

    const log = logLines.join('');
    expect(log).not.toContain(parsed.code);
    const [file] = readdirSync(mailDir);
    const path = join(mailDir, file ?? '');
    // one line names the mail and its file (JSON-escaped quotes around the subject)
    expect(log).toContain('[mail] to=dev@example.com subject=\\"Reset your Lobby password\\"');
    expect(log).toContain(`file=${path}`);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toContain(`http://lobby.test/password/reset/${token}`);
  });
});

describe('the log of a 500', () => {
  it("keeps the failed query's SQL and SQLSTATE, never its parameters nor the database's quoted values", async () => {
    const before = logLines.length;
    const response = await t.app.inject({ method: 'POST', url: '/api/test/failing-query', payload: { email: 'private.person@example.com', name: 'SECRET-NOT-A-UUID' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ errors: [{ code: 'internal', message: 'Internal server error' }] });
    const log = logLines.slice(before).join('');
    expect(log).toContain('request failed');
    expect(log).not.toContain('private.person@example.com');
    expect(log).not.toContain('SECRET-NOT-A-UUID');
    expect(log).not.toContain('params');
    // what an operator needs to find the fault: the statement, the SQLSTATE, where in the code
    expect(log).toContain('Failed query: select $1::text as email, $2::uuid as name');
    expect(log).toContain('"code":"22P02"');
    expect(log).toContain('server/logging.test.ts');
  });
});

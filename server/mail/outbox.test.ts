import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema';
import type { TestDatabase } from '../test-helpers';
import { createTestDatabase, sleep } from '../test-helpers';
import type { MailTransport } from './outbox';
import { deliverMail, maskedLinks, recordMail, sendSms } from './outbox';

let database: TestDatabase;
let root = '';
beforeAll(async () => {
  database = await createTestDatabase();
  root = mkdtempSync(join(tmpdir(), 'lobby-mail-'));
});
afterAll(async () => {
  await database.close();
  rmSync(root, { recursive: true, force: true });
});

const CODE = 'Zk3p9Q-secret-code_0123456789abcdefghijklmnopq';
const resetMail = (to: string) => ({
  to,
  subject: 'Reset your Lobby password',
  body: `Hello,\n\nOpen this link:\nhttp://lobby.test/password/reset/6f1c1b1e-1111-4111-8111-111111111111.${CODE}\n\nBye`,
});
const mode = (path: string) => statSync(path).mode & 0o777;

describe('mail without SMTP', () => {
  it('records the mail, writes it as a private .eml file, and logs the file and subject but no code', async () => {
    const dir = join(root, 'mail');
    const lines: string[] = [];
    const mail = await recordMail(database.db, resetMail('ana@example.com'));
    await deliverMail(mail, { log: (line) => lines.push(line), dir, from: 'Lobby <x@y.z>' });

    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.uuid, mail.uuid));
    expect(row).toMatchObject({ channel: 'mail', recipient: 'ana@example.com', subject: 'Reset your Lobby password', body: resetMail('').body, sentAt: null });

    const files = readdirSync(dir);
    expect(files).toEqual([expect.stringMatching(new RegExp(`^\\d{8}T\\d{9}Z-${mail.uuid}\\.eml$`))]);
    const path = join(dir, files[0] ?? '');
    expect(mode(path)).toBe(0o600);
    expect(mode(dir)).toBe(0o700);
    const eml = readFileSync(path, 'utf8');
    expect(eml).toContain('From: Lobby <x@y.z>\r\nTo: ana@example.com\r\nSubject: Reset your Lobby password\r\n');
    expect(eml).toContain(`\r\n\r\nHello,\r\n`);
    expect(eml).toContain(`http://lobby.test/password/reset/6f1c1b1e-1111-4111-8111-111111111111.${CODE}`);

    expect(lines).toEqual([`[mail] to=ana@example.com subject="Reset your Lobby password" file=${path} links=http://lobby.test/password/reset/[redacted]`]);
    expect(lines.join('\n')).not.toContain(CODE);
  });

  it('keeps the mail in the table only, and the code out of the log, when no directory is set', async () => {
    const lines: string[] = [];
    await deliverMail(await recordMail(database.db, resetMail('bo@example.com')), { log: (line) => lines.push(line), dir: null });
    expect(lines).toEqual(['[mail] to=bo@example.com subject="Reset your Lobby password" (kept in the outbox table) links=http://lobby.test/password/reset/[redacted]']);
    expect((await database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'bo@example.com')))[0]?.body).toContain(CODE);
  });

  it('cannot be given an extra header through the recipient or subject', async () => {
    const dir = join(root, 'headers');
    const mail = await recordMail(database.db, { to: 'cy@example.com\r\nBcc: evil@example.com', subject: 'Hi\nX-Evil: 1', body: 'Body' });
    await deliverMail(mail, { log: () => undefined, dir });
    const eml = readFileSync(join(dir, readdirSync(dir)[0] ?? ''), 'utf8');
    const headers = eml.split('\r\n\r\n')[0]?.split('\r\n') ?? [];
    expect(headers).toContain('To: cy@example.com Bcc: evil@example.com');
    expect(headers).toContain('Subject: Hi X-Evil: 1');
    expect(headers.some((header) => header.startsWith('Bcc:') || header.startsWith('X-Evil:'))).toBe(false);
  });

  it('masks codes of every link kind, percent-encoded or not', () => {
    expect(
      maskedLinks('a http://h.test/password/reset/u.c b https://h.test/users/u/activate/c2 c http://h.test/validate/phone/c3 d http://h.test/x/%70assword/c4 e http://h.test/organizations'),
    ).toEqual([
      'http://h.test/password/reset/[redacted]',
      'https://h.test/users/u/activate/[redacted]',
      'http://h.test/validate/phone/[redacted]',
      'http://h.test/x/password/[redacted]',
      'http://h.test/organizations',
    ]);
  });
});

describe('mail with SMTP', () => {
  it('hands the mail to SMTP, marks it sent, writes no file and logs no body', async () => {
    const sent: unknown[] = [];
    const transport: MailTransport = { sendMail: async (mail) => void sent.push(mail) };
    const lines: string[] = [];
    const dir = join(root, 'smtp-unused');
    const mail = await recordMail(database.db, { to: 'dee@example.com', subject: 'Hi', body: 'Reset: http://x/password/reset/secret' });
    await deliverMail(mail, { log: (line) => lines.push(line), transport, root: database.db, from: 'Lobby <x@y.z>', dir });
    expect(lines).toEqual(['[mail] to=dee@example.com subject="Hi" (delivered by SMTP; body not logged)']);
    for (let i = 0; i < 50 && sent.length === 0; i += 1) await sleep(10);
    await sleep(50);
    expect(sent).toEqual([{ from: 'Lobby <x@y.z>', to: 'dee@example.com', subject: 'Hi', text: 'Reset: http://x/password/reset/secret' }]);
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.uuid, mail.uuid));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(() => readdirSync(dir)).toThrow();
  });

  it('keeps the mail in the outbox when SMTP fails, and logs the failure', async () => {
    const failures: string[] = [];
    const transport: MailTransport = { sendMail: async () => Promise.reject(new Error('connection refused')) };
    const mail = await recordMail(database.db, { to: 'eve@example.com', subject: 'Hi', body: 'Body' });
    await deliverMail(mail, { log: () => undefined, logError: (_e, line) => failures.push(line), transport, root: database.db });
    for (let i = 0; i < 50 && failures.length === 0; i += 1) await sleep(10);
    expect(failures).toEqual(['[mail] delivery to eve@example.com failed']);
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.uuid, mail.uuid));
    expect(row?.sentAt).toBeNull();
  });
});

describe('SMS', () => {
  it('records an SMS and writes it as a private file; the log names the file but not the code', async () => {
    const dir = join(root, 'sms');
    const lines: string[] = [];
    const uuid = await sendSms(database.db, { to: '+351900000000', body: 'Your code is 123456' }, { log: (line) => lines.push(line), dir });
    const [file] = readdirSync(dir);
    const path = join(dir, file ?? '');
    expect(file).toMatch(new RegExp(`-${uuid}\\.sms\\.txt$`));
    expect(mode(path)).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toBe('To: +351900000000\r\n\r\nYour code is 123456');
    expect(lines).toEqual([`[sms] to=+351900000000 file=${path}`]);
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.uuid, uuid));
    expect(row).toMatchObject({ channel: 'sms', body: 'Your code is 123456' });
  });
});

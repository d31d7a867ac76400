import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema';
import type { TestDatabase } from '../test-helpers';
import { createTestDatabase, sleep } from '../test-helpers';
import type { MailTransport } from './outbox';
import { mailLogLine, sendMail, sendSms } from './outbox';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('outbox', () => {
  it('records a mail and logs one line', async () => {
    const lines: string[] = [];
    const uuid = await sendMail(database.db, { to: 'ana@example.com', subject: 'Hello', body: 'Line one\nhttp://x/y' }, { log: (line) => lines.push(line) });
    expect(lines).toEqual(['[mail] to=ana@example.com subject="Hello" Line one http://x/y']);
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.uuid, uuid));
    expect(row).toMatchObject({ channel: 'mail', recipient: 'ana@example.com', subject: 'Hello', body: 'Line one\nhttp://x/y', sentAt: null });
  });

  it('hands the mail to SMTP when configured and marks it sent', async () => {
    const sent: unknown[] = [];
    const transport: MailTransport = { sendMail: async (mail) => void sent.push(mail) };
    const lines: string[] = [];
    const uuid = await sendMail(database.db, { to: 'bo@example.com', subject: 'Hi', body: 'Reset: http://x/password/reset/secret' }, { log: (line) => lines.push(line), transport, root: database.db, from: 'Lobby <x@y.z>' });
    // the body (a reset link) is a secret once a real mail carries it: not in the log
    expect(lines).toEqual(['[mail] to=bo@example.com subject="Hi" (delivered by SMTP; body not logged)']);
    for (let i = 0; i < 50 && sent.length === 0; i += 1) await sleep(10);
    await sleep(50);
    expect(sent).toEqual([{ from: 'Lobby <x@y.z>', to: 'bo@example.com', subject: 'Hi', text: 'Reset: http://x/password/reset/secret' }]);
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.uuid, uuid));
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('keeps the mail in the outbox when SMTP fails, and logs the failure', async () => {
    const failures: string[] = [];
    const transport: MailTransport = { sendMail: async () => Promise.reject(new Error('connection refused')) };
    const uuid = await sendMail(database.db, { to: 'cy@example.com', subject: 'Hi', body: 'Body' }, { log: () => undefined, logError: (_e, line) => failures.push(line), transport, root: database.db });
    for (let i = 0; i < 50 && failures.length === 0; i += 1) await sleep(10);
    expect(failures).toEqual(['[mail] delivery to cy@example.com failed']);
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.uuid, uuid));
    expect(row?.sentAt).toBeNull();
  });

  it('records an SMS', async () => {
    const lines: string[] = [];
    await sendSms(database.db, { to: '+351900000000', body: 'Your code is 123456' }, { log: (line) => lines.push(line) });
    expect(lines).toEqual(['[sms] to=+351900000000 Your code is 123456']);
  });

  it('formats the log line', () => {
    expect(mailLogLine({ to: 'a@b.c', subject: 'Reset your Lobby password', body: 'x' })).toBe('[mail] to=a@b.c subject="Reset your Lobby password" x');
  });
});

/**
 * Mail and SMS leave the gateway through the outbox table (what tests and operators read) and one
 * log line each; with SMTP_URL a mail is also handed to nodemailer after it was recorded. A failed
 * SMTP delivery never fails the request: the row stays with sent_at null and the failure is logged.
 */
import { eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Database, Executor } from '../db/client';
import { outboxMessages } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}
export interface SmsMessage {
  to: string;
  body: string;
}

export interface MailTransport {
  sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

export interface OutboxOptions {
  /** where the `[mail] ...` line goes; stdout when absent */
  log?: (line: string) => void;
  /** failures of SMTP delivery */
  logError?: (error: unknown, line: string) => void;
  transport?: MailTransport | null;
  from?: string;
  /** the database (not a transaction) used to mark a mail sent once SMTP accepted it */
  root?: Database;
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

export function mailLogLine(message: MailMessage): string {
  return `[mail] to=${message.to} subject="${message.subject}" ${oneLine(message.body)}`;
}

export function smsLogLine(message: SmsMessage): string {
  return `[sms] to=${message.to} ${oneLine(message.body)}`;
}

function write(options: OutboxOptions, line: string) {
  if (options.log) options.log(line);
  else process.stdout.write(`${line}\n`);
}

/** Records the mail in the outbox, logs it, and (with a transport) delivers it in the background. */
export async function sendMail(db: Executor, message: MailMessage, options: OutboxOptions = {}): Promise<string> {
  const [row] = await db
    .insert(outboxMessages)
    .values({ channel: 'mail', recipient: message.to, subject: message.subject, body: message.body })
    .returning({ uuid: outboxMessages.uuid });
  const uuid = row?.uuid ?? '';
  const transport = options.transport;
  // Without SMTP the log line is how the mail reaches anyone (development, tests); with SMTP its body
  // (reset links, codes) is a secret and stays out of the log.
  write(options, transport ? `[mail] to=${message.to} subject="${message.subject}" (delivered by SMTP; body not logged)` : mailLogLine(message));
  if (transport) {
    const from = options.from ?? 'Lobby <no-reply@lobby.local>';
    const root = options.root;
    // Deliver after the caller's transaction had its chance to commit.
    setImmediate(() => {
      transport
        .sendMail({ from, to: message.to, subject: message.subject, text: message.body })
        .then(() => root?.update(outboxMessages).set({ sentAt: new Date() }).where(eq(outboxMessages.uuid, uuid)))
        .catch((error: unknown) => options.logError?.(error, `[mail] delivery to ${message.to} failed`));
    });
  }
  return uuid;
}

/** Records an SMS in the outbox and logs it (no SMS provider is configured in this product). */
export async function sendSms(db: Executor, message: SmsMessage, options: OutboxOptions = {}): Promise<string> {
  const [row] = await db
    .insert(outboxMessages)
    .values({ channel: 'sms', recipient: message.to, subject: null, body: message.body })
    .returning({ uuid: outboxMessages.uuid });
  write(options, smsLogLine(message));
  return row?.uuid ?? '';
}

export function smtpTransport(smtpUrl: string): MailTransport & { close(): void } {
  return createTransport(smtpUrl);
}

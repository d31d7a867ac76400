/**
 * Mail and SMS leave the gateway through the outbox table (what tests and operators read). A mail
 * is recorded inside the caller's transaction and delivered once that committed: with SMTP_URL it is
 * handed to nodemailer (a failed delivery never fails the request: the row keeps sent_at null and the
 * failure is logged); without, it is written as a file under DATA_DIR/mail/ that only the gateway's
 * user can read, and removed by housekeeping after MAIL_RETENTION_DAYS (30 unless set). The log
 * names the recipient, the subject and the file, never a body: bodies hold reset links and codes,
 * and a log is read by more people than a mailbox.
 */
import { mkdir, readdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Database, Executor } from '../db/client';
import { outboxMessages } from '../db/schema';
import { redactUrl } from '../logging';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}
export interface SmsMessage {
  to: string;
  body: string;
}

/** A mail in the outbox table, waiting for deliverMail once its transaction committed. */
export interface RecordedMail extends MailMessage {
  uuid: string;
}

export interface MailTransport {
  sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

export interface OutboxOptions {
  /** where the `[mail] ...` line goes; stdout when absent */
  log?: (line: string) => void;
  /** failures of SMTP delivery or of writing a mail file */
  logError?: (error: unknown, line: string) => void;
  transport?: MailTransport | null;
  from?: string;
  /** the database (not a transaction) used to mark a mail sent once SMTP accepted it */
  root?: Database;
  /** without a transport, each mail and SMS is also written here as a file (mode 0600); null: none */
  dir?: string | null;
}

const DEFAULT_FROM = 'Lobby <no-reply@lobby.local>';
const LINK = /https?:\/\/[^\s"'<>]+/g;
/** the token of an email change link (redactUrl masks the others) */
const EMAIL_LINK_CODE = /\/validate\/email\/[^/]+/gi;

function write(options: OutboxOptions, line: string) {
  if (options.log) options.log(line);
  else process.stdout.write(`${line}\n`);
}

/** A header value on one line: a recipient or subject can never add a header of its own. */
const headerValue = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** The links of a body with their codes masked, so a log line can say what was sent. */
export function maskedLinks(body: string): string[] {
  return [...body.matchAll(LINK)].map(([link]) => {
    try {
      const url = new URL(link);
      return `${url.origin}${redactUrl(url.pathname).replace(EMAIL_LINK_CODE, '/validate/email/[redacted]')}`;
    } catch {
      return '[link]';
    }
  });
}

/** The mail as an RFC 5322 message, which any mail client opens. */
export function emlText(mail: RecordedMail, from: string, date: Date): string {
  return [
    `From: ${headerValue(from)}`,
    `To: ${headerValue(mail.to)}`,
    `Subject: ${headerValue(mail.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${mail.uuid}@lobby.local>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    ...mail.body.split(/\r?\n/),
  ].join('\r\n');
}

/** `<UTC time>-<outbox uuid>.<ext>`: names sort oldest first and never collide. */
function fileName(uuid: string, date: Date, ext: string): string {
  return `${date.toISOString().replace(/[-:.]/g, '')}-${uuid}.${ext}`;
}

/** A mail or SMS file this module wrote (fileName): the UTC time it was written, in its name. */
const MAIL_FILE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z-[0-9a-f-]*\.(?:eml|sms\.txt)$/;

/**
 * Removes the mail and SMS files of `dir` written before `before` (by the time in their names; any
 * other file is left alone): they hold reset links and codes, kept only for a retention period.
 * Answers how many were removed; a missing directory has none.
 */
export async function removeOldMailFiles(dir: string, before: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const match = MAIL_FILE.exec(name);
    if (!match) continue;
    const [, year, month, day, hour, minute, second, ms] = match.map(Number) as number[];
    const written = Date.UTC(year as number, (month as number) - 1, day, hour, minute, second, ms);
    if (!(written < before.getTime())) continue;
    try {
      await unlink(join(dir, name));
      removed += 1;
    } catch (error) {
      // removed meanwhile (another gateway on the same DATA_DIR)
      if (!(typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT')) throw error;
    }
  }
  return removed;
}

/** Writes a file only the gateway's user can read (0600, in a 0700 directory); answers its path. */
async function writePrivateFile(dir: string, name: string, text: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, name);
  await writeFile(path, text, { mode: 0o600, flag: 'wx' });
  return path;
}

/** Records the mail in the outbox table; call deliverMail once the transaction committed. */
export async function recordMail(db: Executor, message: MailMessage): Promise<RecordedMail> {
  const [row] = await db
    .insert(outboxMessages)
    .values({ channel: 'mail', recipient: message.to, subject: message.subject, body: message.body })
    .returning({ uuid: outboxMessages.uuid });
  if (!row) throw new Error('mail not recorded');
  return { ...message, uuid: row.uuid };
}

/**
 * Hands a recorded mail on: to SMTP (in the background; the row is marked sent once accepted), or
 * to a file under `dir`. The log line names the file and the links with their codes masked.
 */
export async function deliverMail(mail: RecordedMail, options: OutboxOptions = {}): Promise<void> {
  const from = options.from ?? DEFAULT_FROM;
  const transport = options.transport;
  if (transport) {
    write(options, `[mail] to=${mail.to} subject="${mail.subject}" (delivered by SMTP; body not logged)`);
    const root = options.root;
    transport
      .sendMail({ from, to: mail.to, subject: mail.subject, text: mail.body })
      .then(() => root?.update(outboxMessages).set({ sentAt: new Date() }).where(eq(outboxMessages.uuid, mail.uuid)))
      .catch((error: unknown) => options.logError?.(error, `[mail] delivery to ${mail.to} failed`));
    return;
  }
  const links = maskedLinks(mail.body);
  const linkPart = links.length > 0 ? ` links=${links.join(',')}` : '';
  if (!options.dir) {
    write(options, `[mail] to=${mail.to} subject="${mail.subject}" (kept in the outbox table)${linkPart}`);
    return;
  }
  const date = new Date();
  try {
    const path = await writePrivateFile(options.dir, fileName(mail.uuid, date, 'eml'), emlText(mail, from, date));
    write(options, `[mail] to=${mail.to} subject="${mail.subject}" file=${path}${linkPart}`);
  } catch (error) {
    options.logError?.(error, `[mail] to=${mail.to} could not be written to ${options.dir}; it is in the outbox table`);
  }
}

/** Records an SMS in the outbox; without an SMS provider it is written as a file like a mail. */
export async function sendSms(db: Executor, message: SmsMessage, options: OutboxOptions = {}): Promise<string> {
  const [row] = await db
    .insert(outboxMessages)
    .values({ channel: 'sms', recipient: message.to, subject: null, body: message.body })
    .returning({ uuid: outboxMessages.uuid });
  const uuid = row?.uuid ?? '';
  if (!options.dir) {
    write(options, `[sms] to=${message.to} (kept in the outbox table)`);
    return uuid;
  }
  try {
    const text = [`To: ${headerValue(message.to)}`, '', message.body].join('\r\n');
    const path = await writePrivateFile(options.dir, fileName(uuid, new Date(), 'sms.txt'), text);
    write(options, `[sms] to=${message.to} file=${path}`);
  } catch (error) {
    options.logError?.(error, `[sms] to=${message.to} could not be written to ${options.dir}; it is in the outbox table`);
  }
  return uuid;
}

export function smtpTransport(smtpUrl: string): MailTransport & { close(): void } {
  return createTransport(smtpUrl);
}

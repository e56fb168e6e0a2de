import { randomUUID } from 'node:crypto';
import { link, mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Clock } from '../clock';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes (a person who wrote to the team), instead of the sender. */
  replyTo?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  clock: Clock;
  log: (message: string) => void;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise files in DATA_DIR/outbox. */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : outboxMailer(options);
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from, ...message(mail) });
      } catch (error) {
        // The server's refusal often quotes the recipient, and the failure is logged.
        const code = error instanceof Error && 'code' in error ? String(error.code) : 'unknown';
        throw new Error(`SMTP delivery failed (${code})`);
      }
    },
  };
}

/** A mail's own fields as nodemailer takes them (the sender is the mailer's). */
function message(mail: Mail) {
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
  };
}

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

/**
 * Writes each mail as an .eml file (`<time>-<to>.eml`), so a local user without a mail server
 * can still reset a password: the log says a mail is waiting there, never to whom or its link
 * (a reset link in a log is a way into the account for whoever reads the log).
 */
function outboxMailer(options: Omit<MailerOptions, 'smtpUrl'>): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const dir = outboxDir(options.dataDir);
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...message(mail) });
      // streamTransport with buffer: true always hands back the whole message as a Buffer.
      if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer did not buffer the message');
      await mkdir(dir, { recursive: true });
      const safeTo = mail.to.replace(/[^\w@.+-]/g, '_');
      await writeUnique(dir, `${options.clock.now()}-${safeTo}`, info.message);
      options.log(`Mail "${mail.subject}" written to the outbox folder ${dir}`);
    },
  };
}

/**
 * Writes the mail whole before it gets its name: a reader of the folder (the tests, a person)
 * never finds a file half written. The content goes to a temporary file, which is then linked
 * under the first free name (a link, like `wx`, fails when the name is taken). Mail and text
 * messages (social-sign-in/sms-sender.ts) are written so.
 */
export async function writeUnique(
  dir: string,
  base: string,
  content: Buffer | string,
  extension = 'eml',
): Promise<string> {
  const draft = join(dir, `.draft-${randomUUID()}`);
  await writeFile(draft, content, { flag: 'wx' });
  try {
    for (let n = 1; ; n++) {
      const file = join(dir, n === 1 ? `${base}.${extension}` : `${base}-${n}.${extension}`);
      try {
        await link(draft, file);
        return file;
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      }
    }
  } finally {
    await unlink(draft);
  }
}

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Clock } from '../clock';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The mail's one action link; logged when the mail only goes to the outbox. */
  link?: string;
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
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

/**
 * Writes each mail as an .eml file (`<time>-<to>.eml`) and logs its link, so a local user
 * without a mail server can still reset a password.
 */
export function outboxMailer(options: Omit<MailerOptions, 'smtpUrl'>): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const dir = outboxDir(options.dataDir);
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      // streamTransport with buffer: true always hands back the whole message as a Buffer.
      if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer did not buffer the message');
      await mkdir(dir, { recursive: true });
      const safeTo = mail.to.replace(/[^\w@.+-]/g, '_');
      const file = await writeUnique(dir, `${options.clock.now()}-${safeTo}`, info.message);
      options.log(
        `Mail "${mail.subject}" to ${mail.to} written to ${file}` +
          (mail.link ? `; link: ${mail.link}` : ''),
      );
    },
  };
}

async function writeUnique(dir: string, base: string, content: Buffer): Promise<string> {
  for (let n = 1; ; n++) {
    const file = join(dir, n === 1 ? `${base}.eml` : `${base}-${n}.eml`);
    try {
      await writeFile(file, content, { flag: 'wx' });
      return file;
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
  }
}

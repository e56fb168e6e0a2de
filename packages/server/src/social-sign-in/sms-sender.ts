import { mkdir } from 'node:fs/promises';
import { outboxDir, writeUnique } from '../mail/mailer';

interface Sms {
  /** E.164. */
  to: string;
  text: string;
}

export interface SmsSender {
  send(sms: Sms, now: number): Promise<void>;
}

/**
 * SMS_URL set: a JSON POST `{ to, text }` to the gateway (a 2xx answer means accepted).
 * Unset: a file per message in DATA_DIR/outbox (`<time>-<number>.sms`), as mail is written
 * without SMTP, so phone sign-in works on a machine without a gateway.
 */
export function createSmsSender(options: {
  smsUrl: string | undefined;
  dataDir: string;
}): SmsSender {
  return options.smsUrl ? gatewaySender(options.smsUrl) : outboxSender(options.dataDir);
}

function gatewaySender(url: string): SmsSender {
  return {
    async send(sms) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sms),
        signal: AbortSignal.timeout(10_000),
      });
      // The gateway's answer may quote the number: only its status is reported.
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

function outboxSender(dataDir: string): SmsSender {
  const dir = outboxDir(dataDir);
  return {
    async send(sms, now) {
      await mkdir(dir, { recursive: true });
      const base = `${now}-${sms.to.replace(/[^\d+]/g, '')}`;
      await writeUnique(dir, base, `To: ${sms.to}\n\n${sms.text}\n`, 'sms');
    },
  };
}

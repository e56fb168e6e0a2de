import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runDataDir } from './run-data';

/**
 * The first link matching `pattern` in a mail the server wrote to DATA_DIR/outbox for `email`
 * (no SMTP in tests), waiting a little for it: mail goes out after the call's transaction.
 */
export async function linkInMail(email: string, pattern: RegExp): Promise<string> {
  const outbox = join(runDataDir(), 'outbox');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = readdirSync(outbox).filter((name) => name.includes(email));
    for (const file of files) {
      // Quoted-printable: soft line breaks and "=3D" for "=".
      const mail = readFileSync(join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const match = pattern.exec(mail);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail for ${email} with a link like ${pattern}`);
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runDataDir } from './run-data';

/**
 * The texts of the files the server wrote to DATA_DIR/outbox (mail and text messages: no SMTP
 * or SMS gateway in tests) whose names pass `match`. The server makes the folder with its first
 * message, which may still be on its way.
 */
function outboxTexts(match: (name: string) => boolean): string[] {
  const outbox = join(runDataDir(), 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter(match)
    .map((name) => readFileSync(join(outbox, name), 'utf8'));
}

/** The first match of `pattern` in the outbox files `match` picks, waiting up to 5 s for it. */
export async function waitForOutbox(
  match: (name: string) => boolean,
  pattern: RegExp,
): Promise<RegExpExecArray | null> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    for (const text of outboxTexts(match)) {
      // Quoted-printable: soft line breaks and "=3D" for "=".
      const found = pattern.exec(text.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
      if (found) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/**
 * The first link matching `pattern` in a mail the server wrote for `email`, waiting a little for
 * it: mail goes out after the call's transaction.
 */
export async function linkInMail(email: string, pattern: RegExp): Promise<string> {
  const found = await waitForOutbox((name) => name.includes(email), pattern);
  if (!found) throw new Error(`no mail for ${email} with a link like ${pattern}`);
  return found[0];
}

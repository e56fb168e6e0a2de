/**
 * Reads a mail of the outbox folder as a person would: the subject and the text decoded
 * (nodemailer writes UTF-8 subjects as RFC 2047 words and the text quoted-printable or base64).
 */

/** The bytes of quoted-printable text, as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/gu, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/u.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** An RFC 2047 header value: encoded words (B or Q) and plain text, unfolded. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/gu, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/giu, (_, kind: string, word: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : decodeQuotedPrintable(word.replace(/_/gu, ' ')),
    );
}

export interface ReadMail {
  subject: string;
  text: string;
}

export function readOutboxMail(raw: string): ReadMail {
  const split = raw.search(/\r?\n\r?\n/u);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/gu, ' ');
  const body = raw.slice(split).trim();
  const header = (name: string) =>
    new RegExp(`^${name}: (.*)$`, 'imu').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/gu, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { subject: decodeHeader(header('Subject')), text: text.replace(/\r\n/gu, '\n') };
}

/**
 * The account mails' words (docs/account.md, "The mails' language"): each mail keeps its texts
 * in one table with a row per locale, beside the code that sends it; this module fills a row in.
 */
import { localeFromOption, type Locale } from '@planner/core';
import type { Mail } from '../mail/mailer';
import { localeOptionFor } from './accounts-presenter';

/** One mail in one language; `{name}` marks where a value goes (a link, an address). */
export interface MailText {
  subject: string;
  /** Paragraphs, written with a blank line between them. */
  body: readonly string[];
}

/** A mail in each of the ten languages. */
export type MailTable = Readonly<Record<Locale, MailText>>;

/**
 * The language of an account's mails: its locale option when that names one of the ten; for an
 * automatic one ('local'), the device's language when the call knows it, else English.
 */
export function mailLanguage(localeOption: string, deviceLocale = ''): Locale {
  return localeFromOption(localeOptionFor(localeOption), deviceLocale);
}

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/gu, (mark, name: string) => values[name] ?? mark);
}

/** The mail of `table` in `locale` to `to`, its marks replaced by `values`. */
export function writeMail(
  table: MailTable,
  locale: Locale,
  to: string,
  values: Readonly<Record<string, string>> = {},
): Mail {
  const text = table[locale];
  return {
    to,
    subject: fill(text.subject, values),
    text: text.body.map((paragraph) => fill(paragraph, values)).join('\n\n'),
  };
}

import { SUPPORTED_LOCALES } from '@planner/core';
import { describe, expect, it } from 'vitest';
import { EMAIL_CHANGED_MAIL, EMAIL_RESTORED_MAIL } from './email-change-mails';
import { mailLanguage, writeMail, type MailText } from './mail-text';
import { RESET_MAIL } from './reset-mail';
import { VERIFICATION_MAIL } from './verification-mail';

const MAILS = {
  verification: VERIFICATION_MAIL,
  reset: RESET_MAIL,
  emailChanged: EMAIL_CHANGED_MAIL,
  emailRestored: EMAIL_RESTORED_MAIL,
};

/** The `{name}` marks a text fills in, sorted. */
function marks({ subject, body }: MailText): string[] {
  return [...`${subject}\n${body.join('\n')}`.matchAll(/\{(\w+)\}/gu)]
    .map((m) => m[1] ?? '')
    .sort();
}

describe('the account mails in ten languages', () => {
  for (const [name, table] of Object.entries(MAILS)) {
    it(`has every text of the ${name} mail in every locale, translated and with its values`, () => {
      const english = table.en;
      expect(Object.keys(table).sort()).toEqual([...SUPPORTED_LOCALES].sort());
      for (const locale of SUPPORTED_LOCALES) {
        const text = table[locale];
        expect(text.subject.trim(), `${name} ${locale}`).not.toBe('');
        expect(text.body.length, `${name} ${locale}`).toBe(english.body.length);
        for (const paragraph of text.body) expect(paragraph.trim()).not.toBe('');
        // Every value the English text shows, in the same number, and no other.
        expect(marks(text), `${name} ${locale}`).toEqual(marks(english));
        if (locale !== 'en') {
          expect(text.subject, `${name} ${locale}`).not.toBe(english.subject);
          text.body.forEach((paragraph, i) => expect(paragraph).not.toBe(english.body[i]));
        }
      }
    });
  }

  it('keeps subjects and bodies short', () => {
    for (const table of Object.values(MAILS)) {
      for (const text of Object.values(table)) {
        expect(text.subject.length).toBeLessThanOrEqual(60);
        expect(text.body.join('').length).toBeLessThanOrEqual(400);
      }
    }
  });

  it('fills the values in and ends links at a line end, where mail apps cut them', () => {
    const mail = writeMail(EMAIL_CHANGED_MAIL, 'de', 'old@example.com', {
      email: 'new@example.com',
      link: 'https://planner.test/undo-email-change?token=abc',
    });
    expect(mail.to).toBe('old@example.com');
    expect(mail.subject).toBe(EMAIL_CHANGED_MAIL.de.subject);
    expect(mail.text).toContain('new@example.com');
    expect(mail.text).toMatch(/ https:\/\/planner\.test\/undo-email-change\?token=abc\n/u);
    expect(mail.text).not.toMatch(/\{\w+\}/u);
    for (const table of Object.values(MAILS)) {
      for (const text of Object.values(table)) {
        for (const paragraph of text.body) {
          if (paragraph.includes('{link}')) expect(paragraph).toMatch(/\{link\}$/u);
        }
      }
    }
  });
});

describe('mailLanguage', () => {
  it("is the account's locale, or for an automatic one the device's, else English", () => {
    expect(mailLanguage('de')).toBe('de');
    expect(mailLanguage('zh_cn', 'fr')).toBe('zh_cn');
    expect(mailLanguage('local')).toBe('en');
    expect(mailLanguage('local', 'pt-BR')).toBe('pt');
    expect(mailLanguage('', 'ja')).toBe('ja');
    expect(mailLanguage('de-AT')).toBe('de');
    expect(mailLanguage('xx')).toBe('en');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { EMAIL_CHANGED_MAIL, EMAIL_RESTORED_MAIL } from './email-change-mails';
import type { MailTable } from './mail-text';
import { RESET_MAIL } from './reset-mail';
import { readOutboxMail, type ReadMail } from './testing/outbox-mail';
import { VERIFICATION_MAIL } from './verification-mail';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const uniqueEmail = (name: string) =>
  `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The `count` mails to `to` (they are not in sending order within a millisecond). */
async function mailsTo(to: string, count: number): Promise<ReadMail[]> {
  const mails = await server.mailsTo(to, count);
  expect(mails).toHaveLength(count);
  return mails.map((mail) => readOutboxMail(mail.raw));
}

/** The mail of `table` among `mails`, in `locale`, with its first paragraph's start. */
function expectMail(mails: readonly ReadMail[], table: MailTable, locale: keyof MailTable) {
  const mail = mails.find((m) => m.subject === table[locale].subject);
  expect(mail, `${table.en.subject} in ${locale}`).toBeDefined();
  const opening = table[locale].body[0]?.split('{')[0] ?? '';
  expect(mail?.text).toContain(opening);
  return mail?.text ?? '';
}

function tokenIn(text: string, page: string): string {
  const link = new RegExp(`http://planner\\.test/${page}\\?token=([\\w-]+)`, 'u').exec(text);
  return link?.[1] ?? '';
}

describe("the account's mails in its language", () => {
  it('writes to a German account in German: sign-up, reset, change of address and its undo', async () => {
    const user = await server.signUp({ locale: 'de' });
    expectMail(await mailsTo(user.email, 1), VERIFICATION_MAIL, 'de');

    await server.client().call('RequestPasswordReset', { email: user.email });
    expectMail(await mailsTo(user.email, 2), RESET_MAIL, 'de');

    const next = uniqueEmail('neu');
    await user.client.call('SetEmail', { email: next, password: user.password });
    expectMail(await mailsTo(next, 1), VERIFICATION_MAIL, 'de');
    const told = expectMail(await mailsTo(user.email, 3), EMAIL_CHANGED_MAIL, 'de');
    expect(told).toContain(`wurde in ${next} geändert`);

    // The page's language does not override the account's own.
    const token = tokenIn(told, 'undo-email-change');
    await server.client().call('UndoEmailChange', { token, locale: 'fr' });
    expectMail(await mailsTo(user.email, 4), EMAIL_RESTORED_MAIL, 'de');
  });

  it('follows the device for an automatic locale when the call knows it, else writes English', async () => {
    const email = uniqueEmail('auto');
    const { authToken } = await server.client().call('CreateUser', {
      email,
      password: 'correct horse battery staple 42',
      options: { locale: 'local', deviceLocale: 'fr' },
    });
    expectMail(await mailsTo(email, 1), VERIFICATION_MAIL, 'fr');

    // Later calls do not say which device's language an automatic locale follows.
    const next = uniqueEmail('ailleurs');
    await server
      .client(authToken)
      .call('SetEmail', { email: next, password: 'correct horse battery staple 42' });
    const told = expectMail(await mailsTo(email, 2), EMAIL_CHANGED_MAIL, 'en');
    // The undo page says its own.
    const token = tokenIn(told, 'undo-email-change');
    await server.client().call('UndoEmailChange', { token, locale: 'ja' });
    expectMail(await mailsTo(email, 3), EMAIL_RESTORED_MAIL, 'ja');
  });
});

import { ErrorMessage } from '@planner/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../realtime/stream-reader';
import {
  rpcError,
  startTestServer,
  TEST_NOW,
  type SignedUpUser,
  type TestServer,
} from '../testing/test-server';
import { UNDO_TTL_MS } from './email-change-undo';
import { VERIFICATION_RESEND_GAP_MS } from './email-verification';
import { readOutboxMail } from './testing/outbox-mail';

const NEW_PASSWORD = 'Quiet-Lantern-Fjord-38';
const MINUTE = 60_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
// Tests that move the clock put it back.
afterEach(() => server.clock.set(TEST_NOW));

const uniqueEmail = (name: string) =>
  `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The token of the `/{page}?` link among the `count` mails to `to`, read as a person would. */
async function linkToken(to: string, page: string, count: number): Promise<string> {
  const mails = await server.mailsTo(to, count);
  expect(mails).toHaveLength(count);
  const pattern = new RegExp(`http://planner\\.test/${page}\\?\\S+`, 'u');
  // The files of one millisecond (the test's clock stands still) do not sort in sending order:
  // each test leaves one link of a page in a mailbox.
  const links = mails.flatMap((mail) => pattern.exec(readOutboxMail(mail.raw).text) ?? []);
  expect(links).toHaveLength(1);
  const link = links[0] ?? '';
  expect(link).toMatch(/[?&](token|reset)=[\w-]{43}$/u);
  const params = new URL(link).searchParams;
  return params.get('token') ?? params.get('reset') ?? '';
}

/** The one mail with `subject` among the `count` mails to `to`. */
async function mailAbout(to: string, count: number, subject: string) {
  const mails = (await server.mailsTo(to, count)).map((mail) => readOutboxMail(mail.raw));
  expect(mails).toHaveLength(count);
  const found = mails.filter((mail) => mail.subject === subject);
  expect(found).toHaveLength(1);
  return found[0] ?? { subject: '', text: '' };
}

/** The account's address as stored, and whether it is verified. */
async function storedAddress(userId: string) {
  const row = await server.database.db
    .selectFrom('users')
    .select(['email', 'email_verified'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { email: row.email, verified: row.email_verified === 1 };
}

/** Someone who knows the password signs in elsewhere and moves the address; answers the session. */
async function takeOver(user: SignedUpUser, to: string): Promise<string> {
  const { authToken } = await server
    .client()
    .call('CreateSession', { email: user.email, password: user.password });
  await server.client(authToken).call('SetEmail', { email: to, password: user.password });
  return authToken;
}

describe('undoing a change of address', () => {
  it('mails the old address an undo link that puts it back, verified, and ends every session and the password', async () => {
    const user = await server.signUp();
    const verification = await linkToken(user.email, 'verify-email', 1);
    await server.client().call('VerifyEmail', { token: verification });
    const ownerStream = await openStream(server.url, user.token);
    expect(await ownerStream.waitFor(1)).toEqual(['ready']);

    const taken = uniqueEmail('taker');
    const intruder = await takeOver(user, taken);
    // The intruder asks for a reset link at the new address, to use after the undo.
    await server.client().call('RequestPasswordReset', { email: taken });
    const intruderReset = await linkToken(taken, 'login', 2);
    expect(await storedAddress(user.userId)).toEqual({ email: taken, verified: false });

    const notice = await mailAbout(user.email, 2, 'Your Planner e-mail address was changed');
    expect(notice.text).toContain(taken);
    // No advice that does nothing: no reply address, no reset of an address without an account.
    expect(notice.text).not.toMatch(/repl|reset your password/iu);
    const undo = await linkToken(user.email, 'undo-email-change', 2);

    // Opened in the old address's mail app: no session.
    await server.client().call('UndoEmailChange', { token: undo });
    expect(await storedAddress(user.userId)).toEqual({ email: user.email, verified: true });
    expect(await ownerStream.ended()).toBe(true);
    for (const token of [user.token, intruder]) {
      expect((await rpcError(server.client(token).call('GetUserProfile'))).code).toBe(16);
    }
    // The password the change was made with signs in nowhere, at either address.
    for (const email of [user.email, taken]) {
      const refused = await rpcError(
        server.client().call('CreateSession', { email, password: user.password }),
      );
      expect(refused.message).toBe(ErrorMessage.wrongCredentials);
    }
    // The intruder's reset link and the new address's verification link are dead.
    const stale = await rpcError(
      server.client().call('ResetPassword', { id: intruderReset, password: NEW_PASSWORD }),
    );
    expect(stale.message).toBe(ErrorMessage.resetLinkInvalid);
    const moved = await linkToken(taken, 'verify-email', 2);
    const outdated = await rpcError(server.client().call('VerifyEmail', { token: moved }));
    expect(outdated.message).toBe('invalid.verificationLinkOutdated');
    const used = await rpcError(server.client().call('UndoEmailChange', { token: undo }));
    expect([used.code, used.message]).toEqual([400, 'invalid.undoLinkUsed']);

    // The address put back is told to set a new password, and can.
    await mailAbout(user.email, 3, 'Set a new password for Planner');
    const reset = await linkToken(user.email, 'login', 3);
    await server.client().call('ResetPassword', { id: reset, password: NEW_PASSWORD });
    await expect(
      server.client().call('CreateSession', { email: user.email, password: NEW_PASSWORD }),
    ).resolves.toHaveProperty('authToken');
    expect(server.logs.join('\n')).not.toContain(undo);
  });

  it('refuses an unknown, empty, oversized or expired link', async () => {
    for (const token of ['not-a-real-token', '', 'x'.repeat(101)]) {
      const error = await rpcError(server.client().call('UndoEmailChange', { token }));
      expect([error.code, error.message]).toEqual([400, 'invalid.undoLinkInvalid']);
    }
    const user = await server.signUp();
    const moved = uniqueEmail('moved');
    await takeOver(user, moved);
    const undo = await linkToken(user.email, 'undo-email-change', 2);
    server.clock.advance(UNDO_TTL_MS);
    const expired = await rpcError(server.client().call('UndoEmailChange', { token: undo }));
    expect(expired.message).toBe('invalid.undoLinkExpired');
    expect(await storedAddress(user.userId)).toEqual({ email: moved, verified: false });
  });

  it('refuses, changing nothing, when another account has taken the old address since', async () => {
    const user = await server.signUp();
    const moved = uniqueEmail('moved');
    const intruder = await takeOver(user, moved);
    const undo = await linkToken(user.email, 'undo-email-change', 2);
    const other = await server.signUp();
    await other.client.call('SetEmail', { email: user.email, password: other.password });

    const error = await rpcError(server.client().call('UndoEmailChange', { token: undo }));
    expect([error.code, error.message]).toEqual([409, 'invalid.undoEmailTaken']);
    expect(await storedAddress(user.userId)).toEqual({ email: moved, verified: false });
    await expect(server.client(intruder).call('GetUserProfile')).resolves.toBeDefined();
    // Sign-up's link, the notice, the other account's link: no mail to set a password.
    const mails = await server.mailsTo(user.email, 4);
    expect(mails.map((mail) => readOutboxMail(mail.raw).subject).sort()).toEqual([
      'Confirm your e-mail address for Planner',
      'Confirm your e-mail address for Planner',
      'Your Planner e-mail address was changed',
    ]);
  });

  it('is no verification link, and a verification link is no undo link', async () => {
    const user = await server.signUp();
    const verification = await linkToken(user.email, 'verify-email', 1);
    await takeOver(user, uniqueEmail('moved'));
    const undo = await linkToken(user.email, 'undo-email-change', 2);
    const asVerification = await rpcError(server.client().call('VerifyEmail', { token: undo }));
    expect(asVerification.message).toBe('invalid.verificationLinkInvalid');
    const asUndo = await rpcError(server.client().call('UndoEmailChange', { token: verification }));
    expect(asUndo.message).toBe('invalid.undoLinkInvalid');
  });

  it("undoing a change spends the later changes' links, never an earlier one", async () => {
    const user = await server.signUp();
    const second = uniqueEmail('second');
    const third = uniqueEmail('third');
    await takeOver(user, second);
    const first = await linkToken(user.email, 'undo-email-change', 2);
    server.clock.advance(MINUTE);
    await user.client.call('SetEmail', { email: third, password: user.password });
    const later = await linkToken(second, 'undo-email-change', 2);

    // Whoever holds the second address undoes the last change: the owner's link still works.
    await server.client().call('UndoEmailChange', { token: later });
    expect((await storedAddress(user.userId)).email).toBe(second);
    await server.client().call('UndoEmailChange', { token: first });
    expect(await storedAddress(user.userId)).toEqual({ email: user.email, verified: true });

    // And the other way round: the owner's undo leaves the later link nothing to undo.
    const other = await server.signUp();
    const next = uniqueEmail('next');
    const intruder = await takeOver(other, next);
    const owners = await linkToken(other.email, 'undo-email-change', 2);
    server.clock.advance(MINUTE);
    await server
      .client(intruder)
      .call('SetEmail', { email: uniqueEmail('last'), password: other.password });
    const intruders = await linkToken(next, 'undo-email-change', 2);
    await server.client().call('UndoEmailChange', { token: owners });
    const spent = await rpcError(server.client().call('UndoEmailChange', { token: intruders }));
    expect(spent.message).toBe('invalid.undoLinkUsed');
    expect((await storedAddress(other.userId)).email).toBe(other.email);
  });

  it('does not count against the verification mails of the account', async () => {
    const user = await server.signUp();
    // The sign-up mail and four changes make the five verification mails an hour allows.
    for (let i = 0; i < 4; i++) {
      server.clock.advance(VERIFICATION_RESEND_GAP_MS);
      await user.client.call('SetEmail', {
        email: uniqueEmail(`step${i}`),
        password: user.password,
      });
    }
  });
});

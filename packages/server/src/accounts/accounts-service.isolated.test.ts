import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, ErrorMessage } from '@planner/protocol';
import type { Database } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import * as repo from './accounts-repository';
import * as accounts from './accounts-service';
import type * as Secrets from '../secrets';
import { hashPassword, hashToken, verifyPassword } from '../secrets';

// Counts argon2 work: an unknown e-mail must cost what a wrong password costs, and a refused
// reset must cost nothing.
vi.mock('../secrets', async (importOriginal) => {
  const actual = await importOriginal<typeof Secrets>();
  return {
    ...actual,
    hashPassword: vi.fn(actual.hashPassword),
    verifyPassword: vi.fn(actual.verifyPassword),
  };
});

const NOW = Date.UTC(2026, 0, 5, 9, 0);
const PASSWORD = 'correct horse battery staple 42';
const client = { ip: '10.0.0.1', region: '', userAgent: '', timezone: 'UTC' };

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(() => {
  vi.mocked(verifyPassword).mockClear();
});

let counter = 0;
async function newAccount(): Promise<{ userId: string; email: string }> {
  counter += 1;
  const email = `service${counter}@example.com`;
  const prepared = await accounts.prepareSignUp(database.db, { email, password: PASSWORD });
  await accounts.signUp(database.db, [], prepared, { locale: 'en' }, client, NOW);
  const credentials = await repo.findCredentials(database.db, email);
  return { userId: credentials?.userId ?? '', email };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('sign-up prepared outside the transaction', () => {
  it('refuses a taken e-mail before hashing, and again when it was taken meanwhile', async () => {
    const { email } = await newAccount();
    await expect(
      accounts.prepareSignUp(database.db, { email: email.toUpperCase(), password: PASSWORD }),
    ).rejects.toMatchObject({ code: ErrorCode.Conflict, message: ErrorMessage.emailTaken });

    const racing = await accounts.prepareSignUp(database.db, {
      email: 'race@example.com',
      password: PASSWORD,
    });
    const winner = await accounts.prepareSignUp(database.db, {
      email: 'race@example.com',
      password: PASSWORD,
    });
    await accounts.signUp(database.db, [], winner, { locale: 'en' }, client, NOW);
    await expect(
      accounts.signUp(database.db, [], racing, { locale: 'en' }, client, NOW),
    ).rejects.toMatchObject({ code: ErrorCode.Conflict, message: ErrorMessage.emailTaken });
  });
});

describe('sign-in checked outside the transaction', () => {
  it('does the same work and fails the same way for an unknown e-mail and a wrong password', async () => {
    const { email } = await newAccount();
    const wrong = await failure(
      accounts.checkCredentials(database.db, { email, password: 'not it' }),
    );
    const unknown = await failure(
      accounts.checkCredentials(database.db, { email: 'nobody@example.com', password: 'not it' }),
    );
    expect(unknown).toEqual(wrong);
    expect(wrong).toMatchObject({
      code: ErrorCode.InvalidInput,
      message: ErrorMessage.wrongCredentials,
    });
    // One argon2 verification each: the unknown e-mail is checked against a decoy hash.
    expect(vi.mocked(verifyPassword).mock.calls.map(([hash]) => typeof hash)).toEqual([
      'string',
      'undefined',
    ]);
  });

  it('opens no session when the password changed after it was checked', async () => {
    const { userId, email } = await newAccount();
    const checked = await accounts.checkCredentials(database.db, { email, password: PASSWORD });
    await repo.updatePasswordHash(database.db, userId, await hashPassword('another one 99'));
    await expect(accounts.signIn(database.db, email, checked, client, NOW)).rejects.toMatchObject({
      message: ErrorMessage.wrongCredentials,
    });
    expect(await repo.listSessions(database.db, userId)).toHaveLength(1);
  });
});

describe('password reset prepared outside the transaction', () => {
  async function resetToken(userId: string, token: string): Promise<void> {
    await repo.insertPasswordReset(database.db, userId, hashToken(token), NOW, NOW + 3_600_000);
  }

  it('lets only one of two prepared resets spend the token', async () => {
    const { userId } = await newAccount();
    await resetToken(userId, 'token-a');
    const request = { token: 'token-a', password: 'a brand new passphrase 77' };
    const first = await accounts.preparePasswordReset(database.db, request, NOW);
    const second = await accounts.preparePasswordReset(database.db, request, NOW);
    await accounts.resetPassword(database.db, first, NOW);
    await expect(accounts.resetPassword(database.db, second, NOW)).rejects.toMatchObject({
      message: ErrorMessage.resetLinkInvalid,
    });
  });

  it('refuses a token that expired after it was checked', async () => {
    const { userId } = await newAccount();
    await resetToken(userId, 'token-b');
    const request = { token: 'token-b', password: 'a brand new passphrase 77' };
    const prepared = await accounts.preparePasswordReset(database.db, request, NOW);
    await expect(
      accounts.resetPassword(database.db, prepared, NOW + 3_600_000),
    ).rejects.toMatchObject({ message: ErrorMessage.resetLinkInvalid });
  });

  it('checks the link before the strength, and hashes nothing for either', async () => {
    const { userId } = await newAccount();
    await resetToken(userId, 'token-c');
    vi.mocked(hashPassword).mockClear();
    await expect(
      accounts.preparePasswordReset(database.db, { token: 'nope', password: 'short' }, NOW),
    ).rejects.toMatchObject({ message: ErrorMessage.resetLinkInvalid });
    await expect(
      accounts.preparePasswordReset(database.db, { token: 'token-c', password: 'short' }, NOW),
    ).rejects.toMatchObject({ message: 'invalid.passwordTooWeak' });
    expect(hashPassword).not.toHaveBeenCalled();
  });

  it('answers an empty password with enterPassword for a live link, and spends nothing', async () => {
    const { userId } = await newAccount();
    await resetToken(userId, 'token-d');
    const check = { token: 'token-d', password: '' };
    await expect(accounts.preparePasswordReset(database.db, check, NOW)).rejects.toMatchObject({
      message: 'invalid.enterPassword',
    });
    await expect(
      accounts.preparePasswordReset(database.db, { token: 'nope', password: '' }, NOW),
    ).rejects.toMatchObject({ message: ErrorMessage.resetLinkInvalid });

    const request = { token: 'token-d', password: 'a brand new passphrase 77' };
    await accounts.resetPassword(
      database.db,
      await accounts.preparePasswordReset(database.db, request, NOW),
      NOW,
    );
    await expect(accounts.preparePasswordReset(database.db, check, NOW)).rejects.toMatchObject({
      message: ErrorMessage.resetLinkInvalid,
    });
  });
});

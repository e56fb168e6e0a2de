import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import type { Account, SessionRecord } from './account';
import * as repo from './accounts-repository';
import { defaultUserOptions } from './accounts-presenter';
import {
  findState,
  findStateAndCurrentBlock,
  insertState,
  saveState,
} from '../plan-store/timeline-repository';
import { defaultTimelineState } from '../plan-store/timeline-state';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

let counter = 0;
function buildAccount(overrides: Partial<Account> = {}): Account {
  counter += 1;
  return {
    id: `user-${counter}`,
    email: `person${counter}@example.com`,
    name: '',
    hasPassword: true,
    createdAt: 1_767_603_600_000,
    premiumLevel: 0,
    emailVerified: false,
    debugEnabled: false,
    referralCode: '',
    options: defaultUserOptions('en', 'Europe/Paris'),
    ...overrides,
  };
}

function buildSession(overrides: Partial<SessionRecord> = {}): SessionRecord {
  counter += 1;
  return {
    id: `session-${counter}`,
    createdAt: 1000,
    ip: '10.0.0.1',
    region: '',
    device: 'Firefox 130 on Linux',
    lastActiveTime: 1000,
    ...overrides,
  };
}

describe('accounts repository', () => {
  it('stores an account and reads it back, options included', async () => {
    const account = buildAccount({ name: 'Ada' });
    expect(await repo.insertUser(database.db, account, 'hash-1')).toBe(true);
    expect(await repo.findAccount(database.db, account.id, defaultUserOptions())).toEqual(account);
    expect(await repo.findCredentials(database.db, account.email)).toEqual({
      userId: account.id,
      passwordHash: 'hash-1',
    });
    expect(await repo.findAccount(database.db, 'nobody', defaultUserOptions())).toBeUndefined();
  });

  it('serves the account read with the session for the rest of a transaction, never stale', async () => {
    const account = buildAccount({ name: 'Ada' });
    await repo.insertUser(database.db, account, 'hash-1');
    await repo.insertSession(database.db, account.id, buildSession(), 'token-hash-memo');
    await database.db.transaction().execute(async (trx) => {
      expect(await repo.findSessionByTokenHash(trx, 'token-hash-memo')).toMatchObject({
        userId: account.id,
      });
      // What the session read brought along, exactly as a read of its own would answer it.
      expect(await repo.findAccount(trx, account.id, defaultUserOptions())).toEqual(account);
      await repo.updateName(trx, account.id, 'Grace');
      expect((await repo.findAccount(trx, account.id, defaultUserOptions()))?.name).toBe('Grace');
      await repo.patchOptions(trx, account.id, { timezone: 'Asia/Tokyo' });
      expect(
        (await repo.findAccount(trx, account.id, defaultUserOptions()))?.options.timezone,
      ).toBe('Asia/Tokyo');
      await repo.updatePremiumLevel(trx, account.id, 2);
      expect((await repo.findAccount(trx, account.id, defaultUserOptions()))?.premiumLevel).toBe(2);
    });
  });

  it('hands the timeline state read with the session to the first read of it, never a stale one', async () => {
    const account = buildAccount();
    await repo.insertUser(database.db, account, 'hash-1');
    await repo.insertSession(database.db, account.id, buildSession(), 'token-hash-state');
    await insertState(database.db, account.id, defaultTimelineState(1000));
    const stored = await findStateAndCurrentBlock(database.db, account.id);
    await database.db.transaction().execute(async (trx) => {
      await repo.findSessionByTokenHash(trx, 'token-hash-state');
      expect(await findStateAndCurrentBlock(trx, account.id)).toEqual(stored);
      await repo.findSessionByTokenHash(trx, 'token-hash-state');
      await saveState(trx, account.id, { ...defaultTimelineState(1000), autoExtend: false });
      expect((await findState(trx, account.id, false))?.autoExtend).toBe(false);
    });
  });

  it('refuses a taken e-mail without throwing', async () => {
    const first = buildAccount();
    await repo.insertUser(database.db, first, 'h');
    expect(await repo.insertUser(database.db, buildAccount({ email: first.email }), 'h')).toBe(
      false,
    );
  });

  it('completes stored options with defaults for fields added later', async () => {
    const account = buildAccount();
    await repo.insertUser(database.db, account, '');
    await database.db
      .updateTable('users')
      .set({ options: '{"locale":"ja"}' })
      .where('user_id', '=', account.id)
      .execute();
    const read = await repo.findAccount(database.db, account.id, defaultUserOptions());
    expect(read?.options).toMatchObject({ locale: 'ja', version: 3 });
    expect(read?.hasPassword).toBe(false);
  });

  it('updates name, password hash and options', async () => {
    const account = buildAccount();
    await repo.insertUser(database.db, account, 'old');
    await repo.updateName(database.db, account.id, 'Grace');
    await repo.updatePasswordHash(database.db, account.id, 'new');
    await repo.updateOptions(database.db, account.id, {
      ...account.options,
      timeFormat: '24-hour clock',
    });
    const read = await repo.findAccount(database.db, account.id, defaultUserOptions());
    expect(read).toMatchObject({ name: 'Grace', options: { timeFormat: '24-hour clock' } });
    expect((await repo.findCredentials(database.db, account.email))?.passwordHash).toBe('new');
  });

  it('keeps sessions per user, found by token hash, most recent first', async () => {
    const account = buildAccount();
    await repo.insertUser(database.db, account, 'h');
    const older = buildSession({ lastActiveTime: 1000 });
    const newer = buildSession({ lastActiveTime: 5000 });
    await repo.insertSession(database.db, account.id, older, 'hash-older');
    await repo.insertSession(database.db, account.id, newer, 'hash-newer');
    expect(await repo.findSessionByTokenHash(database.db, 'hash-older')).toEqual({
      ...older,
      userId: account.id,
    });
    expect((await repo.listSessions(database.db, account.id)).map((s) => s.id)).toEqual([
      newer.id,
      older.id,
    ]);

    await repo.touchSession(database.db, account.id, older.id, 9000);
    expect((await repo.listSessions(database.db, account.id))[0]).toEqual({
      ...older,
      lastActiveTime: 9000,
    });

    expect(await repo.deleteSession(database.db, 'someone-else', older.id)).toBe(false);
    expect(await repo.deleteSession(database.db, account.id, older.id)).toBe(true);
    expect(await repo.findSessionByTokenHash(database.db, 'hash-older')).toBeUndefined();
    await repo.deleteSessionsExcept(database.db, account.id, '');
    expect(await repo.listSessions(database.db, account.id)).toEqual([]);
  });

  it('consumes a password reset once', async () => {
    const account = buildAccount();
    await repo.insertUser(database.db, account, 'h');
    await repo.insertPasswordReset(database.db, account.id, 'reset-hash', 100, 3_600_100);
    expect(await repo.findPasswordReset(database.db, 'reset-hash')).toEqual({
      userId: account.id,
      expiresAt: 3_600_100,
      usedAt: 0,
    });
    expect(await repo.consumePasswordReset(database.db, account.id, 'reset-hash', 200)).toBe(true);
    expect(await repo.consumePasswordReset(database.db, account.id, 'reset-hash', 300)).toBe(false);
    expect((await repo.findPasswordReset(database.db, 'reset-hash'))?.usedAt).toBe(200);
  });
});

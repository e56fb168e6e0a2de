import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Account, StoredUserOptions } from '../../accounts/account';
import { defaultUserOptions } from '../../accounts/accounts-presenter';
import { findAccount, insertUser } from '../../accounts/accounts-repository';
import type { Database } from '../database';
import { createTestDatabase } from '../test-database';
import { up } from './0006_rest_window';

const HOUR = 3_600_000;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

function account(id: string, options: Partial<StoredUserOptions>): Account {
  return {
    id,
    email: `${id}@example.com`,
    name: '',
    hasPassword: true,
    createdAt: 0,
    premiumLevel: 0,
    emailVerified: false,
    debugEnabled: false,
    referralCode: '',
    options: options as StoredUserOptions,
  };
}

const window = (enabled: boolean, start: number, end: number) => ({
  autoIdleEnabled: enabled,
  autoIdleStart: start,
  autoIdleEnd: end,
});

it('gives accounts that never set a rest window the default, and keeps the others', async () => {
  const before = { ...defaultUserOptions('de', 'Europe/Berlin'), ...window(false, 0, 0) };
  const { autoIdleEnabled: _, autoIdleStart: __, autoIdleEnd: ___, ...withoutWindow } = before;
  const accounts = {
    neverSet: account('a-never-set', before),
    noFields: account('b-no-fields', withoutWindow),
    ownWindow: account('c-own-window', { ...before, ...window(true, 23 * HOUR, 6 * HOUR) }),
    turnedOff: account('d-turned-off', { ...before, ...window(false, 21 * HOUR, 7 * HOUR) }),
  };
  for (const a of Object.values(accounts)) await insertUser(database.db, a, '');
  await up(database.db as unknown as Kysely<unknown>);
  const read = async (a: Account) => {
    const options = (await findAccount(database.db, a.id, defaultUserOptions()))?.options;
    return (
      options && {
        ...window(options.autoIdleEnabled, options.autoIdleStart, options.autoIdleEnd),
        locale: options.locale,
      }
    );
  };
  expect(await read(accounts.neverSet)).toEqual({
    ...window(true, 22 * HOUR, 8 * HOUR),
    locale: 'de',
  });
  expect(await read(accounts.noFields)).toEqual({
    ...window(true, 22 * HOUR, 8 * HOUR),
    locale: 'de',
  });
  expect(await read(accounts.ownWindow)).toEqual({
    ...window(true, 23 * HOUR, 6 * HOUR),
    locale: 'de',
  });
  expect(await read(accounts.turnedOff)).toEqual({
    ...window(false, 21 * HOUR, 7 * HOUR),
    locale: 'de',
  });
});

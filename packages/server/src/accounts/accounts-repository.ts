import { sql, type Kysely, type Selectable } from 'kysely';
import type { Schema } from '../db/schema';
import { preparedQuery } from '../db/prepared';
import { TransactionMemo } from '../db/transaction-memo';
import {
  CURRENT_BLOCK_COLUMNS,
  rememberStateWithCurrent,
  STATE_COLUMNS,
} from '../plan-store/timeline-repository';
import type {
  Account,
  Credentials,
  PasswordReset,
  SessionRecord,
  StoredUserOptions,
} from './account';
import type { SessionRow, UserRow } from './tables';
import { rememberTierFacts, tierColumns } from '../tiers/tiers-repository';

type Db = Kysely<Schema>;

/** The account row read with the session, for the rest of the call (db/transaction-memo.ts). */
const accountRows = new TransactionMemo<Selectable<UserRow>>();
/** Enough for a lookup; also what a method's pre-transaction step may use. */
type Reader = Pick<Kysely<Schema>, 'selectFrom'>;

function parseOptions<T extends Partial<StoredUserOptions>>(json: string, fallback: T): T {
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null ? { ...fallback, ...parsed } : fallback;
  } catch {
    return fallback;
  }
}

function toAccount(row: Selectable<UserRow>, defaults: StoredUserOptions): Account {
  return {
    id: row.user_id,
    email: row.email,
    name: row.name,
    hasPassword: row.password_hash !== '',
    createdAt: row.created_at,
    premiumLevel: row.premium_level,
    emailVerified: row.email_verified === 1,
    debugEnabled: row.debug_enabled === 1,
    referralCode: row.referral_code,
    options: parseOptions(row.options, defaults),
  };
}

function toSessionRecord(row: Selectable<SessionRow>): SessionRecord {
  return {
    id: row.session_id,
    createdAt: row.created_at,
    ip: row.ip,
    region: row.region,
    device: row.device,
    lastActiveTime: row.last_active_time,
  };
}

/**
 * Inserts the account unless its e-mail is taken (race-safe); answers whether it did. An
 * account without an e-mail ('') never conflicts: the unique index covers only addresses.
 */
export async function insertUser(db: Db, account: Account, passwordHash: string): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values({
      user_id: account.id,
      email: account.email,
      name: account.name,
      password_hash: passwordHash,
      created_at: account.createdAt,
      premium_level: account.premiumLevel,
      email_verified: account.emailVerified ? 1 : 0,
      debug_enabled: account.debugEnabled ? 1 : 0,
      referral_code: account.referralCode,
      options: JSON.stringify(account.options),
    })
    // Names the partial index's condition, which both databases need to pick that index.
    .onConflict((oc) => oc.column('email').where('email', '<>', sql.lit('')).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findCredentials(db: Reader, email: string): Promise<Credentials | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['user_id', 'password_hash'])
    .where('email', '=', email)
    // Names the partial index's condition: without it both databases read every account.
    .where('email', '<>', sql.lit(''))
    .executeTakeFirst();
  return row ? { userId: row.user_id, passwordHash: row.password_hash } : undefined;
}

/** The account; stored options are completed with `defaults` for fields added since. */
export async function findAccount(
  db: Db,
  userId: string,
  defaults: StoredUserOptions,
): Promise<Account | undefined> {
  let row = accountRows.get(db, userId);
  if (!row) {
    [row] = (await accountById(db, [userId])).rows;
    if (row) accountRows.set(db, userId, row);
  }
  return row ? toAccount(row, defaults) : undefined;
}

const accountById = preparedQuery((db, $) =>
  db.selectFrom('users').selectAll().where('user_id', '=', $<string>(0)),
);

export async function updateName(db: Db, userId: string, name: string): Promise<void> {
  accountRows.forget(db, userId);
  await db.updateTable('users').set({ name }).where('user_id', '=', userId).execute();
}

/** The tier (0 free, 1 premium, 2 unlimited); set by subscriptions (and tests). */
export async function updatePremiumLevel(db: Db, userId: string, level: number): Promise<void> {
  accountRows.forget(db, userId);
  await db
    .updateTable('users')
    .set({ premium_level: level })
    .where('user_id', '=', userId)
    .execute();
}

export async function updatePasswordHash(db: Db, userId: string, hash: string): Promise<void> {
  accountRows.forget(db, userId);
  await db
    .updateTable('users')
    .set({ password_hash: hash })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Moves the account to a new (normalised) address, not yet verified. Answers false when another
 * account has the address (the unique index decides, also in a race).
 */
export async function updateEmail(db: Db, userId: string, email: string): Promise<boolean> {
  accountRows.forget(db, userId);
  try {
    await db
      .updateTable('users')
      .set({ email, email_verified: 0 })
      .where('user_id', '=', userId)
      .execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** PostgreSQL's unique_violation, or SQLite's UNIQUE constraint failure. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Marks the account's address verified, if it is still `email`; answers whether it did. */
export async function markEmailVerified(db: Db, userId: string, email: string): Promise<boolean> {
  accountRows.forget(db, userId);
  const result = await db
    .updateTable('users')
    .set({ email_verified: 1 })
    .where('user_id', '=', userId)
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateOptions(
  db: Db,
  userId: string,
  options: StoredUserOptions,
): Promise<void> {
  accountRows.forget(db, userId);
  await db
    .updateTable('users')
    .set({ options: JSON.stringify(options) })
    .where('user_id', '=', userId)
    .execute();
}

/** Sets the given options fields and keeps every other field exactly as stored. */
export async function patchOptions(
  db: Db,
  userId: string,
  patch: Partial<StoredUserOptions>,
): Promise<void> {
  accountRows.forget(db, userId);
  const row = await db
    .selectFrom('users')
    .select('options')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return;
  const stored = parseOptions(row.options, {});
  await db
    .updateTable('users')
    .set({ options: JSON.stringify({ ...stored, ...patch }) })
    .where('user_id', '=', userId)
    .execute();
}

export async function insertSession(
  db: Db,
  userId: string,
  session: SessionRecord,
  tokenHash: string,
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      session_id: session.id,
      token_hash: tokenHash,
      created_at: session.createdAt,
      ip: session.ip,
      region: session.region,
      device: session.device,
      last_active_time: session.lastActiveTime,
    })
    .execute();
}

/**
 * The session of a token; its account is remembered for the rest of the call, its timeline state
 * for the call's first read of it.
 */
export async function findSessionByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<(SessionRecord & { userId: string }) | undefined> {
  const [row] = (await sessionByTokenHash(db, [tokenHash])).rows;
  if (!row) return undefined;
  accountRows.set(db, row.user_id, {
    user_id: row.user_id,
    email: row.email,
    name: row.name,
    password_hash: row.password_hash,
    created_at: row.user_created_at,
    premium_level: row.premium_level,
    email_verified: row.email_verified,
    debug_enabled: row.debug_enabled,
    referral_code: row.referral_code,
    options: row.options,
  });
  rememberStateWithCurrent(db, row.user_id, row);
  rememberTierFacts(db, row.user_id, row);
  return { ...toSessionRecord(row), userId: row.user_id };
}

// Read on every call, with the account most calls read next: compiled once (db/prepared.ts).
const sessionByTokenHash = preparedQuery((db, $) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.user_id', 's.user_id')
    .selectAll('s')
    .select([
      'u.email',
      'u.name',
      'u.password_hash',
      'u.created_at as user_created_at',
      'u.premium_level',
      'u.email_verified',
      'u.debug_enabled',
      'u.referral_code',
      'u.options',
    ])
    // The timeline state and its current block, which most calls read next.
    .leftJoin('timeline_state as t', 't.user_id', 's.user_id')
    .leftJoin('timeblocks as b', (join) =>
      join.onRef('b.user_id', '=', 't.user_id').onRef('b.id', '=', 't.current_block_id'),
    )
    .select([...STATE_COLUMNS, ...CURRENT_BLOCK_COLUMNS])
    // What the tier follows: a call that plans then reads nothing more for it.
    .select(tierColumns(sql.ref('s.user_id')))
    .where('s.token_hash', '=', $<string>(0)),
);

export async function touchSession(
  db: Db,
  userId: string,
  sessionId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_active_time: now })
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .execute();
}

/** Most recently active first. */
export async function listSessions(db: Db, userId: string): Promise<SessionRecord[]> {
  const rows = await db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('last_active_time', 'desc')
    .orderBy('session_id')
    .execute();
  return rows.map(toSessionRecord);
}

export async function sessionExists(
  db: Reader,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('session_id')
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Answers whether the session existed. */
export async function deleteSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteSessionsExcept(
  db: Db,
  userId: string,
  keepSessionId: string,
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('session_id', '!=', keepSessionId)
    .execute();
}

export async function insertPasswordReset(
  db: Db,
  userId: string,
  tokenHash: string,
  createdAt: number,
  expiresAt: number,
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      user_id: userId,
      token_hash: tokenHash,
      created_at: createdAt,
      expires_at: expiresAt,
      used_at: 0,
    })
    .execute();
}

export async function findPasswordReset(
  db: Reader,
  tokenHash: string,
): Promise<PasswordReset | undefined> {
  const row = await db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? { userId: row.user_id, expiresAt: row.expires_at, usedAt: row.used_at } : undefined;
}

/** Makes every unused reset link of the user unusable (one was just used). */
export async function spendPasswordResets(db: Db, userId: string, now: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', '=', 0)
    .execute();
}

/** Marks the reset used unless it already was or has expired (single use, race-safe). */
export async function consumePasswordReset(
  db: Db,
  userId: string,
  tokenHash: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', '=', 0)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

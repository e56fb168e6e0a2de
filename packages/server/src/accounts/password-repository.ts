import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';

type Reader = Pick<Kysely<Schema>, 'selectFrom'>;

/** What a password check needs of an account: its address (the throttle's key) and its hash. */
export interface PasswordHolder {
  email: string;
  /** '' for an account without a password (Google, Facebook, phone sign-in). */
  passwordHash: string;
}

export async function findPasswordHolder(
  db: Reader,
  userId: string,
): Promise<PasswordHolder | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { email: row.email, passwordHash: row.password_hash };
}

import type { Kysely, Selectable } from 'kysely';
import type { Schema } from '../db/schema';

type Db = Kysely<Schema>;
type VerificationRow = Selectable<Schema['email_verifications']>;

export async function insertVerification(
  db: Db,
  link: { userId: string; tokenHash: string; email: string; createdAt: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('email_verifications')
    .values({
      user_id: link.userId,
      token_hash: link.tokenHash,
      email: link.email,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      used_at: 0,
    })
    .execute();
}

/** When the mails of an account or to an address were sent after `since`, oldest first. */
export async function recentVerificationMails(
  db: Db,
  column: 'user_id' | 'email',
  value: string,
  since: number,
): Promise<{ email: string; createdAt: number }[]> {
  const rows = await db
    .selectFrom('email_verifications')
    .select(['email', 'created_at'])
    .where(column, '=', value)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ email: row.email, createdAt: row.created_at }));
}

export async function findVerification(
  db: Db,
  tokenHash: string,
): Promise<VerificationRow | undefined> {
  return db
    .selectFrom('email_verifications')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the link used unless it was already: answers whether this call spent it. */
export async function spendVerification(
  db: Db,
  userId: string,
  tokenHash: string,
  now: number,
): Promise<boolean> {
  const spent = await db
    .updateTable('email_verifications')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', '=', 0)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

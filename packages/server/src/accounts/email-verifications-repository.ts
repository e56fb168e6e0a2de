import type { Kysely, Selectable } from 'kysely';
import type { Schema } from '../db/schema';

type Db = Kysely<Schema>;
type VerificationRow = Selectable<Schema['email_verifications']>;

/**
 * The two kinds of mailed link the table holds: a verification of the address the link went
 * to, and the undo of a change of address, mailed to the address the account left
 * (email-change-undo.ts). An undo link's hash is stored with the `undo:` prefix, so neither
 * kind is ever found as the other, and only verification mails count against their limits.
 */
export type LinkKind = 'verification' | 'undo';

const UNDO_PREFIX = 'undo:';

function storedHash(kind: LinkKind, tokenHash: string): string {
  return kind === 'undo' ? `${UNDO_PREFIX}${tokenHash}` : tokenHash;
}

export async function insertVerification(
  db: Db,
  link: { userId: string; tokenHash: string; email: string; createdAt: number; expiresAt: number },
  kind: LinkKind = 'verification',
): Promise<void> {
  await db
    .insertInto('email_verifications')
    .values({
      user_id: link.userId,
      token_hash: storedHash(kind, link.tokenHash),
      email: link.email,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      used_at: 0,
    })
    .execute();
}

/** When the verification mails of an account or to an address were sent after `since`, oldest first. */
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
    .where('token_hash', 'not like', `${UNDO_PREFIX}%`)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ email: row.email, createdAt: row.created_at }));
}

export async function findVerification(
  db: Db,
  tokenHash: string,
  kind: LinkKind = 'verification',
): Promise<VerificationRow | undefined> {
  return db
    .selectFrom('email_verifications')
    .selectAll()
    .where('token_hash', '=', storedHash(kind, tokenHash))
    .executeTakeFirst();
}

/** Marks the link used unless it was already: answers whether this call spent it. */
export async function spendVerification(
  db: Db,
  userId: string,
  tokenHash: string,
  now: number,
  kind: LinkKind = 'verification',
): Promise<boolean> {
  const spent = await db
    .updateTable('email_verifications')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('token_hash', '=', storedHash(kind, tokenHash))
    .where('used_at', '=', 0)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** Spends the account's unused undo links mailed at or after `since`. */
export async function spendUndoLinksSince(
  db: Db,
  userId: string,
  since: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('email_verifications')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('token_hash', 'like', `${UNDO_PREFIX}%`)
    .where('created_at', '>=', since)
    .where('used_at', '=', 0)
    .execute();
}

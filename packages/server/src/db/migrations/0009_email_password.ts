import type { Kysely } from 'kysely';

/**
 * E-mail verification links (issue 14). A row per mailed link: the token only as its hash, the
 * address it was sent to (a link for an address the account no longer has verifies nothing),
 * when it expires and when it was used (0 while unused: single use). Same DDL on SQLite and
 * PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_verifications')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .addColumn('used_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('email_verifications_pk', ['user_id', 'token_hash'])
    .execute();
  // The link carries only the token: it is looked up by its hash.
  await db.schema
    .createIndex('email_verifications_by_token')
    .on('email_verifications')
    .column('token_hash')
    .unique()
    .execute();
  // The per-address resend limit counts recent mails to one address, whichever account.
  await db.schema
    .createIndex('email_verifications_by_email')
    .on('email_verifications')
    .columns(['email', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_verifications').execute();
}

import type { Kysely } from 'kysely';

/**
 * Google, Facebook and phone sign-in (issue 14). Same DDL on SQLite and PostgreSQL.
 *
 * An account made by a social or phone sign-in may have no e-mail: it is stored as '' (the
 * column stays NOT NULL, so existing rows and queries are untouched), and the unique index on
 * e-mail becomes partial, covering only non-empty addresses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_by_email').execute();
  await db.schema
    .createIndex('users_by_email')
    .on('users')
    .column('email')
    .unique()
    .where('email', '<>', '')
    .execute();

  await db.schema
    .createTable('social_identities')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('avatar_url', 'text', (c) => c.notNull())
    .addColumn('cover_url', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('updated_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('social_identities_pk', ['user_id', 'provider'])
    .execute();
  // A provider's person belongs to at most one account; sign-in finds it by this.
  await db.schema
    .createIndex('social_identities_by_subject')
    .on('social_identities')
    .columns(['provider', 'subject'])
    .unique()
    .execute();

  await db.schema
    .createTable('user_phones')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('country_calling_code', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_phones_by_number')
    .on('user_phones')
    .columns(['country_calling_code', 'phone_number'])
    .unique()
    .execute();

  // Before sign-in there is no user: these two are keyed by their (hashed) secret.
  await db.schema
    .createTable('oauth_flows')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('client_state', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('binding_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sign_in_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('avatar_url', 'text', (c) => c.notNull())
    .addColumn('cover_url', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_verified', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .addColumn('used_at', 'int8', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sms_codes')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .addColumn('used_at', 'int8', (c) => c.notNull())
    .execute();
}

/** Keeps the partial e-mail index: accounts without an e-mail may exist by then. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sms_codes',
    'sign_in_tickets',
    'oauth_flows',
    'user_phones',
    'social_identities',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

import type { Kysely } from 'kysely';

/** Users, sessions and password resets (issue 2). Same DDL on SQLite and PostgreSQL. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('premium_level', 'integer', (c) => c.notNull())
    .addColumn('email_verified', 'integer', (c) => c.notNull())
    .addColumn('debug_enabled', 'integer', (c) => c.notNull())
    .addColumn('referral_code', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .execute();
  // Sign-in finds the account by e-mail; one account per address.
  await db.schema.createIndex('users_by_email').on('users').column('email').unique().execute();

  await db.schema
    .createTable('sessions')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('last_active_time', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('sessions_pk', ['user_id', 'session_id'])
    .execute();
  // Every authenticated call resolves its token here.
  await db.schema
    .createIndex('sessions_by_token')
    .on('sessions')
    .column('token_hash')
    .unique()
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .addColumn('used_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('password_resets_pk', ['user_id', 'token_hash'])
    .execute();
  await db.schema
    .createIndex('password_resets_by_token')
    .on('password_resets')
    .column('token_hash')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}

import type { Kysely } from 'kysely';

/**
 * What a shell's flow in the system browser (Google Calendar's consent) leaves for the app
 * until the app's exchange with its PKCE verifier (docs/social-and-phone-sign-in.md, "Inside
 * the shells"). Before the exchange there may be no session to tie it to: keyed by a hashed
 * secret, minutes long. Same DDL on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_handoffs')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('app_challenge', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_handoffs').execute();
}

import type { Kysely } from 'kysely';

/**
 * Phone sign-in codes, one per number AND requesting address (docs/social-and-phone-sign-in.md):
 * a stranger asking for codes no longer replaces the code the owner is typing. The table holds
 * codes of ten minutes' life only, so it is made anew rather than migrated. Same DDL on SQLite
 * and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_codes').execute();
  await db.schema
    .createTable('sms_codes')
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('requester', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .addColumn('used_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('sms_codes_pkey', ['phone', 'requester'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_codes').execute();
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

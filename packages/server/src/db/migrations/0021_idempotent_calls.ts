import type { Kysely } from 'kysely';

/**
 * Calls sent with an idempotency key (docs/idempotent-calls.md): the first one's answer, so the
 * same call sent again (its answer was lost, or the offline queue replays it) is answered from
 * here instead of being applied twice. Same DDL on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotent_calls')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('call_key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    // The answer in the binary wire format, base64; '' for an empty answer.
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotent_calls_pk', ['user_id', 'call_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotent_calls').execute();
}

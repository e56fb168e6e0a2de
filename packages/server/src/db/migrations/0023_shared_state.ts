import type { Kysely } from 'kysely';

/**
 * State that several server nodes share through the database (issue 31, docs/running-in-
 * production.md): attempt counters, live-stream slots, uploaded files' bytes and the secret
 * that seals stored credentials. Same DDL on SQLite and PostgreSQL; SQLite, where one process
 * serves, keeps the counters in memory and the bytes on disk, and leaves two of these empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // rate-limiter-flexible's PostgreSQL store, in the shape it creates itself (key, points,
  // expire in ms), made here so the server needs no CREATE right at run time.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'int8')
    .execute();
  // One row per open live stream, wherever it is served; a node refreshes its rows' lease
  // with the stream's heartbeat, so a killed node's streams stop counting once it lapses.
  await db.schema
    .createTable('stream_slots')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('stream_id', 'text', (c) => c.notNull())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('stream_slots_pk', ['user_id', 'stream_id'])
    .execute();
  await db.schema
    .createIndex('stream_slots_by_node')
    .on('stream_slots')
    .column('node_id')
    .execute();
  // The bytes of a stored upload (PostgreSQL). SQLite keeps a blob in any column whatever its
  // declared type, so one DDL serves both.
  await db.schema
    .createTable('file_bytes')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_bytes_pk', ['user_id', 'file_id'])
    .execute();
  // Keys the server makes once when none is configured (the secret box's key).
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
  await db.schema.dropTable('file_bytes').execute();
  await db.schema.dropTable('stream_slots').execute();
  await db.schema.dropTable('rate_limits').execute();
}

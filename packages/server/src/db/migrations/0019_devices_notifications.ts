import type { Kysely } from 'kysely';

/**
 * Devices that receive pushes and the notifications sent (issue 18, docs/notifications.md).
 * Same DDL on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per push token (a browser's subscription JSON or a native FCM token), owned by the
  // session that registered it: ending the session deletes it (the foreign key cascades).
  await db.schema
    .createTable('devices')
    .addColumn('user_id', 'text', (c) => c.notNull())
    // SHA-256 of the token (hex): the unique key; the token itself may be 4 KB.
    .addColumn('token_digest', 'text', (c) => c.notNull())
    .addColumn('push_token', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('app_version', 'text', (c) => c.notNull())
    .addColumn('native_version', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('last_seen_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('devices_pk', ['user_id', 'token_digest'])
    .addForeignKeyConstraint(
      'devices_session_fk',
      ['user_id', 'session_id'],
      'sessions',
      ['user_id', 'session_id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  // A token belongs to one user: registered by another, it moves.
  await db.schema
    .createIndex('devices_by_token')
    .on('devices')
    .column('token_digest')
    .unique()
    .execute();
  await db.schema
    .createIndex('devices_by_session')
    .on('devices')
    .columns(['user_id', 'session_id'])
    .execute();

  // The sent-log: a notification's key is inserted before it is sent, so it goes out once.
  await db.schema
    .createTable('notifications_sent')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fire_at', 'int8', (c) => c.notNull())
    .addColumn('sent_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('notifications_sent_pk', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('notifications_sent_by_time')
    .on('notifications_sent')
    .column('sent_at')
    .execute();

  // Single-use tokens of a notification's action buttons (stored hashed).
  await db.schema
    .createTable('notification_actions')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('block_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .addColumn('used_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_actions_pk', ['user_id', 'token_hash'])
    .execute();
  await db.schema
    .createIndex('notification_actions_by_token')
    .on('notification_actions')
    .column('token_hash')
    .unique()
    .execute();

  // The server's own key pairs (the VAPID key of Web Push), made once by whichever process
  // starts first.
  await db.schema
    .createTable('push_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_keys').execute();
  await db.schema.dropTable('notification_actions').execute();
  await db.schema.dropTable('notifications_sent').execute();
  await db.schema.dropTable('devices').execute();
}

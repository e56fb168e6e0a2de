import { sql, type Kysely } from 'kysely';

/**
 * Uploaded files (issue 14: avatars). A row is written by CreateFile while the upload is
 * pending and completed by the upload itself; the bytes live in DATA_DIR/files/<user>/<file>
 * (docs/files-and-avatars.md). Same DDL on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .addColumn('max_bytes', 'int8', (c) => c.notNull())
    .addColumn('uploaded_at', 'int8', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'int8', (c) => c.notNull())
    .addColumn('in_use', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('files_pk', ['user_id', 'file_id'])
    .execute();
  // The upload form and the download address name the file alone (it is unguessable).
  await db.schema.createIndex('files_by_id').on('files').column('file_id').unique().execute();
  // At most one avatar in use per user, even when two changes race on PostgreSQL.
  await db.schema
    .createIndex('files_in_use')
    .on('files')
    .columns(['user_id', 'purpose'])
    .unique()
    .where(sql.ref('in_use'), '=', 1)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('files').execute();
}

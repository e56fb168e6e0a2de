import type { Kysely, Selectable } from 'kysely';
import type { Schema } from '../db/schema';
import type { FileRow } from './tables';

/** Any handle on the database: the call's transaction, or the pool in the upload route. */
type Db = Kysely<Schema>;
type Reader = Pick<Kysely<Schema>, 'selectFrom'>;

export type StoredFile = Selectable<FileRow>;

export async function insertPending(db: Db, row: FileRow): Promise<void> {
  await db.insertInto('files').values(row).execute();
}

/** A file by its id alone: the upload form and the download address carry nothing else. */
export async function findById(db: Reader, fileId: string): Promise<StoredFile | undefined> {
  return db.selectFrom('files').selectAll().where('file_id', '=', fileId).executeTakeFirst();
}

export async function findOwn(
  db: Db,
  userId: string,
  fileId: string,
): Promise<StoredFile | undefined> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('user_id', '=', userId)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
}

/**
 * Marks a pending upload stored. Answers false when it was no longer pending (stored by a
 * parallel post of the same form, or the file or account deleted meanwhile).
 */
export async function completeUpload(
  db: Db,
  userId: string,
  fileId: string,
  stored: { contentType: string; sizeBytes: number; uploadedAt: number },
): Promise<boolean> {
  const result = await db
    .updateTable('files')
    .set({
      uploaded_at: stored.uploadedAt,
      content_type: stored.contentType,
      size_bytes: stored.sizeBytes,
    })
    .where('user_id', '=', userId)
    .where('file_id', '=', fileId)
    .where('uploaded_at', '=', 0)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Undoes completeUpload when the bytes could not be put in place. */
export async function reopenUpload(db: Db, userId: string, fileId: string): Promise<void> {
  await db
    .updateTable('files')
    .set({ uploaded_at: 0, content_type: '', size_bytes: 0 })
    .where('user_id', '=', userId)
    .where('file_id', '=', fileId)
    .execute();
}

/** The file the profile shows for `purpose`, if any. */
export async function findInUse(
  db: Db,
  userId: string,
  purpose: string,
): Promise<StoredFile | undefined> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('in_use', '=', 1)
    .executeTakeFirst();
}

/**
 * Puts the user's avatar changes one after the other: on PostgreSQL two at once both read the
 * same current avatar and both mark theirs in use, and the loser broke the one-avatar index
 * (a 500). A no-op write of the user's row holds its lock until the commit; SQLite runs one
 * writer at a time anyway.
 */
export async function lockAvatarChanges(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ user_id: eb.ref('user_id') }))
    .where('user_id', '=', userId)
    .execute();
}

export async function markInUse(db: Db, userId: string, fileId: string): Promise<void> {
  await db
    .updateTable('files')
    .set({ in_use: 1 })
    .where('user_id', '=', userId)
    .where('file_id', '=', fileId)
    .execute();
}

/** Deletes the user's rows of these files (and bytes); answers the ones that were there. */
export async function deleteFiles(
  db: Db,
  userId: string,
  fileIds: readonly string[],
): Promise<StoredFile[]> {
  if (fileIds.length === 0) return [];
  // Bytes kept in the database go in the same transaction as their rows.
  await db
    .deleteFrom('file_bytes')
    .where('user_id', '=', userId)
    .where('file_id', 'in', fileIds)
    .execute();
  return db
    .deleteFrom('files')
    .where('user_id', '=', userId)
    .where('file_id', 'in', fileIds)
    .returningAll()
    .execute();
}

/** The user's files not shown anywhere: pending uploads and uploads never chosen. */
export async function listUnused(db: Db, userId: string): Promise<StoredFile[]> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('user_id', '=', userId)
    .where('in_use', '=', 0)
    .execute();
}

// The bytes of uploads on PostgreSQL (file-store.ts, DatabaseFileStore).

export async function insertFileBytes(
  db: Db,
  file: { userId: string; fileId: string },
  bytes: Uint8Array,
): Promise<void> {
  await db
    .insertInto('file_bytes')
    .values({ user_id: file.userId, file_id: file.fileId, bytes: Buffer.from(bytes) })
    .execute();
}

export async function readFileBytes(
  db: Db,
  file: { userId: string; fileId: string },
): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('file_bytes')
    .select('bytes')
    .where('user_id', '=', file.userId)
    .where('file_id', '=', file.fileId)
    .executeTakeFirst();
  return row ? Buffer.from(row.bytes) : undefined;
}

/** The user's files whose bytes are in the database, with their content types. */
export async function filesWithBytes(
  db: Db,
  userId: string,
): Promise<{ fileId: string; contentType: string }[]> {
  const rows = await db
    .selectFrom('file_bytes')
    .innerJoin('files', (join) =>
      join
        .onRef('files.user_id', '=', 'file_bytes.user_id')
        .onRef('files.file_id', '=', 'file_bytes.file_id'),
    )
    .select(['files.file_id', 'files.content_type'])
    .where('file_bytes.user_id', '=', userId)
    .execute();
  return rows.map((row) => ({ fileId: row.file_id, contentType: row.content_type }));
}

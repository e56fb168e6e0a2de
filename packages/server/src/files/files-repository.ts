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

export async function markInUse(db: Db, userId: string, fileId: string): Promise<void> {
  await db
    .updateTable('files')
    .set({ in_use: 1 })
    .where('user_id', '=', userId)
    .where('file_id', '=', fileId)
    .execute();
}

/** Deletes the user's rows of these files; answers the ones that were there. */
export async function deleteFiles(
  db: Db,
  userId: string,
  fileIds: readonly string[],
): Promise<StoredFile[]> {
  if (fileIds.length === 0) return [];
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

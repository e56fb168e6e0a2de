import { randomUUID } from 'node:crypto';
import type { CreateFileResponse, Plain } from '@planner/protocol';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { AppError, invalid } from '../rpc/errors';
import { ErrorCode, ErrorMessage } from '@planner/protocol';
import { AVATAR_MAX_BYTES, AVATAR_TYPE, reencodeAvatar } from './avatar-image';
import type { StoredName, UploadStore } from './file-store';
import * as repo from './files-repository';
import { checkForm, issueForm, type FormField, type FormProblem } from './upload-form';

type Db = Kysely<Schema>;
type Reader = Pick<Kysely<Schema>, 'selectFrom'>;

const AVATAR_PURPOSE = 'avatar';
/** How long an upload form works: the client's ten retries and a slow phone fit easily. */
export const UPLOAD_FORM_TTL_MS = 15 * 60_000;
/** A file neither shown nor still uploading is removed at the user's next CreateFile. */
export const UNUSED_FILE_KEEP_MS = 60 * 60_000;
/** Forms and unchosen uploads a user may hold at once (the rest of the hour waits). */
export const MAX_UNUSED_FILES = 10;
/** The file ids are UUIDs; anything else in an address or form is not ours. */
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function isFileId(value: string): boolean {
  return FILE_ID.test(value);
}

/** Where a stored file is served (GET, no session needed: the id is unguessable). */
function fileUrl(publicUrl: string, fileId: string): string {
  return `${publicUrl}/files/${fileId}`;
}

/** Where upload forms are posted. */
export const UPLOAD_PATH = '/files/upload';

function storedName(row: repo.StoredFile): StoredName {
  return { userId: row.user_id, fileId: row.file_id, contentType: row.content_type };
}

/** Removes the user's files nobody shows that are older than the keep time. */
async function pruneUnused(db: Db, userId: string, now: number): Promise<StoredName[]> {
  const unused = await repo.listUnused(db, userId);
  const stale = unused.filter((row) => row.created_at <= now - UNUSED_FILE_KEEP_MS);
  if (unused.length - stale.length >= MAX_UNUSED_FILES) {
    throw new AppError(ErrorCode.RateLimited, ErrorMessage.tooManyAttempts, {
      'retry-after': String(Math.ceil(UNUSED_FILE_KEEP_MS / 1000)),
    });
  }
  const removed = await repo.deleteFiles(
    db,
    userId,
    stale.map((row) => row.file_id),
  );
  return removed.map(storedName);
}

/**
 * CreateFile: a pending file row and the form to upload it with. Also answers the stale
 * files it removed, whose bytes go once the transaction has committed.
 */
export async function createUpload(
  db: Db,
  userId: string,
  request: { purpose: string; publicUrl: string; now: number },
): Promise<{ answer: Plain<CreateFileResponse>; removed: StoredName[] }> {
  if (request.purpose !== AVATAR_PURPOSE) throw invalid('field "purpose": must be "avatar"');
  const removed = await pruneUnused(db, userId, request.now);
  const fileId = randomUUID();
  const terms = {
    fileId,
    purpose: request.purpose,
    maxBytes: AVATAR_MAX_BYTES,
    expiresAt: request.now + UPLOAD_FORM_TTL_MS,
    storedType: AVATAR_TYPE,
  };
  const { form, tokenHash } = issueForm(terms);
  await repo.insertPending(db, {
    user_id: userId,
    file_id: fileId,
    purpose: terms.purpose,
    token_hash: tokenHash,
    created_at: request.now,
    expires_at: terms.expiresAt,
    max_bytes: terms.maxBytes,
    uploaded_at: 0,
    content_type: '',
    size_bytes: 0,
    in_use: 0,
  });
  return {
    answer: {
      postUrl: `${request.publicUrl}${UPLOAD_PATH}`,
      file: { id: fileId, url: fileUrl(request.publicUrl, fileId) },
      s3FormData: { ...form },
    },
    removed,
  };
}

/** Why an upload form was refused: 403 as S3 answers a bad or expired policy. */
export class FormRefused extends Error {
  override name = 'FormRefused';
  constructor(readonly problem: FormProblem | 'unknown') {
    super(`upload form refused: ${problem}`);
  }
}

/** The file a posted form is for, once its fields check out (it may be stored already). */
export async function checkUploadForm(
  db: Reader,
  fields: Partial<Record<FormField, string>>,
  now: number,
): Promise<repo.StoredFile> {
  const fileId = fields.key ?? '';
  const row = isFileId(fileId) ? await repo.findById(db, fileId) : undefined;
  if (!row) throw new FormRefused('unknown');
  const problem = checkForm(
    fields,
    {
      fileId: row.file_id,
      purpose: row.purpose,
      maxBytes: row.max_bytes,
      expiresAt: row.expires_at,
      storedType: AVATAR_TYPE,
      tokenHash: row.token_hash,
    },
    now,
  );
  if (problem) throw new FormRefused(problem);
  return row;
}

/**
 * Stores an upload for a checked form: re-encoded (avatar-image.ts), then kept by the store
 * as the row is claimed (file-store.ts). A form stores bytes once: when a parallel post of the
 * same form claimed the row first, this one's bytes are dropped and the upload counts as done
 * (the same answer a repeat gets); when the row went meanwhile, the form is refused.
 */
export async function storeUpload(
  db: Db,
  store: UploadStore,
  row: repo.StoredFile,
  bytes: Buffer,
  now: number,
): Promise<void> {
  const encoded = await reencodeAvatar(bytes);
  const name = { userId: row.user_id, fileId: row.file_id, contentType: AVATAR_TYPE };
  const saved = await store.save(db, name, encoded, {
    claim: (trx) =>
      repo.completeUpload(trx, row.user_id, row.file_id, {
        contentType: AVATAR_TYPE,
        sizeBytes: encoded.length,
        uploadedAt: now,
      }),
    unclaim: (trx) => repo.reopenUpload(trx, row.user_id, row.file_id),
  });
  if (saved) return;
  if (await repo.findById(db, row.file_id)) return;
  throw new FormRefused('unknown');
}

/** A stored file as the download route serves it. */
export async function findStored(db: Reader, fileId: string): Promise<StoredName | undefined> {
  if (!isFileId(fileId)) return undefined;
  const row = await repo.findById(db, fileId);
  return row && row.uploaded_at > 0 ? storedName(row) : undefined;
}

/**
 * UpdateUser's avatar: an uploaded avatar of this user becomes the one shown and the previous
 * one is deleted; '' removes the avatar. Answers the files whose bytes are to be removed once
 * the transaction has committed.
 */
export async function setAvatar(db: Db, userId: string, fileId: string): Promise<StoredName[]> {
  await repo.lockAvatarChanges(db, userId);
  const current = await repo.findInUse(db, userId, AVATAR_PURPOSE);
  if (fileId === '') {
    return current ? (await repo.deleteFiles(db, userId, [current.file_id])).map(storedName) : [];
  }
  const chosen = isFileId(fileId) ? await repo.findOwn(db, userId, fileId) : undefined;
  // Someone else's file reads exactly like a missing one.
  if (!chosen || chosen.purpose !== AVATAR_PURPOSE || chosen.uploaded_at === 0) {
    throw invalid('field "avatar": not an uploaded avatar of this account');
  }
  if (chosen.in_use === 1) return [];
  const removed = current ? await repo.deleteFiles(db, userId, [current.file_id]) : [];
  await repo.markInUse(db, userId, chosen.file_id);
  return removed.map(storedName);
}

/** User.avatar: the address of the avatar shown, or ''. */
export async function avatarUrlOf(db: Db, userId: string, publicUrl: string): Promise<string> {
  const current = await repo.findInUse(db, userId, AVATAR_PURPOSE);
  return current ? fileUrl(publicUrl, current.file_id) : '';
}

import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { filesWithBytes, insertFileBytes, readFileBytes } from './files-repository';

type Db = Kysely<Schema>;

/** What a stored file is known by. */
export interface StoredName {
  userId: string;
  fileId: string;
  contentType: string;
}

/**
 * How an upload's row is claimed (pending to stored, one conditional update) and given back
 * when its bytes could not be kept.
 */
export interface Claim {
  claim(db: Db): Promise<boolean>;
  unclaim(db: Db): Promise<void>;
}

/** Where the bytes of uploads live: on this node's disk (SQLite) or in the database. */
export interface UploadStore {
  /**
   * Keeps the bytes of an upload whose row `claim` takes. False (nothing kept) when the row
   * was not pending any more. A reader never sees half a file.
   */
  save(db: Db, file: StoredName, bytes: Uint8Array, claim: Claim): Promise<boolean>;
  /** The bytes, or undefined when they are nowhere. */
  read(db: Db, file: StoredName): Promise<Buffer | undefined>;
  /** Removes the bytes of files whose rows went (after the transaction committed). */
  remove(files: readonly StoredName[]): Promise<void>;
  /** The names (`<file id>.<ext>`) of the user's files whose bytes are kept, sorted. */
  list(db: Db, userId: string): Promise<string[]>;
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/webp': 'webp',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/**
 * Files on disk, in DATA_DIR/files/<user id>/<file id>.<ext>: one folder per user, so deleting
 * an account removes the folder. Both ids are server-made UUIDs, never client text, so no path
 * can leave the folder. The store of the embedded setup (SQLite, one machine).
 */
export class FileStore implements UploadStore {
  constructor(private readonly dataDir: string) {}

  /** DATA_DIR/files/<user id>: everything the user uploaded. */
  userDir(userId: string): string {
    return join(this.dataDir, 'files', userId);
  }

  pathOf(file: StoredName): string {
    const extension = EXTENSIONS[file.contentType] ?? 'bin';
    return join(this.userDir(file.userId), `${file.fileId}.${extension}`);
  }

  /**
   * Written to a temporary file beside the target, the row claimed, then renamed into place;
   * if the rename fails the row goes back to pending. Two writers never overwrite each other:
   * only the claimant renames.
   */
  async save(db: Db, file: StoredName, bytes: Uint8Array, claim: Claim): Promise<boolean> {
    const staged = await this.stage(file, bytes);
    try {
      if (!(await claim.claim(db))) return false;
      await rename(staged, this.pathOf(file)).catch(async (error: unknown) => {
        await claim.unclaim(db);
        throw error;
      });
      return true;
    } finally {
      await rm(staged, { force: true });
    }
  }

  private async stage(file: StoredName, bytes: Uint8Array): Promise<string> {
    await mkdir(this.userDir(file.userId), { recursive: true });
    const temporary = `${this.pathOf(file)}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return temporary;
  }

  async read(_db: Db, file: StoredName): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(files: readonly StoredName[]): Promise<void> {
    await Promise.all(files.map((file) => rm(this.pathOf(file), { force: true })));
  }

  async list(_db: Db, userId: string): Promise<string[]> {
    const names = await readdir(this.userDir(userId)).catch(() => [] as string[]);
    // A half-written upload (its temporary name) is not a file yet.
    return names.filter((name) => !name.endsWith('.tmp')).sort();
  }
}

/**
 * Files in the database (`file_bytes`), so every server node serves every upload: the bytes
 * are written in the transaction that claims the row, and deleted with the row
 * (files-repository.ts), so there is never a row without its bytes or bytes without a row.
 * A file stored on this node's disk before bytes moved to the database is still served.
 */
class DatabaseFileStore implements UploadStore {
  private readonly disk: FileStore;

  constructor(dataDir: string) {
    this.disk = new FileStore(dataDir);
  }

  async save(db: Db, file: StoredName, bytes: Uint8Array, claim: Claim): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (!(await claim.claim(trx))) return false;
      await insertFileBytes(trx, file, bytes);
      return true;
    });
  }

  async read(db: Db, file: StoredName): Promise<Buffer | undefined> {
    return (await readFileBytes(db, file)) ?? this.disk.read(db, file);
  }

  /** The rows went with the files' rows; a copy on disk from before goes too. */
  async remove(files: readonly StoredName[]): Promise<void> {
    await this.disk.remove(files);
  }

  async list(db: Db, userId: string): Promise<string[]> {
    const rows = await filesWithBytes(db, userId);
    const kept = rows.map((row) => this.disk.pathOf({ userId, ...row }));
    const names = kept.map((path) => path.slice(path.lastIndexOf('/') + 1));
    return [...names, ...(await this.disk.list(db, userId))].sort();
  }
}

/** The store for the database in use: PostgreSQL keeps bytes in the database, SQLite on disk. */
export function uploadStoreFor(dialect: 'sqlite' | 'postgres', dataDir: string): UploadStore {
  return dialect === 'postgres' ? new DatabaseFileStore(dataDir) : new FileStore(dataDir);
}

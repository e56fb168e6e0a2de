import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What a stored file is known by on disk. */
export interface StoredName {
  userId: string;
  fileId: string;
  contentType: string;
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/webp': 'webp',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/**
 * Files live in DATA_DIR/files/<user id>/<file id>.<ext>: one folder per user, so deleting an
 * account removes the folder. Both ids are server-made UUIDs, never client text, so no path can
 * leave the folder.
 */
export class FileStore {
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
   * Writes the bytes to a temporary file beside the target; `place` renames it into place, so
   * a reader never sees half a file, and `discard` drops it. Answers the temporary path.
   */
  async stage(file: StoredName, bytes: Uint8Array): Promise<string> {
    await mkdir(this.userDir(file.userId), { recursive: true });
    const temporary = `${this.pathOf(file)}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
    } catch (error) {
      await this.discard(temporary);
      throw error;
    }
    return temporary;
  }

  async place(temporary: string, file: StoredName): Promise<void> {
    await rename(temporary, this.pathOf(file));
  }

  async discard(temporary: string): Promise<void> {
    await rm(temporary, { force: true });
  }

  /** The bytes, or undefined when the file is not on disk. */
  async read(file: StoredName): Promise<Buffer | undefined> {
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
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Versions the stored form, so the key or algorithm can change later. */
const PREFIX = 'v1:';

/**
 * Encrypts the credentials the server keeps for a user (Google refresh tokens, CalDAV app
 * passwords) with AES-256-GCM. The key is SECRET_KEY, or else one made on first use and kept in
 * DATA_DIR/secret.key (readable by the server's user only). A value tampered with or sealed with
 * another key does not open: `open` throws.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static fromConfig(config: Pick<Config, 'secretKey' | 'dataDir'>): SecretBox {
    if (config.secretKey) return new SecretBox(parseKey(config.secretKey));
    return new SecretBox(keptKey(config.dataDir));
  }

  static withKey(key: Buffer): SecretBox {
    if (key.length !== 32) throw new Error('A secret key is 32 bytes');
    return new SecretBox(key);
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  open(sealed: string): string {
    if (!sealed.startsWith(PREFIX)) throw new Error('Not a sealed value');
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
    const iv = raw.subarray(0, IV_BYTES);
    const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv(ALGORITHM, this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}

function parseKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes, as base64 or hex');
  return key;
}

function keptKey(dataDir: string): Buffer {
  const path = join(dataDir, 'secret.key');
  try {
    return parseKey(readFileSync(path, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // 'wx': when another process made it first, its key wins (read below).
    writeFileSync(path, key.toString('hex'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    return parseKey(readFileSync(path, 'utf8').trim());
  }
}

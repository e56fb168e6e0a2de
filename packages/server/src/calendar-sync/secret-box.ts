import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Schema } from '../db/schema';
import { findSecret, keepSecret } from './server-secrets-repository';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Versions the stored form, so the key or algorithm can change later. */
const PREFIX = 'v1:';

/**
 * Encrypts the credentials the server keeps for a user (Google refresh tokens, CalDAV app
 * passwords) with AES-256-GCM. The key is SECRET_KEY, or else the one kept in the database
 * (`sharedSecretKey`, which the app resolves at start so every server node seals alike); without
 * either, one made on first use and kept in DATA_DIR/secret.key (readable by the server's user
 * only). A value tampered with or sealed with another key does not open: `open` throws.
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

const KEY_NAME = 'secret-box';

/**
 * The key every server node seals with when SECRET_KEY is not set: the one kept in
 * `server_secrets`, made once by whichever node starts first from its DATA_DIR/secret.key (read,
 * or made as before): a key kept there before keys moved to the database is adopted, so its
 * sealed values keep opening, and on one machine the file and the database agree. Two nodes
 * starting together both insert and the first insert wins; both read back the same row.
 * Answers the key as hex.
 */
export async function sharedSecretKey(
  db: Kysely<Schema>,
  config: Pick<Config, 'secretKey' | 'dataDir'>,
  now: number,
): Promise<string> {
  if (config.secretKey) return config.secretKey;
  const kept = await readKept(db);
  if (kept) return kept;
  const candidate = keptKey(config.dataDir).toString('hex');
  await keepSecret(db, { name: KEY_NAME, value: candidate, now });
  const stored = await readKept(db);
  if (!stored) throw new Error('The secret key could not be kept in the database');
  return stored;
}

function readKept(db: Kysely<Schema>): Promise<string | undefined> {
  return findSecret(db, KEY_NAME);
}

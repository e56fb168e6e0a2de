import { CLOUD_CONFIG_FIELDS, type CloudConfig } from '../api/cloud-config';

/** Lower-case hex SHA-256 of the text's UTF-8 bytes (Web Crypto). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Compares two hex digests without stopping at the first difference, so the time taken says
 * nothing about how much of a guess was right. Case-insensitive; different lengths never match.
 */
export function digestsMatch(actual: string, expected: string): boolean {
  const a = actual.toLowerCase();
  const b = expected.toLowerCase();
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return difference === 0;
}

export interface JumpTarget {
  /** Hex SHA-256 of the password. */
  hash: string;
  url: string;
}

const SHA256_HEX = /^[0-9a-f]{64}$/i;

/** The password-gated jump, when the server configures both a valid hash and an http(s) address. */
export function jumpTargetOf(config: CloudConfig): JumpTarget | null {
  const hash = config.get(CLOUD_CONFIG_FIELDS.developerJumpHash)?.trim() ?? '';
  const rawUrl = config.get(CLOUD_CONFIG_FIELDS.developerJumpUrl)?.trim() ?? '';
  if (!SHA256_HEX.test(hash)) return null;
  try {
    const url = new URL(rawUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { hash, url: url.href } : null;
  } catch {
    return null;
  }
}

/** Whether the typed password is the jump's (by its hash; the password itself is never stored). */
export async function isJumpPassword(password: string, target: JumpTarget): Promise<boolean> {
  return digestsMatch(await sha256Hex(password), target.hash);
}

import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  it('opens what it sealed, and each seal of the same text differs', () => {
    const box = SecretBox.withKey(Buffer.alloc(32, 7));
    const a = box.seal('app-password-1');
    const b = box.seal('app-password-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('app-password');
    expect(box.open(a)).toBe('app-password-1');
    expect(box.open(b)).toBe('app-password-1');
  });

  it('refuses a value sealed with another key or changed', () => {
    const sealed = SecretBox.withKey(Buffer.alloc(32, 1)).seal('refresh-token');
    expect(() => SecretBox.withKey(Buffer.alloc(32, 2)).open(sealed)).toThrow();
    const flipped = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => SecretBox.withKey(Buffer.alloc(32, 1)).open(flipped)).toThrow();
    expect(() => SecretBox.withKey(Buffer.alloc(32, 1)).open('plain text')).toThrow();
  });

  it('takes SECRET_KEY as hex or base64, and rejects a key of the wrong size', () => {
    const hex = 'ab'.repeat(32);
    const fromHex = SecretBox.fromConfig({ secretKey: hex, dataDir: '/nonexistent' });
    const fromBase64 = SecretBox.fromConfig({
      secretKey: Buffer.from(hex, 'hex').toString('base64'),
      dataDir: '/nonexistent',
    });
    expect(fromBase64.open(fromHex.seal('x'))).toBe('x');
    expect(() => SecretBox.fromConfig({ secretKey: 'short', dataDir: '/nonexistent' })).toThrow(
      /32 bytes/,
    );
  });

  it('without SECRET_KEY makes one key in DATA_DIR, readable by the owner only, and keeps it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'planner-secret-'));
    const sealed = SecretBox.fromConfig({ secretKey: undefined, dataDir }).seal('kept');
    const path = join(dataDir, 'secret.key');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    expect(SecretBox.fromConfig({ secretKey: undefined, dataDir }).open(sealed)).toBe('kept');
  });
});

import { describe, expect, it } from 'vitest';
import { toCloudConfig } from '../api/cloud-config';
import { digestsMatch, isJumpPassword, jumpTargetOf, sha256Hex } from './jump';

// printf 'open sesame' | sha256sum
const OPEN_SESAME = '41ef4bb0b23661e66301aac36066912dac037827b4ae63a7b1165a5aa93ed4eb';

const config = (items: Record<string, string>) =>
  toCloudConfig(Object.entries(items).map(([field, value]) => ({ field, value })));

describe('developer jump', () => {
  it('hashes UTF-8 text with SHA-256 as lower-case hex', async () => {
    expect(await sha256Hex('open sesame')).toBe(OPEN_SESAME);
    expect(await sha256Hex('')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('matches equal digests in any case and nothing else', () => {
    expect(digestsMatch(OPEN_SESAME, OPEN_SESAME.toUpperCase())).toBe(true);
    expect(digestsMatch(OPEN_SESAME, `${OPEN_SESAME.slice(0, 63)}c`)).toBe(false);
    expect(digestsMatch(OPEN_SESAME, OPEN_SESAME.slice(0, 63))).toBe(false);
    expect(digestsMatch('', OPEN_SESAME)).toBe(false);
  });

  it('reads the target only when the hash and an http(s) address are configured', () => {
    const url = 'https://staging.example.com/';
    expect(jumpTargetOf(config({ developerJumpHash: OPEN_SESAME, developerJumpUrl: url }))).toEqual(
      { hash: OPEN_SESAME, url },
    );
    expect(jumpTargetOf(config({ developerJumpHash: OPEN_SESAME }))).toBeNull();
    expect(jumpTargetOf(config({ developerJumpHash: 'abc', developerJumpUrl: url }))).toBeNull();
    expect(
      jumpTargetOf(config({ developerJumpHash: OPEN_SESAME, developerJumpUrl: 'javascript:x' })),
    ).toBeNull();
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const target = { hash: OPEN_SESAME, url: 'https://staging.example.com/' };
    expect(await isJumpPassword('open sesame', target)).toBe(true);
    expect(await isJumpPassword('open sesame ', target)).toBe(false);
  });
});

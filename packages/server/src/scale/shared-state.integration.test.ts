import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInThrottle } from '../accounts/sign-in-throttle';
import { DEFAULT_SIGN_IN_DELAY } from '../config';
import { SecretBox, sharedSecretKey } from '../calendar-sync/secret-box';
import type { Database } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import { StreamSlots } from '../realtime/stream-slots';
import { limiterStoreFor, RateLimiters } from '../rpc/rate-limit';
import { AppError } from '../rpc/errors';

/**
 * What several server nodes share through the database, each node played here by its own
 * instance on one database: stream slots, attempt counts (PostgreSQL; SQLite counts in memory,
 * one process) and the secret key.
 */
let database: Database;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'planner-shared-'));
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('stream slots', () => {
  it('cap one user over every node, and a node that stops renewing loses its slots', async () => {
    const lease = 1500;
    const first = new StreamSlots(database.db, database.dialect, 2, lease);
    const second = new StreamSlots(database.db, database.dialect, 2, lease);
    const a = await first.claim('u-1');
    const b = await second.claim('u-1');
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(await first.claim('u-1')).toBeUndefined();
    expect(await second.claim('u-1')).toBeUndefined();
    // Another user is counted apart.
    expect(await second.claim('u-2')).toBeDefined();

    await second.release('u-1', b ?? '');
    const c = await first.claim('u-1');
    expect(c).toBeDefined();
    expect(await second.claim('u-1')).toBeUndefined();

    // The first node dies (no renewal, no release): once its lease ran out, its slots are free.
    await new Promise((resolve) => setTimeout(resolve, lease + 100));
    expect(await second.claim('u-1')).toBeDefined();
    expect(await second.claim('u-1')).toBeDefined();
    expect(await second.claim('u-1')).toBeUndefined();
    await first.releaseAll();
    await second.releaseAll();
  });

  it('keeps the slots of a node that renews them past their first lease', async () => {
    const lease = 900;
    const node = new StreamSlots(database.db, database.dialect, 1, lease);
    const other = new StreamSlots(database.db, database.dialect, 1, lease);
    expect(await node.claim('u-3')).toBeDefined();
    const failures: unknown[] = [];
    node.startRenewing((error) => failures.push(error));
    await new Promise((resolve) => setTimeout(resolve, 2 * lease));
    expect(await other.claim('u-3')).toBeUndefined();
    expect(failures).toEqual([]);
    await node.releaseAll();
    expect(await other.claim('u-3')).toBeDefined();
    await other.releaseAll();
  });
});

describe('attempt limits', () => {
  const rules = { tries: { points: 3, durationSec: 60 } };
  const spec = [{ bucket: 'tries', key: () => 'someone@example.com' }];
  const attempt = (limiters: RateLimiters) =>
    limiters.consume(spec, {}, { ip: '192.0.2.1' }).then(
      () => 'ok',
      (error: unknown) => (error instanceof AppError ? error.code : 'other'),
    );

  it('count over every node on PostgreSQL, per process on SQLite', async () => {
    const store = limiterStoreFor(database);
    const nodes = [new RateLimiters(rules, store), new RateLimiters(rules, store)];
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await attempt(nodes[i % 2] as RateLimiters));
    if (database.dialect === 'postgres') {
      expect(answers).toEqual(['ok', 'ok', 'ok', 429]);
    } else {
      expect(store.kind).toBe('memory');
      expect(answers).toEqual(['ok', 'ok', 'ok', 'ok']);
    }
  });

  it('slow an account down over every node on PostgreSQL', async () => {
    const slept: number[] = [];
    const sleep = async (ms: number) => void slept.push(ms);
    const store = limiterStoreFor(database);
    const one = new SignInThrottle(DEFAULT_SIGN_IN_DELAY, store, sleep);
    const two = new SignInThrottle(DEFAULT_SIGN_IN_DELAY, store, sleep);
    const email = `${'long'.repeat(60)}@example.com`;
    for (let i = 0; i < DEFAULT_SIGN_IN_DELAY.freeFailures; i += 1) {
      await (i % 2 === 0 ? one : two).failed(email);
    }
    await two.beforeCheck(email);
    if (database.dialect === 'postgres')
      expect(slept).toEqual([DEFAULT_SIGN_IN_DELAY.firstDelayMs]);
    else expect(slept).toEqual([]);
    await one.succeeded(email);
  });
});

describe('the secret key', () => {
  it('is made once and kept in the database: every node seals alike', async () => {
    const keyOf = async () =>
      sharedSecretKey(database.db, { secretKey: undefined, dataDir: tempDir() }, 1);
    const [one, two] = await Promise.all([keyOf(), keyOf()]);
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(two).toBe(one);
    const sealed = SecretBox.fromConfig({ secretKey: one, dataDir: '/nonexistent' }).seal('x');
    expect(SecretBox.fromConfig({ secretKey: two, dataDir: '/nonexistent' }).open(sealed)).toBe(
      'x',
    );
    // A configured key wins and is not stored.
    const configured = 'ab'.repeat(32);
    expect(await sharedSecretKey(database.db, { secretKey: configured, dataDir: '' }, 1)).toBe(
      configured,
    );
  });

  it("adopts a node's DATA_DIR/secret.key from before, so its sealed values still open", async () => {
    const fresh = await createTestDatabase();
    try {
      const dir = tempDir();
      const old = 'cd'.repeat(32);
      writeFileSync(join(dir, 'secret.key'), old);
      const sealed = SecretBox.fromConfig({ secretKey: undefined, dataDir: dir }).seal('kept');
      const key = await sharedSecretKey(fresh.db, { secretKey: undefined, dataDir: dir }, 1);
      expect(key).toBe(old);
      // Another node without the file gets the same key from the database.
      expect(await sharedSecretKey(fresh.db, { secretKey: undefined, dataDir: tempDir() }, 1)).toBe(
        old,
      );
      expect(SecretBox.fromConfig({ secretKey: key, dataDir: '' }).open(sealed)).toBe('kept');
    } finally {
      await fresh.close();
    }
  });
});

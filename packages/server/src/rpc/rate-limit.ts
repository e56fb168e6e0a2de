import { createHash } from 'node:crypto';
import type pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { rateLimited } from './errors';

export interface RateLimitRule {
  points: number;
  durationSec: number;
}

/** Rules by bucket name; a bucket without a rule is not limited. */
export type RateLimitRules = Readonly<Record<string, RateLimitRule>>;

/** Buckets and keys a method counts an attempt against, e.g. per address and per e-mail. */
export type RateLimitSpec<I> = readonly {
  bucket: string;
  key: (input: I, request: { ip: string }) => string;
}[];

/**
 * Where attempt counts live. On PostgreSQL they are rows of `rate_limits`, shared by every
 * server process and node, so a client gets the same number of attempts wherever its calls
 * land; on SQLite (one process) in memory.
 */
export type LimiterStore = { kind: 'memory' } | { kind: 'postgres'; pool: pg.Pool };

export const MEMORY_LIMITS: LimiterStore = { kind: 'memory' };

/** The store for a database: its `pg` pool on PostgreSQL, memory otherwise. */
export function limiterStoreFor(database: { pgPool?: pg.Pool }): LimiterStore {
  return database.pgPool ? { kind: 'postgres', pool: database.pgPool } : MEMORY_LIMITS;
}

/**
 * One counter: `points` per `durationSec`, keys prefixed by `name`. rate-limiter-flexible's
 * PostgreSQL store (an atomic upsert per attempt) on the table the migrations made.
 */
export function makeLimiter(
  store: LimiterStore,
  name: string,
  rule: RateLimitRule,
): RateLimiterAbstract {
  const options = { keyPrefix: name, points: rule.points, duration: rule.durationSec };
  if (store.kind === 'memory') return new RateLimiterMemory(options);
  return new RateLimiterPostgres({
    ...options,
    storeClient: store.pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
  });
}

/** The stored key has room for 255 characters: a long value (an e-mail) counts by its digest. */
export function limitKey(value: string): string {
  return value.length <= 128 ? value : createHash('sha256').update(value).digest('base64url');
}

/** Attempt counters by bucket (in memory or in PostgreSQL, per the store). */
export class RateLimiters {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(rules: RateLimitRules, store: LimiterStore) {
    for (const [bucket, rule] of Object.entries(rules)) {
      this.limiters.set(bucket, makeLimiter(store, bucket, rule));
    }
  }

  /** Counts one attempt in every bucket; throws a 429 AppError when any is exhausted. */
  async consume<I>(spec: RateLimitSpec<I>, input: I, request: { ip: string }): Promise<void> {
    for (const { bucket, key } of spec) {
      const limiter = this.limiters.get(bucket);
      const value = key(input, request);
      if (!limiter || !value) continue;
      try {
        await limiter.consume(limitKey(value));
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        throw rateLimited(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      }
    }
  }
}

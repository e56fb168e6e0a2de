import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
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

/** In-process attempt counters (one server process; PostgreSQL-backed limiters can replace it). */
export class RateLimiters {
  private readonly limiters = new Map<string, RateLimiterMemory>();

  constructor(rules: RateLimitRules) {
    for (const [bucket, rule] of Object.entries(rules)) {
      this.limiters.set(
        bucket,
        new RateLimiterMemory({ points: rule.points, duration: rule.durationSec }),
      );
    }
  }

  /** Counts one attempt in every bucket; throws a 429 AppError when any is exhausted. */
  async consume<I>(spec: RateLimitSpec<I>, input: I, request: { ip: string }): Promise<void> {
    for (const { bucket, key } of spec) {
      const limiter = this.limiters.get(bucket);
      const value = key(input, request);
      if (!limiter || !value) continue;
      try {
        await limiter.consume(`${bucket}:${value}`);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        throw rateLimited(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      }
    }
  }
}

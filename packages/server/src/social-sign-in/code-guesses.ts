import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { limitKey, makeLimiter, type LimiterStore } from '../rpc/rate-limit';

/**
 * Wrong phone codes, counted per issued code: each wrong code typed for a number counts
 * against every code of that number alive at that moment, and a code with
 * MAX_WRONG_TRIES_PER_CODE against it no longer signs in. A fresh code starts at zero, so the
 * owner who asks again gets in, while guessing one code stays bounded whatever the number of
 * addresses. The counts live where the attempt limits do (PostgreSQL, shared by every node; in
 * memory on SQLite), outside the call's transaction: a wrong code rolls its transaction back, so
 * a count stored in the code's row would be rolled back with it.
 */
const MAX_WRONG_TRIES_PER_CODE = 12;
/** A code lives ten minutes; its count outlives it a little. */
const COUNT_SECONDS = 15 * 60;

export class PhoneCodeGuesses {
  private readonly wrong: RateLimiterAbstract;

  constructor(store: LimiterStore) {
    // A counter that never refuses: only its count is read.
    this.wrong = makeLimiter(store, 'smsCodeWrongTries', {
      points: 2 ** 31 - 1,
      durationSec: COUNT_SECONDS,
    });
  }

  /** Whether the code (by its hash) has had too many wrong tries to be accepted. */
  async isWornOut(phone: string, codeHash: string): Promise<boolean> {
    const counted = await this.wrong.get(limitKey(`${phone} ${codeHash}`));
    return (counted?.consumedPoints ?? 0) >= MAX_WRONG_TRIES_PER_CODE;
  }

  /** One wrong try against each of the number's live codes. */
  async recordWrong(phone: string, liveCodeHashes: readonly string[]): Promise<void> {
    for (const hash of liveCodeHashes) await this.wrong.consume(limitKey(`${phone} ${hash}`));
  }
}

import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { SignInDelayRule } from '../config';
import { limitKey, makeLimiter, type LimiterStore } from '../rpc/rate-limit';

/** The pause before checking a password for an account with `failures` wrong ones in a row. */
export function delayAfter(failures: number, rule: SignInDelayRule): number {
  const beyond = failures - rule.freeFailures;
  if (beyond < 0) return 0;
  return Math.min(rule.firstDelayMs * 2 ** Math.min(beyond, 30), rule.maxDelayMs);
}

/**
 * Slows password guessing against one account without locking its owner out: every sign-in to
 * an account with recent wrong passwords waits a little longer before its password is checked,
 * whatever its address, and still succeeds with the right password. (Limits per address, in
 * the method's rate limits, stop the guessing address itself.) Counts live where the store
 * keeps them: in PostgreSQL, shared by every server node; on SQLite, in this process.
 */
export class SignInThrottle {
  private readonly failures: RateLimiterAbstract | undefined;

  constructor(
    private readonly rule: SignInDelayRule | undefined,
    store: LimiterStore,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    // A counter that never refuses: only its count and expiry are used.
    this.failures = rule
      ? makeLimiter(store, 'signInFailures', {
          points: 2 ** 31 - 1,
          durationSec: rule.windowSec,
        })
      : undefined;
  }

  /** Waits as long as the account's recent wrong passwords ask for. */
  async beforeCheck(email: string): Promise<void> {
    if (!this.failures || !this.rule) return;
    const failed = (await this.failures.get(limitKey(email)))?.consumedPoints ?? 0;
    const ms = delayAfter(failed, this.rule);
    if (ms > 0) await this.sleep(ms);
  }

  /** Counts a wrong password. */
  async failed(email: string): Promise<void> {
    await this.failures?.consume(limitKey(email));
  }

  async succeeded(email: string): Promise<void> {
    await this.failures?.delete(limitKey(email));
  }
}

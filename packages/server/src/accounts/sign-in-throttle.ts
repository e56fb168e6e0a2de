import { RateLimiterMemory } from 'rate-limiter-flexible';

/** How wrong passwords for one account slow down the next sign-ins to it. */
export interface SignInDelayRule {
  /** Wrong passwords in a row that cost nothing (typos). */
  freeFailures: number;
  /** The pause after the first failure beyond the free ones; it doubles with each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** The count starts over this long after the first wrong password of a run. */
  windowSec: number;
}

export const DEFAULT_SIGN_IN_DELAY: SignInDelayRule = {
  freeFailures: 5,
  firstDelayMs: 250,
  maxDelayMs: 8_000,
  windowSec: 15 * 60,
};

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
 * the method's rate limits, stop the guessing address itself.) Counts live in this process.
 */
export class SignInThrottle {
  private readonly failures: RateLimiterMemory | undefined;

  constructor(
    private readonly rule: SignInDelayRule | undefined,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    // A counter that never refuses: only its count and expiry are used.
    this.failures = rule
      ? new RateLimiterMemory({ points: Number.MAX_SAFE_INTEGER, duration: rule.windowSec })
      : undefined;
  }

  /** Waits as long as the account's recent wrong passwords ask for. */
  async beforeCheck(email: string): Promise<void> {
    if (!this.failures || !this.rule) return;
    const failed = (await this.failures.get(email))?.consumedPoints ?? 0;
    const ms = delayAfter(failed, this.rule);
    if (ms > 0) await this.sleep(ms);
  }

  /** Counts a wrong password. */
  async failed(email: string): Promise<void> {
    await this.failures?.consume(email);
  }

  async succeeded(email: string): Promise<void> {
    await this.failures?.delete(email);
  }
}

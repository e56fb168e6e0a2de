import { ErrorCode } from '@planner/protocol';
import { AppError } from './errors';

/**
 * The most one answer may weigh (a single call's body, or a Chain's answers together). Every
 * input is bounded, so only a heavy account's widest reads come near it; past it the caller is
 * told to ask for less instead of the server building an answer no client can use.
 */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * How long a Chain may keep running once started. Its steps share one transaction (on SQLite
 * the one connection every other call waits for), so past this the next step is refused and
 * everything rolls back; one step is bounded by its own input bounds.
 */
const CHAIN_TIME_BUDGET_MS = 200;

/**
 * The first steps always run (each is bounded by its own input): the apps' Chains have two or
 * three steps (SetEmail then GetUserProfile), and on a loaded machine their wall time alone
 * could pass the budget. Long Chains are what the budget is for.
 */
const ALWAYS_RUN_STEPS = 3;

export function answerTooLarge(bytes: number, field = ''): AppError {
  const what = field ? `field "${field}": ` : '';
  return new AppError(
    ErrorCode.PayloadTooLarge,
    `${what}the answer would be ${bytes} bytes, over ${MAX_ANSWER_BYTES}; ask for less`,
  );
}

/** Tracks one Chain's time and answer size; throws the error the failed step reports. */
export class ChainBudget {
  private readonly startedAt = performance.now();
  private bytes = 0;
  private excludedMs = 0;

  /**
   * Time a step's `prepare` took (a password check: bounded work, off the event loop, and rate
   * limited): not counted, so a Chain such as SetEmail then GetUserProfile is not refused
   * because the machine is busy hashing.
   */
  notCounted(ms: number): void {
    this.excludedMs += ms;
  }

  beforeStep(index: number): void {
    if (index < ALWAYS_RUN_STEPS) return;
    const elapsed = performance.now() - this.startedAt - this.excludedMs;
    if (elapsed > CHAIN_TIME_BUDGET_MS) {
      throw new AppError(
        ErrorCode.PayloadTooLarge,
        `field "steps[${index}]": the Chain ran over its ${CHAIN_TIME_BUDGET_MS} ms budget; ` +
          'send fewer steps',
      );
    }
  }

  afterStep(index: number, answerBytes: number): void {
    this.bytes += answerBytes;
    if (this.bytes > MAX_ANSWER_BYTES) throw answerTooLarge(this.bytes, `steps[${index}]`);
  }
}

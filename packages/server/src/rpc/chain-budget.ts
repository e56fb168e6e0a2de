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
export const CHAIN_TIME_BUDGET_MS = 500;

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

  beforeStep(index: number): void {
    if (index === 0) return;
    const elapsed = performance.now() - this.startedAt;
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

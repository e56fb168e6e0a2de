import type { PlanTimeblock } from './types';

/**
 * The block `now` falls in (start <= now < end), or undefined. Blocks should not overlap at
 * `now`; if they do, the latest-starting one wins (it is the session most recently begun),
 * then the smallest id, so the answer is deterministic.
 */
export function findCurrentBlock<B extends PlanTimeblock>(
  timeblocks: readonly B[],
  now: number,
): B | undefined {
  let current: B | undefined;
  for (const block of timeblocks) {
    if (block.start > now || block.end <= now) continue;
    if (
      current === undefined ||
      block.start > current.start ||
      (block.start === current.start && block.id < current.id)
    ) {
      current = block;
    }
  }
  return current;
}

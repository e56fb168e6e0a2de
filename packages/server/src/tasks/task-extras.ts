import type { PlanResult } from '@planner/core';
import { listCategories } from '../categories/categories-repository';
import type { Category } from '../categories/category';
import type { Db } from '../rpc/context';
import { lastBlockEnds, sumFulfilled } from '../timeline/timeline-repository';
import type { TimelineSession } from '../timeline/timeline-session';
import type { Task } from './task';
import type { TaskExtras } from './task-presenter';

/** Where each task's work starts next: its current or next stored block, else its first planned one. */
export function expectedStarts(session: TimelineSession, plan: PlanResult): Map<string, number> {
  const starts = new Map<string, number>();
  const offer = (taskId: string, start: number) => {
    const known = starts.get(taskId);
    if (known === undefined || start < known) starts.set(taskId, start);
  };
  for (const block of session.world.blocks.values()) {
    if (block.taskId && block.end > session.now && block.end > block.start)
      offer(block.taskId, block.start);
  }
  for (const block of plan.timeblocks) if (!starts.has(block.task)) offer(block.task, block.start);
  return starts;
}

export async function loadTaskExtras(
  db: Db,
  userId: string,
  tasks: readonly Task[],
  now: number,
  planned: { session: TimelineSession; plan: PlanResult } | null,
): Promise<TaskExtras> {
  const categories = new Map<string, Category>(
    (await listCategories(db, userId)).map((c) => [c.id, c]),
  );
  const ids = tasks.map((t) => t.id);
  return {
    categories,
    fulfilled: await sumFulfilled(db, userId, ids, now),
    lastBlockEnds: await lastBlockEnds(db, userId, ids),
    expectedStarts: planned ? expectedStarts(planned.session, planned.plan) : new Map(),
  };
}

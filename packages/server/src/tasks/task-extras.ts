import type { PlanResult } from '@planner/core';
import { categoriesOf } from '../categories/categories-cache';
import type { Category } from '../categories/category';
import type { Db } from '../rpc/context';
import { taskBlockTotals } from '../timeline/timeline-repository';
import type { TimelineSession } from '../timeline/timeline-session';
import { fulfilledAt } from '../timeline/world';
import type { TaskExtras } from './task-presenter';

interface Planned {
  session: TimelineSession;
  plan: PlanResult;
}

/** Where each task's work starts next: its current or next stored block, else its first planned one. */
export function expectedStarts(session: TimelineSession, plan: PlanResult): Map<string, number> {
  const starts = new Map<string, number>();
  const offer = (taskId: string, start: number) => {
    const known = starts.get(taskId);
    if (known === undefined || start < known) starts.set(taskId, start);
  };
  for (const block of session.world.blocks.values()) {
    if (block.taskId && block.end > session.now && block.end > block.start) {
      offer(block.taskId, block.start);
    }
  }
  for (const block of plan.timeblocks) if (!starts.has(block.task)) offer(block.task, block.start);
  return starts;
}

/**
 * The end of each planned task's last block, stored or planned (the due indicator compares it
 * with the deadline). Stored blocks ahead of now are all in the session; history ends earlier.
 */
function plannedEnds({ session, plan }: Planned): Map<string, number> {
  const ends = new Map<string, number>();
  for (const block of plan.timeblocks)
    ends.set(block.task, Math.max(ends.get(block.task) ?? -1, block.end));
  for (const block of session.world.blocks.values()) {
    const known = block.taskId ? ends.get(block.taskId) : undefined;
    if (block.taskId && known !== undefined) ends.set(block.taskId, Math.max(known, block.end));
  }
  return ends;
}

/**
 * Category, time spent, last block end and expected start of each task: from the session in
 * memory for the open tasks it planned, from storage for the others.
 */
export async function loadTaskExtras(
  db: Db,
  userId: string,
  tasks: readonly { id: string }[],
  now: number,
  planned: Planned | null,
): Promise<TaskExtras> {
  const categories = new Map<string, Category>(
    (await categoriesOf(db, userId)).map((c) => [c.id, c]),
  );
  const world = planned?.session.world;
  const fulfilled = new Map<string, number>();
  const ends = planned ? plannedEnds(planned) : new Map<string, number>();
  // Open tasks of a session have their time in memory; the rest (and any task's history end)
  // come from storage, in one read.
  const stored = await taskBlockTotals(
    db,
    userId,
    tasks.flatMap((t) => (world?.tasks.has(t.id) && ends.has(t.id) ? [] : [t.id])),
    now,
  );
  for (const { id } of tasks) {
    const totals = stored.get(id);
    if (world?.tasks.has(id)) fulfilled.set(id, fulfilledAt(world, id, now));
    else if (totals) fulfilled.set(id, totals.spent);
    if (!ends.has(id) && totals) ends.set(id, totals.lastEnd);
  }
  return {
    categories,
    fulfilled,
    lastBlockEnds: ends,
    expectedStarts: planned ? expectedStarts(planned.session, planned.plan) : new Map(),
  };
}

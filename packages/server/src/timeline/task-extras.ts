import type { PlanResult } from '@planner/core';
import { cachedCategoriesRead } from '../categories/categories-cache';
import type { Category } from '../categories/category';
import type { Db } from '../rpc/context';
import { together } from '../db/together';
import { taskBlockTotalsRead, type BlockTotals } from '../plan-store/timeline-repository';
import type { TaskExtras } from '../tasks/task-presenter';
import type { TimelineSession } from './timeline-session';
import { fulfilledAt } from './world';

interface Planned {
  session: TimelineSession;
  plan: PlanResult;
}

/** Where each task's work starts next: its current or next stored block, else its first planned one. */
function expectedStarts(session: TimelineSession, plan: PlanResult): Map<string, number> {
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
  taskIds: readonly string[],
  now: number,
  planned: Planned | null,
): Promise<TaskExtras> {
  const reads = taskExtrasReads(db, userId, taskIds, now, planned);
  return reads.finish(await together(db, reads.statements));
}

/** loadTaskExtras as the reads it makes, to send with a caller's own, and how it finishes. */
export function taskExtrasReads(
  db: Db,
  userId: string,
  taskIds: readonly string[],
  now: number,
  planned: Planned | null,
) {
  const world = planned?.session.world;
  const ends = planned ? plannedEnds(planned) : new Map<string, number>();
  // Open tasks of a session have their time in memory; the rest (and any task's history end)
  // come from storage, in one read.
  const needed = taskIds.filter((id) => !(world?.tasks.has(id) && ends.has(id)));
  const statements = [
    cachedCategoriesRead(db, userId),
    taskBlockTotalsRead(db, userId, needed, now),
  ] as const;
  const finish = ([categoryList, stored]: [readonly Category[], Map<string, BlockTotals>]) => {
    const categories = new Map<string, Category>(categoryList.map((c) => [c.id, c]));
    const fulfilled = new Map<string, number>();
    for (const id of taskIds) {
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
  };
  return { statements, finish };
}

import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { together } from '../db/together';
import { tasksByIdRead } from '../tasks/tasks-repository';
import { openTimeline, saveTimeline } from '../timeline/timeline-session';
import { storedBlocksOf } from '../timeline/timeline-view';

/** A task's block as an outside calendar shows the plan (the ICS feed, a published CalDAV calendar). */
export interface PlanBlock {
  /** The stored block's id, or `planned:{taskId}:{start}` for a block the plan lays out. */
  id: string;
  taskId: string;
  /** The task's title. */
  title: string;
  start: number;
  end: number;
  /** Laid out by the planner (the future), not yet a record. */
  planned: boolean;
}

/**
 * The user's task blocks overlapping [start, end) as the agenda shows them: the stored ones (the
 * record of where time went, the current block, fixed blocks) and the planned future. Rest and
 * empty blocks are left out. Replays the plan as a GetTimeline read does, so run it inside a
 * transaction; `changed` says the replay moved the state (the caller may publish it).
 */
export async function planBlocksBetween(
  db: Kysely<Schema>,
  userId: string,
  now: number,
  start: number,
  end: number,
): Promise<{ blocks: PlanBlock[]; changed: boolean }> {
  const session = await openTimeline(db, userId, now, { window: { start, end } });
  const { plan, changed } = await saveTimeline(session);
  const inWindow = (b: { start: number; end: number }) => b.start < end && b.end > start;
  const stored = (await storedBlocksOf(session, start, end)).filter(
    (b) => b.taskId !== null && !b.isRest && b.end > b.start && inWindow(b),
  );
  const planned = plan.timeblocks.filter((b) => b.end > b.start && inWindow(b));
  const taskIds = [
    ...new Set([...stored.map((b) => b.taskId ?? ''), ...planned.map((b) => b.task)]),
  ];
  const [tasks] = await together(db, [tasksByIdRead(db, userId, taskIds)]);
  const titles = new Map(tasks.map((t) => [t.id, t.title]));
  const blocks: PlanBlock[] = [
    ...stored.map((b) => ({
      id: b.id,
      taskId: b.taskId ?? '',
      title: titles.get(b.taskId ?? '') ?? '',
      start: b.start,
      end: b.end,
      planned: false,
    })),
    ...planned.map((b) => ({
      id: `planned:${b.task}:${b.start}`,
      taskId: b.task,
      title: titles.get(b.task) ?? '',
      start: b.start,
      end: b.end,
      planned: true,
    })),
  ];
  blocks.sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : 1));
  return { blocks, changed };
}

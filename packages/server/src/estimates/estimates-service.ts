import { DAY_MS } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { listTrackedEstimates } from './estimates-repository';

type Db = Kysely<Schema>;

/** Done tasks count when they were completed within this window before now. */
export const ESTIMATE_WINDOW_MS = 90 * DAY_MS;
/** Fewer done tasks than this in a category teach nothing: its ratio is 0. */
const MIN_DONE_TASKS = 3;

export interface EstimateAccuracy {
  categoryId: string;
  doneTasks: number;
  /** Sum of the counted tasks' estimates (ms). */
  estimated: number;
  /** Sum of their tracked time (ms). */
  tracked: number;
  /** The median of tracked / estimate over the counted tasks, to 2 decimals; 0 if too few. */
  ratio: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * How long done tasks took against their estimates, per category. A task counts when it was
 * completed in the last 90 days, has a recorded estimate (task_estimates: the time scheduled the
 * person gave it, not what auto-extend added; done sets time_scheduled to 0) and tracked time (its
 * past, non-rest blocks, cut at now): a task ticked off without being tracked says nothing about
 * how long it took. The ratio is the median of the per-task ratios, so one task left running
 * overnight does not skew it; sums are answered as they are. Categories are sorted by id.
 */
export async function getEstimateAccuracy(
  db: Db,
  userId: string,
  now: number,
): Promise<EstimateAccuracy[]> {
  const rows = await listTrackedEstimates(db, userId, now - ESTIMATE_WINDOW_MS, now);
  const tasks = new Map<string, { categoryId: string; estimate: number; tracked: number }>();
  for (const row of rows) {
    const time = Math.min(Number(row.end), now) - Number(row.start);
    if (time <= 0) continue;
    const task = tasks.get(row.taskId);
    if (task) task.tracked += time;
    else
      tasks.set(row.taskId, {
        categoryId: row.categoryId,
        estimate: Number(row.estimate),
        tracked: time,
      });
  }
  const byCategory = new Map<string, { estimate: number; tracked: number }[]>();
  for (const task of tasks.values()) {
    const list = byCategory.get(task.categoryId) ?? [];
    list.push(task);
    byCategory.set(task.categoryId, list);
  }
  return [...byCategory]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([categoryId, list]) => ({
      categoryId,
      doneTasks: list.length,
      estimated: list.reduce((sum, t) => sum + t.estimate, 0),
      tracked: list.reduce((sum, t) => sum + t.tracked, 0),
      ratio:
        list.length < MIN_DONE_TASKS
          ? 0
          : Math.round(median(list.map((t) => t.tracked / t.estimate)) * 100) / 100,
    }));
}

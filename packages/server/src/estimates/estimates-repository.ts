import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { EstimatesTables } from './tables';

/**
 * Remembers the estimate a person gave a task: called when a task is created and when its time
 * scheduled is typed (PutTask), not when auto-extend or "more time" raises it.
 */
export async function recordEstimate(
  db: Kysely<Schema>,
  userId: string,
  taskId: string,
  estimate: number,
  now: number,
): Promise<void> {
  await db
    .withTables<EstimatesTables>()
    .insertInto('task_estimates')
    .values({ user_id: userId, task_id: taskId, estimate, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'task_id']).doUpdateSet({ estimate, updated_at: now }),
    )
    .execute();
}

/**
 * Each block of each task completed in [from, to] with an estimate: the task, its category, its
 * estimate and the block's span (rest blocks and blocks starting at `to` or later left out).
 */
export function listTrackedEstimates(db: Kysely<Schema>, userId: string, from: number, to: number) {
  return db
    .withTables<EstimatesTables>()
    .selectFrom('tasks')
    .innerJoin('task_estimates', (join) =>
      join
        .onRef('task_estimates.user_id', '=', 'tasks.user_id')
        .onRef('task_estimates.task_id', '=', 'tasks.id'),
    )
    .innerJoin('timeblocks', (join) =>
      join
        .onRef('timeblocks.user_id', '=', 'tasks.user_id')
        .onRef('timeblocks.task_id', '=', 'tasks.id'),
    )
    .select([
      'tasks.id as taskId',
      'tasks.category_id as categoryId',
      'task_estimates.estimate as estimate',
      'timeblocks.start_ms as start',
      'timeblocks.end_ms as end',
    ])
    .where('tasks.user_id', '=', userId)
    .where('tasks.is_completed', '=', 1)
    .where('tasks.completed_at', '>=', from)
    .where('tasks.completed_at', '<=', to)
    .where('task_estimates.estimate', '>', 0)
    .where('timeblocks.is_rest', '=', 0)
    .where('timeblocks.start_ms', '<', to)
    .execute();
}

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

import { clampTaskDuration } from '@planner/core';
import type { InputInit } from '@planner/protocol';
import type { WireTask } from '../types';

const UNCONFIRMED_MORE_TIME_MS = 60 * 60_000;

/**
 * The unconfirmed-tasks answer (spec 4): a checked task is done; an unchecked one gets one more
 * hour on its estimate.
 */
export function unconfirmedUpdates(
  tasks: readonly WireTask[],
  checked: ReadonlySet<string>,
): InputInit<'PutMultipleTasks'> {
  return {
    req: tasks.map((task) =>
      checked.has(task.id)
        ? { task: { id: task.id, isCompleted: true }, fields: ['isCompleted'] }
        : {
            task: {
              id: task.id,
              timeScheduled: clampTaskDuration(
                task.timeScheduled + UNCONFIRMED_MORE_TIME_MS,
                false,
              ),
            },
            fields: ['timeScheduled'],
          },
    ),
  };
}

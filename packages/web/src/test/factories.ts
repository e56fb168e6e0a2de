import type { Plain, Task } from '@planner/protocol';

/** A task as the server answers it, with the fields a test cares about. */
export function buildTask(fields: Partial<Plain<Task>> & { id: string }): Plain<Task> {
  return {
    title: 'Untitled task',
    category: undefined,
    timeScheduled: 3_600_000,
    timeFulfilled: 0,
    deadline: -1,
    isCompleted: false,
    note: '',
    hasNote: false,
    checklist: [],
    lastTimeblockEnd: -1,
    updatedAt: 0,
    recurrenceRule: undefined,
    recurringTaskId: '',
    instanceNumber: 0,
    expectedStart: -1,
    createdAt: 0,
    isUnconfirmed: false,
    ...fields,
  };
}

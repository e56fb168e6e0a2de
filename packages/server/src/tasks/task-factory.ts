import type { Task } from './task';

/** A task with every field filled; tests override what they care about. */
export function buildTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 't1',
    title: 'Write report',
    categoryId: 'c1',
    timeScheduled: 3_600_000,
    deadline: -1,
    isCompleted: false,
    note: '',
    checklist: [],
    order: null,
    recurrenceRule: null,
    recurringTaskId: '',
    instanceNumber: 0,
    expectedStart: -1,
    isUnconfirmed: false,
    createdAt: 1_000,
    updatedAt: 1_000,
    completedAt: -1,
    ...overrides,
  };
}

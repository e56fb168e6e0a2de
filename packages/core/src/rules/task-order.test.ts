import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortTasksForList, splitTaskSections, type ListedTask } from './task-order';

function buildTask(id: string, overrides: Partial<ListedTask> = {}): ListedTask {
  return { id, isCompleted: false, deadline: -1, updatedAt: 0, ...overrides };
}

describe('sortTasksForList', () => {
  it('puts to-do tasks with deadlines first, earliest first, then the rest in given order', () => {
    const tasks = [
      buildTask('a'),
      buildTask('b', { deadline: 300 }),
      buildTask('c'),
      buildTask('d', { deadline: 100 }),
      buildTask('e', { deadline: 0 }),
    ];
    expect(sortTasksForList(tasks).map((t) => t.id)).toEqual(['e', 'd', 'b', 'a', 'c']);
  });

  it('puts done tasks last, newest update first, and breaks ties by id', () => {
    const tasks = [
      buildTask('old', { isCompleted: true, updatedAt: 1 }),
      buildTask('x', { deadline: 5 }),
      buildTask('new', { isCompleted: true, updatedAt: 9 }),
      buildTask('w', { deadline: 5 }),
    ];
    expect(sortTasksForList(tasks).map((t) => t.id)).toEqual(['w', 'x', 'new', 'old']);
  });

  it('does not change its input and gives the same order for any input order', () => {
    const task = fc.record({
      id: fc.string({ minLength: 1, maxLength: 4 }),
      isCompleted: fc.boolean(),
      deadline: fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 50 })),
      updatedAt: fc.integer({ min: 0, max: 50 }),
    });
    const uniqueTasks = fc.uniqueArray(task, { selector: (t) => t.id, maxLength: 30 });
    fc.assert(
      fc.property(
        uniqueTasks.chain((ts) =>
          fc.tuple(
            fc.constant(ts),
            fc.shuffledSubarray(ts, { minLength: ts.length, maxLength: ts.length }),
          ),
        ),
        ([tasks, shuffled]) => {
          const copy = [...tasks];
          const sorted = sortTasksForList(tasks);
          expect(tasks).toEqual(copy);
          const withDeadline = (ts: ListedTask[]) =>
            ts.filter((t) => !t.isCompleted && t.deadline >= 0).map((t) => t.id);
          expect(withDeadline(sortTasksForList(shuffled))).toEqual(withDeadline(sorted));
          const firstDone = sorted.findIndex((t) => t.isCompleted);
          if (firstDone >= 0)
            expect(sorted.slice(firstDone).every((t) => t.isCompleted)).toBe(true);
        },
      ),
    );
  });
});

describe('splitTaskSections', () => {
  const tasks = [
    buildTask('a', { deadline: 10 }),
    buildTask('b'),
    buildTask('c', { isCompleted: true, updatedAt: 3 }),
  ];

  it('puts the current task in Doing and keeps it out of To do', () => {
    const sections = splitTaskSections(tasks, 'b');
    expect(sections.doing?.id).toBe('b');
    expect(sections.todo.map((t) => t.id)).toEqual(['a']);
    expect(sections.done.map((t) => t.id)).toEqual(['c']);
  });

  it('has no Doing without a current task, or when the current one is done', () => {
    expect(splitTaskSections(tasks, null).doing).toBeNull();
    expect(splitTaskSections(tasks, 'c').doing).toBeNull();
    expect(splitTaskSections(tasks, 'missing').todo).toHaveLength(2);
  });
});

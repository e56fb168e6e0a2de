import { HOUR_MS } from '@planner/core';
import { describe, expect, it } from 'vitest';
import { buildTask } from '../test-support';
import { unconfirmedUpdates } from './unconfirmed';

const task = (id: string, timeScheduled: number) => buildTask({ id, timeScheduled });

describe('unconfirmed tasks answer', () => {
  it('completes checked tasks and gives unchecked ones an hour more', () => {
    const tasks = [task('a', HOUR_MS), task('b', 2 * HOUR_MS)];
    expect(unconfirmedUpdates(tasks, new Set(['a']))).toEqual({
      req: [
        { task: { id: 'a', isCompleted: true }, fields: ['isCompleted'] },
        { task: { id: 'b', timeScheduled: 3 * HOUR_MS }, fields: ['timeScheduled'] },
      ],
    });
  });

  it('never goes past the 72-hour bound', () => {
    const [update] = unconfirmedUpdates([task('a', 72 * HOUR_MS)], new Set()).req ?? [];
    expect(update?.task?.timeScheduled).toBe(72 * HOUR_MS);
  });
});

import { checklistForEditing, fromWallClock, HOUR_MS, MINUTE_MS } from '@planner/core';
import { describe, expect, it } from 'vitest';
import type { PlainTask } from '../tasks/tasks-api';
import {
  changedTaskFields,
  draftFromTask,
  newTaskDraft,
  completionRequest,
  putTaskRequest,
} from './task-draft';
import { reopenedTimeScheduled } from '../components/TaskCompletionDialogs';
import { buildTask as buildWireTask } from '../test/factories';

const zone = 'Europe/Berlin';
const now = fromWallClock({ year: 2025, month: 3, day: 25, hour: 14, minute: 7 }, zone);

function buildTask(overrides: Partial<PlainTask> = {}): PlainTask {
  return buildWireTask({
    id: 't1',
    title: 'Write report',
    category: {
      id: 'c1',
      title: 'Work',
      description: '',
      color: 'Blue-500',
      icon: 'work',
      updatedAt: 0,
    },
    timeScheduled: 2 * HOUR_MS,
    ...overrides,
  });
}

describe('a new task', () => {
  it('has the route title, 1 hour, no category and a deadline at 23:59 seven days ahead', () => {
    const draft = newTaskDraft({ title: 'Call Anna', now, timeZone: zone, newId: 'n' });
    expect(draft.title).toBe('Call Anna');
    expect(draft.category).toBeUndefined();
    expect(draft.timeScheduled).toBe(HOUR_MS);
    // 7 days after 25 March crosses the switch to summer time on the 30th.
    expect(draft.deadline).toBe(
      fromWallClock({ year: 2025, month: 4, day: 1, hour: 23, minute: 59 }, zone),
    );
    expect(draft.checklist).toEqual([{ id: 'n', content: '', done: false, sort: 0 }]);
  });

  it('is sent whole, the title trimmed (an empty one stays empty for the placeholder)', () => {
    const draft = { ...newTaskDraft({ title: '   ', now, timeZone: zone, newId: 'n' }) };
    const request = putTaskRequest(draft, null);
    expect(request.fields).toEqual([]);
    expect(request.task?.title).toBe('');
    expect(request.task?.id).toBeUndefined();
    expect(request.task?.checklist).toEqual([]);
  });
});

describe('changed fields of an existing task', () => {
  const base = draftFromTask(
    buildTask({ checklist: [{ id: 'a', content: 'one', done: false, sort: 0 }] }),
    'n',
  );

  it('are none for an untouched form, and a title with only new spaces is unchanged', () => {
    expect(changedTaskFields(base, { ...base })).toEqual([]);
    expect(changedTaskFields(base, { ...base, title: ' Write report ' })).toEqual([]);
  });

  it('name each changed field with the spec name', () => {
    const draft = {
      ...base,
      title: 'Write the report',
      timeScheduled: 30 * MINUTE_MS,
      deadline: now,
      note: 'x',
      checklist: checklistForEditing([{ id: 'a', content: 'one', done: true, sort: 0 }], 'n'),
    };
    expect(changedTaskFields(base, draft)).toEqual([
      'title',
      'timeScheduled',
      'deadline',
      'note',
      'checklist',
    ]);
    const request = putTaskRequest(draft, { id: 't1', fields: changedTaskFields(base, draft) });
    expect(request.task?.id).toBe('t1');
    expect(request.fields).toContain('checklist');
  });

  it('ignore the adding item and the id of a new empty item', () => {
    const withOtherAddingId = { ...base, checklist: checklistForEditing(base.checklist, 'other') };
    expect(changedTaskFields(base, withOtherAddingId)).toEqual([]);
  });
});

describe('the completed switch', () => {
  it('marking done sends isCompleted alone, with the rest that follows', () => {
    expect(completionRequest('t1', { isCompleted: true, rest: 5 * MINUTE_MS })).toEqual({
      task: { id: 't1', isCompleted: true },
      fields: ['isCompleted'],
      rest: 5 * MINUTE_MS,
    });
  });

  it('reopening sends the new estimate and whether to do it now', () => {
    expect(
      completionRequest('t1', { isCompleted: false, timeScheduled: HOUR_MS, doItNow: true }),
    ).toEqual({
      task: { id: 't1', isCompleted: false, timeScheduled: HOUR_MS },
      fields: ['isCompleted', 'timeScheduled'],
      doItNow: true,
    });
  });

  it('a reopened task needs what it took plus the time still needed, within the bounds', () => {
    const choice = { neededMs: 30 * MINUTE_MS, doItNow: false };
    expect(reopenedTimeScheduled({ timeFulfilled: 0 }, choice)).toBe(30 * MINUTE_MS);
    expect(reopenedTimeScheduled({ timeFulfilled: HOUR_MS }, choice)).toBe(90 * MINUTE_MS);
    expect(reopenedTimeScheduled({ timeFulfilled: 72 * HOUR_MS }, choice)).toBe(72 * HOUR_MS);
  });
});

describe('the note', () => {
  it('falls back to the locally cached note while the server sends none', () => {
    expect(draftFromTask(buildTask({ hasNote: true, note: '' }), 'n', 'cached').note).toBe(
      'cached',
    );
    expect(draftFromTask(buildTask({ hasNote: true, note: 'server' }), 'n', 'cached').note).toBe(
      'server',
    );
    expect(draftFromTask(buildTask({ hasNote: false }), 'n', 'stale').note).toBe('');
  });
});

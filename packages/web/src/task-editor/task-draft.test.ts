import { checklistForEditing, fromWallClock, HOUR_MS, MINUTE_MS } from '@planner/core';
import { describe, expect, it } from 'vitest';
import type { PlainTask } from '../tasks/tasks-api';
import {
  changedTaskFields,
  draftFromTask,
  newTaskDraft,
  putTaskRequest,
  withCompleted,
} from './task-draft';

const zone = 'Europe/Berlin';
const now = fromWallClock({ year: 2025, month: 3, day: 25, hour: 14, minute: 7 }, zone);

function buildTask(overrides: Partial<PlainTask> = {}): PlainTask {
  return {
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
    timeFulfilled: 0,
    deadline: -1,
    isCompleted: false,
    note: '',
    hasNote: false,
    checklist: [],
    lastTimeblockEnd: -1,
    updatedAt: 0,
    recurringTaskId: '',
    instanceNumber: 0,
    expectedStart: -1,
    createdAt: 0,
    isUnconfirmed: false,
    ...overrides,
  };
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
  it('reopening a task with nothing scheduled gives it 1 hour', () => {
    const done = { ...draftFromTask(buildTask({ isCompleted: true, timeScheduled: 0 }), 'n') };
    expect(withCompleted(done, false, false).timeScheduled).toBe(HOUR_MS);
    const partly = { ...done, timeScheduled: 20 * MINUTE_MS };
    expect(withCompleted(partly, false, false).timeScheduled).toBe(20 * MINUTE_MS);
  });

  it('marking done leaves the estimate to the server', () => {
    const open = draftFromTask(buildTask(), 'n');
    expect(withCompleted(open, true, false)).toMatchObject({
      isCompleted: true,
      timeScheduled: 2 * HOUR_MS,
    });
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

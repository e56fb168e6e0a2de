import { HOUR_MS } from '@planner/core';
import { describe, expect, it } from 'vitest';
import type { AgendaBlock } from './agenda-block';
import { blockActions, isDraggable } from './block-actions';
import type { DayBlock } from './day-model';
import { buildTask } from '../../test/factories';

const NOW = Date.UTC(2026, 2, 10, 12);
function taskBlock(extra: Partial<AgendaBlock> = {}): DayBlock {
  return {
    id: 'b1',
    task: 't1',
    start: NOW + HOUR_MS,
    end: NOW + 2 * HOUR_MS,
    fixed: false,
    isRest: false,
    kind: 'task',
    locking: '',
    taskData: buildTask({ id: 't1', title: 'Write report', timeScheduled: HOUR_MS }),
    mergedIds: ['b1'],
    ...extra,
  };
}
const idle = { now: NOW, isCurrentTask: false, hasCurrent: false };

describe('block actions', () => {
  it('offers a future task do it now, mark done and a time edit', () => {
    expect(blockActions(taskBlock(), idle)).toEqual([
      'openTask',
      'doItNow',
      'markDone',
      'editTime',
    ]);
  });

  it('offers do it after the current item, and unlock for a locked future block', () => {
    expect(blockActions(taskBlock({ fixed: true }), { ...idle, hasCurrent: true })).toEqual([
      'openTask',
      'doItNow',
      'doItAfter',
      'markDone',
      'editTime',
      'unlock',
    ]);
  });

  it('offers delete for a past record, and only upgrade for a locked task', () => {
    const past = taskBlock({ start: NOW - 2 * HOUR_MS, end: NOW - HOUR_MS, id: 'stored' });
    expect(blockActions(past, idle)).toContain('deleteRecord');
    expect(blockActions(taskBlock({ kind: 'locked', locking: 'horizon' }), idle)).toEqual([
      'upgrade',
    ]);
  });

  it('does not drag the current task, rests or synced events', () => {
    expect(isDraggable(taskBlock(), idle)).toBe(true);
    expect(isDraggable(taskBlock(), { ...idle, isCurrentTask: true })).toBe(false);
    expect(isDraggable(taskBlock({ isRest: true, kind: 'rest' }), idle)).toBe(false);
    const synced = taskBlock({ kind: 'event', event: 'e1' });
    expect(isDraggable(synced, idle)).toBe(true);
  });
});

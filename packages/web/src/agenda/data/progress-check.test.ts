import { groupOverlappingBlocks, MINUTE_MS } from '@planner/core';
import { describe, expect, it } from 'vitest';
import { progressAction } from './progress-check';

const T0 = Date.UTC(2026, 2, 10, 9, 0);
const block = (id: string, task: string, start: number, end: number) => ({
  id,
  task,
  start,
  end,
  fixed: false,
  isRest: false,
});
const groups = groupOverlappingBlocks([
  block('b1', 'write', T0, T0 + 30 * MINUTE_MS),
  block('planned:read:x', 'read', T0 + 30 * MINUTE_MS, T0 + 60 * MINUTE_MS),
]);
const current = {
  isRest: false,
  task: 'write',
  event: '',
  timeblock: 'b1',
  start: T0,
  end: T0 + 30 * MINUTE_MS,
};
const none = { groupId: null, itemKey: null };

describe('progressAction', () => {
  it('does nothing while the current block runs', () => {
    const state = { autoExtend: false, currentBlock: current };
    expect(progressAction({ groups, now: T0 + 10 * MINUTE_MS, state }, none)).toBeNull();
  });

  it('advances once when the current group completes, unless auto-extend is on', () => {
    const now = T0 + 31 * MINUTE_MS;
    const state = { autoExtend: false, currentBlock: current };
    expect(progressAction({ groups, now, state }, none)).toEqual({ kind: 'advance', groupId: 'b1' });
    const extended = { autoExtend: true, currentBlock: current };
    expect(progressAction({ groups, now, state: extended }, none)?.kind).toBe('refreshState');
  });

  it('reloads the state once when the block at now is another item', () => {
    const now = T0 + 40 * MINUTE_MS;
    const state = { autoExtend: true, currentBlock: current };
    const action = progressAction({ groups, now, state }, none);
    expect(action).toEqual({ kind: 'refreshState', itemKey: 'read|write' });
    expect(progressAction({ groups, now, state }, { groupId: null, itemKey: 'read|write' })).toBeNull();
  });
});

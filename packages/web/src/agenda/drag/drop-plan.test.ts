import { describe, expect, it } from 'vitest';
import type { DayBlock } from '../model/day-model';
import { buildRecurringEvent, buildTask } from '../test-support';
import { movedEventTimes, planDrop } from './drop-plan';

const ZONE = 'Europe/Berlin';
const H = 3_600_000;
// Tuesday 10 March 2026, 9:00 in Berlin.
const NINE = Date.UTC(2026, 2, 10, 8, 0);
const now = NINE - 2 * H;

function taskBlock(start: number): DayBlock {
  return {
    id: 'b1',
    task: 't1',
    start,
    end: start + H,
    fixed: false,
    isRest: false,
    kind: 'task',
    locking: '',
    taskData: buildTask({ id: 't1', title: 'Write report' }),
    mergedIds: ['b1'],
  };
}

function eventBlock(recurs: boolean) {
  return buildRecurringEvent(
    NINE,
    H / 2,
    recurs ? {} : { recurrenceRule: undefined, isVirtual: false },
  );
}

const context = { now, timeZone: ZONE };

describe('planDrop', () => {
  it('locks a future task block at the new time and corrects a started one', () => {
    expect(planDrop(taskBlock(NINE), { start: NINE + H, end: NINE + 2 * H }, context)).toEqual({
      kind: 'lock',
    });
    const started = taskBlock(now - H);
    expect(planDrop(started, { start: now - H / 2, end: now + H / 2 }, context)).toEqual({
      kind: 'correct',
    });
  });

  it('does nothing when the block was let go where it was', () => {
    expect(planDrop(taskBlock(NINE), { start: NINE, end: NINE + H }, context)).toEqual({
      kind: 'none',
    });
  });

  it('moves a one-off event without a question', () => {
    const { block, event } = eventBlock(false);
    expect(planDrop(block, { start: NINE + H, end: NINE + 1.5 * H }, context)).toEqual({
      kind: 'moveEvent',
      event,
      scopes: [0],
    });
  });

  it('asks this, following or all for an occurrence moved within its day', () => {
    const { block } = eventBlock(true);
    const plan = planDrop(block, { start: NINE + 5 * H, end: NINE + 5.5 * H }, context);
    expect(plan.kind === 'moveEvent' && plan.scopes).toEqual([0, 1, 2]);
  });

  it('leaves "this and following" out when the occurrence moves to another day', () => {
    const { block } = eventBlock(true);
    // 9:00 to 23:30 the same day is still the same date; the next morning is not.
    const late = planDrop(block, { start: NINE + 14.5 * H, end: NINE + 15 * H }, context);
    expect(late.kind === 'moveEvent' && late.scopes).toEqual([0, 1, 2]);
    const nextDay = planDrop(block, { start: NINE + 24 * H, end: NINE + 24.5 * H }, context);
    expect(nextDay.kind === 'moveEvent' && nextDay.scopes).toEqual([0, 2]);
  });

  it('moves the event by as much as its block moved', () => {
    const { block, event } = eventBlock(true);
    expect(movedEventTimes(event, block, { start: NINE + 26 * H, end: NINE + 26.5 * H })).toEqual({
      start: NINE + 26 * H,
      end: NINE + 26.5 * H,
    });
  });
});

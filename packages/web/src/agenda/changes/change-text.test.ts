import { fromWallClock } from '@planner/core';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import planChanges from '../../i18n/plan-changes/en.json';
import { initTestI18n } from '../../test/render';
import type { AgendaBlock } from '../model/agenda-block';
import { buildEnv, buildRecurringEvent, buildTask } from '../test-support';
import type { WirePlanChanges, WirePlanMove } from '../types';
import { formatWhen } from '../model/format';
import {
  moveLine,
  placementText,
  placementWhy,
  type Lookups,
  type PlacedBlock,
} from './change-text';

const ZONE = 'Europe/Berlin';
const at = (day: number, hour: number, minute = 0) =>
  fromWallClock({ year: 2026, month: 11, day, hour, minute }, ZONE);
const NOW = at(28, 10);
const env = buildEnv({ timeZone: ZONE, hour12: true });
const env24 = buildEnv({ timeZone: ZONE, hour12: false });

const report = buildTask({ id: 't1', title: 'Write report' });
const taxes = buildTask({ id: 't2', title: 'File taxes', deadline: at(28, 18) });
const meeting = buildRecurringEvent(at(28, 14), 3_600_000, { id: 'e1', title: 'Team meeting' });
const lookups: Lookups = {
  tasks: new Map([
    ['t1', report],
    ['t2', taxes],
  ]),
  events: new Map([['e1', meeting.event]]),
};

const move = (fields: Partial<WirePlanMove>): WirePlanMove => ({
  task: 't1',
  reason: 'busy',
  event: '',
  byTask: '',
  wasStart: at(28, 14),
  nowStart: at(28, 15),
  ...fields,
});

/** Intl puts a narrow no-break space before AM/PM; a reader sees a space. */
const plain = (text: string) => text.replace(/\s/gu, ' ');

let t: TFunction<'plan-changes'>;
beforeAll(() => {
  initTestI18n();
  if (!i18next.hasResourceBundle('en', 'plan-changes'))
    i18next.addResourceBundle('en', 'plan-changes', planChanges);
  t = i18next.getFixedT('en', 'plan-changes');
});

describe('moveLine', () => {
  it.each([
    [{ event: 'e1' }, 'Write report moved to 3:00 PM: Team meeting now covers its time'],
    [{ event: '' }, 'Write report moved to 3:00 PM: its time is no longer free'],
    [{ event: 'gone' }, 'Write report moved to 3:00 PM: its time is no longer free'],
    [{ reason: 'changed' }, 'Write report moved to 3:00 PM: the task itself changed'],
    [
      { reason: 'deadline', byTask: 't2' },
      'Write report moved to 3:00 PM: File taxes needed the time to meet its deadline',
    ],
    [
      { reason: 'deadline', byTask: 'unknown' },
      'Write report moved to 3:00 PM: a task due earlier needed the time',
    ],
    [{ reason: 'shape' }, 'Write report moved to 3:00 PM: your planning settings asked for it'],
    [
      { reason: 'limit', nowStart: 0 },
      "Write report is no longer planned: it is past your plan's task limit",
    ],
    [
      { reason: 'horizon', nowStart: 0 },
      'Write report is no longer planned: it is further ahead than your agenda plans',
    ],
    [{ reason: 'someday' }, 'Write report moved to 3:00 PM: the plan was rebuilt'],
  ] satisfies [Partial<WirePlanMove>, string][])('%o reads "%s"', (fields, expected) => {
    expect(plain(moveLine(move(fields), lookups, NOW, env, t))).toBe(expected);
  });

  it('names a task it cannot find as "A task"', () => {
    expect(plain(moveLine(move({ task: 'elsewhere', event: 'e1' }), lookups, NOW, env, t))).toBe(
      'A task moved to 3:00 PM: Team meeting now covers its time',
    );
  });
});

describe('formatWhen', () => {
  it('shows the time alone on the same day, in the account clock', () => {
    expect(plain(formatWhen(at(28, 15), NOW, env))).toBe('3:00 PM');
    expect(formatWhen(at(28, 15), NOW, env24)).toBe('15:00');
  });

  it('adds the day for another day, also across midnight in the person zone', () => {
    expect(plain(formatWhen(at(30, 9, 30), NOW, env))).toBe('Mon, Nov 30, 9:30 AM');
    // 00:30 in Berlin is still the 28th in UTC: the day is the person's, not the device's.
    expect(formatWhen(at(29, 0, 30), NOW, env24)).toBe('Sun, Nov 29, 00:30');
  });
});

describe('placementWhy', () => {
  const block = (fields: Partial<AgendaBlock>): AgendaBlock => ({
    id: 'planned:t1',
    task: 't1',
    start: at(28, 15),
    end: at(28, 16),
    fixed: false,
    isRest: false,
    kind: 'task',
    locking: '',
    taskData: report,
    ...fields,
  });
  const changes: WirePlanChanges = { at: NOW - 60_000, moves: [move({})], causeRequest: '' };
  const why = (b: PlacedBlock, c: WirePlanChanges | undefined) => {
    const found = placementWhy(b, c, NOW);
    return found && plain(placementText(found, lookups, NOW, env, t));
  };

  it('gives the latest move of its task', () => {
    expect(why(block({}), changes)).toBe('Moved here: its time is no longer free');
    const withEvent = { ...changes, moves: [move({ event: 'e1' })] };
    expect(why(block({}), withEvent)).toBe('Moved here: Team meeting now covers its time');
  });

  it('gives the deadline, first, for a task with one', () => {
    const b = block({ task: 't2', taskData: taxes });
    expect(why(b, changes)).toBe(
      'Planned before its deadline of 6:00 PM: tasks with deadlines come first',
    );
  });

  it('gives the first free time for a task without one', () => {
    expect(why(block({}), undefined)).toBe(
      'Planned in the first free time after tasks with deadlines',
    );
    // A kept record of a re-plan with nothing in it (at 0) names no move.
    expect(why(block({}), { at: 0, moves: [move({})], causeRequest: '' })).toBe(
      'Planned in the first free time after tasks with deadlines',
    );
  });

  it('says a fixed block was fixed by the person, moved or not', () => {
    expect(why(block({ fixed: true }), changes)).toBe('You fixed this block here');
  });

  it('says nothing of blocks that started, events and locked tasks', () => {
    expect(why(block({ start: NOW - 1 }), changes)).toBeNull();
    expect(why({ ...meeting.block, start: at(28, 14) }, changes)).toBeNull();
    expect(why(block({ kind: 'locked', locking: 'horizon' }), changes)).toBeNull();
  });
});

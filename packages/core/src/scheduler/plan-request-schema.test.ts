import { describe, expect, it } from 'vitest';
import { parsePlanRequest } from './plan-request-schema';
import { T0, buildBlock, buildEvent, buildRequest, buildTask } from './test-support';

/** A valid request as plain JSON, to be broken one field at a time. */
function validJson(): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(
      buildRequest({
        tasks: [buildTask({ id: 't1', order: 3 })],
        events: [
          buildEvent({
            id: 'e1',
            start: T0,
            end: T0 + 1000,
            recurrenceRule: { freq: 'WEEKLY', interval: 1, byDay: 'MO,WE', until: -1, count: 0 },
          }),
        ],
        timeblocks: [buildBlock({ id: 'b1', task: 't1', start: T0, end: T0 + 10 })],
        taskLimit: 20,
      }),
    ),
  );
}

function errorFor(mutate: (json: Record<string, unknown>) => void): string {
  const json = validJson();
  mutate(json);
  try {
    parsePlanRequest(json);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
}

const first = (json: Record<string, unknown>, list: string) =>
  (json[list] as Record<string, unknown>[])[0] as Record<string, unknown>;

describe('parsePlanRequest', () => {
  it('accepts a valid request and returns it unchanged', () => {
    expect(parsePlanRequest(validJson())).toEqual(validJson());
  });

  it('rejects anything but an object', () => {
    expect(() => parsePlanRequest([])).toThrow('request: expected an object, got an array');
    expect(() => parsePlanRequest(null)).toThrow('request: expected an object, got null');
  });

  it('treats null optional fields as absent', () => {
    const json = validJson();
    json.taskLimit = null;
    first(json, 'tasks').order = null;
    first(json, 'events').recurrenceRule = null;
    first(json, 'timeblocks').task = null;
    const request = parsePlanRequest(json);
    expect(request.taskLimit).toBeUndefined();
    expect(request.tasks[0]).not.toHaveProperty('order');
    expect(request.events[0]).not.toHaveProperty('recurrenceRule');
    expect(request.timeblocks[0]).not.toHaveProperty('task');
  });

  it.each([
    ['missing now', (j: Record<string, unknown>) => delete j.now, 'now: missing'],
    [
      'string now',
      (j: Record<string, unknown>) => (j.now = '1'),
      'now: expected an integer (milliseconds), got "1"',
    ],
    [
      'fractional horizon',
      (j: Record<string, unknown>) => (j.horizonEnd = 1.5),
      'horizonEnd: expected an integer (milliseconds), got 1.5',
    ],
    [
      'unknown zone',
      (j: Record<string, unknown>) => (j.timezone = 'Mars/Base'),
      'timezone: expected an IANA time zone name, got "Mars/Base"',
    ],
    ['unknown field', (j: Record<string, unknown>) => (j.colour = 'red'), 'colour: unknown field'],
    ['missing state', (j: Record<string, unknown>) => delete j.state, 'state: missing'],
    [
      'state flag',
      (j: Record<string, unknown>) => ((j.state as Record<string, unknown>).isPaused = 0),
      'state.isPaused: expected true or false, got 0',
    ],
    [
      'idle out of the day',
      (j: Record<string, unknown>) => ((j.autoIdle as Record<string, unknown>).end = -1),
      'autoIdle.end: expected an integer 0 to 86400000, got -1',
    ],
    [
      'tasks not a list',
      (j: Record<string, unknown>) => (j.tasks = {}),
      'tasks: expected an array, got an object',
    ],
    [
      'task deadline',
      (j: Record<string, unknown>) => (first(j, 'tasks').deadline = -2),
      'tasks[0].deadline: expected an integer at least -1, got -2',
    ],
    [
      'task id',
      (j: Record<string, unknown>) => (first(j, 'tasks').id = 7),
      'tasks[0].id: expected a non-empty string, got 7',
    ],
    [
      'task order',
      (j: Record<string, unknown>) => (first(j, 'tasks').order = 'x'),
      'tasks[0].order: expected a finite number, got "x"',
    ],
    [
      'negative estimate',
      (j: Record<string, unknown>) => (first(j, 'tasks').timeScheduled = -5),
      'tasks[0].timeScheduled: expected an integer at least 0, got -5',
    ],
    [
      'duplicate task',
      (j: Record<string, unknown>) => (j.tasks as unknown[]).push(first(j, 'tasks')),
      'tasks[1].id: duplicate id "t1"',
    ],
    [
      'event ends first',
      (j: Record<string, unknown>) => (first(j, 'events').end = T0 - 1),
      `events[0].end: expected an integer at least ${T0}, got ${T0 - 1}`,
    ],
    [
      'travel',
      (j: Record<string, unknown>) => (first(j, 'events').travelTop = null),
      'events[0].travelTop: expected an integer (milliseconds), got null',
    ],
    [
      'freq',
      (j: Record<string, unknown>) =>
        ((first(j, 'events').recurrenceRule as Record<string, unknown>).freq = 'HOURLY'),
      'events[0].recurrenceRule.freq: expected one of none, DAILY, WEEKLY, MONTHLY, YEARLY, got "HOURLY"',
    ],
    [
      'byDay',
      (j: Record<string, unknown>) =>
        ((first(j, 'events').recurrenceRule as Record<string, unknown>).byDay = 'MO,XX'),
      'events[0].recurrenceRule.byDay: expected a comma list of SU, MO, TU, WE, TH, FR, SA, got "MO,XX"',
    ],
    [
      'interval',
      (j: Record<string, unknown>) =>
        ((first(j, 'events').recurrenceRule as Record<string, unknown>).interval = 0),
      'events[0].recurrenceRule.interval: expected an integer at least 1, got 0',
    ],
    [
      'block flag',
      (j: Record<string, unknown>) => delete first(j, 'timeblocks').fixed,
      'timeblocks[0].fixed: missing',
    ],
    [
      'task limit',
      (j: Record<string, unknown>) => (j.taskLimit = -1),
      'taskLimit: expected an integer at least 0, got -1',
    ],
  ])('rejects %s, naming the field', (_name, mutate, message) => {
    expect(errorFor(mutate as (j: Record<string, unknown>) => void)).toBe(message);
  });
});

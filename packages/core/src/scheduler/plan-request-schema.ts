import { RECURRENCE_FREQS, isWeekdayToken } from '../recurrence/index';
import type { RecurrenceFreq, RecurrenceRule } from '../recurrence/index';
import { DAY_MS, isValidTimeZone } from '../time/zone';
import { MIN_FRAGMENT_MS } from './busy-time';
import type {
  AutoIdleSettings,
  PlanEvent,
  PlanRequest,
  PlanShape,
  PlanTask,
  PlanTimeblock,
} from './types';

/** A field that does not match the contract; the message starts with the field's path. */
export class PlanRequestError extends Error {
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`${path}: ${problem}`);
    this.name = 'PlanRequestError';
  }
}

type Fields = Record<string, unknown>;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  }
  if (typeof value === 'object') return 'an object';
  return String(value);
}

function fail(path: string, expected: string, value: unknown): never {
  throw new PlanRequestError(path, `expected ${expected}, got ${describe(value)}`);
}

/** Reads one JSON object's fields, rejecting unknown ones (a typo must not pass silently). */
class ObjectReader {
  readonly fields: Fields;

  constructor(
    value: unknown,
    readonly path: string,
    allowed: readonly string[],
  ) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      fail(path || 'request', 'an object', value);
    }
    this.fields = value as Fields;
    for (const key of Object.keys(this.fields)) {
      if (!allowed.includes(key)) throw new PlanRequestError(this.at(key), 'unknown field');
    }
  }

  at(key: string): string {
    return this.path ? `${this.path}.${key}` : key;
  }

  private required(key: string): unknown {
    const value = this.fields[key];
    if (value === undefined) throw new PlanRequestError(this.at(key), 'missing');
    return value;
  }

  /** Absent and null both read as "not given". */
  has(key: string): boolean {
    return this.fields[key] !== undefined && this.fields[key] !== null;
  }

  nested(key: string, allowed: readonly string[]): ObjectReader {
    return new ObjectReader(this.required(key), this.at(key), allowed);
  }

  int(key: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
    const value = this.required(key);
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      fail(this.at(key), 'an integer (milliseconds)', value);
    }
    if (value < min || value > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `${min} to ${max}`;
      fail(this.at(key), `an integer ${range}`, value);
    }
    return value;
  }

  finite(key: string): number {
    const value = this.required(key);
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      fail(this.at(key), 'a finite number', value);
    }
    return value;
  }

  bool(key: string): boolean {
    const value = this.required(key);
    if (typeof value !== 'boolean') fail(this.at(key), 'true or false', value);
    return value;
  }

  string(key: string, nonEmpty = false): string {
    const value = this.required(key);
    if (typeof value !== 'string' || (nonEmpty && value.length === 0)) {
      fail(this.at(key), nonEmpty ? 'a non-empty string' : 'a string', value);
    }
    return value;
  }

  array<T>(key: string, item: (value: unknown, path: string) => T): T[] {
    const value = this.required(key);
    if (!Array.isArray(value)) fail(this.at(key), 'an array', value);
    return value.map((entry, i) => item(entry, `${this.at(key)}[${i}]`));
  }
}

function readTask(value: unknown, path: string): PlanTask {
  const r = new ObjectReader(value, path, [
    'id',
    'timeScheduled',
    'timeFulfilled',
    'deadline',
    'createdAt',
    'isCompleted',
    'order',
  ]);
  const deadline = r.int('deadline', -1);
  const task: PlanTask = {
    id: r.string('id', true),
    timeScheduled: r.int('timeScheduled', 0),
    timeFulfilled: r.int('timeFulfilled', 0),
    deadline,
    createdAt: r.int('createdAt'),
    isCompleted: r.bool('isCompleted'),
  };
  if (r.has('order')) task.order = r.finite('order');
  return task;
}

function isFreq(value: string): value is RecurrenceFreq {
  return (RECURRENCE_FREQS as readonly string[]).includes(value);
}

function readRule(value: unknown, path: string): RecurrenceRule {
  const r = new ObjectReader(value, path, ['freq', 'interval', 'byDay', 'until', 'count']);
  const freq = r.string('freq');
  if (!isFreq(freq)) fail(r.at('freq'), `one of ${RECURRENCE_FREQS.join(', ')}`, freq);
  const byDay = r.string('byDay');
  for (const token of byDay === '' ? [] : byDay.split(',')) {
    if (!isWeekdayToken(token))
      fail(r.at('byDay'), 'a comma list of SU, MO, TU, WE, TH, FR, SA', byDay);
  }
  return {
    freq,
    interval: r.int('interval', freq === 'none' ? 0 : 1),
    byDay,
    until: r.int('until'),
    count: r.int('count', 0),
  };
}

function readEvent(value: unknown, path: string): PlanEvent {
  const r = new ObjectReader(value, path, [
    'id',
    'start',
    'end',
    'allDay',
    'travelTop',
    'travelBottom',
    'recurrenceRule',
  ]);
  const id = r.string('id', true);
  const start = r.int('start');
  const event: PlanEvent = {
    id,
    start,
    end: r.int('end', start),
    allDay: r.bool('allDay'),
    travelTop: r.int('travelTop', 0),
    travelBottom: r.int('travelBottom', 0),
  };
  if (r.has('recurrenceRule')) {
    event.recurrenceRule = readRule(r.fields.recurrenceRule, r.at('recurrenceRule'));
  }
  return event;
}

function readTimeblock(value: unknown, path: string): PlanTimeblock {
  const r = new ObjectReader(value, path, [
    'id',
    'task',
    'event',
    'start',
    'end',
    'fixed',
    'isRest',
  ]);
  const start = r.int('start');
  const block: PlanTimeblock = {
    id: r.string('id', true),
    start,
    end: r.int('end', start),
    fixed: r.bool('fixed'),
    isRest: r.bool('isRest'),
  };
  if (r.has('task')) block.task = r.string('task', true);
  if (r.has('event')) block.event = r.string('event', true);
  return block;
}

function readAutoIdle(r: ObjectReader): AutoIdleSettings {
  return {
    enabled: r.bool('enabled'),
    start: r.int('start', 0, DAY_MS),
    end: r.int('end', 0, DAY_MS),
  };
}

/**
 * Shape limits, each optional. The longest block is at least 5 minutes (the fragment rule) and at
 * least the shortest block.
 */
function readShape(value: unknown, path: string): PlanShape {
  const r = new ObjectReader(value, path, ['dailyTaskCap', 'buffer', 'minBlock', 'maxBlock']);
  const shape: PlanShape = {};
  if (r.has('dailyTaskCap')) shape.dailyTaskCap = r.int('dailyTaskCap', 0);
  if (r.has('buffer')) shape.buffer = r.int('buffer', 0);
  if (r.has('minBlock')) shape.minBlock = r.int('minBlock', 0);
  if (r.has('maxBlock'))
    shape.maxBlock = r.int('maxBlock', Math.max(MIN_FRAGMENT_MS, shape.minBlock ?? 0));
  return shape;
}

/**
 * Checks a parsed JSON value against the PlanRequest contract (docs/design.md, The engine CLI) and returns it typed.
 * Strict: wrong types, out-of-range values, unknown fields and duplicate task ids are rejected
 * with a message naming the field; optional fields may be absent or null.
 */
export function parsePlanRequest(value: unknown): PlanRequest {
  const r = new ObjectReader(value, '', [
    'now',
    'timezone',
    'horizonEnd',
    'autoIdle',
    'state',
    'tasks',
    'events',
    'timeblocks',
    'taskLimit',
    'settledUntil',
    'shape',
  ]);
  const now = r.int('now');
  const timezone = r.string('timezone');
  if (!isValidTimeZone(timezone)) fail('timezone', 'an IANA time zone name', timezone);
  const state = r.nested('state', ['isPaused', 'autoExtend']);
  const request: PlanRequest = {
    now,
    timezone,
    horizonEnd: r.int('horizonEnd'),
    autoIdle: readAutoIdle(r.nested('autoIdle', ['enabled', 'start', 'end'])),
    state: { isPaused: state.bool('isPaused'), autoExtend: state.bool('autoExtend') },
    tasks: r.array('tasks', readTask),
    events: r.array('events', readEvent),
    timeblocks: r.array('timeblocks', readTimeblock),
  };
  if (r.has('taskLimit')) request.taskLimit = r.int('taskLimit', 0);
  if (r.has('settledUntil')) request.settledUntil = r.int('settledUntil');
  if (r.has('shape')) request.shape = readShape(r.fields.shape, 'shape');
  const seen = new Set<string>();
  request.tasks.forEach((task, i) => {
    if (seen.has(task.id))
      throw new PlanRequestError(`tasks[${i}].id`, `duplicate id ${describe(task.id)}`);
    seen.add(task.id);
  });
  return request;
}

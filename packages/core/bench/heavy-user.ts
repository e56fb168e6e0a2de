/**
 * A deterministic heavy user for the planning benchmark (docs/design.md, Performance budgets): open tasks of 15 minutes to
 * 4 hours, 30% with a deadline inside the month, 50 events of which 40 recur, history blocks, a
 * running session, a few locked blocks, auto-idle 22:00-07:00, and a 30-day horizon that crosses
 * the spring daylight-saving change in Berlin.
 */
import type { PlanEvent, PlanRequest, PlanTask, PlanTimeblock } from '../src/scheduler/index';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../src/time/zone';

/** mulberry32: a small seeded generator, so every run plans the same user. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const BENCH_NOW = Date.UTC(2026, 2, 20, 8, 13); // a Friday, 09:13 in Berlin
const RULES = [
  { freq: 'DAILY', interval: 1, byDay: '' },
  { freq: 'WEEKLY', interval: 1, byDay: 'MO,WE,FR' },
  { freq: 'WEEKLY', interval: 2, byDay: 'TU' },
  { freq: 'WEEKLY', interval: 1, byDay: 'MO,TU,WE,TH,FR' },
  { freq: 'MONTHLY', interval: 1, byDay: '' },
] as const;

function buildTasks(count: number, random: () => number, now: number): PlanTask[] {
  return Array.from({ length: count }, (_, i) => {
    const timeScheduled = (3 + Math.floor(random() * 46)) * 5 * MINUTE_MS;
    const hasDeadline = random() < 0.3;
    const task: PlanTask = {
      id: `task-${i}`,
      timeScheduled,
      timeFulfilled: random() < 0.2 ? Math.floor(random() * (timeScheduled / 2)) : 0,
      deadline: hasDeadline ? now + Math.floor(random() * 30 * DAY_MS) : -1,
      createdAt: now - Math.floor(random() * 200 * DAY_MS),
      isCompleted: false,
    };
    if (random() < 0.1) task.order = Math.floor(random() * 1_000_000);
    return task;
  });
}

function buildEvents(random: () => number, now: number): PlanEvent[] {
  return Array.from({ length: 50 }, (_, i) => {
    // Whole quarter hours between 07:00 and 20:00 Berlin time (UTC+1 before the change).
    const start =
      now - Math.floor(random() * 400) * DAY_MS + (6 + Math.floor(random() * 52) / 4) * HOUR_MS;
    const event: PlanEvent = {
      id: `event-${i}`,
      start: Math.floor(start / (15 * MINUTE_MS)) * 15 * MINUTE_MS,
      end: 0,
      allDay: i % 25 === 24,
      travelTop: random() < 0.3 ? 15 * MINUTE_MS : 0,
      travelBottom: random() < 0.3 ? 30 * MINUTE_MS : 0,
    };
    event.end = event.start + (1 + Math.floor(random() * 8)) * 15 * MINUTE_MS;
    if (i < 40) {
      const rule = RULES[i % RULES.length] ?? RULES[0];
      event.recurrenceRule = { ...rule, until: 0, count: 0 };
    } else {
      event.start = now + Math.floor(random() * 30 * DAY_MS);
      event.end = event.start + HOUR_MS;
    }
    return event;
  });
}

function buildBlocks(tasks: readonly PlanTask[], now: number): PlanTimeblock[] {
  const blocks: PlanTimeblock[] = [];
  // Yesterday's record, a running session and a few locked blocks ahead.
  for (let i = 0; i < 40; i += 1) {
    const start = now - DAY_MS + i * 20 * MINUTE_MS;
    blocks.push({
      id: `past-${i}`,
      task: tasks[i]?.id,
      start,
      end: start + 15 * MINUTE_MS,
      fixed: false,
      isRest: false,
    });
  }
  blocks.push({
    id: 'current',
    task: tasks[0]?.id,
    start: now - 10 * MINUTE_MS,
    end: now + 20 * MINUTE_MS,
    fixed: false,
    isRest: false,
  });
  for (let i = 1; i <= 5; i += 1) {
    const start = now + i * DAY_MS + 2 * HOUR_MS;
    blocks.push({
      id: `locked-${i}`,
      task: tasks[i]?.id,
      start,
      end: start + 45 * MINUTE_MS,
      fixed: true,
      isRest: false,
    });
  }
  return blocks;
}

export function buildHeavyUser(taskCount: number, seed = 42, now = BENCH_NOW): PlanRequest {
  const random = seededRandom(seed);
  const tasks = buildTasks(taskCount, random, now);
  return {
    now,
    timezone: 'Europe/Berlin',
    horizonEnd: now + 30 * DAY_MS,
    autoIdle: { enabled: true, start: 22 * HOUR_MS, end: 7 * HOUR_MS },
    state: { isPaused: false, autoExtend: true },
    tasks,
    events: buildEvents(random, now),
    timeblocks: buildBlocks(tasks, now),
  };
}

/**
 * Users for the server benchmarks, written straight through the repositories: a heavy user
 * (500 open tasks, 50 events of which 40 recur, Berlin time, auto-idle 22:00-07:00) and light
 * users (10 tasks, 2 events).
 */
import { DAY_MS, HOUR_MS, MINUTE_MS, type RecurrenceRule } from '@planner/core';
import type { Kysely } from 'kysely';
import { updateOptions, updatePremiumLevel } from '../src/accounts/accounts-repository';
import { defaultUserOptions } from '../src/accounts/accounts-presenter';
import type { Schema } from '../src/db/schema';
import { buildEvent } from '../src/events/event-factory';
import { insertEvent } from '../src/events/events-repository';
import { buildTask } from '../src/tasks/task-factory';
import { insertTask } from '../src/tasks/tasks-repository';

/** A Friday, 09:13 in Berlin. */
export const BENCH_NOW = Date.UTC(2026, 2, 20, 8, 13);

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

const RULES: RecurrenceRule[] = [
  { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 0 },
  { freq: 'WEEKLY', interval: 1, byDay: 'MO,WE,FR', until: 0, count: 0 },
  { freq: 'WEEKLY', interval: 2, byDay: 'TU', until: 0, count: 0 },
  { freq: 'WEEKLY', interval: 1, byDay: 'MO,TU,WE,TH,FR', until: 0, count: 0 },
  { freq: 'MONTHLY', interval: 1, byDay: '', until: 0, count: 0 },
];

export interface SeedOptions {
  tasks: number;
  events: number;
  recurring: number;
  premiumLevel: number;
  seed: number;
}

export const HEAVY: SeedOptions = {
  tasks: 500,
  events: 50,
  recurring: 40,
  premiumLevel: 1,
  seed: 7,
};
export const LIGHT: SeedOptions = { tasks: 10, events: 2, recurring: 1, premiumLevel: 0, seed: 3 };

export async function seedUser(
  db: Kysely<Schema>,
  userId: string,
  now: number,
  o: SeedOptions,
): Promise<void> {
  const random = seededRandom(o.seed);
  await updatePremiumLevel(db, userId, o.premiumLevel);
  await updateOptions(db, userId, {
    ...defaultUserOptions('en', 'Europe/Berlin'),
    autoIdleEnabled: true,
    autoIdleStart: 22 * HOUR_MS,
    autoIdleEnd: 7 * HOUR_MS,
  });
  for (let i = 0; i < o.tasks; i += 1) {
    await insertTask(
      db,
      userId,
      buildTask({
        id: `task-${i}`,
        title: `Task ${i}`,
        categoryId: 'work',
        timeScheduled: (3 + Math.floor(random() * 46)) * 5 * MINUTE_MS,
        deadline: random() < 0.3 ? now + Math.floor(random() * 30 * DAY_MS) : -1,
        createdAt: now - Math.floor(random() * 200 * DAY_MS),
      }),
    );
  }
  for (let i = 0; i < o.events; i += 1) {
    const start =
      Math.floor(
        (now - Math.floor(random() * 100) * DAY_MS + (6 + random() * 12) * HOUR_MS) /
          (15 * MINUTE_MS),
      ) *
      15 *
      MINUTE_MS;
    await insertEvent(
      db,
      userId,
      buildEvent({
        id: `event-${i}`,
        start,
        end: start + (1 + Math.floor(random() * 4)) * 15 * MINUTE_MS,
        timezone: 'Europe/Berlin',
        travelTop: random() < 0.3 ? 15 * MINUTE_MS : 0,
        recurrenceRule: i < o.recurring ? (RULES[i % RULES.length] ?? null) : null,
      }),
    );
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

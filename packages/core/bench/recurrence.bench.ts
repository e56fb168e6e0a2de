/// <reference types="node" />
/**
 * Recurrence expansion speed: 50 recurring events of a heavy user over a 30-day window,
 * as the scheduler asks on every re-plan. `node --import tsx bench/recurrence.bench.ts`
 */
import { expandRecurrence, type ExpandRecurrenceInput } from '../src/recurrence/index';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../src/time/zone';

const timeZone = 'Europe/Berlin';
const now = Date.UTC(2026, 2, 10, 9, 17);
const kinds = [
  { freq: 'DAILY', interval: 1, byDay: '' },
  { freq: 'WEEKLY', interval: 1, byDay: 'MO,WE,FR' },
  { freq: 'WEEKLY', interval: 2, byDay: 'TU' },
  { freq: 'DAILY', interval: 2, byDay: '' },
  { freq: 'WEEKLY', interval: 1, byDay: 'MO,TU,WE,TH,FR' },
  { freq: 'MONTHLY', interval: 1, byDay: '' },
  { freq: 'YEARLY', interval: 1, byDay: '' },
] as const;

function events(seed: number): ExpandRecurrenceInput[] {
  return Array.from({ length: 50 }, (_, i) => {
    const kind = kinds[i % kinds.length] ?? kinds[0];
    // Series started up to ~3 years ago at various times of day.
    const start = now - ((i * 7919 + seed) % 1100) * DAY_MS + ((i * 37) % 24) * 30 * MINUTE_MS;
    return {
      start,
      end: start + HOUR_MS,
      rule: { ...kind, until: 0, count: i % 5 === 0 ? 2000 : 0 },
      timeZone,
      windowStart: now,
      windowEnd: now + 30 * DAY_MS,
    };
  });
}

function run(list: ExpandRecurrenceInput[]): number {
  let n = 0;
  for (const e of list) n += expandRecurrence(e).length;
  return n;
}

function time(label: string, list: ExpandRecurrenceInput[], rounds: number): void {
  const samples: number[] = [];
  let instances = 0;
  for (let r = 0; r < rounds; r += 1) {
    const t = performance.now();
    instances = run(list);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const p = (q: number) => (samples[Math.floor(q * (samples.length - 1))] ?? 0).toFixed(3);
  console.log(`${label}: ${instances} instances, p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`);
}

const t0 = performance.now();
run(events(0));
console.log(
  `first call in the process (zone spans, rrule patterns): ${(performance.now() - t0).toFixed(2)} ms`,
);
time('cold series (new start times each round, zone warm)', events(1), 1);
const cold = Array.from({ length: 200 }, (_, s) => events(s + 2));
const coldTimes: number[] = [];
for (const list of cold) {
  const t = performance.now();
  run(list);
  coldTimes.push(performance.now() - t);
}
coldTimes.sort((a, b) => a - b);
console.log(`new series each round: p50 ${coldTimes[100]?.toFixed(3)} ms`);
time('same 50 series, same window (warm)', events(1), 2000);
const moving = events(1);
const tm: number[] = [];
for (let r = 0; r < 2000; r += 1) {
  for (const e of moving) {
    e.windowStart += 7 * MINUTE_MS;
    e.windowEnd += 7 * MINUTE_MS;
  }
  const t = performance.now();
  run(moving);
  tm.push(performance.now() - t);
}
tm.sort((a, b) => a - b);
console.log(`same series, window moving 7 min per round: p50 ${tm[1000]?.toFixed(3)} ms`);

/**
 * How much of a plan a re-plan moves (issue 29): for each kind of change, the share of the
 * unchanged tasks' planned minutes that land somewhere else, re-planning from scratch (as before
 * stable re-plans) and stably (the previous plan passed in `timeblocks`). Also the time of a
 * stable re-plan of the heavy user.
 */
import { CHANGE_KINDS } from '../src/scheduler/change-kinds';
import type { ChangeKind } from '../src/scheduler/change-kinds';
import { planTimeline } from '../src/scheduler/index';
import type { PlanRequest, PlanResult, PlanTask, PlanTimeblock } from '../src/scheduler/index';
import { HOUR_MS, MINUTE_MS } from '../src/time/zone';
import { seededRandom } from './heavy-user';

function previousBlocks(result: PlanResult): PlanTimeblock[] {
  return result.timeblocks.map((b, i) => ({
    id: `plan-${i}`,
    task: b.task,
    start: b.start,
    end: b.end,
    fixed: false,
    isRest: false,
  }));
}

interface Change {
  request: PlanRequest;
  /** The task the change is about: its own minutes are not counted. */
  changedTask?: string;
}

function applyChange(
  kind: ChangeKind,
  base: PlanRequest,
  previous: PlanResult,
  random: () => number,
) {
  const blocks = previousBlocks(previous);
  const request: PlanRequest = { ...base, timeblocks: [...base.timeblocks, ...blocks] };
  const planned = [...new Set(previous.timeblocks.map((b) => b.task))];
  const target = planned[Math.floor(random() * planned.length)] ?? '';
  const edit = (f: (t: PlanTask) => PlanTask) =>
    request.tasks.map((t) => (t.id === target ? f(t) : t));
  const minutes = (min: number, max: number) =>
    (min + Math.floor(random() * (max - min + 1))) * MINUTE_MS;
  switch (kind) {
    case 'add':
    case 'addWithDeadline': {
      const task: PlanTask = {
        id: 'new-task',
        timeScheduled: minutes(15, 120),
        timeFulfilled: 0,
        deadline: kind === 'add' ? -1 : base.now + minutes(3 * 60, 3 * 24 * 60),
        createdAt: base.now,
        isCompleted: false,
      };
      return { request: { ...request, tasks: [...request.tasks, task] }, changedTask: task.id };
    }
    case 'shorten':
    case 'lengthen':
      return {
        request: {
          ...request,
          tasks: edit((t) => ({
            ...t,
            timeScheduled:
              kind === 'lengthen'
                ? t.timeScheduled + minutes(5, 60)
                : Math.max(t.timeFulfilled + 5 * MINUTE_MS, t.timeScheduled - minutes(5, 60)),
          })),
        },
        changedTask: target,
      };
    case 'done':
      return {
        request: { ...request, tasks: edit((t) => ({ ...t, isCompleted: true })) },
        changedTask: target,
      };
    case 'remove':
      return {
        request: { ...request, tasks: request.tasks.filter((t) => t.id !== target) },
        changedTask: target,
      };
    case 'event': {
      const over = previous.timeblocks[Math.floor(random() * previous.timeblocks.length)];
      const start = over === undefined ? base.now : over.start + minutes(0, 20);
      const event = {
        id: 'new-event',
        start,
        end: start + minutes(30, 120),
        allDay: false,
        travelTop: 0,
        travelBottom: 0,
      };
      return { request: { ...request, events: [...request.events, event] } };
    }
    case 'time': {
      // Half an hour to three hours pass; the blocks in between were done as planned.
      const now = base.now + minutes(30, 180);
      const done = new Map<string, number>();
      for (const b of previous.timeblocks) {
        const end = Math.min(b.end, now);
        if (end > b.start) done.set(b.task, (done.get(b.task) ?? 0) + end - b.start);
      }
      const tasks = request.tasks.map((t) => ({
        ...t,
        timeFulfilled: t.timeFulfilled + (done.get(t.id) ?? 0),
      }));
      const timeblocks = request.timeblocks.map((b) =>
        b.id.startsWith('plan-') && b.start < now && b.end > now ? { ...b, end: now } : b,
      );
      return { request: { ...request, now, tasks, timeblocks } };
    }
  }
}

/** Minutes of `before` (per task, from `from` on) that `after` does not cover. */
function movedMinutes(before: PlanResult, after: PlanResult, from: number, skip?: string) {
  const covered = new Map<string, { start: number; end: number }[]>();
  for (const b of after.timeblocks) covered.set(b.task, [...(covered.get(b.task) ?? []), b]);
  let planned = 0;
  let moved = 0;
  for (const b of before.timeblocks) {
    if (b.task === skip || b.end <= from) continue;
    const start = Math.max(b.start, from);
    planned += b.end - start;
    let kept = 0;
    for (const c of covered.get(b.task) ?? []) {
      kept += Math.max(0, Math.min(b.end, c.end) - Math.max(start, c.start));
    }
    moved += b.end - start - kept;
  }
  return { planned, moved };
}

function withoutPrevious(request: PlanRequest): PlanRequest {
  return { ...request, timeblocks: request.timeblocks.filter((b) => !b.id.startsWith('plan-')) };
}

/** The share of unchanged tasks' planned minutes moved, per kind, from scratch and stably. */
export function reportStability(base: PlanRequest, changesPerKind: number): void {
  const previous = planTimeline(base);
  console.log(
    `re-plan stability: share of unchanged tasks' planned minutes moved (${changesPerKind} changes per kind)`,
  );
  console.log(`  ${'change'.padEnd(16)} ${'from scratch'.padStart(12)} ${'stable'.padStart(8)}`);
  const random = seededRandom(2_029);
  for (const kind of CHANGE_KINDS) {
    let scratch = { planned: 0, moved: 0 };
    let stable = { planned: 0, moved: 0 };
    for (let i = 0; i < changesPerKind; i += 1) {
      const change: Change = applyChange(kind, base, previous, random);
      const { now } = change.request;
      const a = movedMinutes(
        previous,
        planTimeline(withoutPrevious(change.request)),
        now,
        change.changedTask,
      );
      const b = movedMinutes(previous, planTimeline(change.request), now, change.changedTask);
      scratch = { planned: scratch.planned + a.planned, moved: scratch.moved + a.moved };
      stable = { planned: stable.planned + b.planned, moved: stable.moved + b.moved };
    }
    const share = (r: { planned: number; moved: number }) =>
      `${((100 * r.moved) / Math.max(1, r.planned)).toFixed(1)}%`;
    console.log(`  ${kind.padEnd(16)} ${share(scratch).padStart(12)} ${share(stable).padStart(8)}`);
  }
}

/**
 * Stable re-plan times, wall and CPU (ms, each sorted): each run changes one task and passes the
 * previous result as its plan.
 */
export function stableReplanTimes(
  base: PlanRequest,
  runs: number,
): { times: number[]; cpuTimes: number[] } {
  let previous = planTimeline(base);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const changed = i % base.tasks.length;
    const request: PlanRequest = {
      ...base,
      now: base.now + (i % 60) * MINUTE_MS,
      settledUntil: base.now + (i % 60) * MINUTE_MS + 2 * HOUR_MS,
      tasks: base.tasks.map((task, index) =>
        index === changed ? { ...task, timeScheduled: task.timeScheduled + 5 * MINUTE_MS } : task,
      ),
      timeblocks: [...base.timeblocks, ...previousBlocks(previous)],
    };
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    previous = planTimeline(request);
    times.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  const byValue = (a: number, b: number) => a - b;
  return { times: times.sort(byValue), cpuTimes: cpuTimes.sort(byValue) };
}

/**
 * Generated re-plan scenarios for the stability tests (property tests and the CLI test): a
 * request, its plan from scratch taken as the previous plan, one change, and the request after
 * it carrying the previous plan in `timeblocks`.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { CHANGE_KINDS } from './change-kinds';
import type { ChangeKind } from './change-kinds';
import { findCurrentBlock } from './current-block';
import { mergeIntervals } from './intervals';
import { MINUTE, T0, buildBlock, buildEvent, buildRequest, buildTask } from './test-support';
import type { Interval, PlanRequest, PlanResult, PlanTask, PlanTimeblock } from './types';

export interface Scenario {
  kind: ChangeKind;
  /** The task the change is about (added, edited, done or removed), if any. */
  changedTask?: string;
  /** The event added over planned blocks, if any. */
  newEvent?: Interval & { id: string };
  before: PlanRequest;
  previous: PlanResult;
  after: PlanRequest;
}

export interface ScenarioProfile {
  /** All times on a 5-minute grid (no gap ever under 5 minutes), deadlines near the work. */
  isTight: boolean;
}

/** A task's planned intervals, merged. */
export function intervalsOf(blocks: readonly { task: string; start: number; end: number }[]) {
  const byTask = new Map<string, Interval[]>();
  for (const b of blocks) byTask.set(b.task, [...(byTask.get(b.task) ?? []), b]);
  for (const [task, list] of byTask) byTask.set(task, mergeIntervals(list));
  return byTask;
}

export function sameIntervals(a: readonly Interval[] = [], b: readonly Interval[] = []): boolean {
  return a.length === b.length && a.every((s, i) => s.start === b[i]?.start && s.end === b[i]?.end);
}

function previousBlocks(result: PlanResult): PlanTimeblock[] {
  return result.timeblocks.map((b, i) =>
    buildBlock({ id: `p${i}`, task: b.task, start: b.start, end: b.end }),
  );
}

/** Applies one change to `before`, whose plan `previous` becomes the previous plan. */
function applyChange(
  kind: ChangeKind,
  before: PlanRequest,
  previous: PlanResult,
  pick: number,
  amount: number,
  deadline: number,
): Omit<Scenario, 'before' | 'previous'> {
  const blocks = previousBlocks(previous);
  const base: PlanRequest = { ...before, timeblocks: [...before.timeblocks, ...blocks] };
  const planned = [...new Set(previous.timeblocks.map((b) => b.task))];
  const target = planned.length > 0 ? planned[pick % planned.length] : undefined;
  const edit = (f: (t: PlanTask) => PlanTask) =>
    base.tasks.map((t) => (t.id === target ? f(t) : t));
  switch (kind) {
    case 'add':
    case 'addWithDeadline': {
      const task = buildTask({
        id: 'new',
        timeScheduled: amount,
        createdAt: before.now,
        deadline: kind === 'add' ? -1 : deadline,
      });
      return { kind, changedTask: 'new', after: { ...base, tasks: [...base.tasks, task] } };
    }
    case 'shorten':
    case 'lengthen':
    case 'done':
    case 'remove': {
      if (target === undefined) return { kind, after: base };
      const tasks =
        kind === 'remove'
          ? base.tasks.filter((t) => t.id !== target)
          : edit((t) => {
              if (kind === 'done') return { ...t, isCompleted: true };
              const change =
                kind === 'lengthen' ? amount : -Math.min(amount, t.timeScheduled - 5 * MINUTE);
              return { ...t, timeScheduled: Math.round(t.timeScheduled + change) };
            });
      return { kind, changedTask: target, after: { ...base, tasks } };
    }
    case 'event': {
      const over = previous.timeblocks[pick % Math.max(1, previous.timeblocks.length)];
      if (over === undefined) return { kind, after: base };
      const offset = Math.min(amount / 2, (over.end - over.start) / 2);
      const start = over.start + Math.floor(offset / (5 * MINUTE)) * 5 * MINUTE;
      const event = { id: 'e-new', start, end: start + amount };
      return {
        kind,
        newEvent: event,
        after: { ...base, events: [...base.events, buildEvent(event)] },
      };
    }
    case 'time': {
      // The clock reaches the start of a planned block: earlier blocks were done as planned
      // (history), that one runs (the current block), the later ones are the previous plan.
      const reached = previous.timeblocks[pick % Math.max(1, previous.timeblocks.length)];
      if (reached === undefined) return { kind, after: base };
      const now = reached.start;
      const done = new Map<string, number>();
      const timeblocks = [...before.timeblocks];
      previous.timeblocks.forEach((b, i) => {
        if (b.start < now) {
          done.set(b.task, (done.get(b.task) ?? 0) + (b.end - b.start));
          timeblocks.push(buildBlock({ id: `h${i}`, task: b.task, start: b.start, end: b.end }));
        } else timeblocks.push(blocks[i] as PlanTimeblock);
      });
      const tasks = base.tasks.map((t) => ({
        ...t,
        timeFulfilled: t.timeFulfilled + (done.get(t.id) ?? 0),
      }));
      return { kind, after: { ...base, now, timeblocks, tasks } };
    }
  }
}

/**
 * Scenarios on generated instances. Roomy ones: deadlines far past the work, so nothing is ever
 * late. Tight ones: a 5-minute grid and deadlines near the work, so a new task due soon must
 * take time planned for others.
 */
export function scenarios(
  profile: ScenarioProfile,
  planTimeline: (r: PlanRequest) => PlanResult,
  kinds: readonly ChangeKind[] = CHANGE_KINDS,
): fc.Arbitrary<Scenario> {
  const grid = profile.isTight ? 5 : 1;
  const minutes = (min: number, max: number) =>
    fc.integer({ min: Math.ceil(min / grid), max: Math.floor(max / grid) }).map((n) => n * grid);
  return fc
    .record({
      nowMinute: minutes(0, 60 * 24 * 7),
      timezone: fc.constantFrom('UTC', 'Asia/Kolkata', 'America/New_York'),
      tasks: fc.array(
        fc.record({
          minutes: minutes(5, profile.isTight ? 60 : 120),
          deadline: fc.option(
            minutes(profile.isTight ? 30 : 2_500, profile.isTight ? 400 : 4_000),
            {
              nil: undefined,
            },
          ),
          created: fc.integer({ min: 0, max: 50 }),
        }),
        { minLength: 1, maxLength: 8 },
      ),
      events: fc.array(
        fc.record({ at: minutes(0, profile.isTight ? 400 : 1_500), length: minutes(5, 90) }),
        { maxLength: 6 },
      ),
      kind: fc.constantFrom(...kinds),
      pick: fc.nat(),
      amount: minutes(5, profile.isTight ? 60 : 90),
      deadline: minutes(profile.isTight ? 20 : 2_500, profile.isTight ? 300 : 4_000),
      settledMinutes: fc.option(minutes(0, 240), { nil: undefined }),
    })
    .map((r) => {
      const now = T0 + r.nowMinute * MINUTE;
      const at = (m: number) => now + m * MINUTE;
      const before = buildRequest({
        now,
        timezone: r.timezone,
        horizonEnd: at(3 * 24 * 60),
        tasks: r.tasks.map((t, i) =>
          buildTask({
            id: `t${i}`,
            timeScheduled: t.minutes * MINUTE,
            deadline: t.deadline === undefined ? -1 : at(t.deadline),
            createdAt: T0 - t.created * MINUTE,
          }),
        ),
        events: r.events.map((e, i) =>
          buildEvent({ id: `e${i}`, start: at(e.at), end: at(e.at + e.length) }),
        ),
      });
      const previous = planTimeline(before);
      const change = applyChange(
        r.kind,
        before,
        previous,
        r.pick,
        r.amount * MINUTE,
        at(r.deadline),
      );
      const after =
        r.settledMinutes === undefined
          ? change.after
          : { ...change.after, settledUntil: change.after.now + r.settledMinutes * MINUTE };
      return { ...change, before, previous, after };
    });
}

/** The previous plan as the engine reads it: future non-fixed task blocks, not the current one. */
export function previousOf(request: PlanRequest): Map<string, Interval[]> {
  const current = findCurrentBlock(request.timeblocks, request.now);
  const blocks = request.timeblocks.flatMap((b) =>
    b.task !== undefined && !b.fixed && b.start >= request.now && b !== current
      ? [{ task: b.task, start: b.start, end: b.end }]
      : [],
  );
  return intervalsOf(blocks);
}

export const withoutPrevious = (request: PlanRequest): PlanRequest => {
  const previous = new Set(
    request.timeblocks.filter((b) => b.id.startsWith('p') && b.start > request.now),
  );
  return { ...request, timeblocks: request.timeblocks.filter((b) => !previous.has(b)) };
};

const overlaps = (spans: readonly Interval[], span: Interval) =>
  spans.some((s) => s.start < span.end && s.end > span.start);

/** `moved` lists exactly the tasks still present whose intervals differ from their previous ones. */
export function expectMovedListed(scenario: Scenario, result: PlanResult): void {
  const { after } = scenario;
  const previous = previousOf(after);
  const planned = intervalsOf(result.timeblocks);
  const listed = new Map(result.moved.map((m) => [m.task, m.reason]));
  expect(listed.size).toBe(result.moved.length);
  for (const task of after.tasks) {
    const before = previous.get(task.id);
    const differs = before !== undefined && !sameIntervals(before, planned.get(task.id));
    expect(listed.has(task.id), `task ${task.id} moved: ${differs}`).toBe(differs);
  }
}

/** Every move of a task the change was not about is one the change forced. */
export function expectOnlyForcedMoves(scenario: Scenario, result: PlanResult): void {
  const previous = previousOf(scenario.after);
  const deadlineOf = new Map(scenario.after.tasks.map((t) => [t.id, t.deadline]));
  for (const { task, reason } of result.moved) {
    if (task === scenario.changedTask) {
      expect(reason.kind, `${task} changed itself`).toBe('changed');
      continue;
    }
    if (reason.kind === 'busy') {
      // The new event covers its old time, or leaves it in a gap under 5 minutes (then the
      // event named may be the one on the gap's other side).
      expect(scenario.newEvent, `${task} moved off busy time with no new event`).toBeDefined();
      const event = scenario.newEvent as Interval;
      const near = { start: event.start - 5 * MINUTE, end: event.end + 5 * MINUTE };
      expect(overlaps(previous.get(task) ?? [], near)).toBe(true);
      if (reason.event !== 'e-new') {
        const named = scenario.after.events.find((e) => e.id === reason.event);
        expect(named).toBeDefined();
        const around = {
          start: (named?.start ?? 0) - 5 * MINUTE,
          end: (named?.end ?? 0) + 5 * MINUTE,
        };
        expect(overlaps(previous.get(task) ?? [], around)).toBe(true);
      }
      continue;
    }
    // Otherwise a deadline needed the time (the plans keeping it have more late tasks; the
    // fewest-late test below checks the count).
    expect(reason.kind, `${task} moved for ${JSON.stringify(reason)}`).toBe('deadline');
    if (reason.kind === 'deadline') expect(deadlineOf.get(reason.task) ?? -1).not.toBe(-1);
  }
}

import type { MoveReason, MovedTask, PlanResult, PlanTimeblock } from '@planner/core';
import type { Plain, PlanChanges as WirePlanChanges } from '@planner/protocol';
import {
  decodePlanChanges,
  decodePlannedBlocks,
  encodePlanChanges,
  encodePlannedBlocks,
  type PlannedInterval,
  type RecordedMove,
} from '../plan-store/plan-record';
import type { TimelineState } from '../plan-store/timeblock';
import type { PlanSettings, TimelineWorld } from './world';

/*
 * Stable re-plans (docs/plan-stability.md): the planned future of the latest plan is kept with
 * the timeline state and handed to the next re-plan, which keeps it unless forced; a re-plan
 * that moves something records what moved, why, and which call's change led to it.
 */

/** Spans of `span` outside the sorted, disjoint `holes`. */
function subtract(
  span: { start: number; end: number },
  holes: readonly { start: number; end: number }[],
): { start: number; end: number }[] {
  const parts: { start: number; end: number }[] = [];
  let cursor = span.start;
  for (const hole of holes) {
    if (hole.end <= cursor || hole.start >= span.end) continue;
    if (hole.start > cursor) parts.push({ start: cursor, end: hole.start });
    cursor = Math.max(cursor, hole.end);
  }
  if (cursor < span.end) parts.push({ start: cursor, end: span.end });
  return parts;
}

/**
 * The kept plan's intervals still ahead at `t`: only open tasks, clipped to `t`, less the time
 * the task's own stored blocks now hold (a planned block that became the current session is no
 * longer planned, not moved). Sorted by start.
 */
function keptIntervalsAt(world: TimelineWorld, t: number): PlannedInterval[] {
  const kept = world.keptPlan ?? [];
  if (kept.length === 0) return [];
  const stored = new Map<string, { start: number; end: number }[]>();
  for (const block of world.blocks.values()) {
    if (!block.taskId || block.end <= t || block.end <= block.start) continue;
    const list = stored.get(block.taskId) ?? [];
    list.push({ start: block.start, end: block.end });
    stored.set(block.taskId, list);
  }
  for (const list of stored.values()) list.sort((a, b) => a.start - b.start);
  const intervals: PlannedInterval[] = [];
  for (const interval of kept) {
    if (interval.end <= t || !world.tasks.has(interval.task)) continue;
    const span = { start: Math.max(interval.start, t), end: interval.end };
    for (const part of subtract(span, stored.get(interval.task) ?? []))
      intervals.push({ task: interval.task, ...part });
  }
  return intervals.sort((a, b) => a.start - b.start);
}

/**
 * The kept plan at `t` as the engine's previous plan (`fixed: false` timeblocks). Unless paused,
 * a kept block that has begun by `t` is left out: the engine would take it for the running
 * session (the block `t` falls in); its task, the only one free to take the time at `t`, is
 * placed there again, and keepPlan does not count that as a move.
 */
export function keptTimeblocks(world: TimelineWorld, t: number): PlanTimeblock[] {
  const blocks: PlanTimeblock[] = [];
  for (const part of keptIntervalsAt(world, t)) {
    if (!world.state.isPaused && part.start <= t) continue;
    blocks.push({
      id: `planned:${part.task}:${part.start}`,
      task: part.task,
      start: part.start,
      end: part.end,
      fixed: false,
      isRest: false,
    });
  }
  return blocks;
}

/** Each task's intervals, touching ones joined. */
function intervalsByTask(blocks: readonly PlannedInterval[]): Map<string, string> {
  const spans = new Map<string, { start: number; end: number }[]>();
  for (const block of [...blocks].sort((a, b) => a.start - b.start)) {
    const list = spans.get(block.task) ?? [];
    const last = list[list.length - 1];
    if (last && block.start <= last.end) last.end = Math.max(last.end, block.end);
    else list.push({ start: block.start, end: block.end });
    spans.set(block.task, list);
  }
  const keyed = new Map<string, string>();
  for (const [task, list] of spans) keyed.set(task, list.map((s) => `${s.start}-${s.end}`).join());
  return keyed;
}

/** The first planned start of each task, over blocks ending after `now`. */
function firstStarts(blocks: readonly PlannedInterval[], now: number): Map<string, number> {
  const starts = new Map<string, number>();
  for (const block of blocks) {
    if (block.end <= now) continue;
    const start = Math.max(block.start, now);
    const known = starts.get(block.task);
    if (known === undefined || start < known) starts.set(block.task, start);
  }
  return starts;
}

/** The event an engine event id names: instances are `{eventId}:{instanceNumber}`. */
export type EventOfInstance = (instanceId: string) => string;

function recordMove(
  moved: MovedTask,
  was: ReadonlyMap<string, number>,
  now: ReadonlyMap<string, number>,
  eventOf: EventOfInstance,
): RecordedMove {
  const reason: MoveReason = moved.reason;
  return {
    task: moved.task,
    reason: reason.kind,
    event: reason.kind === 'busy' && reason.event !== undefined ? eventOf(reason.event) : '',
    byTask: reason.kind === 'deadline' ? reason.task : '',
    wasStart: was.get(moved.task) ?? 0,
    nowStart: now.get(moved.task) ?? 0,
  };
}

export interface KeepInput {
  world: TimelineWorld;
  /** The frame the plan was made in (planFrame of the session's settings). */
  frame: string;
  now: number;
  /** The request id of the call when it is a person's change; '' for reads and timers. */
  cause: string;
  eventOf: EventOfInstance;
}

/**
 * After a locked call computed the plan at now: keeps its planned blocks when they differ from
 * the kept ones and, when it moved something, the moves with the cause (the call's own change,
 * else the latest recorded change no plan had seen yet). The pending cause is spent either way.
 * Changes only `world.state` (written with it) and `world.keptPlan`.
 */
export function keepPlan({ world, frame, now, cause, eventOf }: KeepInput, plan: PlanResult): void {
  const { state } = world;
  // What the engine reports, less tasks whose time is where the kept plan had it (a kept block
  // begun at now that keptTimeblocks left out and the engine placed there again).
  const keptNow = keptIntervalsAt(world, now);
  const before = intervalsByTask(keptNow);
  const next: PlannedInterval[] = plan.timeblocks.map((b) => ({
    task: b.task,
    start: b.start,
    end: b.end,
  }));
  const keptFrame = decodePlannedBlocks(state.plannedBlocks).frame;
  const encoded = encodePlannedBlocks({ frame, blocks: next });
  if (encoded !== (state.plannedBlocks ?? '')) {
    state.plannedBlocks = encoded;
    world.keptPlan = next;
  }
  const after = intervalsByTask(next);
  const moved = plan.moved.filter((m) => before.get(m.task) !== after.get(m.task));
  if (moved.length > 0) {
    const was = firstStarts(keptNow, now);
    const nowStarts = firstStarts(next, now);
    state.planChanges = encodePlanChanges({
      at: now,
      moves: moved.map((m) => recordMove(m, was, nowStarts, eventOf)),
      causeRequest: cause || state.planCause || '',
    });
  } else if (keptFrame !== '' && keptFrame !== frame) {
    // The day was laid out anew in another zone or rest window (planFrame): the last moves name
    // times of the old layout, which no longer tell where anything is.
    state.planChanges = '';
  }
  if (state.planCause) state.planCause = '';
}

/**
 * What the kept plan's time was laid out in: the zone and the rest window. A kept plan made in
 * another frame is let go: the person redrew their day (a rest window ending earlier frees the
 * time before the kept blocks, which stability alone would leave empty), and kept instants mean
 * other wall-clock times in another zone.
 */
export function planFrame(settings: Pick<PlanSettings, 'timezone' | 'autoIdle'>): string {
  const { enabled, start, end } = settings.autoIdle;
  return `${settings.timezone}|${enabled ? `${start}-${end}` : 'off'}`;
}

/** The kept plan a session starts from: the stored one, unless made in another frame. */
export function keptPlanOf(
  plannedBlocks: string | undefined,
  settings: Pick<PlanSettings, 'timezone' | 'autoIdle'>,
): PlannedInterval[] {
  const record = decodePlannedBlocks(plannedBlocks);
  return record.frame === planFrame(settings) ? record.blocks : [];
}

/** TimelineState.plan_changes: the latest re-plan that moved something (at 0 when none yet). */
export function presentPlanChanges(state: TimelineState): Plain<WirePlanChanges> {
  const changes = decodePlanChanges(state.planChanges);
  if (!changes) return { at: 0, moves: [], causeRequest: '' };
  return { at: changes.at, moves: changes.moves, causeRequest: changes.causeRequest };
}

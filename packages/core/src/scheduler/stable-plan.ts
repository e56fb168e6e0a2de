/**
 * Stable re-planning (docs/design.md, Stable re-plans): the previous plan's blocks stay where they
 * are unless their time became busy, their task changed, or keeping them would leave more tasks
 * late than the fewest possible. Then, for each task whose blocks differ, the reason.
 */
import { HOUR_MS } from '../time/zone';
import {
  MIN_FRAGMENT_MS,
  computeBusyIntervals,
  computeFreeIntervals,
  isBlockKept,
} from './busy-time';
import { findCurrentBlock } from './current-block';
import { intersectIntervals, mergeIntervals, totalLength } from './intervals';
import { firstLost, listMoved, lossReason } from './move-reasons';
import { hasDeadline, placeInOrder, planOrder } from './plan-order';
import type { PlanBasis, PlanningTime, Placement, TaskToPlan } from './plan-order';
import { existingTaskBlocks, hasShape, shapeViolations } from './shape';
import type { Interval, MoveReason, PlanRequest, PlanResult, PlannedBlock } from './types';

/** Previous-plan blocks starting within this of now are settled by default. */
export const SETTLED_MS = 2 * HOUR_MS;
/** Targeted releases tried before releasing every unsettled block. */
const TARGETED_ROUNDS = 4;
/** Attempts before falling back to the plan from scratch. */
const MAX_ROUNDS = 64;

/**
 * The previous plan: per task, the future non-fixed task blocks of `timeblocks` (those that
 * hold no time themselves), sorted and merged.
 */
export function collectPreviousPlan(request: PlanRequest): Map<string, Interval[]> {
  const { now } = request;
  const current = findCurrentBlock(request.timeblocks, now);
  const byTask = new Map<string, Interval[]>();
  for (const block of request.timeblocks) {
    if (block.task === undefined || block.isRest || block.start < now || block.end <= block.start)
      continue;
    if (isBlockKept(block, block === current, request.state.isPaused)) continue;
    const list = byTask.get(block.task) ?? [];
    list.push({ start: block.start, end: block.end });
    byTask.set(block.task, list);
  }
  for (const [task, list] of byTask) byTask.set(task, mergeIntervals(list));
  return byTask;
}

interface KeptPiece extends Interval {
  isSettled: boolean;
  isReleased: boolean;
}

interface TaskState {
  item: TaskToPlan;
  pieces: KeptPiece[];
}

/**
 * The pieces of a task's previous blocks it can keep: inside today's free time, no more than it
 * still needs (the earliest kept), none under 5 minutes unless it is the task's last piece.
 */
function keepablePieces(parts: readonly Interval[], remaining: number): Interval[] {
  const usable = parts.filter(
    (p, i) => i === parts.length - 1 || p.end - p.start >= MIN_FRAGMENT_MS,
  );
  const kept: Interval[] = [];
  let left = remaining;
  for (const part of usable) {
    if (left <= 0) break;
    const end = Math.min(part.end, part.start + left);
    kept.push({ start: part.start, end });
    left -= end - part.start;
  }
  if (left > 0) return kept.filter((p) => p.end - p.start >= MIN_FRAGMENT_MS);
  return kept;
}

interface Attempt {
  placement: Placement;
  blocks: PlannedBlock[];
  late: Set<string>;
  /**
   * Tasks with kept pieces whose blocks break the 5-minute rule or a shape limit once kept and
   * new pieces are combined, with the reason to give when a kept piece goes.
   */
  broken: Map<string, MoveReason>;
}

/** Two sorted lists of disjoint spans as one, touching spans joined (mergeIntervals of both). */
function mergeSorted(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const merged: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next =
      j >= b.length || (i < a.length && (a[i] as Interval).start <= (b[j] as Interval).start)
        ? (a[i++] as Interval)
        : (b[j++] as Interval);
    const last = merged[merged.length - 1];
    if (last !== undefined && next.start <= last.end) last.end = Math.max(last.end, next.end);
    else merged.push({ start: next.start, end: next.end });
  }
  return merged;
}

/**
 * One try: keep every piece not released, place the rest of the work around them. Per task
 * state by index (`indexOf` maps a task id to its state), since an attempt runs for every task
 * of a heavy user once or more per re-plan.
 */
function attempt(
  states: readonly TaskState[],
  indexOf: ReadonlyMap<string, number>,
  request: PlanRequest,
  time: PlanningTime,
  horizonEnd: number,
): Attempt {
  const { now } = request;
  const keptSpans: Interval[] = [];
  const leftovers: TaskToPlan[] = [];
  const keptOf: Interval[][] = [];
  for (const state of states) {
    const kept: Interval[] = [];
    let keptLength = 0;
    for (const piece of state.pieces) {
      if (piece.isReleased) continue;
      kept.push(piece);
      keptSpans.push(piece);
      keptLength += piece.end - piece.start;
    }
    keptOf.push(kept);
    const left = state.item.remaining - keptLength;
    if (left <= 0) continue;
    // A task its kept pieces already make late cannot be on time whatever its rest does.
    const { task } = state.item;
    const isLateAnyway = hasDeadline(task) && kept.some((p) => p.end > task.deadline);
    leftovers.push({
      task: isLateAnyway ? { ...task, deadline: Math.min(task.deadline, now - 1) } : task,
      remaining: left,
    });
  }
  const axis = time.axisAround(time.gaps, keptSpans);
  const placement = placeInOrder(
    planOrder(leftovers, axis, horizonEnd),
    axis,
    now,
    horizonEnd,
    Infinity,
  );
  const isCut = new Uint8Array(states.length);
  for (const u of placement.unplanned) isCut[indexOf.get(u.task) ?? -1] = 1;
  const placedOf: (Interval[] | undefined)[] = [];
  for (const block of placement.timeblocks) {
    const index = indexOf.get(block.task);
    if (index === undefined) continue;
    const list = placedOf[index];
    if (list === undefined) placedOf[index] = [block];
    else list.push(block);
  }
  const blocks: PlannedBlock[] = [];
  const late = new Set<string>();
  const broken = new Map<string, MoveReason>();
  states.forEach((state, index) => {
    const { task } = state.item;
    const kept = keptOf[index] as Interval[];
    const placed = placedOf[index];
    // Placement lays a task's pieces out in time order, so both lists are sorted.
    const own =
      placed === undefined ? kept : kept.length === 0 ? placed : mergeSorted(kept, placed);
    let isShort = false;
    for (let i = 0; i < own.length; i += 1) {
      const span = own[i] as Interval;
      blocks.push({ task: task.id, start: span.start, end: span.end });
      if ((i < own.length - 1 || isCut[index] === 1) && span.end - span.start < MIN_FRAGMENT_MS)
        isShort = true;
    }
    if (isShort && kept.length > 0) broken.set(task.id, { kind: 'changed' });
    if (!hasDeadline(task)) return;
    const lastEnd = own[own.length - 1]?.end ?? now;
    if (isCut[index] === 1 ? task.deadline < horizonEnd : lastEnd > task.deadline)
      late.add(task.id);
  });
  blocks.sort((a, b) => a.start - b.start);
  if (hasShape(request.shape)) {
    const existing = existingTaskBlocks(request);
    const cut = new Set(placement.unplanned.map((u) => u.task));
    for (const task of shapeViolations(blocks, existing, request.shape, request.timezone, cut)) {
      const kept = keptOf[indexOf.get(task) ?? -1];
      if (kept !== undefined && kept.length > 0 && !broken.has(task))
        broken.set(task, { kind: 'shape' });
    }
  }
  return { placement, blocks, late, broken };
}

/**
 * Releases time for the late task due first that a plan from scratch keeps on time: its own
 * pieces past its deadline, and pieces before its deadline of tasks due later (or late in both
 * plans anyway), until about `need` is free (unsettled pieces only unless `includeSettled`):
 * first those of tasks without a deadline, then of those due last, each task's latest first.
 * A task with a deadline that gives way gets as much released for it in turn.
 */
function releaseFor(
  states: readonly TaskState[],
  target: TaskToPlan['task'],
  lateAnyway: ReadonlySet<string>,
  includeSettled: boolean,
  need: number,
  reasons: Map<string, MoveReason>,
): boolean {
  let isAny = false;
  for (const state of states) {
    if (state.item.task.id !== target.id) continue;
    for (const piece of state.pieces) {
      if (piece.isReleased || piece.end <= target.deadline) continue;
      piece.isReleased = true;
      isAny = true;
      if (!reasons.has(target.id)) reasons.set(target.id, { kind: 'deadline', task: target.id });
    }
  }
  // A task with a deadline that gives way needs as much back before its own deadline: the
  // chain goes on through tasks due ever later until tasks without one absorb it. Candidates,
  // once: tasks without a deadline (or late anyway) first, then those due last, latest first.
  const candidates: { piece: KeptPiece; task: TaskToPlan['task']; due: number }[] = [];
  for (const state of states) {
    const { task } = state.item;
    if (task.id === target.id) continue;
    const due = !hasDeadline(task) || lateAnyway.has(task.id) ? Infinity : task.deadline;
    if (due <= target.deadline) continue;
    for (const piece of state.pieces) {
      if (!piece.isReleased && (includeSettled || !piece.isSettled))
        candidates.push({ piece, task, due });
    }
  }
  candidates.sort((a, b) =>
    a.due === b.due ? b.piece.start - a.piece.start : a.due < b.due ? 1 : -1,
  );
  const queue: { task: TaskToPlan['task']; need: number }[] = [{ task: target, need }];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const { deadline } = next.task;
    let freed = 0;
    for (const { piece, task, due } of candidates) {
      if (freed >= next.need || due <= deadline) break;
      if (piece.isReleased || piece.start >= deadline) continue;
      piece.isReleased = true;
      isAny = true;
      freed += Math.min(piece.end, deadline) - piece.start;
      if (!reasons.has(task.id)) reasons.set(task.id, { kind: 'deadline', task: next.task.id });
      if (due !== Infinity && Number.isFinite(next.need)) {
        queue.push({ task, need: piece.end - piece.start + MIN_FRAGMENT_MS });
      }
    }
  }
  return isAny;
}

function releaseAll(
  states: readonly TaskState[],
  includeSettled: boolean,
  reason: MoveReason,
  reasons: Map<string, MoveReason>,
): boolean {
  let isAny = false;
  for (const state of states) {
    for (const piece of state.pieces) {
      if (piece.isReleased || (piece.isSettled && !includeSettled)) continue;
      piece.isReleased = true;
      isAny = true;
      if (!reasons.has(state.item.task.id)) reasons.set(state.item.task.id, reason);
    }
  }
  return isAny;
}

/**
 * Each task's previous intervals inside free time. Previous blocks that overlap (a plan never
 * makes them) are cut so that no minute is kept twice: the earlier-starting one keeps it.
 */
function freeParts(
  tracked: readonly TaskToPlan[],
  previous: ReadonlyMap<string, Interval[]>,
  gaps: readonly Interval[],
): Map<string, Interval[]> {
  const all: (Interval & { task: string })[] = [];
  for (const { task } of tracked) {
    const before = previous.get(task.id);
    if (before === undefined) continue;
    for (const part of intersectIntervals(before, gaps))
      all.push({ start: part.start, end: part.end, task: task.id });
  }
  all.sort((a, b) => a.start - b.start);
  const partsOf = new Map<string, Interval[]>();
  let reach = -Infinity;
  for (const part of all) {
    const start = Math.max(part.start, reach);
    if (part.end > start) {
      const list = partsOf.get(part.task) ?? [];
      list.push({ start, end: part.end });
      partsOf.set(part.task, list);
    }
    reach = Math.max(reach, part.end);
  }
  return partsOf;
}

/**
 * The stable plan: keep what can be kept, place the rest (new tasks, changed tasks' extra time,
 * displaced pieces) in the free time around it, and release kept pieces only while the plan has
 * more late tasks than the plan from scratch (`scratch`, whose late count is the fewest).
 */
export function planStably(
  request: PlanRequest,
  basis: PlanBasis,
  scratch: Placement,
  previous: ReadonlyMap<string, Interval[]>,
): PlanResult {
  const { now } = request;
  const { horizonEnd } = basis;
  const settledUntil = request.settledUntil ?? now + SETTLED_MS;
  const reasons = new Map<string, MoveReason>();
  const tracked = Number.isFinite(basis.limit)
    ? basis.ordered.slice(0, basis.limit)
    : basis.ordered;
  for (const item of basis.ordered.slice(tracked.length))
    reasons.set(item.task.id, { kind: 'limit' });
  // Only tracked tasks with time left lose the default 'changed' reason set above.
  let end = basis.time.end;
  let gaps = basis.time.gaps;
  let lastPrevious = 0;
  for (const list of previous.values())
    lastPrevious = Math.max(lastPrevious, list[list.length - 1]?.end ?? 0);
  if (lastPrevious > end && end < horizonEnd) {
    end = Math.min(horizonEnd, lastPrevious);
    gaps = computeFreeIntervals(computeBusyIntervals(request, end), now, end);
  }

  // Kept candidates, earliest in plan order first when previous blocks overlap.
  const partsOf = freeParts(tracked, previous, gaps);
  const indexOf = new Map<string, number>();
  tracked.forEach((item, index) => indexOf.set(item.task.id, index));
  const states: TaskState[] = tracked.map((item) => {
    const id = item.task.id;
    const before = previous.get(id) ?? [];
    if (before.length === 0) return { item, pieces: [] };
    const kept = keepablePieces(partsOf.get(id) ?? [], item.remaining);
    if (item.remaining !== totalLength(before)) reasons.set(id, { kind: 'changed' });
    else if (totalLength(kept) < item.remaining) {
      const lostParts = before.flatMap((span) => {
        const part = firstLost(span, kept);
        return part === undefined ? [] : [part];
      });
      const busyPart =
        lostParts.find(
          (part) => totalLength(intersectIntervals([part], gaps)) < part.end - part.start,
        ) ?? lostParts[0];
      reasons.set(
        id,
        busyPart === undefined ? { kind: 'busy' } : lossReason(request, busyPart, end),
      );
    }
    // Written out rather than spread: a spread copy here was a tenth of a stable re-plan.
    const pieces = kept.map((p) => ({
      start: p.start,
      end: p.end,
      isSettled: p.start < settledUntil,
      isReleased: false,
    }));
    return { item, pieces };
  });

  const time = { ...basis.time, gaps };
  const target = scratch.late.length;
  const scratchLate = new Set(scratch.late);
  let cause: MoveReason = { kind: 'changed' };
  let targeted = 0;
  const triesFor = new Map<string, number>();
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const result = attempt(states, indexOf, request, time, horizonEnd);
    const isWindowShort = end < horizonEnd && result.placement.unplanned.length > 0;
    if (isWindowShort) break;
    if (result.broken.size > 0) {
      // A piece under the shortest that is not its task's last, or a shape limit broken: give
      // up the task's last kept piece.
      for (const state of states) {
        const reason = result.broken.get(state.item.task.id);
        if (reason === undefined) continue;
        const last = state.pieces.filter((p) => !p.isReleased).pop();
        if (last !== undefined) last.isReleased = true;
        if (!reasons.has(state.item.task.id)) reasons.set(state.item.task.id, reason);
      }
      continue;
    }
    if (result.late.size <= target) {
      const unplanned = [
        ...result.placement.unplanned,
        ...scratch.unplanned.filter((u) => u.reason === 'taskLimit'),
      ];
      const late = tracked.map((t) => t.task.id).filter((id) => result.late.has(id));
      return {
        timeblocks: result.blocks,
        unplanned,
        late,
        moved: listMoved(request, previous, result.blocks, reasons, cause, indexOf),
      };
    }
    const lateTasks = tracked.map((t) => t.task).filter((task) => result.late.has(task.id));
    // The task to make room for: one the scratch plan keeps on time, preferably one that was
    // on time in the previous plan too (making a long-late task on time moves more), due first.
    const onTimeElsewhere = lateTasks.filter((task) => !scratchLate.has(task.id));
    const wasLate = (task: TaskToPlan['task']) =>
      (previous.get(task.id)?.at(-1)?.end ?? -Infinity) > task.deadline;
    const first = (onTimeElsewhere.length > 0 ? onTimeElsewhere : lateTasks).reduce((a, b) =>
      wasLate(a) !== wasLate(b) ? (wasLate(a) ? b : a) : b.deadline < a.deadline ? b : a,
    );
    cause = { kind: 'deadline', task: first.id };
    targeted += 1;
    const lateAnyway = new Set(lateTasks.filter((t) => scratchLate.has(t.id)).map((t) => t.id));
    // What the task still needs placed, exactly: a margin on top released a second task's
    // piece when one the right size was enough (and that task, if due, took time down a chain).
    // If that was not enough, all it may take.
    const tries = (triesFor.get(first.id) ?? 0) + 1;
    triesFor.set(first.id, tries);
    const firstState = states.find((st) => st.item.task.id === first.id);
    const keptOfFirst = totalLength(firstState?.pieces.filter((p) => !p.isReleased) ?? []);
    const need = tries === 1 ? (firstState?.item.remaining ?? 0) - keptOfFirst : Infinity;
    if (targeted <= TARGETED_ROUNDS) {
      if (releaseFor(states, first, lateAnyway, false, need, reasons)) continue;
      if (releaseFor(states, first, lateAnyway, true, need, reasons)) continue;
    }
    // Then everything but the settled pieces; past that the plan from scratch is the answer.
    if (releaseAll(states, false, cause, reasons)) continue;
    break;
  }
  return {
    ...scratch,
    moved: listMoved(request, previous, scratch.timeblocks, reasons, cause, indexOf),
  };
}

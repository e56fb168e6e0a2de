import { DAY_MS, type PlanResult } from '@planner/core';
import type {
  BlockContainer,
  Event as WireEvent,
  GetTimelineResponse,
  Input,
  Plain,
} from '@planner/protocol';
import type { EventInstance } from '../events/event';
import { invalid } from '../rpc/errors';
import type { AuthedContext } from '../rpc/context';
import { together } from '../db/together';
import { reminderInstancesOf, reminderWindowReads } from '../reminders/reminder-instances';
import { presentReminder } from '../reminders/reminder-presenter';
import { taskExtrasReads } from './task-extras';
import { presentCategory, presentTask } from '../tasks/task-presenter';
import { tasksByIdRead } from '../tasks/tasks-repository';
import type { Timeblock } from '../plan-store/timeblock';
import { listBlocksBetween, storedBlockStartsRead } from '../plan-store/timeline-repository';
import { currentInfo, presentState } from './timeline-service';
import { openTimeline, saveTimeline, type TimelineSession } from './timeline-session';
import { horizonEndAt } from './world';

const MAX_WINDOW_MS = 92 * DAY_MS;
const LOOKAROUND_MS = 14 * DAY_MS;

type Container = Plain<BlockContainer>;

interface ViewBlock {
  id: string;
  taskId: string | null;
  start: number;
  end: number;
  fixed: boolean;
  locking: string;
  isRest: boolean;
}

/**
 * Tasks the plan could not hold, as locked blocks inviting an upgrade: past the horizon they
 * follow its end; past the tracked-tasks limit they follow the last planned block.
 */
function lockedBlocks(plan: PlanResult, horizonEnd: number, now: number): ViewBlock[] {
  let afterHorizon = horizonEnd;
  let afterPlan = Math.max(now, plan.timeblocks.at(-1)?.end ?? now);
  return plan.unplanned.map((u) => {
    const start = u.reason === 'horizon' ? afterHorizon : afterPlan;
    const end = start + u.remaining;
    if (u.reason === 'horizon') afterHorizon = end;
    else afterPlan = end;
    return {
      id: `locked:${u.task}`,
      taskId: u.task,
      start,
      end,
      fixed: false,
      locking: u.reason,
      isRest: false,
    };
  });
}

function overlaps(b: { start: number; end: number }, start: number, end: number): boolean {
  return b.start < end && (b.end > start || (b.end === b.start && b.start >= start));
}

function fromStored(b: Timeblock): ViewBlock {
  return {
    id: b.id,
    taskId: b.taskId,
    start: b.start,
    end: b.end,
    fixed: b.isFixed,
    locking: '',
    isRest: b.isRest,
  };
}

function presentEvent(e: EventInstance): Plain<WireEvent> {
  return {
    id: e.id,
    title: e.title,
    start: e.start,
    end: e.end,
    allDay: e.allDay,
    category: presentCategory(e.category),
    travelTop: e.travelTop,
    travelBottom: e.travelBottom,
    notifications: e.notifications,
    recurrenceRule: e.recurrenceRule ?? undefined,
    note: '',
    timezone: e.timezone,
    hasNote: e.hasNote,
    checklist: e.checklist,
    source: e.source,
    rootId: e.rootId,
    instanceNumber: e.instanceNumber,
    isVirtual: e.isVirtual,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

function eventContainer(e: EventInstance): Container {
  return {
    timeblock: {
      id: `event:${e.id}:${e.instanceNumber}`,
      task: undefined,
      event: e.id,
      start: e.start,
      end: e.end,
      fixed: false,
      locking: '',
      isRest: false,
      group: 0,
      isTravel: false,
    },
    event: presentEvent(e),
  };
}

interface Hints {
  maxTimeblockStart: number;
  maxEventStart: number;
  nextBlockStart: number;
  prevBlockStart: number;
}

function pagingHints(
  session: TimelineSession,
  blocks: ViewBlock[],
  start: number,
  end: number,
  stored: { latest: number | null; latestBefore: number | null },
): Hints {
  const { eventInstances } = session;
  const maxOf = (values: number[]) => (values.length ? Math.max(...values) : -1);
  const minOf = (values: number[]) => (values.length ? Math.min(...values) : -1);
  const events = eventInstances.filter((e) => e.start < end + LOOKAROUND_MS);
  return {
    maxTimeblockStart: maxOf([stored.latest ?? -1, ...blocks.map((b) => b.start)]),
    maxEventStart: maxOf(events.filter((e) => e.start >= start).map((e) => e.start)),
    nextBlockStart: minOf([
      ...blocks.filter((b) => b.start >= end).map((b) => b.start),
      ...events.filter((e) => e.start >= end).map((e) => e.start),
    ]),
    prevBlockStart: maxOf([
      stored.latestBefore ?? -1,
      ...eventInstances
        .filter((e) => e.start < start && e.start >= start - LOOKAROUND_MS)
        .map((e) => e.start),
    ]),
  };
}

/**
 * The window's stored blocks as they stand after the session saved: from memory when the
 * session read the window's history with its own blocks, else from storage.
 */
export async function storedBlocksOf(
  session: TimelineSession,
  start: number,
  end: number,
): Promise<Timeblock[]> {
  const { windowHistory, world } = session;
  if (!windowHistory) return listBlocksBetween(session.db, session.userId, start, end);
  // As listBlocksBetween: starting before the end, ending at or after the start.
  const inWindow = (b: Timeblock) => b.start < end && b.end >= start;
  return [...windowHistory.filter(inWindow), ...[...world.blocks.values()].filter(inWindow)].sort(
    (a, b) => a.start - b.start || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** GetTimeline: stored, planned and locked blocks, event instances and reminders of a window. */
export async function getTimeline(
  ctx: AuthedContext,
  input: Input<'GetTimeline'>,
): Promise<Plain<GetTimelineResponse>> {
  const { start, end } = input;
  if (start < 0 || end <= start) throw invalid('field "end": must be after start');
  if (end - start > MAX_WINDOW_MS) throw invalid('field "end": the window is at most 92 days');
  const session = await openTimeline(ctx.db, ctx.userId, ctx.now(), { window: { start, end } });
  const { plan, changed } = await saveTimeline(session);
  if (changed) ctx.changed('timelineStateUpdated');
  const { now } = session;
  const stored = (await storedBlocksOf(session, start, end))
    .filter((b) => input.includeAll || b.end > b.start)
    .map(fromStored);
  const planned: ViewBlock[] = plan.timeblocks.map((b) => ({
    id: `planned:${b.task}:${b.start}`,
    taskId: b.task,
    start: b.start,
    end: b.end,
    fixed: false,
    locking: '',
    isRest: false,
  }));
  const locked = lockedBlocks(plan, horizonEndAt(session.settings, now), now);
  const future = [...planned, ...locked];
  const shown = [
    ...stored,
    ...future.filter((b) => overlaps(b, start, end) || (input.includeAll && b.locking)),
  ];
  const { db, userId } = ctx;
  const taskIds = [...new Set(shown.flatMap((b) => b.taskId ?? []))];
  const extrasReads = taskExtrasReads(db, userId, taskIds, now, { session, plan });
  // Everything else the answer needs, in one round trip.
  const [tasks, categories, totals, inWindow, moved, storedStarts] = await together(db, [
    tasksByIdRead(db, userId, taskIds),
    ...extrasReads.statements,
    ...reminderWindowReads(db, userId, start, end),
    storedBlockStartsRead(db, userId, start),
  ]);
  const extras = extrasReads.finish([categories, totals]);
  const byId = new Map(tasks.map((t) => [t.id, presentTask(t, extras, false)]));
  const containers: Container[] = shown.map((b) => ({
    timeblock: {
      id: b.id,
      task: b.taskId ? byId.get(b.taskId) : undefined,
      event: '',
      start: b.start,
      end: b.end,
      fixed: b.fixed,
      locking: b.locking,
      isRest: b.isRest,
      group: 0,
      isTravel: false,
    },
    event: undefined,
  }));
  for (const e of session.eventInstances)
    if (overlaps(e, start, end)) containers.push(eventContainer(e));
  containers.sort((a, b) => (a.timeblock?.start ?? 0) - (b.timeblock?.start ?? 0));
  const reminders = await reminderInstancesOf(db, userId, start, end, inWindow, moved, true);
  return {
    blockContainers: containers,
    reminders: reminders.map(presentReminder),
    timelineState: presentState(session.world.state, now, currentInfo(session)),
    ...pagingHints(session, future, start, end, storedStarts),
  };
}

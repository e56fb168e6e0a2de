import type { TimelineBlock } from '@planner/core';
import type { TFunction } from 'i18next';
import type { AgendaBlock, AgendaItems } from '../model/agenda-block';
import { formatWhen, type Formatting } from '../model/format';
import type { WirePlanChanges, WirePlanMove } from '../types';

/** Titles by id, from what the agenda has loaded. */
export type Lookups = Pick<AgendaItems, 'tasks' | 'events'>;

/** Why a task's planned time moved, as a clause: "Team meeting now covers its time". */
export function reasonText(
  move: WirePlanMove,
  lookups: Lookups,
  t: TFunction<'plan-changes'>,
): string {
  switch (move.reason) {
    case 'busy': {
      const event = lookups.events.get(move.event)?.title;
      return event ? t('changes.reason.busyEvent', { event }) : t('changes.reason.busy');
    }
    case 'changed':
      return t('changes.reason.changed');
    case 'deadline': {
      const task = lookups.tasks.get(move.byTask)?.title;
      return task ? t('changes.reason.deadlineOf', { task }) : t('changes.reason.deadline');
    }
    case 'shape':
      return t('changes.reason.shape');
    case 'limit':
      return t('changes.reason.limit');
    case 'horizon':
      return t('changes.reason.horizon');
    default:
      return t('changes.reason.other');
  }
}

/** One line of the note: "Write report moved to 3:00 PM: Team meeting now covers its time". */
export function moveLine(
  move: WirePlanMove,
  lookups: Lookups,
  now: number,
  f: Formatting,
  t: TFunction<'plan-changes'>,
): string {
  const task = lookups.tasks.get(move.task)?.title || t('changes.aTask');
  const reason = reasonText(move, lookups, t);
  return move.nowStart > 0
    ? t('changes.moved', { task, time: formatWhen(move.nowStart, now, f), reason })
    : t('changes.unplanned', { task, reason });
}

/** A block of the day or week model: an agenda block, or one the client drew (travel, idle). */
export type PlacedBlock = TimelineBlock & Partial<Pick<AgendaBlock, 'kind' | 'taskData'>>;

export type PlacementWhy =
  | { kind: 'moved'; move: WirePlanMove }
  | { kind: 'fixed' }
  | { kind: 'deadline'; deadline: number }
  | { kind: 'firstFree' };

/**
 * Why a task block that is still ahead sits where it is: the latest re-plan moved it, the person
 * fixed it, or the planner's order put it there (deadlines first, then the first free time).
 */
export function placementWhy(
  block: PlacedBlock,
  changes: WirePlanChanges | undefined,
  now: number,
): PlacementWhy | null {
  if (block.kind !== 'task' || !block.task || block.start <= now) return null;
  if (block.fixed) return { kind: 'fixed' };
  const move = changes && changes.at > 0 ? changes.moves.find((m) => m.task === block.task) : null;
  if (move) return { kind: 'moved', move };
  const deadline = block.taskData?.deadline ?? -1;
  return deadline > 0 ? { kind: 'deadline', deadline } : { kind: 'firstFree' };
}

export function placementText(
  why: PlacementWhy,
  lookups: Lookups,
  now: number,
  f: Formatting,
  t: TFunction<'plan-changes'>,
): string {
  switch (why.kind) {
    case 'moved':
      return t('changes.why.moved', { reason: reasonText(why.move, lookups, t) });
    case 'fixed':
      return t('changes.why.fixed');
    case 'deadline':
      return t('changes.why.deadline', { deadline: formatWhen(why.deadline, now, f) });
    case 'firstFree':
      return t('changes.why.firstFree');
  }
}

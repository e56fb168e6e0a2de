import { canDragBlock } from '@planner/core';
import type { DayBlock } from './day-model';

export type BlockAction =
  | 'openTask'
  | 'openEvent'
  | 'doItNow'
  | 'doItAfter'
  | 'markDone'
  | 'reopen'
  | 'dueStatus'
  | 'editTime'
  | 'unlock'
  | 'deleteRecord'
  | 'upgrade';

export interface BlockContext {
  now: number;
  /** The block holds the task of the current session. */
  isCurrentTask: boolean;
  /** Something is going on now (a session, an event or a rest). */
  hasCurrent: boolean;
}

const kindOf = (block: DayBlock) => ('kind' in block ? block.kind : 'travel');

/** What a person can do with a block, in menu order (spec 2 and 4). */
export function blockActions(block: DayBlock, context: BlockContext): BlockAction[] {
  const kind = kindOf(block);
  if (kind === 'locked') return ['upgrade'];
  if (kind === 'event' || kind === 'travel' || block.isTravel) return ['openEvent'];
  const actions: BlockAction[] = [];
  const task = 'taskData' in block ? block.taskData : undefined;
  const isPast = block.end <= context.now;
  const hasStarted = block.start <= context.now;
  if (kind === 'task' && task) {
    actions.push('openTask');
    if (!task.isCompleted && !context.isCurrentTask) {
      actions.push('doItNow');
      if (context.hasCurrent) actions.push('doItAfter');
    }
    actions.push(task.isCompleted ? 'reopen' : 'markDone');
    if (task.deadline >= 0 && !task.isCompleted) actions.push('dueStatus');
  }
  actions.push('editTime');
  if (block.fixed && !hasStarted && !block.isRest) actions.push('unlock');
  if ((isPast || hasStarted) && !block.id.startsWith('planned:')) actions.push('deleteRecord');
  return actions;
}

/** Spec 5: no drag for the current task, rests or synced events (nor travel or locked blocks). */
export function isDraggable(block: DayBlock, context: BlockContext): boolean {
  const kind = kindOf(block);
  if (kind === 'locked' || kind === 'travel' || block.isTravel || kind === 'unknown') return false;
  const isSyncedEvent =
    kind === 'event' && Boolean('eventData' in block && block.eventData?.source);
  return canDragBlock({
    isCurrentTask: context.isCurrentTask,
    isRest: block.isRest,
    isSyncedEvent,
  });
}

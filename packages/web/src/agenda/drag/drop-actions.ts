import type { RecurrenceScope } from '@planner/core';
import { call } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { runExclusive } from '../data/busy-actions';
import { agendaActions } from '../data/agenda-actions';
import { reloadTimeline } from '../data/timeline-queries';
import type { DayBlock } from '../model/day-model';
import type { WireEventInstance } from '../types';
import { movedEventTimes, type DropTarget } from './drop-plan';

/** UpdateEvent with the moved start and end, for the occurrences the scope names. */
export function moveEvent(
  event: WireEventInstance,
  block: DayBlock,
  target: DropTarget,
  scope: RecurrenceScope,
) {
  return runExclusive('timeblock', async () => {
    await call('UpdateEvent', {
      newEvent: { ...event, ...movedEventTimes(event, block, target) },
      oldEvent: event,
      apiVersion: 1,
      updateType: scope,
      fields: ['start', 'end'],
    });
    await reloadTimeline(queryClient);
  });
}

/** A future block is locked at the new time (the plan re-flows); a started one is corrected. */
export function moveTimeblock(block: DayBlock, target: DropTarget, kind: 'lock' | 'correct') {
  return kind === 'lock'
    ? agendaActions.lockTimeblock(block.id, target.start, target.end)
    : agendaActions.updateTimeblock(block.id, target.start, target.end);
}

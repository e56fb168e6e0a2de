import { AUTO_EXTEND_STEP_MS } from '@planner/core';
import { agendaActions } from '../agenda/data/agenda-actions';
import { fetchTimelineState } from '../api/timed-call';
import type { NotificationAction } from '../bridge/bridge-contract';

/** Spec: rest 30 minutes, and 30 more minutes on the current task block. */
export const ACTION_STEP_MS = AUTO_EXTEND_STEP_MS;

/**
 * A notification button, run with the same calls as the agenda's controls: take a break rests
 * 30 minutes, start now goes to the next task, more time moves the end of the current non-rest
 * task block 30 minutes later (nothing to extend: nothing happens, and false is answered).
 */
export async function runNotificationAction(action: NotificationAction): Promise<boolean> {
  switch (action) {
    case 'takeBreak':
      await agendaActions.takeBreak(ACTION_STEP_MS);
      return true;
    case 'startNow':
      await agendaActions.next();
      return true;
    case 'moreTime': {
      const state = await fetchTimelineState({ retry: true, showLoading: false });
      const block = state.currentBlock;
      if (!block || block.isRest || !block.task || !block.timeblock) return false;
      await agendaActions.updateTimeblock(block.timeblock, block.start, block.end + ACTION_STEP_MS);
      return true;
    }
  }
}

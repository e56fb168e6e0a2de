import { parseTutorialStatus } from '@planner/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { fire } from './data/action-errors';
import { agendaActions } from './data/agenda-actions';
import { openDialog } from './dialogs/dialog-store';
import type { BlockAction } from './model/block-actions';
import type { DayBlock } from './model/day-model';
import { eventRoute, taskRoute } from './routes';
import { isFinished } from '../api/tutorials';
import type { AgendaEnv } from './use-agenda-env';
import { limitKindFor } from './upgrade';

/** What each block menu entry does: a route, a dialog, or a control. */
export function useBlockActions(env: AgendaEnv) {
  const navigate = useNavigate();
  return useCallback(
    (action: BlockAction, block: DayBlock) => {
      const task = 'taskData' in block ? block.taskData : undefined;
      const event = 'eventData' in block ? block.eventData : undefined;
      const status = parseTutorialStatus(env.tutorialStatus);
      switch (action) {
        case 'openTask':
          if (task) navigate(taskRoute(task.id));
          return;
        case 'openEvent':
          if (event) navigate(eventRoute(event));
          return;
        case 'doItNow':
        case 'doItAfter': {
          if (!task) return;
          const keepCurrent = action === 'doItAfter';
          const flag = keepCurrent ? 'doItAfterEventDialog' : 'doItNowDialog';
          if (isFinished(status, flag)) void fire(agendaActions.doItNow(task.id, keepCurrent));
          else openDialog({ kind: 'doItNow', task, keepCurrent });
          return;
        }
        case 'markDone':
          if (task) openDialog({ kind: 'markDone', task });
          return;
        case 'reopen':
          if (task) openDialog({ kind: 'reopen', task });
          return;
        case 'dueStatus':
          if (task) openDialog({ kind: 'dueStatus', task });
          return;
        case 'editTime':
          openDialog({ kind: 'editTimeblock', block });
          return;
        case 'unlock':
          openDialog({ kind: 'unlock', block });
          return;
        case 'deleteRecord':
          openDialog({ kind: 'deleteRecord', block });
          return;
        case 'upgrade':
          openDialog({
            kind: 'upgrade',
            limit: limitKindFor(env.premiumLevel),
            reason:
              'locking' in block && block.locking === 'taskLimit' ? 'taskLimit' : 'agendaLength',
          });
          return;
      }
    },
    [env, navigate],
  );
}

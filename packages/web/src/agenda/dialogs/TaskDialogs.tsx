import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { dueStatus, dueStatusTone } from '@planner/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fire } from '../data/action-errors';
import { agendaActions } from '../data/agenda-actions';
import { serverNow } from '../../api/server-clock';
import { timelineStateQuery } from '../../api/timeline-state';
import { formatDate, formatDuration, formatTime } from '../model/format';
import { finishTutorial } from '../../api/tutorials';
import type { WireTask } from '../types';
import type { AgendaEnv } from '../use-agenda-env';
import {
  MarkDoneDialog as SharedMarkDoneDialog,
  ReopenDialog as SharedReopenDialog,
  reopenedTimeScheduled,
} from '../../components/TaskCompletionDialogs';
import { AgendaDialog } from './AgendaDialog';
import { closeDialog } from './dialog-store';
import { fromInput, toDateTimeInput } from './local-input';

const title = (task: WireTask, untitled: string) => task.title || untitled;

/** Do it now / do it after the current item, with a don't-ask-again choice (spec 4). */
export function DoItNowDialog({ task, keepCurrent }: { task: WireTask; keepCurrent: boolean }) {
  const { t } = useTranslation('agenda');
  const [dontAsk, setDontAsk] = useState(false);
  const confirm = async () => {
    if (dontAsk) void fire(finishTutorial(keepCurrent ? 'doItAfterEventDialog' : 'doItNowDialog'));
    return fire(agendaActions.doItNow(task.id, keepCurrent, task.title));
  };
  return (
    <AgendaDialog
      title={t(keepCurrent ? 'doItAfter.title' : 'doItNow.title')}
      confirmLabel={t(keepCurrent ? 'actions.doItAfter' : 'actions.doItNow')}
      onConfirm={confirm}
      testId="do-it-now-dialog"
    >
      <Typography sx={{ mb: 1 }}>
        {t(keepCurrent ? 'doItAfter.text' : 'doItNow.text', { title: title(task, t('untitled')) })}
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={dontAsk} onChange={(e) => setDontAsk(e.target.checked)} />}
        label={t('dontAskAgain')}
      />
    </AgendaDialog>
  );
}

/** Mark as done (spec 4): the shared dialog, sending PutTask with isCompleted and rest. */
export function MarkDoneDialog({ task, env }: { task: WireTask; env: AgendaEnv }) {
  const { data: state } = useQuery(timelineStateQuery());
  const current = state?.currentBlock;
  return (
    <SharedMarkDoneDialog
      open
      holdsSession={Boolean(current && !current.isRest && current.task === task.id)}
      taskTitle={task.title}
      formatDuration={(ms) => formatDuration(ms, env.tag)}
      onConfirm={({ rest }) =>
        fire(
          agendaActions.putTask(
            {
              task: { id: task.id, isCompleted: true },
              fields: ['isCompleted'],
              rest,
            },
            task.title,
          ),
        )
      }
      onClose={closeDialog}
    />
  );
}

/** Reopen (spec 4): the shared dialog; the estimate becomes the time spent plus the time needed. */
export function ReopenDialog({ task, env }: { task: WireTask; env: AgendaEnv }) {
  return (
    <SharedReopenDialog
      open
      taskTitle={task.title}
      formatDuration={(ms) => formatDuration(ms, env.tag)}
      onConfirm={(choice) =>
        fire(
          agendaActions.putTask(
            {
              task: {
                id: task.id,
                isCompleted: false,
                timeScheduled: reopenedTimeScheduled(task, choice),
              },
              fields: ['isCompleted', 'timeScheduled'],
              doItNow: choice.doItNow,
            },
            task.title,
          ),
        )
      }
      onClose={closeDialog}
    />
  );
}

/** Due-status hint: what the colour means, and the deadline to change it. */
export function DueStatusDialog({ task, env }: { task: WireTask; env: AgendaEnv }) {
  const { t } = useTranslation('agenda');
  const [value, setValue] = useState(
    task.deadline >= 0 ? toDateTimeInput(task.deadline, env.timeZone) : '',
  );
  const tone = dueStatusTone(
    dueStatus({
      isCompleted: task.isCompleted,
      deadline: task.deadline,
      lastTimeblockEnd: task.lastTimeblockEnd,
      now: serverNow(),
    }),
  );
  const deadline = value ? fromInput(value, env.timeZone) : -1;
  const save = (next: number) =>
    fire(agendaActions.putTask({ task: { id: task.id, deadline: next }, fields: ['deadline'] }));
  return (
    <AgendaDialog
      title={t('due.title')}
      confirmLabel={t('save')}
      onConfirm={() => save(deadline ?? -1)}
      isConfirmDisabled={deadline === null || deadline === task.deadline}
      extraActions={
        task.deadline >= 0 ? (
          <Button color="inherit" sx={{ mr: 'auto' }} onClick={() => void save(-1)}>
            {t('due.remove')}
          </Button>
        ) : null
      }
    >
      {tone && (
        <Typography sx={{ mb: 1 }}>
          {t(`due.explain.${tone}`, {
            deadline: `${formatDate(task.deadline, env, { weekday: 'short', month: 'short', day: 'numeric' })} ${formatTime(task.deadline, env)}`,
          })}
        </Typography>
      )}
      <TextField
        type="datetime-local"
        label={t('due.deadline')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ mt: 1 }}
      />
    </AgendaDialog>
  );
}

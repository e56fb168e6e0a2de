import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  clampTaskDuration,
  dueStatus,
  dueStatusTone,
  MINUTE_MS,
  PLANNING_CONSTANTS,
} from '@planner/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fire } from '../data/action-errors';
import { agendaActions } from '../data/agenda-actions';
import { serverNow } from '../data/clock-offset';
import { formatDate, formatDuration, formatTime } from '../model/format';
import { finishTutorial } from '../tutorials/tutorial-state';
import type { WireTask } from '../types';
import type { AgendaEnv } from '../use-agenda-env';
import { AgendaDialog } from './AgendaDialog';
import { fromInput, toDateTimeInput } from './local-input';

const title = (task: WireTask, untitled: string) => task.title || untitled;

/** Do it now / do it after the current item, with a don't-ask-again choice (spec 4). */
export function DoItNowDialog({ task, keepCurrent }: { task: WireTask; keepCurrent: boolean }) {
  const { t } = useTranslation('agenda');
  const [dontAsk, setDontAsk] = useState(false);
  const confirm = async () => {
    if (dontAsk) void fire(finishTutorial(keepCurrent ? 'doItAfterEventDialog' : 'doItNowDialog'));
    return fire(agendaActions.doItNow(task.id, keepCurrent));
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

const REST_STEPS_MIN = [5, 10, 15, 20, 30, 45, 60];

/** Mark as done: the session is cleared; a rest follows by default (5 minutes, spec 4). */
export function MarkDoneDialog({ task, env }: { task: WireTask; env: AgendaEnv }) {
  const { t } = useTranslation('agenda');
  const [withRest, setWithRest] = useState(true);
  const [restMs, setRestMs] = useState(PLANNING_CONSTANTS.restAfterDoneMs);
  const confirm = () =>
    fire(
      agendaActions.putTask({
        task: { id: task.id, isCompleted: true },
        fields: ['isCompleted'],
        rest: withRest ? restMs : 0,
      }),
    );
  return (
    <AgendaDialog
      title={t('markDone.title')}
      confirmLabel={t('markDone.confirm')}
      onConfirm={confirm}
      testId="mark-done-dialog"
    >
      <Typography sx={{ mb: 2 }}>
        {t('markDone.text', { title: title(task, t('untitled')) })}
      </Typography>
      <FormControlLabel
        control={<Switch checked={withRest} onChange={(e) => setWithRest(e.target.checked)} />}
        label={t('markDone.rest')}
      />
      {withRest && (
        <Box sx={{ px: 1 }}>
          <Slider
            value={restMs / MINUTE_MS}
            min={5}
            max={60}
            step={null}
            marks={REST_STEPS_MIN.map((value) => ({ value }))}
            onChange={(_e, v) => setRestMs(Number(v) * MINUTE_MS)}
            valueLabelDisplay="auto"
            valueLabelFormat={(v) => formatDuration(v * MINUTE_MS, env.tag)}
            aria-label={t('markDone.restLength')}
          />
          <Typography variant="body2" color="text.secondary">
            {t('markDone.restFor', { duration: formatDuration(restMs, env.tag) })}
          </Typography>
        </Box>
      )}
    </AgendaDialog>
  );
}

/** Reopen: how much time is still needed (default 30 minutes), and whether to start now. */
export function ReopenDialog({ task, env }: { task: WireTask; env: AgendaEnv }) {
  const { t } = useTranslation('agenda');
  const [neededMs, setNeededMs] = useState(PLANNING_CONSTANTS.reopenDefaultMs);
  const [doItNow, setDoItNow] = useState(false);
  // The time needed is what is still ahead: the estimate becomes the time spent plus it.
  const confirm = () =>
    fire(
      agendaActions.putTask({
        task: {
          id: task.id,
          isCompleted: false,
          timeScheduled: clampTaskDuration(task.timeFulfilled + neededMs, false),
        },
        fields: ['isCompleted', 'timeScheduled'],
        doItNow,
      }),
    );
  return (
    <AgendaDialog
      title={t('reopen.title')}
      confirmLabel={t('reopen.confirm')}
      onConfirm={confirm}
      testId="reopen-dialog"
    >
      <Typography sx={{ mb: 2 }}>
        {t('reopen.text', { title: title(task, t('untitled')) })}
      </Typography>
      <Slider
        value={neededMs / MINUTE_MS}
        min={5}
        max={480}
        step={5}
        onChange={(_e, v) => setNeededMs(Number(v) * MINUTE_MS)}
        valueLabelDisplay="auto"
        valueLabelFormat={(v) => formatDuration(v * MINUTE_MS, env.tag)}
        aria-label={t('reopen.needed')}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('reopen.neededValue', { duration: formatDuration(neededMs, env.tag) })}
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={doItNow} onChange={(e) => setDoItNow(e.target.checked)} />}
        label={t('actions.doItNow')}
      />
    </AgendaDialog>
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

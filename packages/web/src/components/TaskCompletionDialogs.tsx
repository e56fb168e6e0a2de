import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { clampTaskDuration, MINUTE_MS, PLANNING_CONSTANTS } from '@planner/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from './ActionDialog';

// The strings live in their own namespace: both the agenda and the task screen load it.
const NS = 'task-dialogs';

interface CompletionDialogProps<Choice> {
  open: boolean;
  /** The task's title as stored (empty shows the untitled placeholder). */
  taskTitle: string;
  /** "1 h 30 min" in the screen's own wording. */
  formatDuration: (ms: number) => string;
  /** Sends the change; resolving to false keeps the dialog open. Errors are handled inside. */
  onConfirm: (choice: Choice) => Promise<unknown>;
  onClose: () => void;
}

export interface MarkDoneChoice {
  /** Length of the break that follows, 0 for none (PutTask's `rest`). */
  rest: number;
}

export interface ReopenChoice {
  /** Time still needed. */
  neededMs: number;
  doItNow: boolean;
}

const REST_STEPS_MIN = [5, 10, 15, 20, 30, 45, 60];

/**
 * Mark as done: the session is cleared; a rest follows by default (5 minutes, spec 4). The rest
 * is offered only for the task that holds the current session: one done while another runs
 * leaves that one alone (the server takes no rest for it either).
 */
export function MarkDoneDialog(
  props: CompletionDialogProps<MarkDoneChoice> & { holdsSession: boolean },
) {
  const { t } = useTranslation(NS);
  const [withRest, setWithRest] = useState(true);
  const [restMs, setRestMs] = useState(PLANNING_CONSTANTS.restAfterDoneMs);
  useEffect(() => {
    if (!props.open) return;
    setWithRest(true);
    setRestMs(PLANNING_CONSTANTS.restAfterDoneMs);
  }, [props.open]);
  return (
    <ActionDialog
      open={props.open}
      title={t('markDone.title')}
      confirmLabel={t('markDone.confirm')}
      cancelLabel={t('cancel')}
      onConfirm={() => props.onConfirm({ rest: props.holdsSession && withRest ? restMs : 0 })}
      onClose={props.onClose}
      testId="mark-done-dialog"
    >
      <Typography sx={{ mb: 2 }}>
        {t('markDone.text', { title: props.taskTitle || t('untitled') })}
      </Typography>
      {props.holdsSession && (
        <FormControlLabel
          control={<Switch checked={withRest} onChange={(e) => setWithRest(e.target.checked)} />}
          label={t('markDone.rest')}
        />
      )}
      {props.holdsSession && withRest && (
        <Box sx={{ px: 1 }}>
          <Slider
            value={restMs / MINUTE_MS}
            min={5}
            max={60}
            step={null}
            marks={REST_STEPS_MIN.map((value) => ({ value }))}
            onChange={(_e, v) => setRestMs(Number(v) * MINUTE_MS)}
            valueLabelDisplay="auto"
            valueLabelFormat={(v) => props.formatDuration(v * MINUTE_MS)}
            aria-label={t('markDone.restLength')}
          />
          <Typography variant="body2" color="text.secondary">
            {t('markDone.restFor', { duration: props.formatDuration(restMs) })}
          </Typography>
        </Box>
      )}
    </ActionDialog>
  );
}

/** Reopen: how much time is still needed (default 30 minutes), and whether to start now. */
export function ReopenDialog(props: CompletionDialogProps<ReopenChoice>) {
  const { t } = useTranslation(NS);
  const [neededMs, setNeededMs] = useState(PLANNING_CONSTANTS.reopenDefaultMs);
  const [doItNow, setDoItNow] = useState(false);
  useEffect(() => {
    if (!props.open) return;
    setNeededMs(PLANNING_CONSTANTS.reopenDefaultMs);
    setDoItNow(false);
  }, [props.open]);
  return (
    <ActionDialog
      open={props.open}
      title={t('reopen.title')}
      confirmLabel={t('reopen.confirm')}
      cancelLabel={t('cancel')}
      onConfirm={() => props.onConfirm({ neededMs, doItNow })}
      onClose={props.onClose}
      testId="reopen-dialog"
    >
      <Typography sx={{ mb: 2 }}>
        {t('reopen.text', { title: props.taskTitle || t('untitled') })}
      </Typography>
      <Slider
        value={neededMs / MINUTE_MS}
        min={5}
        max={480}
        step={5}
        onChange={(_e, v) => setNeededMs(Number(v) * MINUTE_MS)}
        valueLabelDisplay="auto"
        valueLabelFormat={(v) => props.formatDuration(v * MINUTE_MS)}
        aria-label={t('reopen.needed')}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('reopen.neededValue', { duration: props.formatDuration(neededMs) })}
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={doItNow} onChange={(e) => setDoItNow(e.target.checked)} />}
        label={t('doItNow')}
      />
    </ActionDialog>
  );
}

/**
 * The estimate a reopened task gets: what it already took plus the time still needed, within the
 * task bounds (the server gives a task reopened with nothing scheduled 1 hour, spec 4).
 */
export function reopenedTimeScheduled(
  task: { timeFulfilled: number },
  choice: ReopenChoice,
): number {
  return clampTaskDuration(task.timeFulfilled + choice.neededMs, false);
}

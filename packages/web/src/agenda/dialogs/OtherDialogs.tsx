import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  addLocalDays,
  atLocalTimeOfDay,
  HOUR_MS,
  parseTutorialStatus,
  PLANNING_CONSTANTS,
  postponedReminderStart,
  startOfLocalDay,
  toWallClock,
} from '@planner/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UPGRADE_ROUTES, type LimitKind } from '../upgrade';
import { fire } from '../data/action-errors';
import { agendaActions } from '../data/agenda-actions';
import { serverNow } from '../../api/server-clock';
import { shuffleAndTell } from '../data/shuffle';
import { finishTutorial, isFinished } from '../../api/tutorials';
import { formatDuration } from '../model/format';
import type { WireReminder } from '../types';
import type { AgendaEnv } from '../use-agenda-env';
import { AgendaDialog } from './AgendaDialog';
import { fromInput, toDateInput } from './local-input';

type PostponeChoice = 'nextDay' | 'nextWeek' | 'custom';

/** Postpone a reminder: next day, next week, or a date from today on (spec 5). */
export function PostponeDialog({ reminder, env }: { reminder: WireReminder; env: AgendaEnv }) {
  const { t } = useTranslation('agenda');
  const today = toDateInput(serverNow(), env.timeZone);
  const [choice, setChoice] = useState<PostponeChoice>('nextDay');
  const [date, setDate] = useState(
    toDateInput(addLocalDays(serverNow(), 1, env.timeZone), env.timeZone),
  );
  const customDay = fromInput(date, env.timeZone);
  const isValidCustom = customDay !== null && date >= today;
  const newStart = () => {
    if (choice !== 'custom') return postponedReminderStart(reminder.start, choice, env.timeZone);
    const day = customDay ?? startOfLocalDay(serverNow(), env.timeZone);
    if (reminder.allDay) return day;
    const w = toWallClock(reminder.start, env.timeZone);
    return atLocalTimeOfDay(day, (w.hour * 60 + w.minute) * 60_000, env.timeZone);
  };
  return (
    <AgendaDialog
      title={t('postpone.title')}
      confirmLabel={t('postpone.confirm')}
      isConfirmDisabled={choice === 'custom' && !isValidCustom}
      onConfirm={() =>
        fire(
          agendaActions.updateReminder({
            reminder: { ...reminder, start: newStart() },
            type: 0,
            fields: ['start'],
          }),
        )
      }
      testId="postpone-dialog"
    >
      <RadioGroup
        value={choice}
        onChange={(e) => {
          const value = e.target.value;
          if (value === 'nextDay' || value === 'nextWeek' || value === 'custom') setChoice(value);
        }}
      >
        <FormControlLabel value="nextDay" control={<Radio />} label={t('postpone.nextDay')} />
        <FormControlLabel value="nextWeek" control={<Radio />} label={t('postpone.nextWeek')} />
        <FormControlLabel value="custom" control={<Radio />} label={t('postpone.custom')} />
      </RadioGroup>
      {choice === 'custom' && (
        <TextField
          type="date"
          label={t('postpone.date')}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          error={!isValidCustom}
          helperText={isValidCustom ? ' ' : t('postpone.notBeforeToday')}
          slotProps={{ htmlInput: { min: today }, inputLabel: { shrink: true } }}
          sx={{ mt: 1 }}
        />
      )}
    </AgendaDialog>
  );
}

export function ClearOverdueDialog({ count }: { count: number }) {
  const { t } = useTranslation('agenda');
  return (
    <AgendaDialog
      title={t('clearOverdue.title')}
      confirmLabel={t('clearOverdue.confirm')}
      isDestructive
      onConfirm={() => fire(agendaActions.cleanOverdueReminders())}
    >
      <Typography>{t('clearOverdue.text', { count })}</Typography>
    </AgendaDialog>
  );
}

/**
 * The first shuffle explains what it does (the shuffleDialog tutorial flag); once confirmed it
 * is not shown again and Shuffle acts at once.
 */
export function ShuffleDialog() {
  const { t } = useTranslation('agenda');
  return (
    <AgendaDialog
      title={t('shuffle.title')}
      confirmLabel={t('controls.shuffle')}
      onConfirm={async () => {
        void fire(finishTutorial('shuffleDialog'));
        await shuffleAndTell();
      }}
      testId="shuffle-dialog"
    >
      <Typography>{t('shuffle.text')}</Typography>
    </AgendaDialog>
  );
}

/**
 * Take a break: 1 hour by default, in steps of 30 minutes (spec 9). The first break also says
 * what a break does to the plan (the restDialog tutorial flag, finished once it is taken).
 */
export function TakeBreakDialog({ env }: { env: AgendaEnv }) {
  const { t } = useTranslation('agenda');
  const { restDefaultMs, restStepMs } = PLANNING_CONSTANTS;
  const [restMs, setRestMs] = useState<number>(restDefaultMs);
  const isFirst = !isFinished(parseTutorialStatus(env.tutorialStatus), 'restDialog');
  return (
    <AgendaDialog
      title={t('takeBreak.title')}
      confirmLabel={t('takeBreak.confirm')}
      onConfirm={() => {
        if (isFirst) void fire(finishTutorial('restDialog'));
        return fire(agendaActions.takeBreak(restMs));
      }}
      testId="take-break-dialog"
    >
      {isFirst && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="rest-intro">
          {t('takeBreak.firstTime')}
        </Alert>
      )}
      <Typography sx={{ mb: 2 }}>{t('takeBreak.text')}</Typography>
      <Box sx={{ px: 1 }}>
        <Slider
          value={restMs}
          min={restStepMs}
          max={8 * HOUR_MS}
          step={restStepMs}
          marks
          onChange={(_e, v) => setRestMs(Number(v))}
          valueLabelDisplay="auto"
          valueLabelFormat={(v) => formatDuration(v, env.tag)}
          // A screen reader hears the length as shown, not the milliseconds.
          getAriaValueText={(v) => formatDuration(v, env.tag)}
          aria-label={t('takeBreak.length')}
        />
      </Box>
      <Typography variant="h6" component="p" sx={{ textAlign: 'center' }}>
        {formatDuration(restMs, env.tag)}
      </Typography>
    </AgendaDialog>
  );
}

function UpsellDialog({ title, text, limit }: { title: string; text: string; limit: LimitKind }) {
  const { t } = useTranslation('agenda');
  const navigate = useNavigate();
  return (
    <AgendaDialog
      title={title}
      confirmLabel={t('upgrade.now')}
      onConfirm={async () => navigate(UPGRADE_ROUTES[limit])}
      testId="upgrade-dialog"
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <WorkspacePremiumIcon color="warning" sx={{ fontSize: 40 }} />
        <Typography>{text}</Typography>
      </Box>
    </AgendaDialog>
  );
}

/** Spec 6: records older than 24 hours need a paid plan (or a referral). */
export function HistoryLimitDialog() {
  const { t } = useTranslation('agenda');
  return (
    <UpsellDialog
      title={t('upgrade.historyTitle')}
      text={t('upgrade.historyText')}
      limit="premiumOnly"
    />
  );
}

export function UpgradeDialog({
  limit,
  reason,
}: {
  limit: LimitKind;
  reason: 'agendaLength' | 'taskLimit' | 'other';
}) {
  const { t } = useTranslation('agenda');
  const plan = limit === 'premiumOnly' ? 'premium' : 'unlimited';
  return (
    <UpsellDialog
      title={t(`upgrade.${reason}Title`)}
      text={t(`upgrade.${reason}.${plan}`)}
      limit={limit}
    />
  );
}

import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { fire } from '../data/action-errors';
import { agendaActions } from '../data/agenda-actions';
import { formatDate, formatTime } from '../model/format';
import type { WireReminder } from '../types';
import type { AgendaEnv } from '../use-agenda-env';
import { useDayMenus } from './menu-anchor';

export interface ReminderRowProps {
  reminder: WireReminder;
  env: AgendaEnv;
  /** Overdue reminders show their date. */
  showDate?: boolean;
}

/** A reminder occurrence: done toggle, star, postpone and edit. */
export function ReminderRow({ reminder, env, showDate = false }: ReminderRowProps) {
  const { t } = useTranslation('agenda');
  const menus = useDayMenus();
  const title = reminder.title || t('untitled');
  const isDone = reminder.status === 1;
  const when = [
    showDate ? formatDate(reminder.start, env, { month: 'short', day: 'numeric' }) : '',
    reminder.allDay ? (showDate ? '' : t('reminders.allDay')) : formatTime(reminder.start, env),
  ]
    .filter(Boolean)
    .join(' · ');
  // A reminder of today is listed both in its day and among the overdue ones.
  const anchorKey = `reminder:${showDate ? 'overdue' : 'day'}:${reminder.instanceId || `${reminder.id}:${reminder.start}`}`;
  return (
    <Box
      data-testid="agenda-reminder"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 40, pr: 0.5 }}
    >
      <DoneToggle reminder={reminder} title={title} />
      <Typography
        variant="body2"
        noWrap
        sx={{
          flex: 1,
          minWidth: 0,
          fontWeight: 500,
          textDecoration: isDone ? 'line-through' : 'none',
          color: isDone ? 'text.secondary' : 'text.primary',
        }}
      >
        {title}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {when}
      </Typography>
      <StarToggle reminder={reminder} title={title} />
      <IconButton
        size="small"
        aria-label={t('reminders.more', { title })}
        data-menu-anchor={anchorKey}
        onClick={(e) => menus.openReminder(anchorKey, e.currentTarget, reminder)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** Done or open, for this occurrence only. */
function DoneToggle({ reminder, title }: { reminder: WireReminder; title: string }) {
  const { t } = useTranslation('agenda');
  const isDone = reminder.status === 1;
  const occurrence = { id: reminder.id, start: reminder.start, origin: reminder.origin };
  return (
    <IconButton
      size="small"
      role="checkbox"
      aria-checked={isDone}
      aria-label={t(isDone ? 'reminders.markOpen' : 'reminders.markDone', { title })}
      onClick={() =>
        void fire(agendaActions.toggleReminder({ ...occurrence, status: isDone ? 0 : 1 }))
      }
      sx={{ color: isDone ? 'primary.main' : 'text.secondary' }}
    >
      {isDone ? <CheckBoxIcon fontSize="small" /> : <CheckBoxOutlineBlankIcon fontSize="small" />}
    </IconButton>
  );
}

/** The reminder's star, on or off. */
function StarToggle({ reminder, title }: { reminder: WireReminder; title: string }) {
  const { t } = useTranslation('agenda');
  return (
    <IconButton
      size="small"
      aria-label={t(reminder.star ? 'reminders.unstar' : 'reminders.star', { title })}
      aria-pressed={reminder.star}
      onClick={() =>
        void fire(
          agendaActions.updateReminder({
            reminder: { ...reminder, star: !reminder.star },
            type: 0,
            fields: ['star'],
          }),
        )
      }
      sx={{ color: reminder.star ? 'warning.main' : 'text.disabled' }}
    >
      {reminder.star ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
    </IconButton>
  );
}

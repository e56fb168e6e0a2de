import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../model/format';
import { paletteHex } from '../model/palette';
import type { WeekColumn } from '../model/week-model';
import { newReminderRoute } from '../routes';
import type { AgendaEnv } from '../use-agenda-env';

interface DayHeaderProps {
  column: WeekColumn;
  env: AgendaEnv;
  now: number;
  isActive: boolean;
}

/** A day's head in the week: its date (a click adds a reminder), then its all-day items. */
export function DayHeader({ column, env, now, isActive }: DayHeaderProps) {
  return (
    <Box
      sx={{
        minWidth: 0,
        borderInlineStart: '1px solid',
        borderColor: 'divider',
        px: 0.25,
        pb: 0.5,
      }}
    >
      <DayDateButton column={column} env={env} now={now} isActive={isActive} />
      <AllDayItems column={column} />
    </Box>
  );
}

/** The weekday and the day's number, today's in the primary colour; a click adds a reminder. */
function DayDateButton({ column, env, now, isActive }: DayHeaderProps) {
  const { t } = useTranslation('agenda');
  const navigate = useNavigate();
  const isToday = now >= column.start && now < column.end;
  const label = formatDate(column.start, env, { weekday: 'long', month: 'long', day: 'numeric' });
  return (
    <ButtonBase
      tabIndex={isActive ? 0 : -1}
      aria-label={t('week.addReminder', { day: label })}
      onClick={() => navigate(newReminderRoute(column.start))}
      data-testid="week-day-header"
      sx={{
        width: '100%',
        display: 'flex',
        flexDirection: 'column',
        py: 0.75,
        borderRadius: 2,
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Typography
        variant="caption"
        sx={{
          color: isToday ? 'primary.main' : 'text.secondary',
          fontWeight: 600,
          textTransform: 'uppercase',
          fontSize: 11,
        }}
      >
        {formatDate(column.start, env, { weekday: 'short' })}
      </Typography>
      <Box
        sx={{
          width: 30,
          height: 30,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
          bgcolor: isToday ? 'primary.main' : 'transparent',
          color: isToday ? '#fff' : 'text.primary',
        }}
      >
        {formatDate(column.start, env, { day: 'numeric' })}
      </Box>
    </ButtonBase>
  );
}

/** The day's all-day events, tinted by category, then its all-day reminders (struck when done). */
function AllDayItems({ column }: { column: WeekColumn }) {
  const { t } = useTranslation('agenda');
  return (
    <>
      {column.allDayEvents.map((event) => (
        <Typography
          key={`${event.id}:${event.instanceNumber}`}
          noWrap
          variant="caption"
          component="div"
          sx={{
            px: 0.5,
            mb: 0.25,
            borderRadius: 1,
            bgcolor: `${paletteHex(event.category?.color)}33`,
            fontWeight: 600,
          }}
        >
          {event.title || t('untitled')}
        </Typography>
      ))}
      {column.allDayReminders.map((reminder) => (
        <Typography
          key={reminder.instanceId || reminder.id}
          noWrap
          variant="caption"
          component="div"
          data-testid="week-all-day-reminder"
          sx={{
            px: 0.5,
            mb: 0.25,
            borderRadius: 1,
            bgcolor: 'rgba(217, 138, 28, 0.14)',
            textDecoration: reminder.status === 1 ? 'line-through' : 'none',
          }}
        >
          {reminder.title || t('untitled')}
        </Typography>
      ))}
    </>
  );
}

import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { datePickerBounds, fromWallClock, startOfLocalDay, toWallClock } from '@planner/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { capitalizeFirst, formatDate } from '../model/format';
import type { AgendaEnv } from '../use-agenda-env';

interface Month {
  year: number;
  month: number;
}

const shift = ({ year, month }: Month, by: number): Month => {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

/** The days of a month grid, weeks starting on the person's first day of the week. */
export function monthGrid(
  month: Month,
  firstDayOfWeek: string,
  timeZone: string,
): (number | null)[] {
  const first = fromWallClock({ ...month, day: 1 }, timeZone);
  const startDay = firstDayOfWeek === 'SUN' ? 0 : firstDayOfWeek === 'SAT' ? 6 : 1;
  const lead = (toWallClock(first, timeZone).weekday - startDay + 7) % 7;
  const next = shift(month, 1);
  const days = Math.round(
    (fromWallClock({ ...next, day: 1 }, 'UTC') - fromWallClock({ ...month, day: 1 }, 'UTC')) /
      86_400_000,
  );
  const cells: (number | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= days; day += 1) cells.push(fromWallClock({ ...month, day }, timeZone));
  return cells;
}

export interface MonthCalendarProps {
  env: AgendaEnv;
  selected: number;
  now: number;
  onSelect: (dayStart: number) => void;
}

/** The date picker: a month at a time with previous and next (spec 2: a month carousel). */
export function MonthCalendar({ env, selected, now, onSelect }: MonthCalendarProps) {
  const { t } = useTranslation('agenda');
  const start = toWallClock(selected, env.timeZone);
  const [month, setMonth] = useState<Month>({ year: start.year, month: start.month });
  const bounds = datePickerBounds(now, env.timeZone);
  const cells = useMemo(
    () => monthGrid(month, env.firstDayOfWeek, env.timeZone),
    [month, env.firstDayOfWeek, env.timeZone],
  );
  const marks = {
    today: startOfLocalDay(now, env.timeZone),
    chosen: startOfLocalDay(selected, env.timeZone),
    bounds,
  };
  const lead = cells.findIndex((c) => c !== null);
  const headers = Array.from({ length: 7 }, (_, i) =>
    formatDate(fromWallClock({ ...month, day: 1 + ((i - lead + 7) % 7) }, env.timeZone), env, {
      weekday: 'narrow',
    }),
  );
  return (
    <Box sx={{ p: 1.5, width: 300 }}>
      <MonthBar env={env} month={month} bounds={bounds} onMonth={setMonth} />
      <Box
        role="grid"
        aria-label={t('picker.label')}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(7, 1fr)',
          gap: 0.25,
          textAlign: 'center',
        }}
      >
        {headers.map((h, i) => (
          <Typography
            key={`h${i}`}
            variant="caption"
            color="text.secondary"
            sx={{ py: 0.5, fontWeight: 600 }}
          >
            {h}
          </Typography>
        ))}
        {cells.map((day, i) =>
          day === null ? (
            <Box key={`e${i}`} />
          ) : (
            <DayCell key={day} day={day} env={env} marks={marks} onSelect={onSelect} />
          ),
        )}
      </Box>
    </Box>
  );
}

type Bounds = ReturnType<typeof datePickerBounds>;

/** The month's name between previous and next, each off past the picker's bounds. */
function MonthBar(props: {
  env: AgendaEnv;
  month: Month;
  bounds: Bounds;
  onMonth: (change: (month: Month) => Month) => void;
}) {
  const { t } = useTranslation('agenda');
  const { env, month, bounds } = props;
  const firstOfMonth = fromWallClock({ ...month, day: 1 }, env.timeZone);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
      <IconButton
        aria-label={t('picker.previousMonth')}
        onClick={() => props.onMonth((m) => shift(m, -1))}
        disabled={firstOfMonth <= bounds.start}
      >
        <ChevronLeftIcon />
      </IconButton>
      <Typography aria-live="polite" sx={{ flex: 1, textAlign: 'center', fontWeight: 650 }}>
        {capitalizeFirst(
          formatDate(firstOfMonth, env, { month: 'long', year: 'numeric' }),
          env.tag,
        )}
      </Typography>
      <IconButton
        aria-label={t('picker.nextMonth')}
        onClick={() => props.onMonth((m) => shift(m, 1))}
        disabled={fromWallClock({ ...shift(month, 1), day: 1 }, env.timeZone) > bounds.end}
      >
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
}

/** One day of the grid: today stands out, the chosen day is filled, days past the bounds off. */
function DayCell(props: {
  day: number;
  env: AgendaEnv;
  marks: { today: number; chosen: number; bounds: Bounds };
  onSelect: (dayStart: number) => void;
}) {
  const { day, env } = props;
  const { today, chosen, bounds } = props.marks;
  return (
    <ButtonBase
      focusRipple
      disabled={day < bounds.start || day > bounds.end}
      aria-label={formatDate(day, env, {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        year: 'numeric',
      })}
      aria-current={day === today ? 'date' : undefined}
      aria-selected={day === chosen}
      onClick={() => props.onSelect(day)}
      sx={{
        height: 38,
        borderRadius: '50%',
        fontSize: 14,
        fontWeight: day === today ? 700 : 500,
        color: day === chosen ? '#fff' : day === today ? 'primary.main' : 'text.primary',
        bgcolor: day === chosen ? 'primary.main' : 'transparent',
        '&:hover': { bgcolor: day === chosen ? 'primary.dark' : 'action.hover' },
        '&.Mui-disabled': { color: 'text.disabled' },
      }}
    >
      {toWallClock(day, env.timeZone).day}
    </ButtonBase>
  );
}

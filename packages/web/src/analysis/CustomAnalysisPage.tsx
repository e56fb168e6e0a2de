import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { addLocalDays, startOfLocalDay } from '@planner/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate } from 'react-router';
import { useCategories } from '../categories/categories-api';
import { PickersProvider } from '../editors/PickersProvider';
import { toPickerDate, withPickedDay } from '../editors/picker-dates';
import { useAnalysisEnv, useAnalysisPoint } from './analysis-api';
import { AnalysisTabs } from './AnalysisTabs';
import { categoryShares } from '../charts/category-split';
import { CategoryBar } from '../charts/CategoryBar';
import { formatTracked } from '../charts/chart-format';
import { customRange, detailPath } from './periods';

/** The range a custom analysis opens with: the last seven days, today included. */
const FIRST_RANGE_DAYS = 7;

function DayField({
  label,
  name,
  day,
  max,
  timeZone,
  onPick,
  onCommit,
}: {
  label: string;
  name: string;
  day: number;
  max: number;
  timeZone: string;
  onPick: (day: number) => void;
  onCommit: () => void;
}) {
  // What the field shows while a date is typed section by section (kept until it is whole).
  const [typed, setTyped] = useState<Date | null>(null);
  return (
    <DatePicker
      label={label}
      value={typed ?? toPickerDate(day, timeZone)}
      maxDate={toPickerDate(max, timeZone)}
      disableFuture
      onChange={(picked, context) => {
        const next = context.validationError === null ? withPickedDay(day, picked, timeZone) : null;
        if (next === null) {
          setTyped(picked);
          return;
        }
        setTyped(null);
        onPick(next);
      }}
      onAccept={(_, context) => {
        if (context.source === 'view') onCommit();
      }}
      slotProps={{
        textField: {
          name,
          fullWidth: true,
          onBlur: () => {
            setTyped(null);
            onCommit();
          },
        },
      }}
    />
  );
}

/**
 * The range chosen, from the last seven days on. Each whole date typed or picked is kept as it
 * is; the rules tying the two together apply when a field is left or a day picked (a day typed
 * digit by digit passes through others). `moved` says the start was moved before the end.
 */
function useCustomRange(now: number, timeZone: string) {
  const today = startOfLocalDay(now, timeZone);
  const [days, setDays] = useState(() => ({
    start: addLocalDays(today, 1 - FIRST_RANGE_DAYS, timeZone),
    end: today,
    moved: false,
  }));
  const range = customRange(days.start, days.end, now, timeZone);
  const pick = (field: 'start' | 'end', day: number) =>
    setDays((current) => ({ ...current, [field]: day, moved: false }));
  const commit = () =>
    setDays((current) => {
      const normalized = customRange(current.start, current.end, now, timeZone);
      const asked = Math.min(startOfLocalDay(current.start, timeZone), today);
      return {
        start: normalized.startDay,
        end: normalized.endDay,
        moved: current.moved || normalized.startDay < asked,
      };
    });
  return { today, range, isStartMoved: days.moved, pick, commit };
}

/** The start and end days side by side (one above the other on a phone). */
function RangeFields({
  custom,
  timeZone,
}: {
  custom: ReturnType<typeof useCustomRange>;
  timeZone: string;
}) {
  const { t } = useTranslation(['analysis', 'editors']);
  const { range, today, pick, commit } = custom;
  return (
    <PickersProvider>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <DayField
          label={t('custom.start')}
          name="custom-start"
          day={range.startDay}
          max={today}
          timeZone={timeZone}
          onPick={(day) => pick('start', day)}
          onCommit={commit}
        />
        <DayField
          label={t('custom.end')}
          name="custom-end"
          day={range.endDay}
          max={today}
          timeZone={timeZone}
          onPick={(day) => pick('end', day)}
          onCommit={commit}
        />
      </Box>
    </PickersProvider>
  );
}

/**
 * /analysis/custom: any range of whole days up to today. An end before the start moves the
 * start to the day before the end; the range's total opens the detail.
 */
export default function CustomAnalysisPage() {
  const { t } = useTranslation(['analysis', 'editors']);
  const env = useAnalysisEnv();
  const { timeZone } = env.prefs;
  const [now] = useState(() => Date.now());
  const custom = useCustomRange(now, timeZone);
  const { range } = custom;
  const isAllowed = env.features.customAnalysis;
  const query = useAnalysisPoint(env.isKnown && isAllowed ? range.period : null);
  const categories = useCategories().data ?? [];

  if (env.isKnown && !isAllowed) return <Navigate to="/analysis" replace />;
  const shares = query.data ? categoryShares(query.data.categories, categories) : [];
  return (
    <Box
      sx={{
        width: '100%',
        maxWidth: 760,
        mx: 'auto',
        px: { xs: 1.5, sm: 3 },
        py: { xs: 1.5, sm: 3 },
      }}
    >
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <AnalysisTabs current="custom" env={env} />
        <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
          <RangeFields custom={custom} timeZone={timeZone} />
          {custom.isStartMoved && (
            <Alert severity="info" data-testid="custom-start-moved">
              {t('custom.startMoved')}
            </Alert>
          )}
          {query.isError && <Alert severity="error">{t('error')}</Alert>}
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography color="text.secondary" sx={{ flex: 1 }}>
              {t('detail.total')}
            </Typography>
            <Typography variant="h5" component="p" data-testid="custom-total">
              {query.data ? formatTracked(query.data.sum, t) : '…'}
            </Typography>
          </Box>
          <CategoryBar shares={shares} whole={query.data?.sum ?? 0} />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              variant="contained"
              disableElevation
              component={RouterLink}
              to={detailPath('custom', range.period)}
            >
              {t('custom.open')}
            </Button>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { addLocalDays, startOfLocalDay } from '@planner/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation, useSearchParams } from 'react-router';
import { serverNow } from '../api/server-clock';
import { useCategories } from '../categories/categories-api';
import { PickersProvider } from '../editors/PickersProvider';
import { toPickerDate, withPickedDay } from '../editors/picker-dates';
import { useAnalysisEnv, useAnalysisPoint, type AnalysisEnv } from './analysis-api';
import { AnalysisTabs } from './AnalysisTabs';
import { categoryShares } from '../charts/category-split';
import { CategoryBar } from '../charts/CategoryBar';
import { formatTracked } from '../charts/chart-format';
import type { FromList } from './list-place';
import { customRange, customSearch, detailPath, parseCustomSearch } from './periods';
import { WeekStartPickers } from './WeekStartPickers';

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
      // Today on the server's clock (the device's may be off, either way): no disableFuture.
      maxDate={toPickerDate(max, timeZone)}
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

/** The days the page opens with: the range in its address, else the last seven days. */
function firstDays(search: URLSearchParams, today: number, timeZone: string) {
  const asked = parseCustomSearch(search, timeZone);
  if (asked)
    return { start: asked.start, end: addLocalDays(asked.end, -1, timeZone), moved: false };
  return { start: addLocalDays(today, 1 - FIRST_RANGE_DAYS, timeZone), end: today, moved: false };
}

/**
 * The range chosen, from the one in the address (the way back from its detail) or the last seven
 * days on. Each whole date typed or picked is kept as it is; the rules tying the two together
 * apply when a field is left or a day picked (a day typed digit by digit passes through others).
 * `moved` says the start was moved before the end. A range the person chose is written into the
 * address (replacing it), so Back from its detail, or a reload, shows it again.
 */
function useCustomRange(now: number, timeZone: string) {
  const today = startOfLocalDay(now, timeZone);
  const [search, setSearch] = useSearchParams();
  const [days, setDays] = useState(() => firstDays(search, today, timeZone));
  const isChosen = useRef(false);
  const range = customRange(days.start, days.end, now, timeZone);
  const wanted = customSearch(range.period);
  useEffect(() => {
    if (!isChosen.current) return;
    if (search.get('start') === wanted.start && search.get('end') === wanted.end) return;
    setSearch(wanted, { replace: true });
  }, [wanted.start, wanted.end]);
  const pick = (field: 'start' | 'end', day: number) => {
    isChosen.current = true;
    setDays((current) => ({ ...current, [field]: day, moved: false }));
  };
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
  firstDayOfWeek,
}: {
  custom: ReturnType<typeof useCustomRange>;
  timeZone: string;
  firstDayOfWeek: string;
}) {
  const { t } = useTranslation(['analysis', 'editors']);
  const { range, today, pick, commit } = custom;
  return (
    <PickersProvider>
      <WeekStartPickers firstDayOfWeek={firstDayOfWeek}>
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
      </WeekStartPickers>
    </PickersProvider>
  );
}

/** The range's fields, its total and its bar, and the way to its detail. */
function CustomAnalysis({ env }: { env: AnalysisEnv }) {
  const { t } = useTranslation(['analysis', 'editors']);
  const { timeZone } = env.prefs;
  const [now] = useState(serverNow);
  const custom = useCustomRange(now, timeZone);
  const { range } = custom;
  const query = useAnalysisPoint(range.period);
  const categories = useCategories().data ?? [];
  // The detail's Back returns to this entry, whose address holds the range.
  const fromHere: FromList = { listKey: useLocation().key, isListBehind: true };
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
          <RangeFields custom={custom} timeZone={timeZone} firstDayOfWeek={env.firstDayOfWeek} />
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
              state={fromHere}
            >
              {t('custom.open')}
            </Button>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}

/**
 * /analysis/custom: any range of whole days up to today (the server's clock). An end before the
 * start moves the start to the day before the end; the range's total opens the detail. Drawn once
 * the profile is known: its zone says which days an address names.
 */
export default function CustomAnalysisPage() {
  const env = useAnalysisEnv();
  if (!env.isKnown) return null;
  if (!env.features.customAnalysis) return <Navigate to="/analysis" replace />;
  return <CustomAnalysis env={env} />;
}

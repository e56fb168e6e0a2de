import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { addLocalDays } from '@planner/core';
import { useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { serverNow } from '../api/server-clock';
import { useCategories } from '../categories/categories-api';
import type { PlannerPrefs } from '../editors/prefs';
import { ShareMenu } from '../share/ShareMenu';
import {
  useAnalysisEnv,
  useAnalysisPoint,
  useItemTitles,
  type StatisticsPoint,
} from './analysis-api';
import { categoryShares, topWithOthers } from '../charts/category-split';
import { CategoryDonutCard, ChartColumn, ChartGrid, ItemBarsCard } from '../charts/ChartBlocks';
import { formatPercent, formatTracked } from '../charts/chart-format';
import { periodName } from './format';
import { fromListOf, type FromList } from './list-place';
import {
  customPath,
  detailPath,
  needsFeature,
  parseDetail,
  shiftPeriod,
  type Frequency,
  type Period,
} from './periods';

/** Tasks and events shown by name; the rest are summed as "others". */
const TOP_ITEMS = 8;

/** The list a detail belongs to; a custom range goes back to the custom page showing it. */
function listPathOf(frequency: Frequency, period: Period): string {
  if (frequency === 'custom') return customPath(period);
  return frequency === 'day' ? '/analysis' : `/analysis/${frequency}`;
}

/** A click that opens a link here (not in a new tab or window). */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/** The period before (-1) or after (+1): a custom range moves by its own number of days. */
function neighbour(frequency: Frequency, period: Period, step: number, timeZone: string): Period {
  if (frequency !== 'custom') return shiftPeriod(frequency, period, step, timeZone);
  let days = 0;
  while (addLocalDays(period.start, days, timeZone) < period.end) days += 1;
  return {
    start: addLocalDays(period.start, step * days, timeZone),
    end: addLocalDays(period.end, step * days, timeZone),
  };
}

/** The top tasks or events as bars, the rest as Others; a title not read yet says "a task". */
function DetailItemBars({
  kind,
  title,
  values,
  titles,
}: {
  kind: 'task' | 'event';
  title: string;
  values: Readonly<Record<string, number>>;
  titles: ReadonlyMap<string, string> | undefined;
}) {
  const { t } = useTranslation(['analysis', 'editors']);
  return (
    <ItemBarsCard
      title={title}
      heading="h3"
      items={topWithOthers(values, TOP_ITEMS)}
      labelOf={(item) =>
        item.id === null
          ? t('detail.others')
          : (titles?.get(item.id) ?? t(kind === 'task' ? 'detail.someTask' : 'detail.someEvent'))
      }
      colorOf={() => (kind === 'task' ? 'primary.main' : 'secondary.main')}
      testId={`analysis-${kind}s`}
      itemTestId={`analysis-${kind}`}
      formatMs={(ms) => formatTracked(ms, t)}
    />
  );
}

/** The titles of the tasks and events shown by name (the rest are "others"). */
function useNamedItemTitles(point: StatisticsPoint) {
  const named = (values: Readonly<Record<string, number>>) =>
    topWithOthers(values, TOP_ITEMS).flatMap((item) => (item.id === null ? [] : [item.id]));
  const taskIds = useMemo(() => named(point.tasks), [point.tasks]);
  const eventIds = useMemo(() => named(point.events), [point.events]);
  return useItemTitles(taskIds, eventIds).data;
}

function DetailBody({ point, languageTag }: { point: StatisticsPoint; languageTag: string }) {
  const { t } = useTranslation(['analysis', 'editors']);
  const categories = useCategories().data ?? [];
  const shares = categoryShares(point.categories, categories);
  const titles = useNamedItemTitles(point);
  if (point.sum === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">{t('detail.nothing')}</Typography>
      </Paper>
    );
  }
  return (
    <ChartGrid>
      <CategoryDonutCard
        title={t('detail.byCategory')}
        heading="h3"
        rows={shares.map((share) => ({
          id: share.id || 'none',
          color: share.color,
          label: share.category?.title ?? t('noCategory'),
          ms: share.ms,
          icon: share.category
            ? { icon: share.category.icon, color: share.category.color }
            : undefined,
        }))}
        total={point.sum}
        formatMs={(ms) => formatTracked(ms, t)}
        formatShare={(ms) => formatPercent(ms, point.sum, languageTag)}
        rowTestId="analysis-category"
      />
      <ChartColumn>
        <DetailItemBars
          kind="task"
          title={t('detail.tasks')}
          values={point.tasks}
          titles={titles}
        />
        <DetailItemBars
          kind="event"
          title={t('detail.events')}
          values={point.events}
          titles={titles}
        />
      </ChartColumn>
    </ChartGrid>
  );
}

function InvalidAddress() {
  const { t } = useTranslation('analysis');
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', p: 3 }}>
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to="/analysis" color="inherit" size="small">
            {t('detail.invalid.action')}
          </Button>
        }
      >
        {t('detail.invalid.text')}
      </Alert>
    </Box>
  );
}

/** The period's name: a custom range names its first and last day (a single day once). */
function detailName(frequency: Frequency, period: Period, prefs: PlannerPrefs): string {
  if (frequency !== 'custom') return periodName(frequency, period, prefs);
  const lastDay = { start: addLocalDays(period.end, -1, prefs.timeZone), end: period.end };
  if (lastDay.start <= period.start) return periodName('day', period, prefs);
  return `${periodName('day', period, prefs)} – ${periodName('day', lastDay, prefs)}`;
}

/** The kind of period above its name. */
function DetailTitle({ frequency, name }: { frequency: Frequency; name: string }) {
  const { t } = useTranslation(['analysis', 'editors']);
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.5 }}>
        {t(`tabs.${frequency}`)}
      </Typography>
      <Typography
        variant="h6"
        component="h2"
        data-testid="analysis-period"
        sx={{ lineHeight: 1.3 }}
      >
        {name}
      </Typography>
    </Box>
  );
}

/**
 * Back to the list, at the place it was left (list-place.ts): opened from its row, Back shows
 * that very history entry again, as the browser's Back would (its place and focus come back);
 * otherwise a link to the list, naming the entry whose place to take.
 */
function BackToList({ frequency, period }: { frequency: Frequency; period: Period }) {
  const { t } = useTranslation(['analysis', 'editors']);
  const navigate = useNavigate();
  const fromList = fromListOf(useLocation().state);
  const state: FromList | undefined = fromList
    ? { listKey: fromList.listKey, isListBehind: false }
    : undefined;
  return (
    <IconButton
      component={RouterLink}
      to={listPathOf(frequency, period)}
      state={state}
      onClick={(event: MouseEvent) => {
        if (!fromList?.isListBehind || !isPlainClick(event)) return;
        event.preventDefault();
        void navigate(-1);
      }}
      aria-label={t('detail.back')}
      // On a phone the drawer's swipe strip covers the first 40 px of the screen.
      sx={{ ml: { xs: 3.5, sm: -1 } }}
    >
      <ArrowBackIcon />
    </IconButton>
  );
}

/**
 * Back to the list, the kind and name of the period, the periods before and after, and share
 * (only a period with time in it: an empty one would publish "no time was tracked").
 */
function DetailHeader({
  frequency,
  period,
  prefs,
  now,
  canShare,
}: {
  frequency: Frequency;
  period: Period;
  prefs: PlannerPrefs;
  now: number;
  canShare: boolean;
}) {
  const { t } = useTranslation(['analysis', 'editors']);
  const navigate = useNavigate();
  const fromList = fromListOf(useLocation().state);
  const previous = neighbour(frequency, period, -1, prefs.timeZone);
  const next = neighbour(frequency, period, 1, prefs.timeZone);
  // The list's place travels along, so Back still finds it.
  const go = (to: Period) =>
    void navigate(detailPath(frequency, to), {
      state: fromList ? { listKey: fromList.listKey, isListBehind: false } : undefined,
    });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <BackToList frequency={frequency} period={period} />
      <DetailTitle frequency={frequency} name={detailName(frequency, period, prefs)} />
      <IconButton
        aria-label={t('detail.previous')}
        onClick={() => go(previous)}
        disabled={previous.start < 0}
      >
        <ChevronLeftIcon />
      </IconButton>
      <IconButton
        aria-label={t('detail.next')}
        onClick={() => go(next)}
        disabled={next.start > now}
      >
        <ChevronRightIcon />
      </IconButton>
      {canShare && <ShareMenu points={[period]} />}
    </Box>
  );
}

/** The period's total tracked time ("…" until it is read). */
function DetailTotal({ sum }: { sum: number | undefined }) {
  const { t } = useTranslation(['analysis', 'editors']);
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', alignItems: 'baseline', gap: 1 }}>
      <Typography color="text.secondary" sx={{ flex: 1 }}>
        {t('detail.total')}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        data-testid="analysis-total"
        sx={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {sum !== undefined ? formatTracked(sum, t) : '…'}
      </Typography>
    </Paper>
  );
}

/**
 * /analysis/{frequency}/{startBase32}/{endBase32}: one period's tracked time, the donut by
 * category with each one's share, bars per task and per event, and the neighbouring periods.
 */
export default function AnalysisDetailPage() {
  const { t } = useTranslation(['analysis', 'editors']);
  const params = useParams();
  const env = useAnalysisEnv();
  const { timeZone } = env.prefs;
  const detail = env.isKnown ? parseDetail(params, timeZone, env.firstDayOfWeek) : null;
  const feature = detail ? needsFeature(detail.frequency) : null;
  const isAllowed = feature === null || env.features[feature];
  const query = useAnalysisPoint(detail && isAllowed ? detail.period : null);
  const [now] = useState(serverNow);

  if (!env.isKnown) return null;
  if (!detail) return <InvalidAddress />;
  if (!isAllowed) return <Navigate to="/analysis" replace />;
  return (
    <Box
      sx={{
        width: '100%',
        maxWidth: 1120,
        mx: 'auto',
        px: { xs: 1.5, sm: 3 },
        py: { xs: 1.5, sm: 3 },
        display: 'grid',
        gap: 2,
      }}
    >
      <DetailHeader
        frequency={detail.frequency}
        period={detail.period}
        prefs={env.prefs}
        now={now}
        canShare={(query.data?.sum ?? 0) > 0}
      />
      <DetailTotal sum={query.data?.sum} />
      {query.isError && <Alert severity="error">{t('error')}</Alert>}
      {query.isPending ? (
        <Skeleton variant="rounded" height={280} />
      ) : (
        query.data && <DetailBody point={query.data} languageTag={env.prefs.languageTag} />
      )}
    </Box>
  );
}

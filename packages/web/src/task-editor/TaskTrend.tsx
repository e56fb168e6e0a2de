import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as serverApi from './task-editor-api';
import { formatDuration } from '../editors/format';
import type { PlannerPrefs } from '../editors/prefs';
import { collapseEmptyRuns, trendPageDays, type TrendBar, type TrendDay } from './trend';
import { serverNow } from '../api/server-clock';

const TrendBarChart = lazy(() => import('./TrendBarChart'));

async function loadPage(
  taskId: string,
  now: number,
  page: number,
  timeZone: string,
): Promise<TrendDay[]> {
  const days = trendPageDays(now, page, timeZone);
  const answer = await serverApi.getTimeStatistics(
    { taskId, points: days.map((d) => ({ start: d.start, end: d.end })) },
    { showLoading: false },
  );
  return days.map((day, i) => ({ ...day, ms: answer.points[i]?.tasks[taskId] ?? 0 }));
}

function barLabel(bar: TrendBar, prefs: PlannerPrefs): string {
  const day = (ms: number) =>
    new Intl.DateTimeFormat(prefs.languageTag, {
      day: 'numeric',
      month: 'numeric',
      timeZone: prefs.timeZone,
    }).format(ms);
  return bar.kind === 'gap' ? `${day(bar.start)}–${day(bar.end - 1)}` : day(bar.start);
}

/**
 * The trend of past time spent on the task (spec 2): 30 days first, more on request, empty
 * stretches of a week or more collapsed. Read-only.
 */
export function TaskTrend({ taskId, prefs }: { taskId: string; prefs: PlannerPrefs }) {
  const { t } = useTranslation('editors');
  const [now] = useState(() => serverNow());
  const query = useInfiniteQuery({
    queryKey: ['editors', 'taskTrend', taskId, prefs.timeZone],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => loadPage(taskId, now, pageParam, prefs.timeZone),
    getNextPageParam: (_last, pages) => pages.length,
    meta: { silent: true },
  });
  const bars = useMemo(
    () => collapseEmptyRuns([...(query.data?.pages ?? [])].reverse().flat()),
    [query.data],
  );
  const total = bars.reduce((sum, bar) => sum + (bar.kind === 'day' ? bar.ms : 0), 0);
  const fallback = <Skeleton variant="rounded" height={200} />;
  return (
    <Box data-testid="task-trend">
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle2">{t('task.trend')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('task.trendTotal', { duration: formatDuration(total, t) })}
        </Typography>
      </Box>
      {query.isPending ? (
        fallback
      ) : (
        <Suspense fallback={fallback}>
          <TrendBarChart
            labels={bars.map((bar) => barLabel(bar, prefs))}
            values={bars.map((bar) => (bar.kind === 'day' ? bar.ms : 0))}
            isGap={bars.map((bar) => bar.kind === 'gap')}
            formatValue={(ms) => formatDuration(ms, t)}
          />
        </Suspense>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <Button
          size="small"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage || query.isPending}
        >
          {t('task.trendMore')}
        </Button>
      </Box>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { serverNow } from '../api/server-clock';
import { useCategories, type PlainCategory } from '../categories/categories-api';
import { EstimateAccuracyCard } from '../estimates/EstimateAccuracyCard';
import { useAnalysisEnv, useAnalysisList, type AnalysisEnv } from './analysis-api';
import { AnalysisTabs } from './AnalysisTabs';
import { ALL_CATEGORIES } from '../charts/category-split';
import { CategoryFilter } from './CategoryFilter';
import { fromListOf, placeOf, rememberPlace, type ListPlace } from './list-place';
import { PeriodRow } from './PeriodRow';
import {
  isListFrequency,
  needsFeature,
  periodContaining,
  withinHistory,
  type ListFrequency,
} from './periods';
import { useLoadNearBottom } from './use-load-near-bottom';

/**
 * The place this list was left at, when it is shown again (Back in the browser, or the detail's
 * Back naming it): only while its first period is still the current one, so "Today" stays true.
 */
function useReturnedPlace(frequency: ListFrequency | null, env: AnalysisEnv): ListPlace | null {
  const location = useLocation();
  const place =
    placeOf(location.key, frequency) ?? placeOf(fromListOf(location.state)?.listKey, frequency);
  if (!place) return null;
  const { timeZone } = env.prefs;
  const currentOf = (instant: number) =>
    periodContaining(place.frequency, instant, timeZone, env.firstDayOfWeek).start;
  return currentOf(place.now) === currentOf(serverNow()) ? place : null;
}

/** Back at a place: reads as many pages as it had, then scrolls to where it was (once). */
function useRestoredScroll(
  place: ListPlace | null,
  pagesRead: number | null,
  isLastPage: boolean,
  loadMore: () => void,
) {
  const restored = useRef<ListPlace | null>(null);
  useEffect(() => {
    if (!place || restored.current === place || pagesRead === null) return;
    if (pagesRead < place.pages && !isLastPage) {
      loadMore();
      return;
    }
    restored.current = place;
    window.scrollTo(0, place.scrollY);
  });
}

/**
 * The periods of one frequency, newest first, with more read as the page nears its end, up to
 * the start of the account's history. "Now" is the server's clock when the list opened, or the
 * one of the place it returns to.
 */
function useAnalysisPoints(
  frequency: ListFrequency | null,
  env: AnalysisEnv,
  isAllowed: boolean,
  place: ListPlace | null,
) {
  const [openedAt] = useState(serverNow);
  const now = place?.now ?? openedAt;
  const query = useAnalysisList(
    frequency ?? 'day',
    env,
    frequency !== null && isAllowed && env.isKnown,
    now,
  );
  const points = useMemo(
    () => withinHistory(query.data?.pages.flat() ?? [], env.createdAt),
    [query.data, env.createdAt],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  useLoadNearBottom(loadMore, [points.length]);
  useRestoredScroll(place, query.data?.pages.length ?? null, !hasNextPage, loadMore);
  // Nothing recorded in the whole history (a new account): a word above its few empty rows.
  const isEmpty = query.isSuccess && !hasNextPage && points.every((point) => point.sum === 0);
  return { query, points, now, isEmpty };
}

/** What a list without any recorded time says: what will appear, and from where. */
function EmptyHistory() {
  const { t } = useTranslation('analysis');
  return (
    <Box sx={{ px: 3, py: 3, textAlign: 'center' }} data-testid="analysis-empty">
      <Typography variant="subtitle1" component="p">
        {t('list.empty.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('list.empty.text')}
      </Typography>
    </Box>
  );
}

/** The list of periods, an error above it and the spinner below while more are read. */
function PeriodList({
  frequency,
  env,
  filter,
  categories,
  list,
  onOpen,
}: {
  frequency: ListFrequency;
  env: AnalysisEnv;
  filter: string;
  categories: readonly PlainCategory[];
  list: ReturnType<typeof useAnalysisPoints>;
  onOpen: () => void;
}) {
  const { t } = useTranslation('analysis');
  const { query, points } = list;
  return (
    <>
      {query.isError && (
        <Alert severity="error" sx={{ m: 1.5 }}>
          {t('error')}
        </Alert>
      )}
      {list.isEmpty && <EmptyHistory />}
      <List disablePadding data-testid="analysis-list" aria-label={t(`tabs.${frequency}`)}>
        {points.map((point, i) => (
          <PeriodRow
            key={point.start}
            frequency={frequency}
            point={point}
            isCurrent={i === 0}
            categories={categories}
            filter={filter}
            prefs={env.prefs}
            onOpen={onOpen}
          />
        ))}
      </List>
      {(query.isPending || query.isFetchingNextPage) && env.isKnown && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
          <CircularProgress size={28} aria-label={t('list.loading')} />
        </Box>
      )}
    </>
  );
}

/**
 * /analysis/{view?}: one row per day, week, month or year, newest first, each the period's
 * tracked time and its split by category; more rows load as the list nears its end. Opening a
 * row notes the list's place, so the way back returns to it.
 */
export default function AnalysisListPage() {
  const { view } = useParams();
  const location = useLocation();
  const frequency: ListFrequency | null =
    view === undefined ? 'day' : isListFrequency(view) ? view : null;
  const env = useAnalysisEnv();
  const feature = frequency ? needsFeature(frequency) : null;
  const isAllowed = feature === null || env.features[feature];
  const place = useReturnedPlace(frequency, env);
  const [filter, setFilter] = useState(place?.filter ?? ALL_CATEGORIES);
  const categories = useCategories().data ?? [];
  const list = useAnalysisPoints(frequency, env, isAllowed, place);

  if (frequency === null) return <Navigate to="/analysis" replace />;
  // A month or year address typed or kept from a paid time: back to the free view.
  if (env.isKnown && !isAllowed) return <Navigate to="/analysis" replace />;
  const notePlace = () =>
    rememberPlace(location.key, {
      frequency,
      now: list.now,
      pages: list.query.data?.pages.length ?? 0,
      scrollY: window.scrollY,
      filter,
    });
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
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' },
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <AnalysisTabs current={frequency} env={env} />
        <Box sx={{ p: 1.5, display: 'flex', justifyContent: 'flex-end' }}>
          <CategoryFilter categories={categories} value={filter} onChange={setFilter} />
        </Box>
        <PeriodList
          frequency={frequency}
          env={env}
          filter={filter}
          categories={categories}
          list={list}
          onOpen={notePlace}
        />
      </Paper>
      <Box sx={{ gridRow: { xs: 1, md: 'auto' } }}>
        <EstimateAccuracyCard />
      </Box>
    </Box>
  );
}

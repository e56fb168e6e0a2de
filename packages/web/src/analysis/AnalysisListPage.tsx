import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { useCategories, type PlainCategory } from '../categories/categories-api';
import { EstimateAccuracyCard } from '../estimates/EstimateAccuracyCard';
import {
  useAnalysisEnv,
  useAnalysisList,
  type AnalysisEnv,
  type StatisticsPoint,
} from './analysis-api';
import { AnalysisTabs } from './AnalysisTabs';
import { ALL_CATEGORIES, categoryShares, totalOf } from '../charts/category-split';
import { CategoryBar } from '../charts/CategoryBar';
import { CategoryFilter } from './CategoryFilter';
import { formatTracked } from '../charts/chart-format';
import { CURRENT_KEYS, periodName } from './format';
import { detailPath, isListFrequency, needsFeature, type ListFrequency } from './periods';
import { useLoadNearBottom } from './use-load-near-bottom';

/** The categories shown by name under a row; the bar shows them all. */
const NAMED_CATEGORIES = 3;

function PeriodRow({
  frequency,
  point,
  isCurrent,
  categories,
  filter,
}: {
  frequency: ListFrequency;
  point: StatisticsPoint;
  isCurrent: boolean;
  categories: readonly PlainCategory[];
  filter: string;
}) {
  const { t } = useTranslation(['analysis', 'editors']);
  const env = useAnalysisEnv();
  const shares = categoryShares(point.categories, categories, filter);
  const total = totalOf(shares);
  const name = periodName(frequency, point, env.prefs);
  // A link, so the keyboard, a screen reader ("link") and a new tab all reach the period.
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={detailPath(frequency, point)}
        data-testid="analysis-row"
        data-start={point.start}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr)',
          justifyItems: 'stretch',
          gap: 0.75,
          py: 1.5,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 500, flex: 1, minWidth: 0 }} noWrap>
            {isCurrent ? t(CURRENT_KEYS[frequency]) : name}
            {isCurrent && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {name}
              </Typography>
            )}
          </Typography>
          <Typography data-testid="analysis-row-total" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {total > 0 ? formatTracked(total, t) : '–'}
          </Typography>
        </Box>
        <CategoryBar shares={shares} whole={total} />
        {shares.length > 0 && (
          <Typography variant="caption" color="text.secondary" noWrap>
            {shares
              .slice(0, NAMED_CATEGORIES)
              .map((s) => `${s.category?.title ?? t('noCategory')} ${formatTracked(s.ms, t)}`)
              .join(' · ')}
          </Typography>
        )}
      </ListItemButton>
    </ListItem>
  );
}

/** The periods of one frequency, newest first, with more read as the page nears its end. */
function useAnalysisPoints(frequency: ListFrequency | null, env: AnalysisEnv, isAllowed: boolean) {
  const query = useAnalysisList(
    frequency ?? 'day',
    env,
    frequency !== null && isAllowed && env.isKnown,
  );
  const points = useMemo(() => query.data?.pages.flat() ?? [], [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useLoadNearBottom(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [points.length]);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [frequency]);
  return { query, points };
}

/** The list of periods, an error above it and the spinner below while more are read. */
function PeriodList({
  frequency,
  env,
  filter,
  categories,
  list,
}: {
  frequency: ListFrequency;
  env: AnalysisEnv;
  filter: string;
  categories: readonly PlainCategory[];
  list: ReturnType<typeof useAnalysisPoints>;
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
      <List disablePadding data-testid="analysis-list" aria-label={t(`tabs.${frequency}`)}>
        {points.map((point, i) => (
          <PeriodRow
            key={point.start}
            frequency={frequency}
            point={point}
            isCurrent={i === 0}
            categories={categories}
            filter={filter}
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
 * tracked time and its split by category; more rows load as the list nears its end.
 */
export default function AnalysisListPage() {
  const { view } = useParams();
  const frequency: ListFrequency | null =
    view === undefined ? 'day' : isListFrequency(view) ? view : null;
  const env = useAnalysisEnv();
  const feature = frequency ? needsFeature(frequency) : null;
  const isAllowed = feature === null || env.features[feature];
  const [filter, setFilter] = useState(ALL_CATEGORIES);
  const categories = useCategories().data ?? [];
  const list = useAnalysisPoints(frequency, env, isAllowed);

  if (frequency === null) return <Navigate to="/analysis" replace />;
  // A month or year address typed or kept from a paid time: back to the free view.
  if (env.isKnown && !isAllowed) return <Navigate to="/analysis" replace />;
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
        />
      </Paper>
      <Box sx={{ gridRow: { xs: 1, md: 'auto' } }}>
        <EstimateAccuracyCard />
      </Box>
    </Box>
  );
}

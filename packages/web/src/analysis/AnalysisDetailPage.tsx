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
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router';
import { useCategories } from '../categories/categories-api';
import { CategoryIcon } from '../categories/CategoryIcon';
import { ShareMenu } from '../share/ShareMenu';
import {
  useAnalysisEnv,
  useAnalysisPoint,
  useItemTitles,
  type StatisticsPoint,
} from './analysis-api';
import { categoryShares, topWithOthers, type CategoryShare } from './category-split';
import { formatPercent, formatTracked, periodName } from './format';
import {
  detailPath,
  needsFeature,
  parseDetail,
  shiftPeriod,
  type Frequency,
  type Period,
} from './periods';

const CategoryDonut = lazy(() => import('./CategoryDonut'));

/** Tasks and events shown by name; the rest are summed as "others". */
const TOP_ITEMS = 8;

function listPathOf(frequency: Frequency): string {
  if (frequency === 'custom') return '/analysis/custom';
  return frequency === 'day' ? '/analysis' : `/analysis/${frequency}`;
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

function CategoryLegend({
  shares,
  total,
  languageTag,
}: {
  shares: readonly CategoryShare[];
  total: number;
  languageTag: string;
}) {
  const { t } = useTranslation(['analysis', 'editors']);
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {shares.map((share) => (
        <Box
          component="li"
          key={share.id}
          data-testid="analysis-category"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
        >
          <Box
            sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: share.color, flex: 'none' }}
          />
          {share.category && (
            <CategoryIcon icon={share.category.icon} color={share.category.color} size={18} />
          )}
          <Typography noWrap sx={{ flex: 1, minWidth: 0 }}>
            {share.category?.title ?? t('noCategory')}
          </Typography>
          <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatTracked(share.ms, t)}
          </Typography>
          <Typography
            color="text.secondary"
            sx={{ width: 44, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
          >
            {formatPercent(share.ms, total, languageTag)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function ItemBars({
  title,
  kind,
  values,
  titles,
}: {
  title: string;
  kind: 'task' | 'event';
  values: Readonly<Record<string, number>>;
  titles: ReadonlyMap<string, string> | undefined;
}) {
  const { t } = useTranslation(['analysis', 'editors']);
  const items = topWithOthers(values, TOP_ITEMS);
  if (items.length === 0) return null;
  const largest = Math.max(...items.map((item) => item.ms));
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 1.25 }}
      data-testid={`analysis-${kind}s`}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {items.map((item) => (
        <Box
          key={item.id ?? 'others'}
          sx={{ display: 'grid', gap: 0.5 }}
          data-testid={`analysis-${kind}`}
        >
          <Box sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
              {item.id === null
                ? t('detail.others')
                : (titles?.get(item.id) ??
                  t(kind === 'task' ? 'detail.someTask' : 'detail.someEvent'))}
            </Typography>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatTracked(item.ms, t)}
            </Typography>
          </Box>
          <Box sx={{ height: 6, borderRadius: 3, bgcolor: 'action.hover' }}>
            <Box
              sx={{
                height: '100%',
                borderRadius: 3,
                width: `${(item.ms / largest) * 100}%`,
                bgcolor:
                  item.id === null
                    ? 'action.disabled'
                    : kind === 'task'
                      ? 'primary.main'
                      : 'secondary.main',
              }}
            />
          </Box>
        </Box>
      ))}
    </Paper>
  );
}

function DetailBody({ point, languageTag }: { point: StatisticsPoint; languageTag: string }) {
  const { t } = useTranslation(['analysis', 'editors']);
  const categories = useCategories().data ?? [];
  const shares = categoryShares(point.categories, categories);
  const named = (values: Readonly<Record<string, number>>) =>
    topWithOthers(values, TOP_ITEMS).flatMap((item) => (item.id === null ? [] : [item.id]));
  const taskIds = useMemo(() => named(point.tasks), [point.tasks]);
  const eventIds = useMemo(() => named(point.events), [point.events]);
  const titles = useItemTitles(taskIds, eventIds).data;
  if (point.sum === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">{t('detail.nothing')}</Typography>
      </Paper>
    );
  }
  const donutFallback = (
    <Skeleton variant="circular" width={220} height={220} sx={{ mx: 'auto' }} />
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('detail.byCategory')}
        </Typography>
        <Suspense fallback={donutFallback}>
          <CategoryDonut
            slices={shares.map((share) => ({
              id: share.id || 'none',
              value: share.ms,
              color: share.color,
              label: share.category?.title ?? t('noCategory'),
            }))}
            formatValue={(ms) => formatTracked(ms, t)}
            center={formatTracked(point.sum, t)}
          />
        </Suspense>
        <CategoryLegend shares={shares} total={point.sum} languageTag={languageTag} />
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <ItemBars title={t('detail.tasks')} kind="task" values={point.tasks} titles={titles} />
        <ItemBars title={t('detail.events')} kind="event" values={point.events} titles={titles} />
      </Box>
    </Box>
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

/**
 * /analysis/{frequency}/{startBase32}/{endBase32}: one period's tracked time, the donut by
 * category with each one's share, bars per task and per event, and the neighbouring periods.
 */
export default function AnalysisDetailPage() {
  const { t } = useTranslation(['analysis', 'editors']);
  const params = useParams();
  const navigate = useNavigate();
  const env = useAnalysisEnv();
  const { timeZone } = env.prefs;
  const detail = env.isKnown ? parseDetail(params, timeZone, env.firstDayOfWeek) : null;
  const feature = detail ? needsFeature(detail.frequency) : null;
  const isAllowed = feature === null || env.features[feature];
  const query = useAnalysisPoint(detail && isAllowed ? detail.period : null);
  const [now] = useState(() => Date.now());

  if (!env.isKnown) return null;
  if (!detail) return <InvalidAddress />;
  if (!isAllowed) return <Navigate to="/analysis" replace />;
  const { frequency, period } = detail;
  const previous = neighbour(frequency, period, -1, timeZone);
  const next = neighbour(frequency, period, 1, timeZone);
  const name =
    frequency === 'custom'
      ? `${periodName('day', period, env.prefs)} – ${periodName('day', { start: addLocalDays(period.end, -1, timeZone), end: period.end }, env.prefs)}`
      : periodName(frequency, period, env.prefs);
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
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
        <IconButton
          component={RouterLink}
          to={listPathOf(frequency)}
          aria-label={t('detail.back')}
          // On a phone the drawer's swipe strip covers the first 40 px of the screen.
          sx={{ ml: { xs: 3.5, sm: -1 } }}
        >
          <ArrowBackIcon />
        </IconButton>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            variant="overline"
            color="text.secondary"
            component="p"
            sx={{ lineHeight: 1.5 }}
          >
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
        <IconButton
          aria-label={t('detail.previous')}
          onClick={() => void navigate(detailPath(frequency, previous))}
          disabled={previous.start < 0}
        >
          <ChevronLeftIcon />
        </IconButton>
        <IconButton
          aria-label={t('detail.next')}
          onClick={() => void navigate(detailPath(frequency, next))}
          disabled={next.start > now}
        >
          <ChevronRightIcon />
        </IconButton>
        <ShareMenu points={[period]} />
      </Box>
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
          {query.data ? formatTracked(query.data.sum, t) : '…'}
        </Typography>
      </Paper>
      {query.isError && <Alert severity="error">{t('error')}</Alert>}
      {query.isPending ? (
        <Skeleton variant="rounded" height={280} />
      ) : (
        query.data && <DetailBody point={query.data} languageTag={env.prefs.languageTag} />
      )}
    </Box>
  );
}

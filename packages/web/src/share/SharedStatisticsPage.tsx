import { grey } from '@mui/material/colors';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ErrorCode, RpcError } from '@planner/protocol/client';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { call } from '../api/client';
import { formatTracked } from '../analysis/format';
import { topWithOthers } from '../analysis/category-split';
import { categoryColorHex } from '../categories/category-style';
import { CategoryIcon } from '../categories/CategoryIcon';
import { Logo } from '../components/Logo';
import { languageTag, localeOf } from '../i18n/i18n';
import { SHARE_NS } from './share-api';
import { sharedPeriodText, sharedTotals, type SharedLabel } from './shared-view';

// The same donut as the analysis detail, in its own chunk: the chart library loads only here.
const CategoryDonut = lazy(() => import('../analysis/CategoryDonut'));

const TOP_ITEMS = 8;
const NO_CATEGORY_COLOR = grey[500];

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation(SHARE_NS);
  return (
    <Box component="main" sx={{ minHeight: '100dvh', bgcolor: 'background.default', px: 2, py: 3 }}>
      <Box sx={{ maxWidth: 880, mx: 'auto', display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flex: 1 }}>
            <Logo size={28} />
          </Box>
          <Button component={RouterLink} to="/" variant="outlined" size="small">
            {t('page.openApp')}
          </Button>
        </Box>
        {children}
      </Box>
    </Box>
  );
}

function NotFound({ isMissing }: { isMissing: boolean }) {
  const { t } = useTranslation(SHARE_NS);
  return (
    <Frame>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', display: 'grid', gap: 2 }}
        data-testid="share-not-found"
      >
        <Typography variant="h5" component="h1">
          {isMissing ? t('page.notFoundTitle') : t('page.errorTitle')}
        </Typography>
        <Typography color="text.secondary">
          {isMissing ? t('page.notFoundText') : t('page.errorText')}
        </Typography>
        <Box>
          <Button component={RouterLink} to="/" variant="contained">
            {t('page.openApp')}
          </Button>
        </Box>
      </Paper>
    </Frame>
  );
}

function Bars({
  title,
  testId,
  values,
  labels,
}: {
  title: string;
  testId: string;
  values: Readonly<Record<string, number>>;
  labels: ReadonlyMap<string, SharedLabel>;
}) {
  const { t } = useTranslation([SHARE_NS, 'editors']);
  const items = topWithOthers(values, TOP_ITEMS);
  if (items.length === 0) return null;
  const largest = Math.max(...items.map((item) => item.ms));
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.25 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {items.map((item) => {
        const label = item.id === null ? undefined : labels.get(item.id);
        return (
          <Box key={item.id ?? 'others'} sx={{ display: 'grid', gap: 0.5 }}>
            <Box sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
              <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
                {item.id === null ? t('page.others') : label?.name || t('page.untitled')}
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
                      : label?.color
                        ? categoryColorHex(label.color)
                        : 'secondary.main',
                }}
              />
            </Box>
          </Box>
        );
      })}
    </Paper>
  );
}

/**
 * /share/{id}: a shared analysis, public and read-only (no account needed). Shows the frozen
 * copy the server keeps: who shared it, the period, the total, the donut by category and bars
 * per task and event. An unknown id is a clear not-found page with a way into the app.
 */
export default function SharedStatisticsPage() {
  const { t, i18n } = useTranslation([SHARE_NS, 'editors']);
  const id = useParams().id ?? '';
  const share = useQuery({
    queryKey: ['shared-statistics', id],
    queryFn: () => call('GetTimeStatisticsShare', { id }),
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
  const tag = languageTag(localeOf(i18n.language));

  if (share.isPending) {
    return (
      <Frame>
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={t('page.loading')} />
        </Box>
      </Frame>
    );
  }
  if (share.isError) {
    const error = share.error;
    const isMissing =
      error instanceof RpcError &&
      (error.code === ErrorCode.NotFound || error.code === ErrorCode.InvalidInput);
    return <NotFound isMissing={isMissing} />;
  }
  const data = share.data;
  const totals = sharedTotals(data.points);
  const categories = new Map(data.categories.map((c) => [c.id, c]));
  const tasks = new Map(data.tasks.map((c) => [c.id, c]));
  const events = new Map(data.events.map((c) => [c.id, c]));
  const slices = Object.entries(totals.categories)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([categoryId, ms]) => {
      const label = categories.get(categoryId);
      return {
        id: categoryId || 'none',
        value: ms,
        label: label?.name || t('page.noCategory'),
        color: label ? categoryColorHex(label.color) : NO_CATEGORY_COLOR,
        icon: label?.icon,
        rawColor: label?.color,
      };
    });
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <Frame>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 0.5 }}>
        <Typography variant="overline" color="text.secondary" component="p">
          {t('page.sharedBy', { name: data.name })}
        </Typography>
        <Typography variant="h5" component="h1" data-testid="share-period">
          {sharedPeriodText(data.points, tag)}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mt: 1 }}>
          <Typography color="text.secondary" sx={{ flex: 1 }}>
            {t('page.total')}
          </Typography>
          <Typography
            variant="h5"
            component="p"
            data-testid="share-total"
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {formatTracked(totals.sum, t)}
          </Typography>
        </Box>
      </Paper>
      {totals.sum === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('page.nothing')}</Typography>
        </Paper>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('page.byCategory')}
            </Typography>
            <Suspense
              fallback={
                <Skeleton variant="circular" width={220} height={220} sx={{ mx: 'auto' }} />
              }
            >
              <CategoryDonut
                slices={slices.map(({ id: sliceId, value, label, color }) => ({
                  id: sliceId,
                  value,
                  label,
                  color,
                }))}
                formatValue={(ms) => formatTracked(ms, t)}
                center={formatTracked(totals.sum, t)}
              />
            </Suspense>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
              {slices.map((slice) => (
                <Box
                  component="li"
                  key={slice.id}
                  data-testid="share-category"
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
                >
                  <Box
                    sx={{
                      width: 12,
                      height: 12,
                      borderRadius: '50%',
                      bgcolor: slice.color,
                      flex: 'none',
                    }}
                  />
                  {slice.icon && (
                    <CategoryIcon icon={slice.icon} color={slice.rawColor ?? ''} size={18} />
                  )}
                  <Typography noWrap sx={{ flex: 1, minWidth: 0 }}>
                    {slice.label}
                  </Typography>
                  <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatTracked(slice.value, t)}
                  </Typography>
                  <Typography
                    color="text.secondary"
                    sx={{ width: 44, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {percent.format(slice.value / totals.sum)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Paper>
          <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
            <Bars
              title={t('page.tasks')}
              testId="share-tasks"
              values={totals.tasks}
              labels={tasks}
            />
            <Bars
              title={t('page.events')}
              testId="share-events"
              values={totals.events}
              labels={events}
            />
          </Box>
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('page.sharedOn', {
          date: new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(data.createdAt),
        })}
      </Typography>
    </Frame>
  );
}

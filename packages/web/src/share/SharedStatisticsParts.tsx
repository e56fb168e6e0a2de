import { grey } from '@mui/material/colors';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { categoryColorHex } from '../categories/category-style';
import { topWithOthers } from '../charts/category-split';
import { formatTracked } from '../charts/chart-format';
import { CategoryDonutCard, ChartColumn, ChartGrid, ItemBarsCard } from '../charts/ChartBlocks';
import type { getTimeStatisticsShare } from './share-api';
import { SHARE_NS } from './share-api';
import type { sharedTotals, SharedLabel } from './shared-view';

// The same donut as the analysis detail, in the shared page's own chunk: the chart library loads
// only here.

const TOP_ITEMS = 8;
const NO_CATEGORY_COLOR = grey[500];

type Share = Awaited<ReturnType<typeof getTimeStatisticsShare>>;
type Totals = ReturnType<typeof sharedTotals>;

interface SharedSummaryProps {
  name: string;
  period: string;
  totalMs: number;
}

/** Who shared it, the period and the total tracked in it. */
export function SharedSummary({ name, period, totalMs }: SharedSummaryProps) {
  const { t } = useTranslation([SHARE_NS, 'editors']);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 0.5 }}>
      <Typography variant="overline" color="text.secondary" component="p">
        {t('page.sharedBy', { name })}
      </Typography>
      <Typography variant="h5" component="h1" data-testid="share-period">
        {period}
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
          {formatTracked(totalMs, t)}
        </Typography>
      </Box>
    </Paper>
  );
}

interface SharedChartsProps {
  share: Share;
  totals: Totals;
  languageTag: string;
}

/** The donut by category, and the bars of the top tasks and events. */
export function SharedCharts({ share, totals, languageTag }: SharedChartsProps) {
  const { t } = useTranslation([SHARE_NS, 'editors']);
  const categories = new Map(share.categories.map((c) => [c.id, c]));
  const slices = Object.entries(totals.categories)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([categoryId, ms]) => {
      const label = categories.get(categoryId);
      return {
        id: categoryId || 'none',
        ms,
        label: label?.name || t('page.noCategory'),
        color: label ? categoryColorHex(label.color) : NO_CATEGORY_COLOR,
        icon: label?.icon ? { icon: label.icon, color: label.color } : undefined,
      };
    });
  const percent = new Intl.NumberFormat(languageTag, {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  return (
    <ChartGrid>
      <CategoryDonutCard
        title={t('page.byCategory')}
        heading="h2"
        rows={slices}
        total={totals.sum}
        formatMs={(ms) => formatTracked(ms, t)}
        formatShare={(ms) => percent.format(ms / totals.sum)}
        rowTestId="share-category"
      />
      <ChartColumn>
        <SharedItemBars
          title={t('page.tasks')}
          testId="share-tasks"
          values={totals.tasks}
          labels={new Map(share.tasks.map((c) => [c.id, c]))}
        />
        <SharedItemBars
          title={t('page.events')}
          testId="share-events"
          values={totals.events}
          labels={new Map(share.events.map((c) => [c.id, c]))}
        />
      </ChartColumn>
    </ChartGrid>
  );
}

interface SharedItemBarsProps {
  title: string;
  testId: string;
  values: Readonly<Record<string, number>>;
  labels: ReadonlyMap<string, SharedLabel>;
}

/** The top tasks or events as bars, the rest as Others. */
function SharedItemBars({ title, testId, values, labels }: SharedItemBarsProps) {
  const { t } = useTranslation([SHARE_NS, 'editors']);
  return (
    <ItemBarsCard
      title={title}
      heading="h2"
      items={topWithOthers(values, TOP_ITEMS)}
      labelOf={(item) =>
        item.id === null ? t('page.others') : labels.get(item.id)?.name || t('page.untitled')
      }
      colorOf={(item) => {
        const label = item.id === null ? undefined : labels.get(item.id);
        return label?.color ? categoryColorHex(label.color) : 'secondary.main';
      }}
      testId={testId}
      formatMs={(ms) => formatTracked(ms, t)}
    />
  );
}

import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactNode } from 'react';
import { CategoryIcon } from '../categories/CategoryIcon';
import type { CategoryDonutProps } from './CategoryDonut';

// The blocks the analysis detail and the public shared page both draw: the grid of cards, the
// donut by category with its legend, and the bars of the largest tasks and events. Words and
// test ids come from the page; the blocks only lay out.

// The chart library is a chunk of its own, loaded only where a donut is drawn.
const CategoryDonut = lazy(() => import('./CategoryDonut'));

/** Two columns from medium screens on: the categories beside the tasks and events. */
export function ChartGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

/** The column of bar cards. */
export function ChartColumn({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>{children}</Box>;
}

export interface LegendRow {
  id: string;
  color: string;
  label: string;
  ms: number;
  icon?: { icon: string; color: string } | undefined;
}

/** The donut with a legend row per category: colour, icon, name, time, share of the total. */
export function CategoryDonutCard({
  title,
  heading,
  rows,
  total,
  formatMs,
  formatShare,
  rowTestId,
}: {
  title: string;
  heading: 'h2' | 'h3';
  rows: readonly LegendRow[];
  total: number;
  formatMs: (ms: number) => string;
  formatShare: (ms: number) => string;
  rowTestId: string;
}) {
  const slices: CategoryDonutProps['slices'] = rows.map(({ id, ms, color, label }) => ({
    id,
    value: ms,
    color,
    label,
  }));
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography variant="subtitle1" component={heading} sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Suspense
        fallback={<Skeleton variant="circular" width={220} height={220} sx={{ mx: 'auto' }} />}
      >
        <CategoryDonut slices={slices} formatValue={formatMs} center={formatMs(total)} />
      </Suspense>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {rows.map((row) => (
          <LegendItem
            key={row.id}
            row={row}
            testId={rowTestId}
            amount={formatMs(row.ms)}
            share={formatShare(row.ms)}
          />
        ))}
      </Box>
    </Paper>
  );
}

interface LegendItemProps {
  row: LegendRow;
  testId: string;
  amount: string;
  share: string;
}

/** One category of the donut's legend: its colour, icon, name, time and share. */
function LegendItem({ row, testId, amount, share }: LegendItemProps) {
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
    >
      <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: row.color, flex: 'none' }} />
      {row.icon && <CategoryIcon icon={row.icon.icon} color={row.icon.color} size={18} />}
      <Typography noWrap sx={{ flex: 1, minWidth: 0 }}>
        {row.label}
      </Typography>
      <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>{amount}</Typography>
      <Typography
        color="text.secondary"
        sx={{ width: 44, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
      >
        {share}
      </Typography>
    </Box>
  );
}

export interface BarItem {
  /** null: the others, summed. */
  id: string | null;
  ms: number;
}

/** A card of bars, the largest item full width and the others in proportion. */
export function ItemBarsCard({
  title,
  heading,
  items,
  labelOf,
  colorOf,
  testId,
  itemTestId,
  formatMs,
}: {
  title: string;
  heading: 'h2' | 'h3';
  items: readonly BarItem[];
  labelOf: (item: BarItem) => string;
  colorOf: (item: BarItem) => string;
  testId: string;
  itemTestId?: string;
  formatMs: (ms: number) => string;
}) {
  if (items.length === 0) return null;
  const largest = Math.max(...items.map((item) => item.ms));
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.25 }} data-testid={testId}>
      <Typography variant="subtitle1" component={heading} sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {items.map((item) => (
        <Box
          key={item.id ?? 'others'}
          sx={{ display: 'grid', gap: 0.5 }}
          {...(itemTestId ? { 'data-testid': itemTestId } : {})}
        >
          <Box sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
              {labelOf(item)}
            </Typography>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatMs(item.ms)}
            </Typography>
          </Box>
          <Box sx={{ height: 6, borderRadius: 3, bgcolor: 'action.hover' }}>
            <Box
              sx={{
                height: '100%',
                borderRadius: 3,
                width: `${(item.ms / largest) * 100}%`,
                bgcolor: item.id === null ? 'action.disabled' : colorOf(item),
              }}
            />
          </Box>
        </Box>
      ))}
    </Paper>
  );
}

import Box from '@mui/material/Box';
import { PieChart } from '@mui/x-charts/PieChart';
import { Fragment } from 'react';

export interface CategoryDonutProps {
  slices: { id: string; label: string; value: number; color: string }[];
  formatValue: (ms: number) => string;
  /** The total, shown in the hole. */
  center: string;
}

/**
 * The parts of the centre's text that must stay on one line: a number with its unit ("11 h",
 * "40 min"). A line may break only before a number, never between a number and its unit.
 */
export function centerParts(text: string): string[] {
  return text.split(/ (?=\d)/u);
}

/**
 * The donut by category; its own chunk, so the chart library loads only on the detail. It is a
 * picture of the legend beside it, which gives every number as text: no Tab stop of its own (the
 * library's keyboard navigation is off) and hidden from screen readers.
 */
export default function CategoryDonut({ slices, formatValue, center }: CategoryDonutProps) {
  const size = 220;
  return (
    <Box
      data-testid="analysis-donut"
      aria-hidden
      sx={{ position: 'relative', width: size, height: size, mx: 'auto' }}
    >
      <PieChart
        width={size}
        height={size}
        margin={{ top: 0, bottom: 0, left: 0, right: 0 }}
        hideLegend
        disableKeyboardNavigation
        series={[
          {
            data: slices,
            innerRadius: 64,
            outerRadius: 104,
            paddingAngle: slices.length > 1 ? 1.5 : 0,
            cornerRadius: 3,
            valueFormatter: (item) => formatValue(item.value),
          },
        ]}
      />
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'grid',
          placeItems: 'center',
          pointerEvents: 'none',
          typography: 'subtitle1',
          fontWeight: 600,
          textAlign: 'center',
          // The hole is 128 px wide: most totals fit on one line.
          px: 6.5,
        }}
      >
        <span data-testid="analysis-donut-center">
          {centerParts(center).map((part, i) => (
            <Fragment key={i}>
              {i > 0 && ' '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {part}
              </Box>
            </Fragment>
          ))}
        </span>
      </Box>
    </Box>
  );
}

import Box from '@mui/material/Box';
import { PieChart } from '@mui/x-charts/PieChart';

export interface CategoryDonutProps {
  slices: { id: string; label: string; value: number; color: string }[];
  formatValue: (ms: number) => string;
  /** The total, shown in the hole. */
  center: string;
}

/** The donut by category; its own chunk, so the chart library loads only on the detail. */
export default function CategoryDonut({ slices, formatValue, center }: CategoryDonutProps) {
  const size = 220;
  return (
    <Box
      data-testid="analysis-donut"
      sx={{ position: 'relative', width: size, height: size, mx: 'auto' }}
    >
      <PieChart
        width={size}
        height={size}
        margin={{ top: 0, bottom: 0, left: 0, right: 0 }}
        hideLegend
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
          px: 9,
        }}
      >
        {center}
      </Box>
    </Box>
  );
}

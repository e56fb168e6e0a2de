import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { MINUTE_MS } from '@planner/core';

export interface TrendBarChartProps {
  labels: string[];
  /** Milliseconds per bar. */
  values: number[];
  /** Words for a value (axis and tooltip). */
  formatValue: (ms: number) => string;
  /** Gap bars (collapsed empty days) are drawn pale. */
  isGap: boolean[];
}

/** The bar graph itself; its own chunk, so the chart library loads only with a task's trend. */
export default function TrendBarChart({ labels, values, formatValue, isGap }: TrendBarChartProps) {
  const theme = useTheme();
  return (
    <BarChart
      height={200}
      margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
      xAxis={[
        {
          scaleType: 'band',
          data: labels,
          tickLabelStyle: { fontSize: 11 },
          colorMap: {
            type: 'ordinal',
            values: labels,
            colors: isGap.map((gap) =>
              gap ? theme.palette.action.disabled : theme.palette.primary.main,
            ),
          },
        },
      ]}
      yAxis={[
        { valueFormatter: (v: number | null) => formatValue((v ?? 0) * MINUTE_MS), width: 56 },
      ]}
      series={[
        {
          data: values.map((ms) => Math.round(ms / MINUTE_MS)),
          valueFormatter: (v: number | null) => formatValue((v ?? 0) * MINUTE_MS),
        },
      ]}
      hideLegend
      borderRadius={4}
    />
  );
}

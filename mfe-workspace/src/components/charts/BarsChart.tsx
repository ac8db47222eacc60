import { BarChart } from '@mui/x-charts/BarChart';
import { ChartFigure } from './ChartFigure';

export interface BarSeries {
  id: string;
  label: string;
  data: number[];
}

/**
 * Bars per category, one colour per series; several series are stacked (stock per location,
 * split by status). Horizontal when the categories are names, which read better down the side.
 */
export function BarsChart({
  title,
  categories,
  series,
  format,
  horizontal = false,
  height,
}: {
  title: string;
  categories: string[];
  series: BarSeries[];
  /** A value as the user reads it (their locale's digits; money with two decimals). */
  format: (value: number) => string;
  horizontal?: boolean;
  height?: number;
}) {
  const valueFormatter = (value: number | null) => (value === null ? '' : format(value));
  const bands = { scaleType: 'band' as const, data: categories };
  return (
    <ChartFigure title={title}>
      <BarChart
        height={height ?? (horizontal ? Math.max(160, 48 + categories.length * 36) : 260)}
        layout={horizontal ? 'horizontal' : 'vertical'}
        xAxis={[horizontal ? { valueFormatter } : bands]}
        yAxis={[horizontal ? { ...bands, width: 'auto' } : { valueFormatter, width: 'auto' }]}
        series={series.map((one) => ({
          id: one.id,
          label: one.label,
          data: one.data,
          stack: series.length > 1 ? 'total' : undefined,
          valueFormatter,
        }))}
        hideLegend={series.length < 2}
      />
    </ChartFigure>
  );
}

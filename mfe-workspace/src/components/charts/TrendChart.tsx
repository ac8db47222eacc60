import { LineChart } from '@mui/x-charts/LineChart';
import { ChartFigure } from './ChartFigure';

/** A value over time (sales per day or week, movements per day): the shape of the curve is the point. */
export function TrendChart({
  title,
  labels,
  values,
  seriesLabel,
  format,
  axisFormat = format,
  height = 240,
}: {
  title: string;
  /** One label per point, already in the user's locale (e.g. '3 Nov'). */
  labels: string[];
  values: number[];
  seriesLabel: string;
  format: (value: number) => string;
  /** The axis's ticks, shorter than the values in the tooltip (e.g. '40K' for 40,000.00). */
  axisFormat?: (value: number) => string;
  height?: number;
}) {
  return (
    <ChartFigure title={title}>
      <LineChart
        height={height}
        xAxis={[{ scaleType: 'point', data: labels }]}
        yAxis={[{ valueFormatter: (value: number) => axisFormat(value), width: 'auto' }]}
        series={[
          {
            data: values,
            label: seriesLabel,
            area: true,
            showMark: false,
            valueFormatter: (value) => (value === null ? '' : format(value)),
          },
        ]}
        hideLegend
      />
    </ChartFigure>
  );
}

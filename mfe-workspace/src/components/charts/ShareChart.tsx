import { PieChart } from '@mui/x-charts/PieChart';
import { ChartFigure } from './ChartFigure';

/** Parts of a whole as a ring (stock by status): which part is big is seen at a glance. */
export function ShareChart({
  title,
  slices,
  format,
  height = 220,
}: {
  title: string;
  slices: { id: string; label: string; value: number }[];
  format: (value: number) => string;
  height?: number;
}) {
  return (
    <ChartFigure title={title}>
      <PieChart
        height={height}
        series={[
          {
            data: slices.filter((slice) => slice.value > 0),
            innerRadius: '55%',
            paddingAngle: 1,
            cornerRadius: 3,
            valueFormatter: (item) => format(item.value),
          },
        ]}
      />
    </ChartFigure>
  );
}

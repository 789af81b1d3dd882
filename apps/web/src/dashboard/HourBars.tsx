import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { hourLabel } from './HourTable';

/**
 * The dashboards' one chart style: bars per hour with both axes (hours below, counts on the
 * left), named for screen readers by `label`; each view puts the same numbers in a table below.
 * A legend only when there is more than one series.
 */
export const HourBars = <K extends string>({
  hours,
  series,
  label,
}: {
  readonly hours: readonly ({ readonly start: number } & Record<K, number>)[];
  readonly series: readonly (readonly [K, string])[];
  readonly label: string;
}) => (
  <Box role="img" aria-label={label} data-chart="hour-bars">
    <BarChart
      height={260}
      xAxis={[{ scaleType: 'band', data: hours.map((h) => hourLabel(h.start)) }]}
      yAxis={[{ tickMinStep: 1 }]}
      series={series.map(([key, name]) => ({
        data: hours.map((h) => h[key]),
        label: name,
      }))}
      hideLegend={series.length < 2}
      skipAnimation
    />
  </Box>
);

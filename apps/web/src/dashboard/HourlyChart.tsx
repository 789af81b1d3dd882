import { Card, CardContent, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useId } from 'react';
import type { PrivilegedDashboard } from '@referrals/shared';
import { hourLabel, HourTable } from './HourTable';

const SERIES = [
  ['arrivals', 'Arrivals'],
  ['claims', 'Claims'],
  ['expirations', 'Expirations'],
] as const;

/** Arrivals, claims and expirations per hour over the last 24, with the numbers as a table. */
export const HourlyChart = ({ d }: { readonly d: PrivilegedDashboard }) => {
  const id = useId();
  const title = 'Per hour, last 24 h';
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent>
        <Typography id={id} component="h2" variant="subtitle1">
          {title}
        </Typography>
        <div
          role="img"
          aria-label={`Bar chart of arrivals, claims and expirations per hour: ${d.totals.arrivals} arrivals, ${d.totals.claims} claims and ${d.totals.expirations} expirations in the last 24 hours. The table below holds each hour.`}
        >
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: d.hours.map((h) => hourLabel(h.start)) }]}
            series={SERIES.map(([key, label]) => ({ data: d.hours.map((h) => h[key]), label }))}
            skipAnimation
          />
        </div>
        <HourTable caption={title} hours={d.hours} columns={SERIES} />
      </CardContent>
    </Card>
  );
};

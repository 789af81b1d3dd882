import { Card, CardContent, Typography } from '@mui/material';
import { useId } from 'react';
import type { PrivilegedDashboard } from '@referrals/shared';
import { HourBars } from './HourBars';
import { HourTable } from './HourTable';

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
        <HourBars
          hours={d.hours}
          series={SERIES}
          label={`Bar chart of arrivals, claims and expirations per hour: ${d.totals.arrivals} arrivals, ${d.totals.claims} claims and ${d.totals.expirations} expirations in the last 24 hours. The table below holds each hour.`}
        />
        <HourTable caption={title} hours={d.hours} columns={SERIES} />
      </CardContent>
    </Card>
  );
};

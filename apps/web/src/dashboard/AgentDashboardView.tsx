import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import type { AgentDashboard } from '@referrals/shared';
import { Figure } from './Figure';
import { HourBars } from './HourBars';
import { HourTable } from './HourTable';

/** Figure labels of the agent dashboard (tests and screen readers find the cards by them). */
export const AGENT_LABELS = {
  openNow: 'Open to you now',
  claimsToday: "Your agency's claims today",
  arrivals: 'Arrivals in your appetite, last 24 h',
} as const;

const ARRIVALS = [['arrivals', 'Arrivals']] as const;

/** An agent's dashboard: what is open to them, what their agency bought today, arrivals. */
export const AgentDashboardView = ({ d }: { readonly d: AgentDashboard }) => {
  const id = useId();
  const peak = Math.max(0, ...d.hours.map((h) => h.arrivals));
  return (
    <Stack spacing={2}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap' }} spacing={2}>
        <Figure label={AGENT_LABELS.openNow} value={d.openNow} />
        <Figure label={AGENT_LABELS.claimsToday} value={d.claimsToday} />
        <Figure label={AGENT_LABELS.arrivals} value={d.arrivalsTotal} />
      </Stack>
      <Card component="section" aria-labelledby={id} variant="outlined">
        <CardContent>
          <Typography id={id} component="h2" variant="subtitle1">
            Arrivals in your appetite per hour
          </Typography>
          <HourBars
            hours={d.hours}
            series={ARRIVALS}
            label={`Bar chart of in-appetite arrivals per hour over the last 24 hours: ${d.arrivalsTotal} in all, at most ${peak} in one hour. The table below holds each hour.`}
          />
          <HourTable
            caption="Arrivals in your appetite per hour"
            hours={d.hours}
            columns={ARRIVALS}
          />
        </CardContent>
      </Card>
    </Stack>
  );
};

import { Stack } from '@mui/material';
import type { PrivilegedDashboard } from '@referrals/shared';
import { Figure } from './Figure';
import { HourlyChart } from './HourlyChart';
import { ErrorsToday, NearestLimit, TopStates } from './RankedLists';

/** Figure labels of the admin and carrier dashboard. */
export const PRIVILEGED_LABELS = {
  arrivals: 'Arrivals in the last 24 h',
  claims: 'Claims in the last 24 h',
  expirations: 'Expirations in the last 24 h',
  errors: 'Delivery errors today',
} as const;

/** The whole market's flow for admins and carriers. */
export const PrivilegedDashboardView = ({ d }: { readonly d: PrivilegedDashboard }) => (
  <Stack spacing={2}>
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap' }} spacing={2}>
      <Figure label={PRIVILEGED_LABELS.arrivals} value={d.totals.arrivals} />
      <Figure label={PRIVILEGED_LABELS.claims} value={d.totals.claims} />
      <Figure label={PRIVILEGED_LABELS.expirations} value={d.totals.expirations} />
      <Figure
        label={PRIVILEGED_LABELS.errors}
        value={d.errorsToday.more ? `${d.errorsToday.count}+` : d.errorsToday.count}
      />
    </Stack>
    <HourlyChart d={d} />
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap' }} spacing={2}>
      <TopStates states={d.topStates} />
      <NearestLimit loads={d.nearestLimit} />
      <ErrorsToday errors={d.errorsToday} />
    </Stack>
  </Stack>
);

import {
  Card,
  CardContent,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useId, type ReactNode } from 'react';
import { formatShortTime, type PrivilegedDashboard } from '@referrals/shared';
import { viewerTimeZone } from '../time/clock';

/** A titled card of the dashboard holding a list. */
const ListCard = ({
  title,
  empty,
  children,
}: {
  readonly title: string;
  readonly empty: string | null;
  readonly children: ReactNode;
}) => {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} variant="outlined" sx={{ flex: '1 1 18rem' }}>
      <CardContent>
        <Typography id={id} component="h2" variant="subtitle1">
          {title}
        </Typography>
        {empty === null ? children : <Typography color="text.secondary">{empty}</Typography>}
      </CardContent>
    </Card>
  );
};

/** The states most referrals came from in the last 24 hours. */
export const TopStates = ({ states }: { readonly states: PrivilegedDashboard['topStates'] }) => (
  <ListCard title="Top states, last 24 h" empty={states.length ? null : 'No arrivals yet.'}>
    <List dense>
      {states.map((s) => (
        <ListItem key={s.state} disableGutters>
          <ListItemText primary={s.state} secondary={`${s.count} referrals`} />
        </ListItem>
      ))}
    </List>
  </ListCard>
);

/** Marketplaces nearest their daily limit, with a bar of the share used. */
export const NearestLimit = ({
  loads,
}: {
  readonly loads: PrivilegedDashboard['nearestLimit'];
}) => (
  <ListCard
    title="Nearest their daily limit"
    empty={loads.length ? null : 'No marketplace has a daily limit.'}
  >
    <List dense>
      {loads.map((m) => (
        <ListItem key={m.marketplaceId} disableGutters sx={{ display: 'block' }}>
          <ListItemText
            primary={m.marketplaceName}
            secondary={`${m.delivered} of ${m.limit} today`}
          />
          <LinearProgress
            variant="determinate"
            value={Math.min(100, Math.round(m.ratio * 100))}
            color={m.ratio >= 1 ? 'error' : m.ratio >= 0.8 ? 'warning' : 'primary'}
            aria-label={`${m.marketplaceName}: ${m.delivered} of ${m.limit} delivered today`}
          />
        </ListItem>
      ))}
    </List>
  </ListCard>
);

/** The latest delivery errors of today. */
export const ErrorsToday = ({
  errors,
}: {
  readonly errors: PrivilegedDashboard['errorsToday'];
}) => (
  <ListCard
    title="Latest delivery errors today"
    empty={errors.count ? null : 'No delivery errors today.'}
  >
    <List dense>
      {errors.latest.map((e) => (
        <ListItem
          key={`${e.opportunityId}:${e.errorDate ?? ''}:${e.errorMarketplaceName ?? ''}`}
          disableGutters
        >
          <ListItemText
            primary={`${e.errorMarketplaceName ?? 'Unknown marketplace'}: ${e.errorNotes ?? 'no details'}`}
            secondary={`Referral ${e.opportunityId}${
              e.errorDate ? ` at ${formatShortTime(Date.parse(e.errorDate), viewerTimeZone())}` : ''
            }`}
          />
        </ListItem>
      ))}
    </List>
  </ListCard>
);

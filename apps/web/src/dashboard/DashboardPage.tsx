import { Alert, CircularProgress, Typography } from '@mui/material';
import { HEADINGS } from '@referrals/shared';
import { useTopic } from '../live/useTopic';
import { AgentDashboardView } from './AgentDashboardView';
import { PrivilegedDashboardView } from './PrivilegedDashboardView';

const TOPIC = { kind: 'dashboard' } as const;

/**
 * The live dashboard under the screen's heading. The relay decides from the token which dashboard
 * this user gets (admins and carriers the market's, agents their own) and sends it whole whenever
 * a figure changes, so this screen only draws the one item it holds.
 */
const DashboardPage = () => {
  const { items, error } = useTopic(TOPIC);
  const d = items[0];
  if (error) return <Alert severity="warning">{error}</Alert>;
  if (!d)
    return <CircularProgress aria-label={`Loading the ${HEADINGS.dashboard.toLowerCase()}`} />;
  return (
    <>
      {d.audience === 'agent' ? <AgentDashboardView d={d} /> : <PrivilegedDashboardView d={d} />}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        Hours in your time zone; today is counted in {d.timeZone.replace('_', ' ')} time.
      </Typography>
    </>
  );
};
export default DashboardPage;

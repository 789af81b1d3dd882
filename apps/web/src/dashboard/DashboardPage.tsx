import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { HEADINGS, type Access } from '@referrals/shared';
import { isAgent } from '../alerts/alertRules';
import { useSession } from '../app/useSession';
import { useTopic } from '../live/useTopic';
import { AgentDashboardView } from './AgentDashboardView';
import { ConversionSection } from './ConversionSection';
import { PrivilegedDashboardView } from './PrivilegedDashboardView';

const TOPIC = { kind: 'dashboard' } as const;

/** Agents see their agency's conversion, admins the market's; carriers buy nothing. */
const seesConversion = (access: Access): boolean => access.isAdmin || isAgent(access);

/**
 * The live flow: the relay decides from the token which dashboard this user gets (admins and
 * carriers the market's, agents their own) and sends it whole whenever a figure changes, so this
 * only draws the one item it holds.
 */
const LiveFlow = () => {
  const { items, error } = useTopic(TOPIC);
  const d = items[0];
  if (error) return <Alert severity="warning">{error}</Alert>;
  if (!d)
    return <CircularProgress aria-label={`Loading the ${HEADINGS.dashboard.toLowerCase()}`} />;
  return (
    <div>
      {d.audience === 'agent' ? <AgentDashboardView d={d} /> : <PrivilegedDashboardView d={d} />}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        Hours in your time zone; today is counted in {d.timeZone.replace('_', ' ')} time.
      </Typography>
    </div>
  );
};

/** The live dashboard under the screen's heading, then what bought referrals became. */
const DashboardPage = () => {
  const { access } = useSession();
  return (
    <Stack spacing={2}>
      <LiveFlow />
      {seesConversion(access) && <ConversionSection />}
    </Stack>
  );
};
export default DashboardPage;

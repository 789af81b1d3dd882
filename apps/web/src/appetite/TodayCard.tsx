import { Alert, Box, LinearProgress, Paper, Typography } from '@mui/material';
import { capAlertLevel, capAlertText, type MyMarketplace } from '@referrals/shared';

/**
 * Today's deliveries against the day's cap, with the cap alert once they reach 50, 80 or 100 %
 * (read again with the marketplace, so it follows the day as it goes).
 */
export const TodayCard = ({ m }: { readonly m: MyMarketplace }) => {
  const cap = m.riskAppetite.maxReferralsPerDay;
  const delivered = m.deliveredToday ?? 0;
  const level = capAlertLevel(m.deliveredToday, m.riskAppetite);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="today-heading">
      <Typography id="today-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Today
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {cap === null
          ? `${delivered} referrals delivered today (no daily cap).`
          : `${delivered} of ${cap} referrals delivered today.`}
      </Typography>
      {cap !== null ? (
        <Box sx={{ mb: level ? 1.5 : 0 }}>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (delivered / cap) * 100)}
            aria-label="Share of today's cap delivered"
            color={level === 100 ? 'error' : level === 80 ? 'warning' : 'primary'}
          />
        </Box>
      ) : null}
      {level !== null && cap !== null ? (
        <Alert severity={level === 100 ? 'error' : 'warning'} role="alert">
          {capAlertText(level, delivered, cap)}
        </Alert>
      ) : null}
    </Paper>
  );
};

import { Typography } from '@mui/material';
import type { Opportunity } from '@referrals/shared';
import { useMe } from '../shell/useMe';
import { useNow, useViewerTimeZone } from '../time/clock';
import { claimedByText } from './claimedBy';

/** The buyer's line under a claimed referral's action area: who won it, and when. */
export const ClaimedBy = ({ referral }: { readonly referral: Partial<Opportunity> }) => {
  const me = useMe();
  const now = useNow();
  const timeZone = useViewerTimeZone();
  const text = claimedByText(referral, me?.agencyName ?? null, now, timeZone);
  return text === null ? null : (
    <Typography variant="body2" sx={{ mt: 1 }} data-testid="claimed-by">
      {text}
    </Typography>
  );
};

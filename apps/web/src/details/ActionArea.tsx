import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import PhoneIcon from '@mui/icons-material/Phone';
import {
  actionText,
  fullContactWhenText,
  referralAction,
  wasPriceText,
  type ActionOpportunity,
  type PresenceHold,
} from '@referrals/shared';
import { useNow, viewerTimeZone } from '../time/clock';
import { ClaimConfirmDialog } from './ClaimConfirmDialog';
import { tokenColour } from '../theme/theme';

/**
 * The action area of the details panel, from the shared button model (section 4). Claim Now and
 * Talk Now ask for confirmation with the price first; only Confirm claims.
 */
export const ActionArea = ({
  referral,
  privileged,
  busy,
  lost = false,
  onClaim,
  hold = null,
}: {
  readonly referral: ActionOpportunity;
  /** A teammate's hold ("Ana is calling"): the confirmation asks whether to claim anyway. */
  readonly hold?: PresenceHold | null;
  readonly privileged: boolean;
  readonly busy: boolean;
  /** The claim lost its race (409): no claim may start, whatever the record still says. */
  readonly lost?: boolean;
  /** Claims the referral (Claim Now, and Talk Now for direct-call referrals), once confirmed. */
  readonly onClaim: () => void;
}) => {
  const now = useNow();
  const [confirming, setConfirming] = useState(false);
  const action = referralAction({
    opportunity: referral,
    privileged,
    context: 'panel',
    showPrices: true,
    now,
    timeZone: viewerTimeZone(),
  });
  // A referral that stops being claimable (someone else won it live) drops its open question.
  if (confirming && (lost || (action.kind !== 'claim' && action.kind !== 'talkNow')))
    setConfirming(false);
  const was = wasPriceText(action);
  const wasLine = was && (
    <Box component="s" sx={{ color: (t) => tokenColour(t, 'grey'), ml: 1 }}>
      {was}
    </Box>
  );
  switch (action.kind) {
    case 'claim':
    case 'talkNow':
      return (
        <Box>
          <Button
            variant="contained"
            size="large"
            disabled={busy || lost}
            onClick={() => setConfirming(true)}
            startIcon={action.kind === 'talkNow' ? <PhoneIcon /> : undefined}
          >
            {actionText(action)}
          </Button>
          {wasLine}
          <ClaimConfirmDialog
            action={action}
            open={confirming}
            hold={hold}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              onClaim();
            }}
          />
        </Box>
      );
    case 'statusButton':
      return (
        <Button variant="outlined" size="large" disabled>
          {actionText(action)}
        </Button>
      );
    case 'statusLine':
      return (
        <Typography sx={{ fontWeight: 600 }}>
          {actionText(action)}
          {wasLine}
        </Typography>
      );
    case 'fullContact':
      return (
        <Box>
          <Typography sx={{ fontWeight: 700, color: (t) => tokenColour(t, 'green') }}>
            {actionText(action)}
          </Typography>
          {fullContactWhenText(action) && (
            <Typography variant="body2">{fullContactWhenText(action)}</Typography>
          )}
          {action.agencyName && <Typography variant="body2">{action.agencyName}</Typography>}
        </Box>
      );
    case 'none':
      return null;
  }
};

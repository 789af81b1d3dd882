import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from '@mui/material';
import { useId } from 'react';
import {
  claimConfirmText,
  CONFIRM_TEXTS,
  holdConfirmText,
  holdStands,
  wasPriceText,
  type PresenceHold,
  type ReferralAction,
} from '@referrals/shared';
import { tokenColour } from '../theme/theme';

/**
 * Asks before a claim: 'Claim this referral for $38?' with the struck 'was' price under decay.
 * Only Confirm claims; Cancel, Escape and the backdrop close it without a call. Focus starts on
 * Cancel, so a stray Enter never spends money.
 */
export const ClaimConfirmDialog = ({
  action,
  open,
  onConfirm,
  onCancel,
  hold = null,
}: {
  /** The claim or Talk Now action being confirmed; its price is the one asked about. */
  readonly action: ReferralAction;
  /** A teammate's hold on the referral: the dialog asks whether to claim anyway. */
  readonly hold?: PresenceHold | null;
  readonly open: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) => {
  const titleId = useId();
  const textId = useId();
  const was = wasPriceText(action);
  // A hold that lapsed since the panel last heard of it asks nothing more.
  const held = holdStands(hold, new Date()) ? hold : null;
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{CONFIRM_TEXTS.claimTitle}</DialogTitle>
      <DialogContent id={textId}>
        {held && (
          <Alert severity="warning" sx={{ mb: 1.5 }}>
            {holdConfirmText(held)}
          </Alert>
        )}
        {claimConfirmText(action)}
        {was && (
          <Box component="s" sx={{ color: (t) => tokenColour(t, 'grey'), ml: 1 }}>
            {was}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {CONFIRM_TEXTS.cancel}
        </Button>
        <Button variant="contained" onClick={onConfirm}>
          {held ? 'Claim anyway' : CONFIRM_TEXTS.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
